/*
 * measure-runner.h: run one test for a while in the calling thread and
 * summarise its samples. Batch mode calls it test after test; the live
 * monitor's workers call it slice after slice.
 */

#ifndef BENCHTOP_RUNNER_H
#define BENCHTOP_RUNNER_H

#include <stdatomic.h>
#include <stdint.h>

#include "base-stats.h"
#include "bench.h"
#include "measure-harness.h"

struct run_config {
	uint64_t duration_ns; /* sampling time per test, after calibration */
	const char *tmpdir;   /* private scratch directory */
	int cpu;              /* CPU the calling thread is pinned to, or -1 */
	enum bench_placement placement; /* two-party tests: same or spread */
	size_t mem_bytes;               /* --mem-size, in bytes */
	const atomic_int *stop; /* set by a signal: end at the next sample */
	uint64_t n_hint;        /* calibrated n from an earlier slice, or 0 */
	/*
	 * A first look (the live monitor's first pass): the duration counts
	 * from the run's start, setup and calibration included; calibration
	 * is capped (harness_calibrate_first); for a test with no partner,
	 * calibration's last sample counts when it will do and there is no
	 * warm-up sample; the test may make a cheaper run
	 * (bench_ctx.first_look); every sample is marked SAMPLE_F_FIRST_LOOK.
	 */
	int first_look;
	/* Called after every kept sample (the live monitor's store), or NULL.
	 */
	void (*on_sample)(void *arg, const struct sample *s);
	void *on_sample_arg;
	/* Shown every kept sample too, whoever summarises (--html), or NULL. */
	void (*observe)(void *arg, const struct sample *s);
	void *observe_arg;
};

struct test_result {
	const struct bench_test *test;
	enum bench_status status;
	char reason[BENCH_REASON_MAX];
	enum bench_placement placement;
	int cpu;               /* CPU of the last sample, or -1 */
	int partner_cpu;       /* CPU the partner was placed on, or -1 */
	uint64_t n_per_sample; /* calibrated operations per sample */
	size_t noisy;          /* samples flagged SAMPLE_F_NOISY */
	/* Median share of a sample the worker lost (sample.off_share), in
	 * percent; NAN when not judged (or the samples went to a store). */
	double disturbed_pct;
	double overhead_ns;       /* subtracted per op: loop + timer / n */
	struct stats_summary ns;  /* of ns/op over the samples */
	struct stats_summary cyc; /* of cycles/op over the samples */
	double value;             /* median in the test's unit, NAN if none */
};

/*
 * Fill r's ns, cyc and value from n samples (r->test set; disturbed_pct
 * NAN: the batch runner sets it from its own samples): what batch
 * mode reports and the exporters send. scratch holds n doubles.
 */
void runner_summarise(struct test_result *r, const double *ns,
    const double *cyc, size_t n, double *scratch);

/* The share of the samples of the tests that ran (r[0..n), status ok)
 * that other load disturbed; NAN with no sample. */
double runner_noisy_share(const struct test_result *r, size_t n);

struct cycles_counter;
struct cycles_info;

/* The real clock: CLOCK_MONOTONIC_RAW and the thread's cycle counter. */
void runner_real_clock(struct harness_clock *c, struct cycles_counter *counter);

/*
 * Where the parties of ctx->test go for a worker on ctx->cpu: sets
 * ctx->placement and ctx->partner_cpu as a run would (the live monitor's
 * claims ask before the run).
 */
void runner_place_parties(struct bench_ctx *ctx, enum bench_placement p);

/*
 * How every measuring thread starts (batch's worker, the live monitor's,
 * the tests'): first runner_thread_pin, descriptors of its own and pinned
 * to `cpu` (returns cpu, or -1 when it could not be pinned); then
 * runner_thread_harness, its own cycle counter (close it when done) and
 * a harness on the real clock with its overheads measured.
 */
int runner_thread_pin(int cpu);
void runner_thread_harness(struct harness *h, struct cycles_counter *counter,
    const struct cycles_info *info, uint64_t sample_ns);

/* Run test `t`; fills `r` and returns its status. Never aborts. */
int runner_run(const struct bench_test *t, struct harness *h,
    const struct run_config *cfg, struct test_result *r);

#endif
