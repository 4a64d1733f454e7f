/*
 * harness.h: turn a loop of n operations into trustworthy samples.
 *
 * API sketch:
 *   harness_init(&h, &clock, target_ns);
 *   harness_measure_overheads(&h);       timer reads, empty loop
 *   harness_calibrate(&h, ctx, &n);      n so a sample lasts ~target
 *   harness_sample(&h, ctx, n, &s);      one sample, overheads removed
 *   n = harness_rescale(&h, n, raw_ns);  follow a drifting cost
 *
 * The clock is a small function-pointer struct so that unit tests inject
 * a fake one. No globals: every piece of state is in struct harness.
 */

#ifndef BENCHTOP_HARNESS_H
#define BENCHTOP_HARNESS_H

#include <stdint.h>

#include "bench.h"

struct harness_clock {
	uint64_t (*now_ns)(void *arg); /* monotonic time in ns */
	uint64_t (*ticks)(void *arg);  /* cycle counter, in ticks */
	void *arg;
	double cycles_per_tick; /* ticks -> core cycles */
};

struct harness {
	struct harness_clock clock;
	uint64_t target_ns; /* wanted duration of one sample */
	double timer_ns;    /* clock reads around one sample */
	double timer_ticks;
	double loop_ns_per_op; /* one iteration of an empty run() */
	double loop_ticks_per_op;
};

/* The sample spent more than 10% of its time in subtracted overhead. */
#define SAMPLE_F_NOISY 0x1u

struct sample {
	uint64_t t_ns;        /* end of the sample on the harness clock */
	uint64_t n;           /* operations performed */
	uint64_t raw_ns;      /* measured interval before subtraction */
	double ns_per_op;     /* overheads removed, never negative */
	double cycles_per_op; /* overheads removed, never negative */
	int cpu;              /* CPU at the end of the sample, or -1 */
	unsigned flags;       /* SAMPLE_F_* */
};

/* Largest n the calibration will ever choose. */
#define HARNESS_MAX_N (UINT64_C(1) << 40)

void harness_init(struct harness *h, const struct harness_clock *clock,
    uint64_t target_ns);

/* Measure the cost of the clock reads and of an empty loop iteration. */
void harness_measure_overheads(struct harness *h);

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
 * Time ctx->test->baseline at n ops (median of a few samples) into
 * ctx->base_ns and ctx->base_cyc, which harness_sample then subtracts.
 * A no-op for tests without a baseline. Returns the baseline's status.
 */
int harness_measure_baseline(struct harness *h, struct bench_ctx *ctx,
    uint64_t n);

/* New n when a sample of `raw_ns` strayed beyond 0.5..2 x the target. */
uint64_t harness_rescale(const struct harness *h, uint64_t n, uint64_t raw_ns);

#endif
