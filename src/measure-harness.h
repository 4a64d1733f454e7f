/*
 * measure-harness.h: turn a loop of n operations into trustworthy samples.
 *
 * API sketch:
 *   harness_init(&h, &clock, target_ns);
 *   harness_measure_overheads(&h);       timer reads, empty loop
 *   harness_refine_overheads(&h);        each run: keep the least
 *   harness_calibrate(&h, ctx, &n);      n so a sample lasts ~target
 *   harness_sample(&h, ctx, n, &s);      one sample, overheads removed
 *   n = harness_rescale(&h, n, s.wall_ns);  follow a drifting cost
 *
 * The clock is a small function-pointer struct so that unit tests inject
 * a fake one. No globals: every piece of state is in struct harness.
 */

#ifndef BENCHTOP_HARNESS_H
#define BENCHTOP_HARNESS_H

#include <stdint.h>

#include "bench.h"

/*
 * What the worker thread got from the machine, read around a sample:
 * counters, of which the harness takes the differences.
 */
struct harness_usage {
	uint64_t cpu_ns;   /* the thread's CPU time */
	uint64_t delay_ns; /* time it was runnable but waited for the CPU */
	uint64_t steal_ns; /* the CPU's time stolen by the hypervisor */
	int cpu;           /* the CPU steal_ns is of, or -1 */
};

struct harness_clock {
	uint64_t (*now_ns)(void *arg); /* monotonic time in ns */
	uint64_t (*ticks)(void *arg);  /* cycle counter, in ticks */
	void *arg;
	double cycles_per_tick; /* ticks -> core cycles */
	/* Optional (NULL: no disturbance detection): the thread's usage. */
	void (*usage)(void *arg, struct harness_usage *u);
	/* Ticks are the core's own cycles (PMU): cycles per CPU ns then
	 * show the clock the core ran at, and a change of it. */
	int core_cycles;
};

/* Per run (one test, one slice): what the disturbance rules compare to. */
struct harness_noise {
	double ref_ghz; /* PMU cycles per CPU ns of the first sample */
};

struct harness {
	struct harness_clock clock;
	uint64_t target_ns; /* wanted duration of one sample */
	double timer_ns;    /* clock reads around one sample */
	double timer_ticks;
	double loop_ns_per_op; /* one iteration of an empty run() */
	double loop_ticks_per_op;
	struct harness_noise noise; /* of the current run: harness_new_run */
};

/*
 * The sample was disturbed: the worker was kept off its CPU, or the
 * hypervisor stole the CPU, for more than SAMPLE_NOISY_OFF_PCT of the
 * sample's wall time, or (PMU) the core clock moved. What the "noisy"
 * count and the screen's mark report.
 */
#define SAMPLE_F_NOISY 0x1u
/*
 * How much of a sample may be lost before it is noisy, in percent of its
 * wall time. A sample slowed by this much is slowed as much as the
 * spread of a bare loop's samples on a quiet virtual machine (CV 1-5%);
 * a host is always a little disturbed, and a flag for any disturbance
 * at all fired on half the samples there (bench/precision.sh measures
 * how often a bare loop's runs cross it).
 */
#define SAMPLE_NOISY_OFF_PCT 5
/* From this share of noisy samples on, reports and the screen say so. */
#define SAMPLE_NOISY_SHOWN_PCT 25
/* More than 10% of the sample was subtracted overhead (timer, loop). */
#define SAMPLE_F_COARSE 0x2u
/* Why a sample is noisy (with SAMPLE_F_NOISY). */
#define SAMPLE_F_OFF_CPU 0x4u /* run delay + steal > SAMPLE_NOISY_OFF_PCT */
/* 0x8u: not used (was: CPU time / wall below 90%) */
#define SAMPLE_F_CLOCK  0x10u /* PMU cycles per CPU ns moved > 5% */
#define SAMPLE_F_SCREEN 0x20u /* the screen drew with no CPU free */
/*
 * A first look's sample (the live monitor's first pass): shorter samples,
 * no warm-up, maybe a smaller run of the test (bench_ctx.first_look). Not
 * noise: readers set it aside once a full slice's samples are there.
 */
#define SAMPLE_F_FIRST_LOOK 0x40u
/* The first sample a slice of the live monitor pushed: where the newest
 * run of the test begins, which the baseline verdict compares (ui-view.c). */
#define SAMPLE_F_SLICE_START 0x80u

struct sample {
	uint64_t t_ns;        /* end of the sample on the harness clock */
	uint64_t n;           /* operations performed */
	uint64_t raw_ns;      /* measured interval before subtraction */
	uint64_t wall_ns;     /* raw_ns plus the upkeep run() declared */
	double ns_per_op;     /* overheads removed, never negative */
	double cycles_per_op; /* overheads removed, never negative */
	int cpu;              /* CPU at the end of the sample, or -1 */
	unsigned flags;       /* SAMPLE_F_* */
	double cpu_share;     /* thread CPU time / wall time, or -1 */
	double off_share;     /* judged time off the CPU / wall, or -1 */
};

/*
 * The share of a sample of `wall_ns` its worker lost, from the usage
 * difference `d`: run delay and steal for a test that can have the whole
 * CPU (`cpu_bound`, see bench_cpu_bound), steal alone for one that waits
 * for a partner or a child (its run delay is partly its partner's doing).
 * 0..1, or -1 when the sample is too short to judge.
 */
double harness_off_share(const struct harness_usage *d, uint64_t wall_ns,
    int cpu_bound);

/*
 * The disturbance rules, pure: the usage difference `d` over a sample of
 * `wall_ns` that counted `ticks`, of a test that is `cpu_bound` or not;
 * updates `noise` (the first sample's clock). Returns SAMPLE_F_*.
 */
unsigned harness_judge_noise(struct harness_noise *noise,
    const struct harness_usage *d, uint64_t wall_ns, uint64_t ticks,
    int core_cycles, int cpu_bound);

/* Largest n the calibration will ever choose. */
#define HARNESS_MAX_N (UINT64_C(1) << 40)

void harness_init(struct harness *h, const struct harness_clock *clock,
    uint64_t target_ns);

/* Forget the last run's disturbance references (a new test or slice). */
void harness_new_run(struct harness *h);
void harness_noise_reset(struct harness_noise *z);

/*
 * Measure the cost of the clock reads and of an empty loop iteration:
 * the least of a few medians (a disturbance only adds to them).
 */
void harness_measure_overheads(struct harness *h);

/*
 * One more, shorter round of both medians; each overhead becomes the
 * lower of the two. Each run (a batch test, a live slice) calls it, so
 * that a start-up disturbed for longer than its rounds is not kept for
 * the process's life.
 */
void harness_refine_overheads(struct harness *h);

/* Time one sample of n operations. Returns the run's status. */
int harness_sample(struct harness *h, struct bench_ctx *ctx, uint64_t n,
    struct sample *s);

/*
 * Find n such that one sample lasts about target_ns: grow n eightfold
 * while a sample is too short to measure, then scale to the target.
 * The samples taken here double as warm-up. Returns the run's status.
 */
int harness_calibrate(struct harness *h, struct bench_ctx *ctx, uint64_t *n);

/*
 * The same for a first look, capped: n stops growing once a sample's
 * wall time, upkeep included, reaches half the target, even if its timed
 * part is under the 1 ms a sample should measure (lat_fs deletes: the
 * files a run deletes are made in it, untimed, at up to 100 times a
 * delete's cost). And the last sample it took goes into *last when that
 * sample is measurable and lasted 0.5 to 2 times the target or was taken
 * at the n returned (one slow operation), else last->n = 0: a first look
 * keeps it rather than pay for one more. It was taken with no baseline
 * subtracted.
 */
int harness_calibrate_first(struct harness *h, struct bench_ctx *ctx,
    uint64_t *n, struct sample *last);

/*
 * Time ctx->test->baseline at n ops (the least of a few samples; again,
 * up to twice, while that is no less than one whole operation) into
 * ctx->base_ns and ctx->base_cyc, which harness_sample then subtracts.
 * Each round ends on a sample of the whole operation at n (the check),
 * which warms the test up as a warm-up sample would. A no-op for tests
 * without a baseline. Returns the baseline's status.
 */
int harness_measure_baseline(struct harness *h, struct bench_ctx *ctx,
    uint64_t n);

/*
 * New n when a sample that took `wall_ns` strayed beyond 0.5..2 x the
 * target, at most 8 times the old. The wall time, upkeep included: the
 * target bounds how long a sample keeps the worker, whatever part of it
 * is measured. (Callers hold it to the test's min_n.)
 */
uint64_t harness_rescale(const struct harness *h, uint64_t n, uint64_t wall_ns);

#endif
