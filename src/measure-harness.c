/*
 * measure-harness.c: calibration, overhead subtraction and sampling, after
 * lmbench's benchmp but without its globals.
 */

#include "config.h"

#include "measure-harness.h"

#include "base-stats.h"

#include <inttypes.h>
#include <math.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

/* Below this a sample is too short for the clock to measure well. */
#define MIN_MEASURABLE_NS 1000000u
/* Calibration samples at most before it gives up (see calibrate). */
#define CALIBRATE_TRIES 64
/* Samples for the overhead medians. */
#define OVERHEAD_REPS 101
/* Rounds of those medians at start; the least of each is kept. */
#define OVERHEAD_ROUNDS 3
/* Samples of the one round each run adds (harness_refine_overheads). */
#define REFINE_REPS 21
/* Iterations of the empty loop per overhead measurement. */
#define EMPTY_LOOP_N 100000u

void
harness_init(struct harness *h, const struct harness_clock *clock,
    uint64_t target_ns)
{
	memset(h, 0, sizeof *h);
	h->clock = *clock;
	h->target_ns = target_ns;
	harness_new_run(h);
}

/* An empty run(): the loop every test's run() has around its work. */
static int
empty_run(struct bench_ctx *ctx, uint64_t n)
{
	(void)ctx;
	while (n-- > 0)
		__asm__ volatile("" ::: "memory");
	return BENCH_OK;
}

/* Take the upkeep run() declared out of an interval; the ticks in
 * proportion, as the counter ran at one rate through the interval. */
static void
remove_untimed(uint64_t untimed_ns, uint64_t *ns, uint64_t *ticks)
{
	/* *ns is the whole interval here */
	if (untimed_ns == 0 || *ns == 0)
		return;
	if (untimed_ns >= *ns) {
		*ns = *ticks = 0;
		return;
	}
	*ticks -= (uint64_t)((double)*ticks * (double)untimed_ns / (double)*ns);
	*ns -= untimed_ns;
}

/* One interval around run(ctx, n): raw ns and ticks, nothing removed. */
static int
time_run(struct harness *h, struct bench_ctx *ctx, bench_run_fn run, uint64_t n,
    uint64_t *ns, uint64_t *ticks)
{
	const struct harness_clock *c = &h->clock;
	uint64_t t0, t1, k0, k1;
	int st;

	ctx->untimed_ns = 0;
	t0 = c->now_ns(c->arg);
	k0 = c->ticks(c->arg);
	st = run(ctx, n);
	k1 = c->ticks(c->arg);
	t1 = c->now_ns(c->arg);
	*ns = t1 > t0 ? t1 - t0 : 0;
	*ticks = k1 > k0 ? k1 - k0 : 0;
	remove_untimed(ctx->untimed_ns, ns, ticks);
	return st;
}

/* Median of `reps` timings of run(n); medians shrug off IRQs. */
static void
median_timing(struct harness *h, bench_run_fn run, uint64_t n, int reps,
    double *ns, double *ticks)
{
	double v_ns[OVERHEAD_REPS], v_ticks[OVERHEAD_REPS],
	    scratch[OVERHEAD_REPS];
	struct bench_ctx ctx;

	memset(&ctx, 0, sizeof ctx);
	for (int i = 0; i < reps; i++) {
		uint64_t t_ns, t_ticks;

		(void)time_run(h, &ctx, run, n, &t_ns, &t_ticks);
		v_ns[i] = (double)t_ns;
		v_ticks[i] = (double)t_ticks;
	}
	*ns = stats_median(v_ns, (size_t)reps, scratch);
	*ticks = stats_median(v_ticks, (size_t)reps, scratch);
}

/* *kept = v when v is lower, or on the first round. */
static void
keep_least(double *kept, double v, int first)
{
	if (first || v < *kept)
		*kept = v;
}

/* One round of both medians, each kept where it is the least so far. */
static void
overhead_round(struct harness *h, int reps, int first)
{
	double t_ns, t_ticks, ns, ticks;

	median_timing(h, empty_run, 0, reps, &t_ns, &t_ticks);
	median_timing(h, empty_run, EMPTY_LOOP_N, reps, &ns, &ticks);
	ns -= t_ns;
	ticks -= t_ticks;
	keep_least(&h->timer_ns, t_ns, first);
	keep_least(&h->timer_ticks, t_ticks, first);
	keep_least(&h->loop_ns_per_op, ns > 0 ? ns / EMPTY_LOOP_N : 0, first);
	keep_least(&h->loop_ticks_per_op, ticks > 0 ? ticks / EMPTY_LOOP_N : 0,
	    first);
}

/*
 * The least of several rounds, and of every refinement later: a
 * disturbance only ever adds to an overhead, and one too high eats the
 * cost it is subtracted from. Medians alone do not do: on a KVM guest
 * the empty loop ran for milliseconds on end at twice its cost (two
 * cycles an iteration: the host, not this guest, decides), and a
 * worker that measured it then took 0.28 ns too much off every
 * operation for as long as it lived (a lock+unlock of 0.70 ns read 0.42).
 */
void
harness_measure_overheads(struct harness *h)
{
	for (int r = 0; r < OVERHEAD_ROUNDS; r++)
		overhead_round(h, OVERHEAD_REPS, r == 0);
}

void
harness_refine_overheads(struct harness *h)
{
	overhead_round(h, REFINE_REPS, 0);
}

/* raw - overhead, never below zero. */
static double
subtract(double raw, double overhead)
{
	return raw > overhead ? raw - overhead : 0;
}

void
harness_noise_reset(struct harness_noise *z)
{
	z->ref_ghz = 0;
}

void
harness_new_run(struct harness *h)
{
	harness_noise_reset(&h->noise);
}

/* Below this a sample is too short to judge its share of the CPU. */
#define JUDGE_MIN_NS 1000000u
/* A core clock this far from the run's first sample is a change. */
#define CLOCK_TOLERANCE 0.05

static unsigned
judge_clock(struct harness_noise *z, uint64_t ticks, uint64_t cpu_ns)
{
	double ghz = cpu_ns ? (double)ticks / (double)cpu_ns : 0;

	if (ghz <= 0)
		return 0;
	if (z->ref_ghz <= 0) {
		z->ref_ghz = ghz;
		return 0;
	}
	return fabs(ghz / z->ref_ghz - 1) > CLOCK_TOLERANCE ? SAMPLE_F_CLOCK
	                                                    : 0;
}

double
harness_off_share(const struct harness_usage *d, uint64_t wall_ns,
    int cpu_bound)
{
	double off = (double)d->steal_ns;

	if (wall_ns < JUDGE_MIN_NS)
		return -1;
	if (cpu_bound)
		off += (double)d->delay_ns;
	return off < (double)wall_ns ? off / (double)wall_ns : 1;
}

/*
 * How much, not whether: a host is always a little disturbed (a timer
 * interrupt, a kernel thread's wake-up, the host's own work), and a rule
 * that flagged any preemption at all fired on half the samples of a
 * quiet 2-vCPU guest. A sample is noisy when the share of its wall time
 * the worker lost exceeds SAMPLE_NOISY_OFF_PCT. Absolute, not relative
 * to the run's calmest sample: load that was there from the start is
 * load too.
 */
unsigned
harness_judge_noise(struct harness_noise *z, const struct harness_usage *d,
    uint64_t wall_ns, uint64_t ticks, int core_cycles, int cpu_bound)
{
	double off = harness_off_share(d, wall_ns, cpu_bound);
	unsigned f = 0;

	if (off < 0)
		return 0;
	if (off * 100 > SAMPLE_NOISY_OFF_PCT)
		f |= SAMPLE_F_OFF_CPU;
	if (core_cycles)
		f |= judge_clock(z, ticks, d->cpu_ns);
	return f ? f | SAMPLE_F_NOISY : 0;
}

/* b - a of a counter, 0 when it went back. */
static uint64_t
grew(uint64_t a, uint64_t b)
{
	return b > a ? b - a : 0;
}

/* The usage rules on one sample, when the clock can read usage. */
static void
judge_sample(struct harness *h, const struct bench_test *t,
    const struct harness_usage *u0, uint64_t raw_ticks, struct sample *s)
{
	int cpu_bound = bench_cpu_bound(t);
	struct harness_usage u1, d;

	s->cpu_share = s->off_share = -1;
	if (h->clock.usage == NULL)
		return;
	h->clock.usage(h->clock.arg, &u1);
	d.cpu_ns = grew(u0->cpu_ns, u1.cpu_ns);
	d.delay_ns = grew(u0->delay_ns, u1.delay_ns);
	/* Steal is the CPU's: of no use across a migration. */
	d.steal_ns = u0->cpu == u1.cpu ? grew(u0->steal_ns, u1.steal_ns) : 0;
	if (s->wall_ns > 0)
		s->cpu_share = (double)d.cpu_ns / (double)s->wall_ns;
	s->off_share = harness_off_share(&d, s->wall_ns, cpu_bound);
	s->flags |= harness_judge_noise(&h->noise, &d, s->wall_ns, raw_ticks,
	    h->clock.core_cycles, cpu_bound);
}

int
harness_sample(struct harness *h, struct bench_ctx *ctx, uint64_t n,
    struct sample *s)
{
	struct harness_usage u0 = { 0, 0, 0, -1 };
	uint64_t raw_ns, raw_ticks;
	double over_ns, over_ticks;
	int st;

	memset(s, 0, sizeof *s);
	if (h->clock.usage != NULL)
		h->clock.usage(h->clock.arg, &u0);
	st = time_run(h, ctx, ctx->test->run, n, &raw_ns, &raw_ticks);
	s->wall_ns = raw_ns + ctx->untimed_ns;
	over_ns = h->timer_ns + (double)n * h->loop_ns_per_op;
	over_ticks = h->timer_ticks + (double)n * h->loop_ticks_per_op;
	s->t_ns = h->clock.now_ns(h->clock.arg);
	s->n = n;
	s->raw_ns = raw_ns;
	/* The loop and timer first, then the test's own baseline. */
	s->ns_per_op = subtract(subtract((double)raw_ns, over_ns) / (double)n,
	    ctx->base_ns);
	s->cycles_per_op = subtract(subtract((double)raw_ticks, over_ticks) *
	        h->clock.cycles_per_tick / (double)n,
	    ctx->base_cyc);
	s->cpu = sched_getcpu();
	if (over_ns > 0.1 * (double)raw_ns)
		s->flags |= SAMPLE_F_COARSE;
	judge_sample(h, ctx->test, &u0, raw_ticks, s);
	return st;
}

/* Samples of the baseline; the smallest ns and cycles are kept. */
#define BASELINE_REPS 5
/* Rounds of them at most, while the baseline is as slow as the whole. */
#define BASELINE_TRIES 3

/*
 * The least ns and cycles of BASELINE_REPS samples of `base` into *ns and
 * *cyc, each lowered only (they may come from two different samples):
 * an interruption only adds to a baseline, and a baseline too high would
 * eat the cost it is subtracted from (lmbench, too, takes the minimum for
 * its overhead estimates).
 */
static int
baseline_least(struct harness *h, struct bench_ctx *ctx,
    const struct bench_test *base, uint64_t n, double *ns, double *cyc)
{
	const struct bench_test *real = ctx->test;
	struct sample s;
	int st = BENCH_OK;

	ctx->test = base;
	for (int i = 0; i < BASELINE_REPS && st == BENCH_OK; i++) {
		st = harness_sample(h, ctx, n, &s);
		if (*ns < 0 || s.ns_per_op < *ns)
			*ns = s.ns_per_op;
		if (*cyc < 0 || s.cycles_per_op < *cyc)
			*cyc = s.cycles_per_op;
	}
	ctx->test = real;
	return st;
}

/*
 * The baseline is a part of what the test does, so it must cost less
 * than one whole operation: one that does not was measured in a burst of
 * load from elsewhere (on a loaded 2-CPU machine, prot_fault's baseline
 * alone then ate its whole cost, and its figure read 0). Such a baseline
 * is measured again, up to BASELINE_TRIES rounds, keeping the least.
 */
int
harness_measure_baseline(struct harness *h, struct bench_ctx *ctx, uint64_t n)
{
	struct bench_test base = *ctx->test;
	struct sample whole;
	double min_ns = -1, min_cyc = -1;
	int st = BENCH_OK;

	/* No baseline is subtracted while the baseline is measured. */
	ctx->base_ns = ctx->base_cyc = 0;
	if (ctx->test->baseline == NULL)
		return BENCH_OK;
	base.run = ctx->test->baseline;
	for (int t = 0; t < BASELINE_TRIES && st == BENCH_OK; t++) {
		st = baseline_least(h, ctx, &base, n, &min_ns, &min_cyc);
		if (st == BENCH_OK)
			st = harness_sample(h, ctx, n, &whole);
		if (st == BENCH_OK && whole.ns_per_op > min_ns)
			break;
	}
	if (st != BENCH_OK)
		return st;
	ctx->base_ns = min_ns;
	ctx->base_cyc = min_cyc;
	return BENCH_OK;
}

/* n scaled so that a sample of `raw_ns` would last the target. */
static uint64_t
scale_to_target(const struct harness *h, uint64_t n, uint64_t raw_ns)
{
	double want;

	if (raw_ns == 0)
		return n * 8 < HARNESS_MAX_N ? n * 8 : HARNESS_MAX_N;
	want = (double)n * (double)h->target_ns / (double)raw_ns;
	if (want < 1)
		return 1;
	if (want > (double)HARNESS_MAX_N)
		return HARNESS_MAX_N;
	return (uint64_t)want;
}

/*
 * Calibration; `first_look`: see harness_calibrate_first. *last gets the
 * last sample when it will do as a sample, else last->n = 0.
 */
static int
calibrate(struct harness *h, struct bench_ctx *ctx, uint64_t *n,
    struct sample *last, int first_look)
{
	struct sample s;
	int st;

	*n = bench_at_least_min_n(ctx->test, 1);
	last->n = 0;
	for (int tries = 0; tries < CALIBRATE_TRIES; tries++) {
		if ((st = harness_sample(h, ctx, *n, &s)) != BENCH_OK)
			return st;
		if (ctx->stop != NULL && atomic_load(ctx->stop))
			return BENCH_STOPPED;
		if (s.raw_ns < MIN_MEASURABLE_NS && *n < HARNESS_MAX_N / 8 &&
		    !(first_look && s.wall_ns * 2 >= h->target_ns)) {
			*n *= 8;
			continue;
		}
		if (s.wall_ns * 2 >= h->target_ns) {
			*n = bench_at_least_min_n(ctx->test,
			    scale_to_target(h, *n, s.wall_ns));
			/* Measurable, and near the target or at the n that
			 * sampling will use (one slow operation): a sample as
			 * any other. */
			if (s.raw_ns >= MIN_MEASURABLE_NS &&
			    (s.wall_ns <= h->target_ns * 2 || *n == s.n))
				*last = s;
			return BENCH_OK;
		}
		/* Scale, then confirm with one sample at the new n. */
		*n = bench_at_least_min_n(ctx->test,
		    scale_to_target(h, *n, s.wall_ns));
	}
	/* No sample at any n lasted half the target: the test's cost keeps
	 * moving with n, and no n can be trusted to give the samples asked
	 * for. Say so rather than sample at an n never confirmed. */
	return bench_reason(ctx, BENCH_FAILED,
	    "calibration did not settle: %d samples, none of %.0f ms or more "
	    "(last n %" PRIu64 ")",
	    CALIBRATE_TRIES, (double)h->target_ns / 2e6, *n);
}

int
harness_calibrate(struct harness *h, struct bench_ctx *ctx, uint64_t *n)
{
	struct sample last;

	return calibrate(h, ctx, n, &last, 0);
}

int
harness_calibrate_first(struct harness *h, struct bench_ctx *ctx, uint64_t *n,
    struct sample *last)
{
	return calibrate(h, ctx, n, last, 1);
}

uint64_t
harness_rescale(const struct harness *h, uint64_t n, uint64_t wall_ns)
{
	uint64_t want;

	if (wall_ns * 2 >= h->target_ns && wall_ns <= h->target_ns * 2)
		return n;
	want = scale_to_target(h, n, wall_ns);
	/* A sample that timed next to nothing must not send n to millions
	 * (the next sample would run for minutes): eightfold at most, as
	 * calibration grows. */
	return want / 8 > n ? n * 8 : want;
}
