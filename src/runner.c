/*
 * runner.c: setup, calibrate, warm up, sample for the configured time,
 * tear down, summarise.
 */

#include "config.h"

#include "runner.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "bench-util.h"
#include "cycles.h"
#include "sched.h"
#include "units.h"

static uint64_t
real_now(void *arg)
{
	(void)arg;
	return cycles_now_ns();
}

static uint64_t
real_ticks(void *arg)
{
	return cycles_counter_read(arg);
}

/* The calling thread's CPU time and preemptions: what the sample got. */
static void
real_usage(void *arg, struct harness_usage *u)
{
	struct timespec ts;
	struct rusage ru;

	(void)arg;
	u->cpu_ns = 0;
	u->nivcsw = 0;
	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
		u->cpu_ns =
		    (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
	if (getrusage(RUSAGE_THREAD, &ru) == 0)
		u->nivcsw = (uint64_t)ru.ru_nivcsw;
}

void
runner_real_clock(struct harness_clock *c, struct cycles_counter *counter)
{
	c->now_ns = real_now;
	c->ticks = real_ticks;
	c->arg = counter;
	c->cycles_per_tick = counter->cycles_per_tick;
	c->usage = real_usage;
	c->core_cycles = counter->source == CYCLES_PMU;
}

int
runner_thread_pin(int cpu)
{
	sched_worker_private_files();
	return bench_pin_self(cpu) == 0 ? cpu : -1;
}

void
runner_thread_harness(struct harness *h, struct cycles_counter *counter,
    const struct cycles_info *info, uint64_t sample_ns)
{
	struct harness_clock clock;

	cycles_counter_open(counter, info);
	runner_real_clock(&clock, counter);
	harness_init(h, &clock, sample_ns);
	harness_measure_overheads(h);
}

/* A growing array of samples, owned by one run. The summary's scratch
 * grows with them: summarising then cannot fail for want of memory. */
struct sample_buf {
	double *ns, *cyc, *scratch;
	size_t n, cap;
};

/* Resize one array of the buffer; *p is untouched on failure. */
static int
grow(double **p, size_t cap)
{
	double *q = realloc(*p, cap * sizeof *q);

	if (q == NULL)
		return -1;
	*p = q;
	return 0;
}

static int
buf_push(struct sample_buf *b, const struct sample *s)
{
	size_t cap = b->cap ? b->cap * 2 : 256;

	if (b->n == b->cap) {
		if (grow(&b->ns, cap) != 0 || grow(&b->cyc, cap) != 0 ||
		    grow(&b->scratch, cap) != 0)
			return -1;
		b->cap = cap;
	}
	b->ns[b->n] = s->ns_per_op;
	b->cyc[b->n] = s->cycles_per_op;
	b->n++;
	return 0;
}

static void
buf_free(struct sample_buf *b)
{
	free(b->ns);
	free(b->cyc);
	free(b->scratch);
	memset(b, 0, sizeof *b);
}

static int
stopped(const struct run_config *cfg)
{
	return cfg->stop != NULL && atomic_load(cfg->stop) != 0;
}

/* Take samples until the duration has passed; at least one. */
static int
sample_loop(struct harness *h, struct bench_ctx *ctx,
    const struct run_config *cfg, struct test_result *r, struct sample_buf *b)
{
	uint64_t n = r->n_per_sample, t_end;
	struct sample s;
	int st;

	t_end = h->clock.now_ns(h->clock.arg) + cfg->duration_ns;
	do {
		if ((st = harness_sample(h, ctx, n, &s)) != BENCH_OK)
			return st;
		/* The live monitor keeps samples in its store: no allocation
		 * between samples there. Batch mode summarises its own. */
		if (cfg->observe != NULL)
			cfg->observe(cfg->observe_arg, &s);
		if (cfg->on_sample != NULL)
			cfg->on_sample(cfg->on_sample_arg, &s);
		else if (buf_push(b, &s) != 0)
			return bench_fail(ctx, "realloc", ENOMEM);
		r->noisy += (s.flags & SAMPLE_F_NOISY) != 0;
		r->cpu = s.cpu;
		n = harness_rescale(h, n, s.wall_ns);
		r->n_per_sample = n;
	} while (s.t_ns < t_end && !stopped(cfg));
	return stopped(cfg) ? BENCH_STOPPED : BENCH_OK;
}

/* Calibrate, throw one warm-up sample away, then sample. */
static int
measure(struct harness *h, struct bench_ctx *ctx, const struct run_config *cfg,
    struct test_result *r, struct sample_buf *b)
{
	struct sample warm;
	int st;

	/* An earlier slice's n still holds: rescaling follows any drift. */
	r->n_per_sample = cfg->n_hint;
	if (r->n_per_sample == 0 &&
	    (st = harness_calibrate(h, ctx, &r->n_per_sample)) != BENCH_OK)
		return st;
	if ((st = harness_measure_baseline(h, ctx, r->n_per_sample)) != 0)
		return st;
	/* The baseline's share of the CPU is not the test's (no partner). */
	harness_new_run(h);
	/* Calibration warmed a slow test up already; its samples are dear. */
	if (!(r->test->flags & BENCH_F_SLOW) &&
	    (st = harness_sample(h, ctx, r->n_per_sample, &warm)) != BENCH_OK)
		return st;
	if (stopped(cfg))
		return BENCH_STOPPED;
	return sample_loop(h, ctx, cfg, r, b);
}

void
runner_summarise(struct test_result *r, const double *ns, const double *cyc,
    size_t n, double *scratch)
{
	const struct bench_test *t = r->test;

	stats_summarize(ns, n, scratch, &r->ns);
	stats_summarize(cyc, n, scratch, &r->cyc);
	r->value =
	    units_value(t->unit, t->work_per_op, r->ns.median, r->cyc.median);
}

/* The run's overhead and, in batch mode (the samples are here), its
 * summary. */
static void
summarise(const struct harness *h, struct test_result *r,
    const struct sample_buf *b)
{
	r->overhead_ns = h->loop_ns_per_op +
	    h->timer_ns / (double)(r->n_per_sample ? r->n_per_sample : 1);
	if (b->n > 0)
		runner_summarise(r, b->ns, b->cyc, b->n, b->scratch);
}

/*
 * Where the partner of a two-party test goes: on the worker's CPU (same)
 * or on another one (spread). Spread falls back to same, and says so in
 * the record, when no other CPU is allowed.
 */
void
runner_place_parties(struct bench_ctx *ctx, enum bench_placement placement)
{
	ctx->partner_cpu = -1;
	ctx->placement = BENCH_PLACE_SINGLE;
	if (!(ctx->test->flags & BENCH_F_PARTNER))
		return;
	ctx->placement = placement;
	if (ctx->placement == BENCH_PLACE_SPREAD && ctx->cpu >= 0 &&
	    (ctx->partner_cpu = bench_other_cpu(ctx->cpu)) < 0)
		ctx->placement = BENCH_PLACE_SAME;
	if (ctx->placement == BENCH_PLACE_SAME)
		ctx->partner_cpu = ctx->cpu;
}

int
runner_run(const struct bench_test *t, struct harness *h,
    const struct run_config *cfg, struct test_result *r)
{
	struct sample_buf b = { 0 };
	struct bench_ctx ctx = { 0 };
	int st = BENCH_OK;

	memset(r, 0, sizeof *r);
	harness_refine_overheads(h);
	harness_new_run(h);
	r->test = t;
	r->value = NAN;
	r->cpu = r->partner_cpu = -1;
	ctx.test = t;
	ctx.tmpdir = cfg->tmpdir;
	ctx.cpu = cfg->cpu;
	runner_place_parties(&ctx, cfg->placement);
	ctx.stop = cfg->stop;
	ctx.mem_bytes = cfg->mem_bytes;
	bench_fds_snapshot(&ctx);
	if (t->setup != NULL)
		st = t->setup(&ctx);
	if (st == BENCH_OK)
		st = measure(h, &ctx, cfg, r, &b);
	if (t->teardown != NULL)
		t->teardown(&ctx);
	r->status = st;
	r->placement = ctx.placement;
	r->partner_cpu = ctx.partner_cpu;
	(void)snprintf(r->reason, sizeof r->reason, "%s", ctx.reason);
	if (st == BENCH_OK)
		summarise(h, r, &b);
	buf_free(&b);
	return st;
}
