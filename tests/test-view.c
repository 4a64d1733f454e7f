/*
 * test-view.c: the live table's verdict against a baseline (src/ui-view.c).
 *
 * Rows are built from hand-made sample histories, as the store gives
 * them: slices of samples, each slice's first one marked. A slice far
 * beyond the bar must be a verdict by itself even when the older slices
 * still fill most of the window (every test on: one slice per cycle); a
 * change a little beyond it must last two slices, unless most of its
 * samples were disturbed (its cause is seen); a quiet slice, a
 * change under 5%, one within the samples' own spread, or one that moves
 * no more than the baseline's own slices did, must not be one.
 */

#include "config.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

#include "bench-context.h"
#include "bench-registry.h"
#include "check.h"
#include "measure-harness.h"
#include "measure-judge-live.h"
#include "ui-priv.h"
#include "ui-rerun.h"
#include "ui-view-machine.h"
#include "ui-view.h"

#define SLICE 16 /* samples per slice: 25 ms samples in a 500 ms slice */
#define MAX   256

struct history {
	struct ring_entry e[MAX];
	size_t n;
};

/* A slice of `count` samples around `ns`, a fixed jitter of +-0.5%
 * times `scale`. */
static void
add_jittered(struct history *h, double ns, size_t count, int marked,
    double scale)
{
	static const double jitter[] = { 0, 0.004, -0.003, 0.002, -0.005, 0.001,
		-0.001, 0.003 };

	for (size_t i = 0; i < count && h->n < MAX; i++) {
		struct ring_entry *e = &h->e[h->n++];

		memset(e, 0, sizeof *e);
		e->t_ms = (uint32_t)(h->n * 25);
		e->flags = marked && i == 0 ? SAMPLE_F_SLICE_START : 0;
		e->ns_per_op = ns * (1 + scale * jitter[i % 8]);
		e->cycles_per_op = e->ns_per_op * 3;
	}
}

/* A slice of `count` samples around `ns`, +-0.5%. */
static void
add_slice(struct history *h, double ns, size_t count, int marked)
{
	add_jittered(h, ns, count, marked, 1);
}

/* A slice as add_slice's with every sample disturbed: something else
 * took the worker's CPU (preempted, starved). */
static void
add_disturbed(struct history *h, double ns, size_t count)
{
	size_t from = h->n;

	add_slice(h, ns, count, 1);
	for (size_t i = from; i < h->n; i++)
		h->e[i].flags |= SAMPLE_F_NOISY;
}

/* Whether the rows built have a known cause for a change (they sense a
 * change of the context): most steps below are planted changes, and one
 * slice far off is a verdict only with a cause; test_no_cause has none. */
static int planted_cause = 1;
/* Whether they sense the context change since the baseline. */
static int planted_sense = 0;

/* Row r of test `id` from history h, marks at marks_ms[0..nmarks). */
static void
build_marked(struct view_row *r, const char *id, const struct history *h,
    const struct judge_baseline *b, const uint32_t *marks_ms, size_t nmarks)
{
	struct store_view sv;

	memset(&sv, 0, sizeof sv);
	sv.test = registry_find(id);
	sv.enabled = 1;
	sv.n = h->n;
	sv.total = h->n;
	static struct view_change changes[VIEW_MAX_MARKS];

	memset(r, 0, sizeof *r);
	r->senses_change = planted_sense || planted_cause;
	/* Each mark a change of the context the row senses, as the screen
	 * keeps them. */
	for (size_t i = 0; i < nmarks && i < VIEW_MAX_MARKS; i++)
		changes[i] = (struct view_change){ marks_ms[i], ~0u };
	r->changes = changes;
	r->nchanges = nmarks < VIEW_MAX_MARKS ? nmarks : VIEW_MAX_MARKS;
	r->state_ms = nmarks > 0 ? marks_ms[nmarks - 1] : 0;
	view_row_build(r, &sv, h->e, marks_ms, nmarks, b);
}

static void
build(struct view_row *r, const struct history *h,
    const struct judge_baseline *b)
{
	/* us: lower is better */
	build_marked(r, "lmbench.null_call", h, b, NULL, 0);
}

/* Four quiet slices, then a baseline of them. */
static void
quiet_baseline(struct history *h, struct judge_baseline *b)
{
	struct view_row r;

	memset(h, 0, sizeof *h);
	for (int s = 0; s < 4; s++)
		add_slice(h, 100, SLICE, 1);
	build(&r, h, NULL);
	view_baseline_take(b, &r, 0);
}

static void
test_newest_slice(void)
{
	struct judge_baseline b;
	struct history h;
	struct view_row r;

	quiet_baseline(&h, &b);
	CHECK("baseline set", b.set && fabs(b.value - 0.1) < 0.001);
	CHECK("quiet slices: a narrow slice interval", b.slice_pi_pct < 1);
	CHECK_NEAR("quiet slices: the bar is the floor", judge_live_bar(&b),
	    JUDGE_BAR_MIN_PCT, 0.01);
	add_slice(&h, 100, SLICE, 1);
	build(&r, &h, &b);
	CHECK("a quiet slice: no verdict", r.has_delta && !r.significant);
	/* A hog takes half the CPU: every sample of the slice costs twice.
	 * With every test on, this slice is the row's only one in a cycle. */
	add_slice(&h, 200, SLICE, 1);
	build(&r, &h, &b);
	CHECK("the verdict looks at the newest slice", r.recent_n == SLICE);
	CHECK_NEAR("the change is the newest slice's", r.delta_pct, 100, 2);
	CHECK("one slice at twice the cost is WORSE by itself", r.significant);
	CHECK("slower is not better", !r.better);
	CHECK("the window's median lags behind",
	    r.value < r.recent_value * 0.9);
	add_slice(&h, 200, SLICE, 1);
	build(&r, &h, &b);
	CHECK("and stays WORSE while it lasts", r.significant && !r.better);
	/* The hog stops. */
	add_slice(&h, 100, SLICE, 1);
	build(&r, &h, &b);
	CHECK("the next quiet slice ends the verdict", !r.significant);
}

/* Quiet slices that agree give a narrow interval by luck; a drift of a
 * few percent that lasts is then no verdict, however certain. */
static void
test_floor(void)
{
	struct judge_baseline b;
	struct history h;
	struct view_row r;

	quiet_baseline(&h, &b);
	for (int s = 0; s < 4; s++) {
		add_slice(&h, 103.5, SLICE, 1);
		build(&r, &h, &b);
		CHECK("+3.5% for slice after slice: no verdict",
		    !r.significant);
	}
	CHECK_NEAR("it is a certain change", r.delta_pct, 3.5, 0.5);
	CHECK("its interval excludes 1%", r.delta_pct - r.delta_ci_pct > 1);
	/* Beyond the bar but not twice: it must last. */
	add_slice(&h, 108, SLICE, 1);
	build(&r, &h, &b);
	CHECK("+8% on one slice after +3.5%: no verdict", !r.significant);
	add_slice(&h, 108, SLICE, 1);
	build(&r, &h, &b);
	CHECK("+8% on two slices: WORSE", r.significant && !r.better);
	add_slice(&h, 93, SLICE, 1);
	build(&r, &h, &b);
	CHECK("-7% on one slice after them: no verdict", !r.significant);
}

/* A test whose samples jitter by +-40%: its bar is their spread. */
static void
test_sample_spread(void)
{
	struct judge_baseline b;
	struct history h;
	struct view_row r;

	memset(&h, 0, sizeof h);
	for (int s = 0; s < 4; s++)
		add_jittered(&h, 100, SLICE, 1, 80);
	build(&r, &h, NULL);
	view_baseline_take(&b, &r, 0);
	CHECK_NEAR("the samples' spread", b.spread_pct, 23.7, 1);
	CHECK_NEAR("is the bar", judge_live_bar(&b), b.spread_pct, 0.01);
	for (int s = 0; s < 3; s++) {
		add_jittered(&h, 142, SLICE, 1, 80);
		build(&r, &h, &b);
		CHECK("+42% within a +-40% jitter: no verdict", !r.significant);
	}
	CHECK("though its interval is beyond 5%",
	    r.delta_pct - r.delta_ci_pct > JUDGE_BAR_MIN_PCT);
	add_jittered(&h, 200, SLICE, 1, 80);
	build(&r, &h, &b);
	CHECK("twice the cost after them: WORSE at once", r.significant);
}

static void
test_short_slices(void)
{
	struct judge_baseline b;
	struct history h;
	struct view_row r;

	quiet_baseline(&h, &b);
	add_slice(&h, 200, 5, 1);
	add_slice(&h, 200, 5, 1);
	build(&r, &h, &b);
	CHECK("short slices: back to VIEW_RECENT_MIN samples",
	    r.recent_n == 10);
	CHECK("two short slices at twice the cost are WORSE",
	    r.significant && !r.better);
	add_slice(&h, 108, 5, 1);
	add_slice(&h, 108, 5, 1);
	build(&r, &h, &b);
	CHECK("short slices at +8%: after slow ones, WORSE", r.significant);
	add_slice(&h, 100, 5, 1);
	add_slice(&h, 100, 5, 1);
	build(&r, &h, &b);
	CHECK("quiet short slices: none", !r.significant);
	add_slice(&h, 108, 5, 1);
	add_slice(&h, 108, 5, 1);
	build(&r, &h, &b);
	CHECK("short slices at +8% after quiet ones: none yet", !r.significant);
}

static void
test_slice_spread(void)
{
	struct judge_baseline b;
	struct history h;
	struct view_row r;

	/* One slice of four lands 4% off by itself: the median stays. */
	memset(&h, 0, sizeof h);
	for (int s = 0; s < 4; s++)
		add_slice(&h, s == 2 ? 104 : 100, SLICE, 1);
	build(&r, &h, NULL);
	view_baseline_take(&b, &r, 0);
	/* sd of the medians 2%, t(3) 3.18, sqrt(1 + 1/4): 7.1% */
	CHECK_NEAR("the baseline's slice interval", b.slice_pi_pct, 7.1, 0.3);
	add_slice(&h, 103, SLICE, 1);
	build(&r, &h, &b);
	CHECK("a slice within it is no verdict", !r.significant);
	add_slice(&h, 111, SLICE, 1);
	build(&r, &h, &b);
	CHECK("one slice beyond it, within two, is none", !r.significant);
	add_slice(&h, 111, SLICE, 1);
	build(&r, &h, &b);
	CHECK("two slices beyond it are", r.significant && !r.better);
	add_slice(&h, 89, SLICE, 1);
	build(&r, &h, &b);
	CHECK("one the other way, after them, is none", !r.significant);
	add_slice(&h, 89, SLICE, 1);
	build(&r, &h, &b);
	CHECK("and faster is better", r.significant && r.better);
	add_slice(&h, 100, SLICE, 1);
	add_slice(&h, 100 + (JUDGE_FAR_BARS + 0.5) * judge_live_bar(&b), SLICE,
	    1);
	build(&r, &h, &b);
	CHECK("one slice far beyond the interval is", r.significant);
}

/* The interval comes from the row's history, not the 64-sample window:
 * an outlying slice that left the window still widens it. */
static void
test_history(void)
{
	struct judge_baseline b;
	struct history h;
	struct view_row r;

	memset(&h, 0, sizeof h);
	for (int s = 0; s < 10; s++)
		add_slice(&h, s == 1 || s == 4 ? 112 : 100, SLICE, 1);
	build(&r, &h, NULL);
	view_baseline_take(&b, &r, 0);
	CHECK("the window's slices agree", r.n == 64 && r.spread_pct < 1);
	CHECK("older slices widen the interval", b.slice_pi_pct > 10);
	add_slice(&h, 111, SLICE, 1);
	add_slice(&h, 111, SLICE, 1);
	build(&r, &h, &b);
	CHECK("slices as far off as older ones were: none", !r.significant);
}

/* Two slices know little of how slices vary: t with one degree of
 * freedom is 12.7. */
static void
test_two_slices(void)
{
	struct judge_baseline b;
	struct history h;
	struct view_row r;

	memset(&h, 0, sizeof h);
	add_slice(&h, 100, SLICE, 1);
	add_slice(&h, 102, SLICE, 1);
	build(&r, &h, NULL);
	view_baseline_take(&b, &r, 0);
	CHECK("two slices: a wide interval", b.slice_pi_pct > 15);
	add_slice(&h, 110, SLICE, 1);
	build(&r, &h, &b);
	CHECK("two slices: +9% is no verdict", !r.significant);
	add_slice(&h, 200, SLICE, 1);
	add_slice(&h, 200, SLICE, 1);
	build(&r, &h, &b);
	CHECK("two slices: twice the cost is WORSE", r.significant);
}

/*
 * Every test on, as measured on a shared 2-CPU guest: a syscall row's
 * undisturbed slices move by up to 30% from cycle to cycle with the
 * host's speed, another program took the worker's CPU for one slice
 * (twice the cost, every sample disturbed), then a hog on the worker's
 * CPU costs +50 to +100%: its one slice is busy (other load's figure,
 * said once in the header), not WORSE.
 */
static void
test_disturbed(void)
{
	static const double host[] = { 100, 100, 75, 100, 200, 100, 72, 100 };
	struct judge_baseline b;
	struct history h;
	struct view_row r;
	double bar;

	memset(&h, 0, sizeof h);
	for (size_t s = 0; s < sizeof host / sizeof host[0]; s++)
		if (host[s] > 150)
			add_disturbed(&h, host[s], SLICE);
		else
			add_slice(&h, host[s], SLICE, 1);
	build(&r, &h, NULL);
	view_baseline_take(&b, &r, 0);
	bar = judge_live_bar(&b);
	printf("  bar of seven undisturbed slices: %.1f%%\n", bar);
	CHECK("the host's own speed makes the bar", bar > 20);
	/* With the disturbed slice, 2x, it would be beyond 100%. */
	CHECK("the disturbed slice does not widen it", bar < 60);
	add_slice(&h, 100 * (1 + 1.5 * bar / 100), SLICE, 1);
	build(&r, &h, &b);
	CHECK("1.5 bars, undisturbed, one slice: no verdict", !r.significant);
	add_slice(&h, 100, SLICE, 1);
	add_disturbed(&h, 100 * (1 + 1.5 * bar / 100), SLICE);
	build(&r, &h, &b);
	CHECK("the hog's slice is disturbed", r.recent_noisy > 99);
	CHECK("1.5 bars, disturbed: busy on its one slice, not WORSE",
	    r.busy && !r.significant);
	add_slice(&h, 100, SLICE, 1);
	add_disturbed(&h, 100 * (1 + 0.5 * bar / 100), SLICE);
	build(&r, &h, &b);
	CHECK("disturbed within the bar: none", !r.significant && !r.busy);
	/* 1.5 bars faster, as the judge reads a change: in speed, so that
	 * 1.5 bars faster and slower are the same distance. */
	add_disturbed(&h, 100 / (1 + 1.5 * bar / 100), SLICE);
	build(&r, &h, &b);
	CHECK("disturbed and faster: no verdict by itself", !r.significant);
}

/*
 * Every test on, a baseline a few cycles in: each row has three slices
 * that agree, so its own bar is the 5% floor; but the machine's speed
 * moved every row's slices by some 20% over minutes, and the rows know
 * that together (view_machine_drift). A row's two slices 18% off, with
 * nothing disturbed, must then be no verdict; a disturbed slice twice
 * the cost still is one.
 */
static void
test_machine_drift(void)
{
	static const double host[][3] = { { 100, 80, 100 }, { 100, 120, 100 },
		{ 80, 100, 100 }, { 100, 100, 125 }, { 100, 100, 100 } };
	struct view_row rows[5], r;
	struct judge_baseline b;
	struct history h;

	for (size_t k = 0; k < 5; k++) {
		memset(&h, 0, sizeof h);
		for (size_t s = 0; s < 3; s++)
			add_slice(&h, host[k][s], SLICE, 1);
		build(&rows[k], &h, NULL);
	}
	CHECK("three slices: a slice spread", isfinite(rows[0].slice_sd_pct));
	CHECK("under three rows: no drift", view_machine_drift(rows, 2) == 0);
	CHECK("the rows' drift", view_machine_drift(rows, 5) > 20);
	view_baseline_take(&b, &rows[4], 0);
	CHECK_NEAR("the row's own bar: the floor", judge_live_bar(&b),
	    JUDGE_BAR_MIN_PCT, 0.01);
	view_baseline_take(&b, &rows[4], view_machine_drift(rows, 5));
	CHECK("the machine's drift makes the bar", judge_live_bar(&b) > 20);
	memset(&h, 0, sizeof h);
	for (size_t s = 0; s < 5; s++)
		add_slice(&h, s < 3 ? 100 : 118, SLICE, 1);
	build(&r, &h, &b);
	CHECK("+18% for two slices, undisturbed: no verdict", !r.significant);
	b.drift_pct = 0;
	build(&r, &h, &b);
	CHECK("which its own three slices would call WORSE", r.significant);
	view_baseline_take(&b, &rows[4], view_machine_drift(rows, 5));
	add_disturbed(&h, 200, SLICE);
	build(&r, &h, &b);
	CHECK("twice the cost, disturbed: busy", r.busy && !r.significant);
}

/*
 * A baseline of four slices that two host speed states set 25% apart
 * (their logs' sd 0.16): alone, t(3) makes a bar beyond 70%, and a hog's
 * disturbed +65% slice is no verdict; with the machine's drift known
 * from every row (18%), the slices weigh with it, the bar is below 55%,
 * and the hog's slice is beyond it (busy: other load's figure).
 */
static void
test_pooled_slices(void)
{
	static const double host[] = { 75, 105, 88, 104 };
	struct judge_baseline b;
	struct history h;
	struct view_row r;
	double alone;

	memset(&h, 0, sizeof h);
	for (size_t s = 0; s < 4; s++)
		add_slice(&h, host[s], SLICE, 1);
	build(&r, &h, NULL);
	view_baseline_take(&b, &r, 0);
	alone = judge_live_bar(&b);
	printf("  four slices alone: a bar of %.1f%%\n", alone);
	CHECK("four slices alone: a bar beyond 70%", alone > 70);
	add_disturbed(&h, b.value * 1000 * 1.65, SLICE);
	build(&r, &h, &b);
	CHECK("a hog's +65% under it: none", !r.significant && !r.busy);
	b.drift_pct = 18;
	printf("  with a drift of 18%%: %.1f%%\n", judge_live_bar(&b));
	CHECK("with the machine's drift: below 55%",
	    judge_live_bar(&b) < 55 && judge_live_bar(&b) > 18);
	CHECK("never below the row's own sd times 1.96",
	    judge_live_slices(&b) > 1.96 * b.slice_sd_pct);
	build(&r, &h, &b);
	CHECK("the hog's +65%: beyond it, busy", r.busy && !r.significant);
}

static void
test_unmarked(void)
{
	struct judge_baseline b;
	struct history h;
	struct view_row r;

	memset(&h, 0, sizeof h);
	add_slice(&h, 100, 40, 0);
	build(&r, &h, NULL);
	view_baseline_take(&b, &r, 0);
	CHECK("no slice marks: the whole window", r.recent_n == 40);
	CHECK("no slice marks: no slice interval", b.slice_pi_pct == 0);
	add_slice(&h, 150, 30, 0);
	build(&r, &h, &b);
	CHECK("no marks: the window's median decides", !r.significant);
	add_slice(&h, 150, 20, 0);
	build(&r, &h, &b);
	CHECK("once it moves, a verdict", r.significant);
	memset(&h, 0, sizeof h);
	build(&r, &h, &b);
	CHECK("no samples: no delta", !r.has_delta && r.recent_n == 0);
}

/*
 * The figure shows what the verdict says: after a step the table shows
 * the newest slice, not the window's median that still holds the
 * slices before it; and so while a change's mark lies inside the
 * window, before any verdict.
 */
static void
test_shown_figure(void)
{
	struct judge_baseline b;
	struct history h;
	struct view_row r;
	uint32_t mark;

	quiet_baseline(&h, &b);
	add_slice(&h, 100, SLICE, 1);
	build(&r, &h, &b);
	CHECK("quiet: the window's median shown",
	    !r.shown_recent && r.shown_ns == r.ns);
	add_slice(&h, 200, SLICE, 1);
	build(&r, &h, &b);
	CHECK("a step: WORSE", r.significant);
	CHECK("the window's median still near the old figure", r.ns < 150);
	CHECK_NEAR("the shown figure is the newest slice's", r.shown_ns, 200,
	    2);
	CHECK("and says so", r.shown_recent);
	CHECK_NEAR("so is the value in the unit", r.shown_value, 0.2, 0.002);
	/* No baseline, a change marked inside the window. */
	quiet_baseline(&h, &b);
	mark = h.e[h.n - 1].t_ms + 1;
	add_slice(&h, 150, SLICE, 1);
	build_marked(&r, "lmbench.null_call", &h, NULL, &mark, 1);
	CHECK("a mark inside the window: the samples since shown",
	    r.shown_recent && fabs(r.shown_ns - 150) < 2);
}

/* A step on a sentinel: news beyond its bar, not a slice within it. */
static void
test_sentinel_step(void)
{
	struct history h;
	struct view_row r;
	struct judge_baseline b;

	quiet_baseline(&h, &b);
	add_slice(&h, 104, SLICE, 1);
	build(&r, &h, NULL);
	CHECK("a slice 4% off: no step", view_row_step(&r, 10, 2) == 0);
	add_disturbed(&h, 190, SLICE);
	build(&r, &h, NULL);
	CHECK_NEAR("a hog's slice: a step, as speed", view_row_step(&r, 10, 2),
	    100 / 190.0, 0.02);
	CHECK("tracing's queue: system calls first, loops not touched",
	    bench_context_rank(registry_find("lmbench.null_call"),
	        CONTEXT_SENSE_ENTRY) == 1 &&
	        bench_context_rank(registry_find("lmbench.fork"),
	            CONTEXT_SENSE_ENTRY) > 1 &&
	        bench_context_rank(registry_find("byte.dhry2"),
	            CONTEXT_SENSE_ENTRY) == 0);
	CHECK("the system call sentinel queues its groups only",
	    bench_context_sentinel_rank(bench_context_sentinel(0),
	        registry_find("lmbench.sig_handle")) > 0 &&
	        bench_context_sentinel_rank(bench_context_sentinel(0),
	            registry_find("lmbench.bw_mem_read")) == 0);
	for (size_t k = 0; bench_context_sentinel(k) != NULL; k++) {
		const struct bench_sentinel *s = bench_context_sentinel(k);

		CHECK("a sentinel's step vouches not for itself",
		    bench_context_sentinel_rank(s, registry_find(s->id)) == 0);
	}
}

/* The slice_count slices of ns[], a change of the context before each
 * where at[] says so, seen (as the context watcher does) a refresh late:
 * its time is put at the next slice's second sample. */
static size_t
add_states(struct history *h, const double *ns, const int *at, size_t count,
    struct view_change *c, unsigned senses)
{
	size_t nc = 0;

	memset(h, 0, sizeof *h);
	for (size_t i = 0; i < count; i++) {
		if (at[i]) {
			c[nc].t_ms = (uint32_t)((h->n + 2) * 25);
			c[nc++].senses = senses;
		}
		add_slice(h, ns[i], SLICE, 1);
	}
	return nc;
}

/* Row `id` of history h with the changes c[0..nc). */
static void
build_states(struct view_row *r, const char *id, const struct history *h,
    const struct view_change *c, size_t nc)
{
	struct store_view sv;

	memset(&sv, 0, sizeof sv);
	sv.test = registry_find(id);
	sv.enabled = 1;
	sv.n = sv.total = h->n;
	memset(r, 0, sizeof *r);
	r->changes = c;
	r->nchanges = nc;
	r->state_ms = nc > 0 ? c[nc - 1].t_ms : 0;
	view_row_build(r, &sv, h->e, NULL, 0, NULL);
}

/*
 * A sentinel's step is of its state: untraced system calls at 220 ns,
 * traced at 800 (the first traced slice half traced), untraced again
 * (the first untraced slice begun before the change was seen),
 * then a hog's slice at 411 ns. Against the whole history's median and
 * spread that 1.9x was no step; against the untraced slices since, it is.
 */
static void
test_step_of_state(void)
{
	static const double ns[] = { 220, 224, 217, 221, 500, 800, 790, 805,
		812, 222, 218, 411 };
	static const int at[] = { 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0 };
	struct view_change c[4];
	struct history h;
	struct view_row r;
	size_t nc = add_states(&h, ns, at, 12, c, CONTEXT_SENSE_ENTRY);

	h.e[h.n - 1].flags |= SAMPLE_F_NOISY;
	build_states(&r, "lmbench.null_call", &h, c, nc);
	CHECK_NEAR("a hog after tracing off: a step, of the untraced slices",
	    view_row_step(&r, 10, 2), 220 / 411.0, 0.02);
	build_states(&r, "lmbench.stat", &h, c, nc);
	CHECK("a row not a sentinel: no step judged",
	    view_row_step(&r, 10, 2) == 0);
	nc = add_states(&h, ns, at, 11, c, CONTEXT_SENSE_ENTRY);
	add_slice(&h, 224, SLICE, 1);
	build_states(&r, "lmbench.null_call", &h, c, nc);
	CHECK("an untraced slice like those before: no step",
	    view_row_step(&r, 10, 2) == 0);
	memset(&h, 0, sizeof h);
	add_slice(&h, 220, VIEW_SLICE_MIN - 1, 1);
	build_states(&r, "lmbench.null_call", &h, c, 0);
	CHECK("no slice long enough yet: no step",
	    view_row_step(&r, 10, 2) == 0);
	nc = add_states(&h, ns, at, 10, c, CONTEXT_SENSE_ENTRY);
	build_states(&r, "lmbench.null_call", &h, c, nc);
	CHECK("the first slice after a change it senses: its line, no step",
	    view_row_step(&r, 10, 2) == 0);
	nc = add_states(&h, ns, at, 4, c, CONTEXT_SENSE_ENTRY);
	add_disturbed(&h, 411, SLICE);
	c[nc].t_ms = h.e[h.n - SLICE].t_ms;
	c[nc++].senses = CONTEXT_SENSE_ENTRY;
	build_states(&r, "lmbench.bw_mem_read", &h, c, nc);
	CHECK("a change it does not sense cuts nothing: a step",
	    view_row_step(&r, 10, 2) > 0);
	build_states(&r, "lmbench.null_call", &h, c, nc);
	CHECK("the same change sensed: no step", view_row_step(&r, 10, 2) == 0);
	CHECK("1.3x slower after 1.2x: told", view_step_same(1 / 1.3, 1 / 1.2));
	CHECK("1.9x slower after 1.2x: news",
	    !view_step_same(1 / 1.9, 1 / 1.2));
	CHECK("faster after slower: news", !view_step_same(1.3, 1 / 1.2));
	CHECK("nothing told before: news", !view_step_same(1 / 1.3, 0));
}

/*
 * A test with a slow mode (ctxbench.spinlock, a rate: slices at 92 ns
 * and, once in a while, 336 ns) that the baseline's history holds: two
 * slices in that mode again are what the row does by itself. Weighed as
 * rates the slices scatter by a bar of 2.2x, and the 3.6x slower mode
 * was WORSE; as logs, the bar is several times.
 */
static void
test_slow_mode(void)
{
	static const double before[] = { 92, 92.7, 336, 92 };
	struct judge_baseline b;
	struct history h;
	struct view_row r;

	planted_cause = 0;
	memset(&h, 0, sizeof h);
	for (size_t s = 0; s < 4; s++)
		add_slice(&h, before[s], SLICE, 1);
	build_marked(&r, "ctxbench.spinlock", &h, NULL, NULL, 0);
	view_baseline_take(&b, &r, 0);
	CHECK("the slow mode seen: a bar beyond 3.6x",
	    judge_live_bar(&b) > 260);
	add_slice(&h, 327, SLICE, 1);
	add_slice(&h, 336, SLICE, 1);
	build_marked(&r, "ctxbench.spinlock", &h, &b, NULL, 0);
	CHECK("two slices in it again: no verdict", !r.significant);
	planted_cause = 1;
}

/*
 * A kind that moved as a whole is one fact: three memory rows 1.4x
 * slower with loops and system calls unchanged are not WORSE one by
 * one; the fourth, 2.8x slower, is, beyond its kind.
 */
static void
test_kind_moves(void)
{
	static const char *const ids[] = { "byte.dhry2", "byte.arith_int",
		"byte.hanoi", "byte.arith_double", "lmbench.null_call",
		"lmbench.stat", "bsd.write", "lmbench.bw_mem_read",
		"lmbench.bw_mem_write", "lmbench.bw_bcopy_libc",
		"lmbench.bw_bcopy_hand", "lmbench.bw_mmap_reread" };
	static const double after[] = { 100, 100, 100, 100, 100, 100, 100, 140,
		140, 140, 280, 100 };
	enum { N = sizeof ids / sizeof ids[0] };
	struct view_row rows[N];
	struct judge_baseline base[N];
	struct view_machine m;
	size_t worse = 0;

	planted_cause = 0; /* a host fact: unasked */
	for (size_t k = 0; k < N; k++) {
		struct history h;
		quiet_baseline(&h, &base[k]);
		build_marked(&rows[k], ids[k], &h, NULL, NULL, 0);
		view_baseline_take(&base[k], &rows[k], 0);
		add_slice(&h, after[k], SLICE, 1);
		add_slice(&h, after[k], SLICE, 1);
		add_slice(&h, after[k], SLICE, 1);
		build_marked(&rows[k], ids[k], &h, &base[k], NULL, 0);
	}
	view_machine_judge_rows(rows, N, base, &m);
	planted_cause = 1;
	for (size_t k = 7; k < 10; k++)
		worse += rows[k].significant;
	CHECK("memory moved as a kind", m.kinds.moved[JUDGE_KIND_MEMORY] < 0);
	CHECK_NEAR("by its rows' median", m.kinds.shift[JUDGE_KIND_MEMORY],
	    1 / 1.4, 0.01);
	CHECK("the system calls did not",
	    m.kinds.moved[JUDGE_KIND_SYSCALL] == 0);
	CHECK("its rows are not WORSE one by one", worse == 0);
	CHECK("the row beyond its kind is",
	    rows[10].significant && !rows[10].better && rows[10].by_kind);
	CHECK_NEAR("judged beyond the kind: 2x", rows[10].change_ratio, 0.5,
	    0.02);
}

/* Rows ids[0..n) after a quiet baseline each: one slice at 100, then
 * one at after[k], its samples disturbed when disturbed[k]; judged
 * together into m. */
static void
plant_after(struct view_row *rows, struct judge_baseline *base,
    const char *const *ids, const double *after, const int *disturbed, size_t n,
    struct view_machine *m)
{
	for (size_t k = 0; k < n; k++) {
		struct history h;

		quiet_baseline(&h, &base[k]);
		build_marked(&rows[k], ids[k], &h, NULL, NULL, 0);
		view_baseline_take(&base[k], &rows[k], 0);
		add_slice(&h, 100, SLICE, 1);
		if (disturbed[k])
			add_disturbed(&h, after[k], SLICE);
		else
			add_slice(&h, after[k], SLICE, 1);
		build_marked(&rows[k], ids[k], &h, &base[k], NULL, 0);
	}
	view_machine_judge_rows(rows, n, base, m);
}

/*
 * Other load takes the CPUs for a minute (a neighbour on the host): the
 * two-party rows the rotation reaches meanwhile read 2.5-4x slower, their
 * samples mostly disturbed. One fact, said once: each row busy, none
 * WORSE, left out of the machine's shift and the kinds (as --check
 * leaves them). A CPU-bound row 6x slower under it is still WORSE (4x
 * beyond its bar of 5%: JUDGE_BUSY_FLOOR); a row that waits by design is
 * busy at any multiple.
 */
static void
test_busy_rows(void)
{
	static const char *const ids[] = { "byte.dhry2", "byte.arith_int",
		"byte.hanoi", "lmbench.null_call", "lmbench.lat_pipe",
		"lmbench.lat_unix", "lmbench.bw_unix", "lmbench.ctx_2p_16k",
		"byte.arith_double", "lmbench.lat_tcp" };
	static const double after[] = { 100, 100, 100, 100, 250, 300, 400, 280,
		600, 600 };
	static const int disturbed[] = { 0, 0, 0, 0, 1, 1, 1, 1, 1, 1 };
	enum { N = sizeof ids / sizeof ids[0] };
	struct view_row rows[N];
	struct judge_baseline base[N];
	struct view_machine m;
	size_t busy = 0, worse = 0;

	plant_after(rows, base, ids, after, disturbed, N, &m);
	for (size_t k = 4; k < 8; k++) {
		busy += rows[k].busy;
		worse += rows[k].significant;
	}
	CHECK("the two-party rows under load: busy", busy == 4);
	CHECK("none of them WORSE", worse == 0);
	CHECK_NEAR("the machine did not move", m.shift, 1, 0.01);
	CHECK("nor did a kind", m.kinds.moved[JUDGE_KIND_IPC] == 0);
	CHECK("a CPU-bound row 6x slower under load: WORSE",
	    rows[8].significant && !rows[8].better && !rows[8].busy);
	CHECK("a row that waits, 6x: busy", rows[9].busy);
	CHECK("said once: five busy rows", m.busy == 5);
	CHECK_NEAR("the slowest", m.busy_lo, 1 / 6.0, 0.01);
	CHECK_NEAR("the least slow", m.busy_hi, 1 / 2.5, 0.01);
}

/*
 * A hog on every CPU: the loops it halves are flagged disturbed, the rows
 * that wait (or that it slows without taking their CPU) are not, and
 * make the machine's shift, 1.9x. The loops are other load's figures,
 * judged on their own: busy at 2x, not "1.05x faster" beyond a shift
 * they are no part of.
 */
static void
test_busy_not_shifted(void)
{
	static const char *const ids[] = { "byte.dhry2", "byte.arith_int",
		"byte.hanoi", "lmbench.null_call", "lmbench.stat", "bsd.write",
		"lmbench.lat_pipe" };
	static const double after[] = { 200, 200, 200, 190, 190, 190, 190 };
	static const int disturbed[] = { 1, 1, 1, 0, 0, 0, 0 };
	enum { N = sizeof ids / sizeof ids[0] };
	struct view_row rows[N];
	struct judge_baseline base[N];
	struct view_machine m;

	plant_after(rows, base, ids, after, disturbed, N, &m);
	printf("  shift %.2f, dhry2 %.2f busy %d\n", m.shift,
	    rows[0].change_ratio, rows[0].busy);
	CHECK_NEAR("the shift: the rows not disturbed", m.shift, 1 / 1.9, 0.01);
	CHECK("a halved loop: busy", rows[0].busy && rows[1].busy);
	CHECK_NEAR("at its own 2x", rows[0].change_ratio, 0.5, 0.01);
}

/*
 * A kind moves as a whole only beyond the machine's drift: memory 1.15x
 * slower where every row's slices move 20% by themselves is no line; the
 * same with no drift known is, and 1.4x is beyond a drift of 20% too.
 */
static void
test_kind_drift(void)
{
	static const char *const ids[] = { "byte.dhry2", "byte.arith_int",
		"byte.hanoi", "lmbench.bw_mem_read", "lmbench.bw_mem_write",
		"lmbench.bw_bcopy_libc" };
	enum { N = sizeof ids / sizeof ids[0] };
	static const double drift[] = { 20, 0, 20 },
	                    slower[] = { 115, 115, 140 };
	static const int moved[] = { 0, 1, 1 };

	for (size_t c = 0; c < 3; c++) {
		struct view_row rows[N];
		struct judge_baseline base[N];
		struct view_machine m;

		for (size_t k = 0; k < N; k++) {
			struct history h;
			double after = k < 3 ? 100 : slower[c];

			quiet_baseline(&h, &base[k]);
			build_marked(&rows[k], ids[k], &h, NULL, NULL, 0);
			view_baseline_take(&base[k], &rows[k], drift[c]);
			add_slice(&h, after, SLICE, 1);
			add_slice(&h, after, SLICE, 1);
			build_marked(&rows[k], ids[k], &h, &base[k], NULL, 0);
		}
		view_machine_judge_rows(rows, N, base, &m);
		printf("  memory %.2fx slower, drift %.0f%%: moved %d\n",
		    slower[c] / 100, drift[c],
		    m.kinds.moved[JUDGE_KIND_MEMORY]);
		CHECK("a kind moved only beyond the drift",
		    (m.kinds.moved[JUDGE_KIND_MEMORY] != 0) == moved[c]);
	}
}

/* Four slices a few percent apart (100, 96, 104, 100), and a baseline
 * of them with the machine's drift at drift_pct. */
static void
host_baseline(struct history *h, struct view_row *r, struct judge_baseline *b,
    double drift_pct)
{
	static const double host[] = { 100, 96, 104, 100 };

	memset(h, 0, sizeof *h);
	for (size_t s = 0; s < 4; s++)
		add_slice(h, host[s], SLICE, 1);
	build(r, h, NULL);
	view_baseline_take(b, r, drift_pct);
}

/*
 * Every test on, 80 rows judged together: a bar at 5% for each lets
 * through, by itself, two slices in a row somewhere on the screen
 * several times in 10 minutes; shared among them, it is 1.75 times
 * wider. Two undisturbed slices 1.4x slower, with the machine's drift
 * at 20%: WORSE for one row (focus), not among 80; tracing's 2.6x
 * still is (a hog's doubled cost is beyond it too: busy).
 */
static void
test_rows_judged(void)
{
	struct judge_baseline b;
	struct history h;
	struct view_row r;
	double one;

	CHECK("one row: its own 95%", judge_live_rows_scale(1) == 1);
	CHECK_NEAR("80 rows: 3.42 / 1.96", judge_live_rows_scale(80), 1.745,
	    0.01);
	host_baseline(&h, &r, &b, 20);
	planted_cause = 0;
	add_slice(&h, 140, SLICE, 1);
	add_slice(&h, 140, SLICE, 1);
	build(&r, &h, &b);
	CHECK("1.4x for two slices, unasked: not yet", !r.significant);
	add_slice(&h, 140, SLICE, 1);
	build(&r, &h, &b);
	CHECK("for three, one row: WORSE", r.significant);
	one = judge_live_bar(&b);
	b.rows = 80;
	printf("  bar for 1 row %.1f%%, for 80 %.1f%%\n", one,
	    judge_live_bar(&b));
	build(&r, &h, &b);
	CHECK("among 80 rows: no verdict", !r.significant);
	add_disturbed(&h, 200, SLICE);
	build(&r, &h, &b);
	CHECK("a hog's 2x among 80: busy", r.busy && !r.significant);
	planted_cause = 1;
	add_slice(&h, 100, SLICE, 1);
	add_slice(&h, 260, SLICE, 1);
	build(&r, &h, &b);
	CHECK("tracing's 2.6x, its cause known: WORSE", r.significant);
}

/*
 * A re-run after a change runs half a slice: 6 samples of a slower
 * test. Its figure is those 6 alone, not made up to VIEW_RECENT_MIN with
 * the slice from before the change, whose median would pull it halfway
 * back; with no change marked the short slice is made up as before.
 */
static void
test_short_after_change(void)
{
	struct judge_baseline b;
	struct history h;
	struct view_row r;
	uint32_t mark;

	quiet_baseline(&h, &b);
	mark = (uint32_t)(h.n + 1) * 25;
	add_slice(&h, 200, 6, 1);
	planted_sense = 1;
	build_marked(&r, "lmbench.null_call", &h, &b, &mark, 1);
	printf("  6 samples after a change: %zu taken, %.0f ns\n", r.recent_n,
	    r.recent_ns);
	CHECK("the re-run's slice alone", r.recent_n == 6);
	CHECK_NEAR("its figure is the new one", r.recent_ns, 200, 2);
	CHECK("2x on it, the change sensed: WORSE", r.significant);
	planted_sense = 0;
	build(&r, &h, &b);
	CHECK("no change: made up to 8 samples", r.recent_n == 22);
}

/*
 * A change the row senses, between one and two of its bars (21% each,
 * 42% among 80 rows): no verdict on its first slice, but unsure, so the
 * screen runs it again at once; the second such slice is WORSE, both
 * beyond the row's own bar (the question was asked of this row), where
 * among 80 unasked rows it would not be.
 */
static void
test_sensed_lasts(void)
{
	struct judge_baseline b;
	struct history h;
	struct view_row r;

	host_baseline(&h, &r, &b, 20);
	b.rows = 80;
	planted_cause = 0;
	planted_sense = 1;
	add_slice(&h, 132, SLICE, 1);
	build(&r, &h, &b);
	printf("  1.32x sensed: bar %.1f%% (80 rows), unsure %d\n", r.bar_pct,
	    r.unsure);
	CHECK("one slice 1.32x: no verdict yet", !r.significant);
	CHECK("but unsure: one more slice decides", r.unsure);
	add_slice(&h, 132, SLICE, 1);
	build(&r, &h, &b);
	CHECK("its second slice: WORSE", r.significant && !r.better);
	CHECK("decided: not unsure", !r.unsure);
	planted_sense = 0;
	build(&r, &h, &b);
	CHECK("the same two unasked: no verdict", !r.significant && !r.unsure);
	add_slice(&h, 104, SLICE, 1);
	planted_sense = 1;
	build(&r, &h, &b);
	CHECK("back within the bar: not unsure", !r.unsure);
	planted_sense = 0;
	planted_cause = 1;
}

/*
 * The screen's second look: of the rows the change touched, the one whose
 * first slice since is unsure runs again, and again if still unsure
 * after it, twice at most; not one decided, nor one with no slice yet or
 * two of the rotation's.
 */
static void
test_second_look(void)
{
	static const char *const ids[] = { "bsd.socket", "lmbench.null_call",
		"lmbench.stat", "lmbench.open_close" };
	enum { N = 4 };
	struct view_row rows[N];
	struct ui ui;
	struct ui_rerun rr;
	unsigned char rank[N], again[N];
	uint64_t at[N] = { 5, 5, 5, 5 };
	unsigned senses = 0;

	memset(&ui, 0, sizeof ui);
	memset(&rr, 0, sizeof rr);
	memset(rows, 0, sizeof rows);
	memset(again, 0, sizeof again);
	for (size_t i = 0; i < N; i++) {
		rows[i].test = registry_find(ids[i]);
		rows[i].enabled = rows[i].has_delta = 1;
		rows[i].meta.slices = 6;
		senses |= bench_context_senses(rows[i].test);
	}
	rows[0].unsure = 1;
	rows[2].unsure = 1;
	rows[2].meta.slices = 7; /* two slices since: the rotation's */
	rows[3].unsure = 1;
	rows[3].meta.slices = 5; /* none yet */
	ui.rows = rows;
	ui.nrows = N;
	rr.rank = rank;
	rr.again = again;
	CHECK("the unsure row after its first slice runs again",
	    ui_rerun_second_looks(&ui, &rr, at, senses) == 1 && rank[0] &&
	        !rank[1] && !rank[2] && !rank[3]);
	CHECK("not again before its look has run",
	    ui_rerun_second_looks(&ui, &rr, at, senses) == 0);
	rows[0].meta.slices = 7;
	CHECK("still unsure after its look: one more",
	    ui_rerun_second_looks(&ui, &rr, at, senses) == 1 && rank[0]);
	rows[0].meta.slices = 8;
	CHECK("twice at most",
	    ui_rerun_second_looks(&ui, &rr, at, senses) == 0);
}

/*
 * A sentinel's mark (or the m key's) is no new state of every row: the
 * baseline's slices are its whole history still, and two slices that
 * happen to agree after such a mark make no narrow bar.
 */
static void
test_sentinel_mark(void)
{
	static const double host[] = { 100, 112, 90, 108, 94, 100, 100.5 };
	struct judge_baseline b;
	struct history h;
	struct view_row r;
	struct store_view sv;
	uint32_t mark = 0;

	memset(&h, 0, sizeof h);
	for (size_t s = 0; s < 7; s++) {
		if (s == 5)
			mark = (uint32_t)(h.n + 1) * 25;
		add_slice(&h, host[s], SLICE, 1);
	}
	memset(&sv, 0, sizeof sv);
	sv.test = registry_find("lmbench.null_call");
	sv.enabled = 1;
	sv.n = sv.total = h.n;
	memset(&r, 0, sizeof r);
	r.state_ms = 0; /* no change of the context, a sentinel's mark */
	view_row_build(&r, &sv, h.e, &mark, 1, NULL);
	view_baseline_take(&b, &r, 0);
	printf("  bar with a sentinel's mark: %.1f%%\n", judge_live_bar(&b));
	CHECK("its slices are the whole history", b.slices == 7);
	CHECK("and its bar as wide as they vary", judge_live_bar(&b) > 20);
}

/*
 * Among 80 rows, a change of the context the row senses is one question
 * asked of it: its first slice 1.7x slower is WORSE against the row's
 * own bar (two of them: 21% each); the same slice unasked (a sentinel of
 * its kind that stepped asks nothing of it) is no verdict.
 */
static void
test_sensed_change(void)
{
	struct judge_baseline b;
	struct history h;
	struct view_row r;

	host_baseline(&h, &r, &b, 20);
	b.rows = 80;
	add_slice(&h, 170, SLICE, 1);
	planted_sense = 1;
	build(&r, &h, &b);
	CHECK("sensed, 1.7x on one slice: WORSE", r.significant && !r.better);
	planted_sense = planted_cause = 0;
	build(&r, &h, &b);
	CHECK("unasked: not on one slice", !r.significant);
	planted_cause = 1;
}

/*
 * Tracing on, off, and on again: the baseline taken at the third change
 * knows how slices vary since the last one (off), not the traced slices
 * of the first round still in the row's history, and the second round's
 * first traced slice is WORSE as the first round's was.
 */
static void
test_state_since_mark(void)
{
	struct judge_baseline b;
	struct history h;
	struct view_row r;
	uint32_t marks[3];

	memset(&h, 0, sizeof h);
	for (size_t s = 0; s < 4; s++)
		add_slice(&h, 100, SLICE, 1);
	marks[0] = (uint32_t)(h.n + 1) * 25;
	add_slice(&h, 260, SLICE, 1);
	add_slice(&h, 262, SLICE, 1);
	marks[1] = (uint32_t)(h.n + 1) * 25;
	for (size_t s = 0; s < 3; s++)
		add_slice(&h, s == 1 ? 103 : 100, SLICE, 1);
	build_marked(&r, "lmbench.null_call", &h, NULL, marks, 2);
	view_baseline_take_state(&b, &r, 0);
	b.rows = 80;
	printf("  bar after tracing on and off: %.1f%%\n", judge_live_bar(&b));
	CHECK("the bar knows the state since off", judge_live_bar(&b) < 50);
	marks[2] = (uint32_t)(h.n + 1) * 25;
	add_slice(&h, 260, SLICE, 1);
	build_marked(&r, "lmbench.null_call", &h, &b, marks, 3);
	CHECK("tracing on again: WORSE on its first slice",
	    r.significant && !r.better);
}

/* A hog stopped just before a change has left its disturbed slices in
 * the window (most of it): the change's baseline is the row's
 * undisturbed figure, and a 1.6x step after it is WORSE, not "better"
 * than the hog's figures. */
static void
test_baseline_calm(void)
{
	struct judge_baseline b;
	struct history h;
	struct view_row r;

	memset(&h, 0, sizeof h);
	add_slice(&h, 100, SLICE, 1);
	add_slice(&h, 100, SLICE, 1);
	for (int s = 0; s < 3; s++)
		add_disturbed(&h, 200, SLICE);
	build(&r, &h, NULL);
	view_baseline_take(&b, &r, 0);
	CHECK("baseline after a hog: the undisturbed figure",
	    fabs(b.value - 0.1) < 0.005);
	add_slice(&h, 160, SLICE, 1);
	add_slice(&h, 160, SLICE, 1);
	build(&r, &h, &b);
	CHECK("a 1.6x step after it: WORSE", r.significant && !r.better);
}

/* No cause known: a slice far off by itself is how a test with a rare
 * slow mode looks on an unchanged machine; the next slice decides. A
 * slice mostly disturbed is other load's figure: busy, and no evidence
 * for the slice after it. */
static void
test_no_cause(void)
{
	struct judge_baseline b;
	struct history h;
	struct view_row r;

	planted_cause = 0;
	quiet_baseline(&h, &b);
	add_slice(&h, 100, SLICE, 1);
	add_slice(&h, 1000, SLICE, 1);
	build(&r, &h, &b);
	CHECK("no cause: one slice 10x off is no verdict", !r.significant);
	add_slice(&h, 100, SLICE, 1);
	build(&r, &h, &b);
	CHECK("and the next slice back: none", !r.significant);
	add_slice(&h, 200, SLICE, 1);
	add_slice(&h, 200, SLICE, 1);
	build(&r, &h, &b);
	CHECK("two slices at twice the cost, unasked: not yet", !r.significant);
	planted_cause = 1;
	build(&r, &h, &b);
	CHECK("with a sentinel of its kind stepped: WORSE", r.significant);
	planted_cause = 0;
	add_slice(&h, 200, SLICE, 1);
	build(&r, &h, &b);
	CHECK("three slices at twice the cost: WORSE", r.significant);
	quiet_baseline(&h, &b);
	add_slice(&h, 100, SLICE, 1);
	add_disturbed(&h, 200, SLICE);
	build(&r, &h, &b);
	CHECK("one slice mostly disturbed: busy at once, not WORSE",
	    r.busy && !r.significant);
	add_slice(&h, 200, SLICE, 1);
	build(&r, &h, &b);
	CHECK("a clean slice after it: judged alone, the next decides",
	    !r.significant && !r.busy);
	add_slice(&h, 200, SLICE, 1);
	build(&r, &h, &b);
	CHECK("two clean slices after it: not yet", !r.significant);
	add_slice(&h, 200, SLICE, 1);
	build(&r, &h, &b);
	CHECK("three clean slices at twice the cost: WORSE",
	    r.significant && !r.better);
	planted_cause = 1;
}

/* Tracing on a second time: the window holds the first time's traced
 * slices and the untraced one after tracing went off (a mark between).
 * The baseline a change takes is the state now, the newest slice's, and
 * the traced slice after it reads 2x against it. (b takes the window.) */
static void
test_baseline_straddles(void)
{
	struct judge_baseline b;
	struct history h;
	struct view_row r;
	uint32_t mark;

	memset(&h, 0, sizeof h);
	add_slice(&h, 100, SLICE, 1);
	for (int s = 0; s < 2; s++)
		add_slice(&h, 200, SLICE, 1);
	mark = h.e[h.n - 1].t_ms + 1;
	add_slice(&h, 100, SLICE, 1);
	build_marked(&r, "lmbench.null_call", &h, NULL, &mark, 1);
	view_baseline_take_state(&b, &r, 0);
	CHECK_NEAR("the baseline: the slice since the change", b.value, 0.1,
	    0.002);
	add_slice(&h, 200, SLICE, 1);
	build_marked(&r, "lmbench.null_call", &h, &b, &mark, 1);
	CHECK_NEAR("traced again: 2x against it", r.change_ratio, 0.5, 0.02);
	view_baseline_take(&b, &r, 0);
	CHECK("b's baseline stays the window's", b.value > 0.15);
}

/* Tracing switched on and off: the window holds two traced slices and
 * two untraced ones since. The samples' spread, a part of the bar the
 * next change is judged against, is the present state's: the two modes
 * together have a MAD of a quarter of their median. */
static void
test_spread_of_state(void)
{
	struct history h;
	struct view_row r;
	uint32_t mark;

	memset(&h, 0, sizeof h);
	add_slice(&h, 100, SLICE, 1);
	add_slice(&h, 147, SLICE, 1);
	add_slice(&h, 147, SLICE, 1);
	mark = h.e[h.n - 1].t_ms + 1;
	add_slice(&h, 100, SLICE, 1);
	add_slice(&h, 100, SLICE, 1);
	build_marked(&r, "lmbench.stat", &h, NULL, &mark, 1);
	printf("  samples' spread since the change: %.1f%%\n", r.spread_pct);
	CHECK("the spread is the state's, not two modes'", r.spread_pct < 5);
	build_marked(&r, "lmbench.stat", &h, NULL, NULL, 0);
	CHECK("with no change: the window's", r.spread_pct > 15);
}

/* Tracing switched off, then a hog re-ran the row: its untraced state
 * holds one calm slice and one the hog took. The bar is of the slices of
 * every state, each about its own mean, not the sd of those two: tracing
 * switched on again (3x) is WORSE on its first slice. */
static void
test_one_calm_slice(void)
{
	struct judge_baseline b;
	struct history h;
	struct view_row r;
	uint32_t marks[2];

	memset(&h, 0, sizeof h);
	for (int s = 0; s < 6; s++)
		add_slice(&h, s % 2 ? 104 : 100, SLICE, 1);
	marks[0] = h.e[h.n - 1].t_ms + 1; /* tracing on */
	add_slice(&h, 300, SLICE, 1);
	marks[1] = h.e[h.n - 1].t_ms + 1; /* tracing off */
	add_slice(&h, 100, SLICE, 1);
	add_disturbed(&h, 200, SLICE);
	build_marked(&r, "byte.syscall", &h, NULL, marks, 2);
	view_baseline_take_state(&b, &r, 15);
	printf("  one calm slice and a hog's: bar %.1f%% of %zu slices\n",
	    judge_live_bar(&b), r.slices);
	CHECK("the slices' spread pooled over the states before",
	    r.slices >= 5);
	CHECK("one calm slice and a hog's: no wide bar",
	    judge_live_bar(&b) < VIEW_WIDE_BAR_PCT);
	add_slice(&h, 300, SLICE, 1);
	build_marked(&r, "byte.syscall", &h, &b, marks, 2);
	CHECK("tracing on again: WORSE on its first slice",
	    r.significant && !r.better);
}

int
main(void)
{
	test_newest_slice();
	test_floor();
	test_sample_spread();
	test_short_slices();
	test_history();
	test_slice_spread();
	test_two_slices();
	test_disturbed();
	test_machine_drift();
	test_pooled_slices();
	test_unmarked();
	test_shown_figure();
	test_sentinel_step();
	test_step_of_state();
	test_slow_mode();
	test_kind_drift();
	test_rows_judged();
	test_state_since_mark();
	test_sensed_change();
	test_short_after_change();
	test_sensed_lasts();
	test_second_look();
	test_sentinel_mark();
	test_kind_moves();
	test_baseline_calm();
	test_no_cause();
	test_busy_rows();
	test_busy_not_shifted();
	test_baseline_straddles();
	test_spread_of_state();
	test_one_calm_slice();
	return check_summary("test-view");
}
