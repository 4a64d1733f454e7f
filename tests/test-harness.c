/*
 * test-harness.c: calibration and overhead subtraction under an injected
 * fake clock, where every cost is known exactly.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "base-cycles.h"
#include "base-units.h"
#include "check.h"
#include "measure-harness.h"
#include "measure-runner.h"

/* A clock that advances by `read_cost_ns` per read, plus whatever the
 * fake operation adds: time passes only when the harness looks. */
struct fake_clock {
	uint64_t now;
	uint64_t read_cost_ns;
	double op_cost_ns; /* each fake operation */
	double drift;      /* multiply op cost by this after each run */
	uint64_t runs;     /* number of run() calls */
	uint64_t reads;    /* number of reads so far */
	uint64_t cheap_after, cheap_cost; /* reads cost this from then on */
};

static struct fake_clock fake;

static uint64_t
fake_now(void *arg)
{
	struct fake_clock *c = arg;

	if (c->cheap_after > 0 && ++c->reads > c->cheap_after)
		c->read_cost_ns = c->cheap_cost;
	c->now += c->read_cost_ns;
	return c->now;
}

/* Ticks run at twice the ns rate: a 2 GHz "TSC". */
static uint64_t
fake_ticks(void *arg)
{
	return fake_now(arg) * 2;
}

static int
fake_run(struct bench_ctx *ctx, uint64_t n)
{
	(void)ctx;
	fake.now += (uint64_t)llround((double)n * fake.op_cost_ns);
	fake.op_cost_ns *= fake.drift;
	fake.runs++;
	return BENCH_OK;
}

static int
failing_run(struct bench_ctx *ctx, uint64_t n)
{
	(void)n;
	return bench_fail(ctx, "fake_call", 5);
}

static const struct bench_test fake_test = {
	.id = "extra.fake",
	.title = "fake",
	.definition = "advances the fake clock",
	.unit = BENCH_UNIT_US,
	.work_per_op = 1,
	.run = fake_run,
};

static void
setup(struct harness *h, struct bench_ctx *ctx, uint64_t read_cost,
    double op_cost, uint64_t target_ns)
{
	struct harness_clock clock = { .now_ns = fake_now,
		.ticks = fake_ticks,
		.arg = &fake,
		.cycles_per_tick = 1.5 };

	memset(&fake, 0, sizeof fake);
	fake.read_cost_ns = read_cost;
	fake.op_cost_ns = op_cost;
	fake.drift = 1.0;
	memset(ctx, 0, sizeof *ctx);
	ctx->test = &fake_test;
	harness_init(h, &clock, target_ns);
}

/* Calibration converges to target / cost over a wide range of costs. */
static void
test_calibration_converges(void)
{
	static const double costs[] = { 0.5, 3, 100, 2500, 40000, 1e6 };
	struct harness h;
	struct bench_ctx ctx;

	for (size_t i = 0; i < sizeof costs / sizeof costs[0]; i++) {
		uint64_t n = 0;
		double want = 25e6 / costs[i];

		setup(&h, &ctx, 20, costs[i], 25000000);
		harness_measure_overheads(&h);
		CHECK("calibrate ok", harness_calibrate(&h, &ctx, &n) == 0);
		CHECK("n within 10% of target/cost",
		    fabs((double)n - want) <= 0.1 * want + 1);
		CHECK("calibration is bounded", fake.runs < 20);
	}
}

/* An operation slower than the target keeps n at 1. */
static void
test_slow_operation(void)
{
	struct harness h;
	struct bench_ctx ctx;
	uint64_t n = 0;

	setup(&h, &ctx, 20, 80e6, 25000000);
	CHECK("slow calibrate ok", harness_calibrate(&h, &ctx, &n) == 0);
	CHECK("slow op: n == 1", n == 1);
	CHECK("slow op: one run only", fake.runs == 1);
}

/*
 * A cost that keeps falling as fast as n grows (to 40% of itself after
 * every run): no sample ever lasts half the target, and calibration says
 * so after its tries rather than return an n it never confirmed.
 */
static void
test_calibration_unsettled(void)
{
	struct harness h;
	struct bench_ctx ctx;
	uint64_t n = 0;

	setup(&h, &ctx, 20, 100, 25000000);
	fake.drift = 0.4;
	CHECK("unsettled calibration fails",
	    harness_calibrate(&h, &ctx, &n) == BENCH_FAILED);
	CHECK("and says why", strstr(ctx.reason, "did not settle") != NULL);
	CHECK("after its tries", fake.runs == 64);
}

/* A ring that moves in whole trips: n never below the test's min_n. */
static void
test_min_n(void)
{
	struct bench_test t = fake_test;
	struct harness h;
	struct bench_ctx ctx;
	uint64_t n = 0;

	t.min_n = 16;
	setup(&h, &ctx, 20, 80e6, 25000000);
	ctx.test = &t;
	CHECK("min_n calibrate ok", harness_calibrate(&h, &ctx, &n) == 0);
	CHECK("min_n: from the first sample on", n == 16 && fake.runs == 1);
	CHECK("min_n held",
	    bench_at_least_min_n(&t, 3) == 16 &&
	        bench_at_least_min_n(&t, 40) == 40);
}

/* What runner_run handed out: samples, and those marked first look. */
struct handed {
	size_t samples, first_looks;
	double min_ns;    /* the cheapest sample's ns per op */
	uint64_t first_n; /* the first sample's n */
};

static void
hand(void *arg, const struct sample *s)
{
	struct handed *h = arg;

	if (h->samples == 0)
		h->first_n = s->n;
	if (h->samples++ == 0 || s->ns_per_op < h->min_ns)
		h->min_ns = s->ns_per_op;
	h->first_looks += (s->flags & SAMPLE_F_FIRST_LOOK) != 0;
}

/* One 50 ms run of `t`, an op of `op_ns` on the fake clock; its run()
 * calls. */
static uint64_t
run_test_for_50ms(const struct bench_test *t, double op_ns, int first_look,
    struct handed *got)
{
	struct harness h;
	struct bench_ctx ctx;
	struct test_result r;
	struct run_config cfg = { .duration_ns = 50000000u,
		.cpu = -1,
		.first_look = first_look,
		.on_sample = hand,
		.on_sample_arg = got };

	memset(got, 0, sizeof *got);
	setup(&h, &ctx, 20, op_ns, 25000000);
	CHECK("run ok", runner_run(t, &h, &cfg, &r) == BENCH_OK);
	return fake.runs;
}

static uint64_t
run_for_50ms(double op_ns, int first_look, struct handed *got)
{
	return run_test_for_50ms(&fake_test, op_ns, first_look, got);
}

/*
 * A first look: every sample marked, calibration's last sample counted,
 * no warm-up, and the duration counted from the start: one 80 ms op is
 * one call.
 */
static void
test_first_look(void)
{
	struct handed full, first;
	uint64_t full_runs = run_for_50ms(1000, 0, &full);
	uint64_t first_runs = run_for_50ms(1000, 1, &first);

	CHECK("full run: no sample marked first look",
	    full.samples >= 2 && full.first_looks == 0);
	CHECK("first look: every sample marked",
	    first.samples >= 2 && first.first_looks == first.samples);
	/* Calls that gave no sample: calibration's and the warm-up, or
	 * calibration's but its last. */
	CHECK("first look: no warm-up, calibration's sample counted",
	    first_runs - first.samples + 2 == full_runs - full.samples);
	CHECK("first look: the duration counts from the start",
	    first_runs < full_runs);
	full_runs = run_for_50ms(80e6, 0, &full);
	first_runs = run_for_50ms(80e6, 1, &first);
	CHECK("slow op, full run: calibration, warm-up, a sample",
	    full_runs == 3 && full.samples == 1);
	CHECK("slow op, first look: calibration's sample alone",
	    first_runs == 1 && first.samples == 1 && first.first_looks == 1);
}

/*
 * An earlier slice's n (25 ms of 1 us ops) after a change made the op 4
 * us: the warm-up tells, and the first sample kept lasts the target
 * (n near 6250), not four times it.
 */
static void
test_warm_up_rescales(void)
{
	struct handed got = { 0 };
	struct harness h;
	struct bench_ctx ctx;
	struct test_result r;
	struct run_config cfg = { .duration_ns = 50000000u,
		.cpu = -1,
		.n_hint = 25000,
		.on_sample = hand,
		.on_sample_arg = &got };

	setup(&h, &ctx, 20, 4000, 25000000);
	CHECK("run ok", runner_run(&fake_test, &h, &cfg, &r) == BENCH_OK);
	CHECK("the first sample aims at the target, not the hint's 100 ms",
	    got.first_n >= 5000 && got.first_n <= 7500);
}

/* 8 us ops, each with 1 ms of declared upkeep (a lat_fs delete's file
 * made in the run, untimed). */
static int
upkeep_run(struct bench_ctx *ctx, uint64_t n)
{
	fake.now += n * 8000u + n * 1000000u;
	ctx->untimed_ns += n * 1000000u;
	fake.runs++;
	return BENCH_OK;
}

/*
 * A first look's calibration stops growing n once the wall time reaches
 * half the target, upkeep included; a full one grows it until the timed
 * part reaches 1 ms, paying for 512 ops of upkeep on the way.
 */
static void
test_first_look_cap(void)
{
	struct bench_test t = fake_test;
	struct harness h;
	struct bench_ctx ctx;
	struct sample last;
	uint64_t n_full = 0, n_first = 0;

	t.run = upkeep_run;
	setup(&h, &ctx, 20, 0, 25000000);
	ctx.test = &t;
	CHECK("full calibration ok", harness_calibrate(&h, &ctx, &n_full) == 0);
	CHECK("full: grown until 1 ms is timed (n = 1, 8, 64, 512)",
	    fake.runs == 4);
	setup(&h, &ctx, 20, 0, 25000000);
	ctx.test = &t;
	CHECK("first-look calibration ok",
	    harness_calibrate_first(&h, &ctx, &n_first, &last) == 0);
	CHECK("first look: stopped at 64 ops (64 ms of wall time)",
	    fake.runs == 3 && n_first < 64);
	CHECK("first look: a 0.5 ms timed sample is not kept", last.n == 0);
	CHECK("both aim at the target in wall time",
	    n_full >= 20 && n_full <= 30 && n_first >= 20 && n_first <= 30);
}

/* Timer overhead is measured and removed; results never go negative. */
static void
test_overheads(void)
{
	struct harness h;
	struct bench_ctx ctx;
	struct sample s;

	setup(&h, &ctx, 50, 10, 25000000);
	harness_measure_overheads(&h);
	/* A read costs 50 ns: the interval sees 3 of the 4 reads. */
	CHECK_NEAR("timer overhead ns", h.timer_ns, 150, 1e-9);
	CHECK_NEAR("timer overhead ticks", h.timer_ticks, 100, 1e-9);
	CHECK_NEAR("empty loop costs nothing here", h.loop_ns_per_op, 0, 1e-9);
	CHECK("sample ok", harness_sample(&h, &ctx, 1000, &s) == 0);
	CHECK_NEAR("10 ns/op after subtraction", s.ns_per_op, 10, 1e-9);
	/* ticks: 2 per ns, 1.5 cycles per tick -> 30 cycles per op. */
	CHECK_NEAR("cycles scaled by cycles_per_tick", s.cycles_per_op, 30,
	    1e-9);
	CHECK("raw_ns kept", s.raw_ns == 10000 + 150);
	CHECK("a 1.5% overhead is not coarse", !(s.flags & SAMPLE_F_COARSE));

	fake.op_cost_ns = 0;
	fake.read_cost_ns = 10; /* cheaper than measured: would go < 0 */
	CHECK("zero-cost sample ok", harness_sample(&h, &ctx, 10, &s) == 0);
	CHECK("ns never negative", s.ns_per_op == 0);
	CHECK("cycles never negative", s.cycles_per_op == 0);
	CHECK("all-overhead sample is coarse", s.flags & SAMPLE_F_COARSE);
	CHECK("... but not noisy (nothing disturbed it)",
	    !(s.flags & SAMPLE_F_NOISY));
}

/*
 * The clock grows cheaper between the timer's median and the empty
 * loop's (101 timings of 4 reads at 50 ns, then 10 ns a read): the loop
 * then times less than the timer alone, and its cost per iteration must
 * come out 0, not below (it is subtracted from every operation).
 */
static void
test_overheads_never_negative(void)
{
	struct harness h;
	struct bench_ctx ctx;

	setup(&h, &ctx, 50, 10, 25000000);
	fake.cheap_after = 101 * 4;
	fake.cheap_cost = 10;
	harness_measure_overheads(&h);
	CHECK("loop ns never negative", h.loop_ns_per_op == 0);
	CHECK("loop ticks never negative", h.loop_ticks_per_op == 0);
	CHECK_NEAR("the timer at its least", h.timer_ns, 30, 1e-9);
}

/*
 * Overheads keep the least measurement: a start disturbed throughout (a
 * read twice as dear) is corrected by a later, calmer round, and a
 * disturbed later round never raises them.
 */
static void
test_overheads_keep_least(void)
{
	struct harness h;
	struct bench_ctx ctx;

	setup(&h, &ctx, 100, 10, 25000000);
	harness_measure_overheads(&h);
	CHECK_NEAR("disturbed start: 3 reads of 100 ns", h.timer_ns, 300, 1e-9);
	fake.read_cost_ns = 50;
	harness_refine_overheads(&h);
	CHECK_NEAR("a calm round lowers it", h.timer_ns, 150, 1e-9);
	CHECK_NEAR("ticks too", h.timer_ticks, 100, 1e-9);
	fake.read_cost_ns = 400;
	harness_refine_overheads(&h);
	CHECK_NEAR("a disturbed round leaves it", h.timer_ns, 150, 1e-9);
}

/* A cost that drifts far from calibration gets n rescaled. */
static void
test_rescale(void)
{
	struct harness h;
	struct bench_ctx ctx;

	setup(&h, &ctx, 0, 1, 25000000);
	CHECK("inside 0.5..2x: unchanged",
	    harness_rescale(&h, 1000, 30000000) == 1000);
	CHECK("3x slower: n / 3", harness_rescale(&h, 3000, 75000000) == 1000);
	CHECK("4x faster: n * 4", harness_rescale(&h, 1000, 6250000) == 4000);
	CHECK("zero time: grow 8x", harness_rescale(&h, 10, 0) == 80);
	CHECK("1000x faster: 8x at most",
	    harness_rescale(&h, 1000, 25000) == 8000);
	CHECK("never below 1", harness_rescale(&h, 1, 1000000000) == 1);
}

/* The baseline of a fake op costing 4 ns of its 10: subtracted. */
static int
fake_baseline(struct bench_ctx *ctx, uint64_t n)
{
	(void)ctx;
	fake.now += n * 4;
	return BENCH_OK;
}

static void
test_baseline(void)
{
	struct bench_test t = fake_test;
	struct harness h;
	struct bench_ctx ctx;
	struct sample s;

	setup(&h, &ctx, 20, 10, 25000000);
	harness_measure_overheads(&h);
	ctx.test = &t;
	CHECK("no baseline: nothing to do",
	    harness_measure_baseline(&h, &ctx, 1000) == 0 && ctx.base_ns == 0);
	t.baseline = fake_baseline;
	CHECK("baseline measured",
	    harness_measure_baseline(&h, &ctx, 1000) == 0);
	CHECK_NEAR("baseline 4 ns/op", ctx.base_ns, 4, 1e-9);
	CHECK("the real run is restored", ctx.test == &t);
	CHECK("sample ok", harness_sample(&h, &ctx, 1000, &s) == 0);
	CHECK_NEAR("10 - 4 ns/op", s.ns_per_op, 6, 1e-9);
	fake.op_cost_ns = 1;
	CHECK("cheaper than baseline", harness_sample(&h, &ctx, 1000, &s) == 0);
	CHECK("never negative after the baseline",
	    s.ns_per_op == 0 && s.cycles_per_op == 0);
}

/* A baseline dearer than the whole op (12 ns against 10) for its first
 * `burst_samples` samples, then 4 ns: a burst of load from elsewhere. */
static int burst_samples, burst_calls;

static int
fake_baseline_burst(struct bench_ctx *ctx, uint64_t n)
{
	(void)ctx;
	fake.now += n * (burst_calls++ < burst_samples ? 12 : 4);
	return BENCH_OK;
}

/*
 * A baseline measured as slow as the whole operation is measured again,
 * up to three rounds of five samples, keeping the least; a baseline that
 * stays slow is kept after three rounds rather than looping.
 */
static void
test_baseline_remeasured(void)
{
	struct bench_test t = fake_test;
	struct harness h;
	struct bench_ctx ctx;

	setup(&h, &ctx, 20, 10, 25000000);
	harness_measure_overheads(&h);
	t.baseline = fake_baseline_burst;
	ctx.test = &t;
	burst_samples = 5;
	burst_calls = 0;
	CHECK("baseline in a burst measured",
	    harness_measure_baseline(&h, &ctx, 1000) == 0);
	CHECK_NEAR("the burst's round measured again: 4 ns/op", ctx.base_ns, 4,
	    1e-9);
	CHECK("two rounds of five", burst_calls == 10);
	burst_samples = 1000;
	burst_calls = 0;
	CHECK("a baseline slow throughout",
	    harness_measure_baseline(&h, &ctx, 1000) == 0);
	CHECK("three rounds, then kept", burst_calls == 15);
	CHECK_NEAR("kept: 12 ns/op", ctx.base_ns, 12, 1e-9);
	CHECK("the real run is restored", ctx.test == &t);
}

/*
 * A test with a baseline needs no warm-up sample: the baseline's check,
 * a sample of the whole operation, warmed it up. A slow op's full run:
 * calibration, the check, a sample.
 */
static void
test_baseline_warms_up(void)
{
	struct bench_test t = fake_test;
	struct handed got;

	t.baseline = fake_baseline;
	CHECK("slow op with a baseline: calibration, the check, a sample",
	    run_test_for_50ms(&t, 80e6, 0, &got) == 3 && got.samples == 1);
}

/*
 * A slow spell over calibration and the baseline's measurement, its check
 * included, then gone: the op costs 20 ns and its baseline 15 until the
 * check (the first run() after five baseline samples), then 10 and 4.
 */
static int spell_base_calls, spell_over;

static int
spell_run(struct bench_ctx *ctx, uint64_t n)
{
	(void)ctx;
	fake.now += n * (spell_over ? 10 : 20);
	spell_over = spell_base_calls >= 5;
	fake.runs++;
	return BENCH_OK;
}

static int
spell_baseline(struct bench_ctx *ctx, uint64_t n)
{
	(void)ctx;
	fake.now += n * (spell_over ? 4 : 15);
	spell_base_calls++;
	return BENCH_OK;
}

/*
 * The samples after the spell are cheaper than the baseline taken in it:
 * the runner drops the first such sample and measures the baseline
 * again, so no sample reads 0 and they read 10 - 4 ns.
 */
static void
test_baseline_after_a_spell(void)
{
	struct bench_test t = fake_test;
	struct handed got;

	t.run = spell_run;
	t.baseline = spell_baseline;
	spell_base_calls = spell_over = 0;
	run_test_for_50ms(&t, 10, 0, &got);
	CHECK("after a spell: samples", got.samples > 0);
	CHECK("after a spell: the baseline measured again",
	    spell_base_calls == 10);
	CHECK_NEAR("after a spell: no sample eaten by the baseline", got.min_ns,
	    6, 0.5);
}

/* A failing run stops calibration with its status and reason. */
static void
test_failure_propagates(void)
{
	struct bench_test t = fake_test;
	struct harness h;
	struct bench_ctx ctx;
	uint64_t n;

	setup(&h, &ctx, 20, 10, 25000000);
	t.run = failing_run;
	ctx.test = &t;
	CHECK("failure returned",
	    harness_calibrate(&h, &ctx, &n) == BENCH_FAILED);
	CHECK("reason names the call",
	    strncmp(ctx.reason, "fake_call: ", 11) == 0);
}

/* Units: conversions from ns/op to the origin's unit. */
static void
test_units(void)
{
	CHECK_NEAR("us", units_value(BENCH_UNIT_US, 1, 380, 0), 0.38, 1e-12);
	CHECK_NEAR("lps", units_value(BENCH_UNIT_LPS, 1, 2000, 0), 5e5, 1e-6);
	CHECK_NEAR("lpm", units_value(BENCH_UNIT_LPM, 1, 6e7, 0), 1000, 1e-9);
	CHECK_NEAR("KBps with 1 KiB per op",
	    units_value(BENCH_UNIT_KBPS, 1, 1000, 0), 1e6, 1e-6);
	CHECK_NEAR("MB/s is 10^6 bytes, as lmbench 2.0's lib_timing.c",
	    units_value(BENCH_UNIT_MBPS, 1e6, 1e9, 0), 1, 1e-12);
	CHECK_NEAR("cycles", units_value(BENCH_UNIT_CYCLES, 1, 5, 37), 37,
	    1e-12);
	CHECK("zero cost has no rate",
	    isnan(units_value(BENCH_UNIT_CALLS_S, 1, 0, 0)));
	CHECK("rates: higher is better",
	    units_higher_is_better(BENCH_UNIT_LPS));
	CHECK("us: lower is better", !units_higher_is_better(BENCH_UNIT_US));
}

/* The real clocks on this machine: sane rates, small overheads. Sanity
 * bounds only, never speeds. */
static void
test_real_clocks(void)
{
	struct cycles_info info;
	struct cycles_counter counter;
	struct harness h;
	struct harness_clock clock;

	cycles_measure(&info);
	/* No clock range is assumed: the judge's own bounds (test-clock)
	 * hold it, or it is unknown. Either way the scale follows it. */
	CHECK("the core clock held, or unknown and 0",
	    (info.clock.verdict == CLOCK_HELD) == (info.core_hz > 0));
	CHECK("cycles per tick: the clock's over the counter's",
	    info.source == CYCLES_PMU
	        ? info.cycles_per_tick == 1.0
	        : fabs(info.cycles_per_tick -
	              info.core_hz /
	                  (info.source == CYCLES_TSC_SCALED ? info.tsc_hz
	                                                    : 1e9)) < 1e-9);
	CHECK("a named source",
	    strcmp(cycles_source_name(info.source), "pmu") == 0 ||
	        strstr(cycles_source_name(info.source), "-scaled") != NULL);
#if defined(__x86_64__) || defined(__i386__)
	CHECK("x86 has a TSC rate", info.tsc_hz > 0);
#endif
	cycles_counter_open(&counter, &info);
	runner_real_clock(&clock, &counter);
	harness_init(&h, &clock, 10000000);
	harness_measure_overheads(&h);
	CHECK("timer overhead below 100 us", h.timer_ns < 100000);
	CHECK("empty loop below 100 ns per iteration", h.loop_ns_per_op < 100);
	CHECK("the empty loop costs something",
	    h.loop_ns_per_op > 0 && h.loop_ticks_per_op > 0);
	cycles_counter_close(&counter);
}

/* judge NOISE, CPU NS, RUN DELAY NS, WALL MS, TICKS, PMU, CPU-BOUND */
static unsigned
judge(struct harness_noise *z, uint64_t cpu_ns, uint64_t delay_ns, double ms,
    uint64_t ticks, int pmu, int cpu_bound)
{
	struct harness_usage d = { cpu_ns, delay_ns, 0, 0 };

	return harness_judge_noise(z, &d, (uint64_t)(ms * 1e6), ticks, pmu,
	    cpu_bound);
}

/* The same with steal (ns) and no run delay. */
static unsigned
judge_steal(uint64_t steal_ns, double ms, int cpu_bound)
{
	struct harness_noise z = { 0 };
	struct harness_usage d = { 0, 0, steal_ns, 0 };

	return harness_judge_noise(&z, &d, (uint64_t)(ms * 1e6), 0, 0,
	    cpu_bound);
}

static const struct bench_test t_syscall = { .id = "x.a",
	.group = BENCH_GROUP_SYSCALL };
static const struct bench_test t_partner = { .id = "x.b",
	.group = BENCH_GROUP_SYSCALL,
	.flags = BENCH_F_PARTNER };
static const struct bench_test t_fork = { .id = "x.c",
	.group = BENCH_GROUP_PROCESS };

static void
test_noise_rules(void)
{
	struct harness_noise z = { 0 };

	CHECK("syscall rows are CPU-bound", bench_cpu_bound(&t_syscall));
	CHECK("a partner's row is not", !bench_cpu_bound(&t_partner));
	CHECK("a fork row is not", !bench_cpu_bound(&t_fork));

	CHECK("all the CPU, never off it: clean",
	    judge(&z, 24900000, 0, 25, 0, 0, 1) == 0);
	CHECK("off the CPU 4% of the sample (1 ms of 25): clean",
	    judge(&z, 24000000, 1000000, 25, 0, 0, 1) == 0);
	CHECK("off the CPU 6% (1.5 ms of 25): noisy, off-CPU",
	    judge(&z, 23500000, 1500000, 25, 0, 0, 1) ==
	        (SAMPLE_F_NOISY | SAMPLE_F_OFF_CPU));
	CHECK("load from the start is still load (50% off)",
	    judge(&z, 12500000, 12500000, 25, 0, 0, 1) ==
	        (SAMPLE_F_NOISY | SAMPLE_F_OFF_CPU));
	CHECK("too short to judge", judge(&z, 0, 400000, 0.5, 0, 0, 1) == 0);
	CHECK("a waiting test: its run delay is its partner's doing",
	    judge(&z, 12500000, 12500000, 25, 0, 0, 0) == 0);
	CHECK("steal counts for a CPU-bound test",
	    judge_steal(10000000, 25, 1) ==
	        (SAMPLE_F_NOISY | SAMPLE_F_OFF_CPU));
	CHECK("and for a waiting one",
	    judge_steal(10000000, 25, 0) ==
	        (SAMPLE_F_NOISY | SAMPLE_F_OFF_CPU));
	CHECK("a little steal is no noise", judge_steal(1000000, 25, 1) == 0);
	{
		struct harness_usage d = { 0, 2000000, 500000, 0 };

		CHECK_NEAR("off share: run delay and steal over the wall",
		    harness_off_share(&d, 25000000, 1), 0.1, 1e-12);
		CHECK_NEAR("off share of a waiting test: steal alone",
		    harness_off_share(&d, 25000000, 0), 0.02, 1e-12);
		CHECK("off share never above 1",
		    harness_off_share(&d, 2000000, 1) == 1);
		CHECK("off share of a sample too short: none",
		    harness_off_share(&d, 500000, 1) == -1);
	}

	/* PMU cycles per CPU ns: the core clock, for every test. */
	harness_noise_reset(&z);
	CHECK("pmu: 3 GHz first",
	    judge(&z, 10000000, 0, 10, 30000000, 1, 0) == 0);
	CHECK("pmu: 3.06 GHz is the same clock",
	    judge(&z, 10000000, 0, 10, 30600000, 1, 0) == 0);
	CHECK("pmu: 2.4 GHz is a clock change",
	    judge(&z, 10000000, 0, 10, 24000000, 1, 0) ==
	        (SAMPLE_F_NOISY | SAMPLE_F_CLOCK));
	CHECK("tsc ticks say nothing of the clock",
	    judge(&z, 10000000, 0, 10, 24000000, 0, 0) == 0);
}

int
main(void)
{
	test_noise_rules();
	test_real_clocks();
	test_calibration_converges();
	test_slow_operation();
	test_calibration_unsettled();
	test_min_n();
	test_first_look();
	test_warm_up_rescales();
	test_first_look_cap();
	test_overheads();
	test_overheads_keep_least();
	test_overheads_never_negative();
	test_rescale();
	test_failure_propagates();
	test_baseline();
	test_baseline_remeasured();
	test_baseline_warms_up();
	test_baseline_after_a_spell();
	test_units();
	return check_summary("test-harness");
}
