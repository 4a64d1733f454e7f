/*
 * measure-runner.c: setup, calibrate, warm up, sample for the configured time,
 * tear down, summarise.
 */

#include "config.h"

#include "measure-runner.h"

#include <errno.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base-cycles.h"
#include "base-threads.h"
#include "base-time.h"
#include "base-units.h"
#include "bench-partner.h"
#include "bench.h"
#include "machine-steal.h"

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

/*
 * The usage readers of this thread: its schedstat is its own, and a
 * worker's descriptor table is too (base-threads.c), so one reader a
 * thread. Opened by runner_thread_pin, before any test's descriptor
 * snapshot (a partner child closes them then), or at the first read;
 * a worker's go with its table when it ends.
 */
static _Thread_local struct steal_reader usage_reader = { -2, -2 };

static const struct steal_reader *
thread_reader(void)
{
	if (usage_reader.stat_fd == -2)
		(void)steal_reader_open(&usage_reader, "");
	return &usage_reader;
}

/*
 * What the sample got: the calling thread's CPU time and run delay (its
 * schedstat), and the steal of the CPU it is on (/proc/stat). Two
 * preads, about 5 us, outside the timed interval.
 */
static void
real_usage(void *arg, struct harness_usage *u)
{
	const struct steal_reader *r = thread_reader();
	struct steal_jiffies j, zero = { 0, 0, 0, 0 };
	struct steal_thread t;

	(void)arg;
	memset(u, 0, sizeof *u);
	u->cpu = sched_getcpu();
	if (steal_reader_thread(r, &t) == 0) {
		u->cpu_ns = t.run_ns;
		u->delay_ns = t.delay_ns;
	} else {
		/* no schedstat (a kernel without CONFIG_SCHED_INFO) */
		u->cpu_ns = time_thread_cpu_ns();
	}
	if (u->cpu >= 0 && steal_reader_cpu(r, u->cpu, &j) == 0)
		u->steal_ns = steal_ns(&zero, &j);
	else
		u->cpu = -1;
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
	threads_worker_private_files();
	(void)thread_reader();
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
	double *ns, *cyc, *scratch, *off;
	size_t n, cap, n_off;
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
		    grow(&b->scratch, cap) != 0 || grow(&b->off, cap) != 0)
			return -1;
		b->cap = cap;
	}
	b->ns[b->n] = s->ns_per_op;
	b->cyc[b->n] = s->cycles_per_op;
	b->n++;
	if (s->off_share >= 0)
		b->off[b->n_off++] = s->off_share * 100;
	return 0;
}

static void
buf_free(struct sample_buf *b)
{
	free(b->ns);
	free(b->cyc);
	free(b->scratch);
	free(b->off);
	memset(b, 0, sizeof *b);
}

static int
stopped(const struct run_config *cfg)
{
	return cfg->stop != NULL && atomic_load(cfg->stop) != 0;
}

/* One more sample for whoever keeps them: the store, or this run's buffer. */
static int
keep_sample(struct bench_ctx *ctx, const struct run_config *cfg,
    struct test_result *r, struct sample_buf *b, struct sample *s)
{
	if (cfg->first_look)
		s->flags |= SAMPLE_F_FIRST_LOOK;
	/* The live monitor keeps samples in its store: no allocation
	 * between samples there. Batch mode summarises its own. */
	if (cfg->observe != NULL)
		cfg->observe(cfg->observe_arg, s);
	if (cfg->on_sample != NULL)
		cfg->on_sample(cfg->on_sample_arg, s);
	else if (buf_push(b, s) != 0)
		return bench_fail(ctx, "realloc", ENOMEM);
	r->noisy += (s->flags & SAMPLE_F_NOISY) != 0;
	r->cpu = s->cpu;
	return BENCH_OK;
}

/* n for the next sample after one of n that took wall_ns. */
static uint64_t
next_n(const struct harness *h, const struct bench_test *t, uint64_t n,
    uint64_t wall_ns)
{
	return bench_at_least_min_n(t, harness_rescale(h, n, wall_ns));
}

/* Baseline measurements a slice may take again (see sample_loop). */
#define RUNNER_REBASELINES 3

/* The baseline took the whole of this sample: nothing was left. */
static int
baseline_ate(const struct bench_ctx *ctx, const struct sample *s)
{
	return ctx->test->baseline != NULL && s->ns_per_op <= 0;
}

/*
 * Measure the baseline, at the start of a run or in place of one that
 * ate a sample: a new one replaces the old rather than lowering it only,
 * for the least of every baseline a run measures would drift down over
 * the run, and a test that is the small difference of two large costs
 * (prot_fault: a fault and a catch, less a catch) would drift up with
 * it. The baseline's share of the CPU is not the test's (no partner):
 * the run's noise accounting starts afresh after it.
 */
static int
take_baseline(struct harness *h, struct bench_ctx *ctx, uint64_t n)
{
	int st = harness_measure_baseline(h, ctx, n);

	if (st == BENCH_OK)
		harness_new_run(h);
	return st;
}

/*
 * Take samples until t_end: at least one, unless one is kept already
 * (`kept`, a first look's calibration sample).
 *
 * A sample the baseline ate whole was taken after a slow spell that the
 * baseline measurement fell into and the sample did not: on a 2-CPU KVM
 * guest, a long-lived ring of two processes summing 64 KiB each slows by
 * half for 0.1 to 0.3 s at a time, a 40-line C ring as much as
 * benchtop's. Such a sample is dropped and the baseline measured again,
 * at most RUNNER_REBASELINES times a slice; before, whole slices of
 * lmbench.ctx_2p_64k read 0 and the row had no figure.
 */
static int
sample_loop(struct harness *h, struct bench_ctx *ctx,
    const struct run_config *cfg, struct test_result *r, struct sample_buf *b,
    uint64_t t_end, int kept)
{
	uint64_t n = r->n_per_sample,
	         t = kept ? h->clock.now_ns(h->clock.arg) : 0;
	struct sample s;
	int st, rebases = 0;

	while (!kept || (t < t_end && !stopped(cfg))) {
		if ((st = harness_sample(h, ctx, n, &s)) != BENCH_OK)
			return st;
		if (rebases < RUNNER_REBASELINES && baseline_ate(ctx, &s)) {
			rebases++;
			if ((st = take_baseline(h, ctx, n)) != BENCH_OK)
				return st;
			t = kept ? h->clock.now_ns(h->clock.arg) : 0;
			continue;
		}
		if ((st = keep_sample(ctx, cfg, r, b, &s)) != BENCH_OK)
			return st;
		n = next_n(h, r->test, n, s.wall_ns);
		r->n_per_sample = n;
		t = s.t_ns;
		kept = 1;
	}
	return stopped(cfg) ? BENCH_STOPPED : BENCH_OK;
}

/*
 * A test whose first samples after setup are slow: its partners have just
 * started, and wake on a CPU that was idle. Its first look keeps the
 * warm-up and takes no calibration sample (measured on a loaded 2-CPU
 * guest without them: context switches 5 to 7 times the full slices'
 * figure, with them 1 to 2 times, as the 100 ms first slices were).
 */
static int
cold_start(const struct bench_test *t)
{
	return (t->flags & BENCH_F_PARTNER) != 0;
}

/*
 * n for the samples: an earlier slice's (rescaling follows any drift),
 * else calibrated. A first look calibrates with a cap on the work, and
 * keeps calibration's last sample in *last when it will do as a sample,
 * unless a baseline is to be subtracted from it (last->n = 0 otherwise).
 */
static int
find_n(struct harness *h, struct bench_ctx *ctx, const struct run_config *cfg,
    struct test_result *r, struct sample *last)
{
	int st;

	last->n = 0;
	r->n_per_sample = cfg->n_hint;
	if (r->n_per_sample > 0)
		return BENCH_OK;
	if (!cfg->first_look)
		return harness_calibrate(h, ctx, &r->n_per_sample);
	st = harness_calibrate_first(h, ctx, &r->n_per_sample, last);
	if (r->test->baseline != NULL || cold_start(r->test))
		last->n = 0;
	return st;
}

/*
 * Calibrate, throw one warm-up sample away, then sample for the
 * duration. A first look is cheaper (see run_config): its duration runs
 * from `start_ns`, the slice's start, setup and calibration included, so
 * that a test whose setup is dear gives calibration's sample alone.
 */
static int
measure(struct harness *h, struct bench_ctx *ctx, const struct run_config *cfg,
    struct test_result *r, struct sample_buf *b, uint64_t start_ns)
{
	struct sample warm, last;
	int st;

	if ((st = find_n(h, ctx, cfg, r, &last)) != BENCH_OK)
		return st;
	if ((st = take_baseline(h, ctx, r->n_per_sample)) != BENCH_OK)
		return st;
	/*
	 * Calibration warmed a slow test up already; its samples are dear.
	 * A test with a baseline was warmed too: harness_measure_baseline
	 * ends on a sample of the whole operation at this n.
	 */
	if (!(r->test->flags & BENCH_F_SLOW) && r->test->baseline == NULL &&
	    (!cfg->first_look || cold_start(r->test))) {
		if ((st = harness_sample(h, ctx, r->n_per_sample, &warm)) !=
		    BENCH_OK)
			return st;
		/* The warm-up's time sets the first sample's n: an earlier
		 * slice's n under a change that made the test 3.5x slower
		 * (tracing on) made the warm-up and the first sample 90 ms
		 * each, not 25; every re-run of a change paid it. */
		r->n_per_sample =
		    next_n(h, r->test, r->n_per_sample, warm.wall_ns);
	}
	if (stopped(cfg))
		return BENCH_STOPPED;
	if (last.n > 0 && (st = keep_sample(ctx, cfg, r, b, &last)) != 0)
		return st;
	if (!cfg->first_look)
		start_ns = h->clock.now_ns(h->clock.arg);
	return sample_loop(h, ctx, cfg, r, b, start_ns + cfg->duration_ns,
	    last.n > 0);
}

void
runner_summarise(struct test_result *r, const double *ns, const double *cyc,
    size_t n, double *scratch)
{
	const struct bench_test *t = r->test;

	stats_summarize(ns, n, scratch, &r->ns);
	stats_summarize(cyc, n, scratch, &r->cyc);
	stats_summary_unknown_unless_positive(&r->cyc); /* clock unknown */
	r->disturbed_pct = NAN; /* the samples' shares are not in ns, cyc */
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
	if (b->n_off > 0)
		r->disturbed_pct = stats_median(b->off, b->n_off, b->scratch);
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

/* The test's context for a run with `cfg`. */
static void
ctx_init(struct bench_ctx *ctx, const struct bench_test *t,
    const struct run_config *cfg)
{
	ctx->test = t;
	ctx->tmpdir = cfg->tmpdir;
	ctx->cpu = cfg->cpu;
	runner_place_parties(ctx, cfg->placement);
	ctx->stop = cfg->stop;
	ctx->mem_bytes = cfg->mem_bytes;
	ctx->first_look = cfg->first_look;
	bench_partner_fds_snapshot(ctx);
}

int
runner_run(const struct bench_test *t, struct harness *h,
    const struct run_config *cfg, struct test_result *r)
{
	struct sample_buf b = { 0 };
	struct bench_ctx ctx = { 0 };
	uint64_t start_ns = h->clock.now_ns(h->clock.arg);
	int st = BENCH_OK;

	memset(r, 0, sizeof *r);
	harness_refine_overheads(h);
	harness_new_run(h);
	r->test = t;
	r->value = NAN;
	r->disturbed_pct = NAN;
	r->cpu = r->partner_cpu = -1;
	ctx_init(&ctx, t, cfg);
	if (t->setup != NULL)
		st = t->setup(&ctx);
	if (st == BENCH_OK)
		st = measure(h, &ctx, cfg, r, &b, start_ns);
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

double
runner_noisy_share(const struct test_result *r, size_t n)
{
	size_t samples = 0, noisy = 0;

	for (size_t i = 0; i < n; i++)
		if (r[i].status == BENCH_OK) {
			samples += r[i].ns.n;
			noisy += r[i].noisy;
		}
	return samples ? (double)noisy / (double)samples : NAN;
}
