/*
 * ui-view.c: rows of the live table from store snapshots: medians, spread,
 * confidence, sparkline values, marks and the change against a baseline.
 */

#include "config.h"

#include "ui-view.h"

#include <math.h>
#include <string.h>

#include "base-stats.h"
#include "base-units.h"
#include "bench-context.h"
#include "measure-judge-live.h"
#include "measure-judge.h"

static double
value_of(const struct bench_test *t, double ns, double cyc)
{
	return units_value(t->unit, t->work_per_op, ns, cyc);
}

/* Median in the unit of window samples [a, b), and its 95% CI in %. */
static double
range_value(const struct bench_test *t, const double *ns, const double *cyc,
    size_t a, size_t b, double *ci_pct)
{
	double scratch[VIEW_SPARK_MAX];
	struct stats_summary s;

	stats_summarize(ns + a, b - a, scratch, &s);
	*ci_pct = s.median > 0 ? s.ci95_median / s.median * 100 : NAN;
	return value_of(t, s.median, stats_median(cyc + a, b - a, scratch));
}

/*
 * The newest slices: from the last slice start that leaves at least
 * VIEW_RECENT_MIN samples after it, but none begun before since_ms (the
 * last change of the context) once one has begun after it: a re-run
 * after a change runs half a slice (7 samples of a slower test), and
 * made up to 8 with the slice from before the change its median fell
 * halfway back. Samples with no slice marks (not from the live monitor)
 * are one run: the whole window.
 */
static size_t
recent_start(const struct ring_entry *w, size_t k, uint32_t since_ms)
{
	size_t after = k; /* the oldest slice begun after the change */

	for (size_t i = k; i-- > 0;) {
		if (!(w[i].flags & SAMPLE_F_SLICE_START))
			continue;
		if (after < k && w[i].t_ms < since_ms)
			return after;
		if (k - i >= VIEW_RECENT_MIN)
			return i;
		if (since_ms != 0 && w[i].t_ms >= since_ms)
			after = i;
	}
	return after < k ? after : 0;
}

/*
 * The samples of [a, b) that nothing disturbed (no SAMPLE_F_NOISY), copied
 * to ons and ocyc; how many.
 */
static size_t
undisturbed(const struct ring_entry *e, const double *ns, const double *cyc,
    size_t a, size_t b, double *ons, double *ocyc)
{
	size_t k = 0;

	for (size_t i = a; i < b; i++)
		if (!(e[i].flags & SAMPLE_F_NOISY)) {
			ons[k] = ns[i];
			ocyc[k++] = cyc[i];
		}
	return k;
}

/*
 * The slices of history h[0..n) that hold VIEW_SLICE_MIN samples or more
 * (the oldest, cut slice too) into s: the log of the median of each
 * slice's undisturbed samples, or with `all` of every sample, and in
 * end_ms when it ended; how many.
 */
static size_t
slice_medians(const struct view_row *r, const struct ring_entry *h,
    const double *ns, const double *cyc, size_t n, int all,
    struct view_slice *s, uint32_t *end_ms)
{
	double qns[VIEW_SPARK_MAX], qcyc[VIEW_SPARK_MAX], ci, v;
	size_t a = 0, m = 0, q;

	for (size_t i = 1; i <= n; i++) {
		if (i < n && !(h[i].flags & SAMPLE_F_SLICE_START))
			continue;
		q = all ? i - a : undisturbed(h, ns, cyc, a, i, qns, qcyc);
		if (q >= VIEW_SLICE_MIN) {
			v = all ? range_value(r->test, ns, cyc, a, i, &ci)
			        : range_value(r->test, qns, qcyc, 0, q, &ci);
			s[m].log_ns = v > 0 ? log(v) : NAN; /* of the figure */
			s[m].calm = isfinite(s[m].log_ns);
			end_ms[m++] = h[i - 1].t_ms;
		}
		a = i;
	}
	return m;
}

/*
 * The state of each of the m slices (view_step_state_at): by the changes
 * of the context the row senses, as the screen keeps them (the caller's
 * r->changes). Changes of the context, not a sentinel's mark: a step of
 * one quick test is no new state of every row, and with each sentinel's
 * mark taken for one, rows were judged on the few slices since, and 1 to
 * 4 rows were flagged in each quiet round of 10 minutes.
 */
static void
slice_states(const struct view_row *r, const uint32_t *end_ms,
    struct view_slice *s, size_t m)
{
	unsigned senses = bench_context_senses(r->test);

	for (size_t i = 0; i < m; i++)
		s[i].state = view_step_state_at(end_ms[i], r->changes,
		    r->nchanges, senses);
}

/*
 * How far a new slice may land from the window's median by itself: the
 * half-width of a 95% prediction interval for one more slice's median,
 * from the medians of the slices of the row's history (up to
 * VIEW_SPARK_MAX samples: slice_medians), Student's t with their degrees
 * of freedom, as a % ratio; 0 with fewer than two slices. Each state of
 * the context the row senses has its own mean, and the sd is pooled
 * over the states (view_step_pooled_sd, as a sentinel's step is judged):
 * slices traced and untraced together made a system-call row's bar 2.3x
 * and tracing switched on again was no verdict; the present state's
 * slices alone were two or three after each change (tracing off, a
 * hog, tracing on again 60 s later), and their t of 12.7 or 4.3 made
 * half the system-call rows' bars wide (bench/tuner.sh). What the samples
 * of one slice cannot show: a slice sets its test up anew (buffers, files,
 * partners), and that moves its figure as a whole. The history, not the
 * 64-sample window: in focus the window holds three slices, and an interval
 * from three medians is as narrow or as wide as luck makes it; the history
 * holds a dozen. Of each slice only its undisturbed samples: the interval is
 * how far a row moves by itself. A sample something else took the worker's CPU
 * from moved for that, which is what a verdict is there to show; with
 * every test on, one slice of another program's load in the history
 * made a 55% bar, and a hog that doubled null_call's cost was never
 * WORSE. With no slice of enough undisturbed samples, the slices as they
 * are: a row always disturbed is judged as before. Not when one slice
 * is calm: a hog 20 s before tracing went on had left byte.syscall's
 * untraced state one calm slice at 839 ns and one at 1689 ns under the
 * hog, whose sd made its bar wide, and tracing's 3.6x was no verdict.
 * In logs of the slices' medians, as the judge weighs a change (both
 * ways alike): ctxbench.spinlock's four slices at 92, 93, 336 and 327
 * ns scatter by 65% of the median as rates, which made a bar of 120%,
 * and 2.2x in logs let its 3.6x slower mode through as WORSE with
 * nothing changed; their logs' sd is 0.74, a bar of several times.
 * slice_sd_pct is that sd times 100 (a percent, for small spreads).
 */
static void
slice_spread(struct view_row *r, const struct ring_entry *h, const double *ns,
    const double *cyc, size_t n)
{
	struct view_slice s[VIEW_SPARK_MAX / VIEW_SLICE_MIN + 1];
	uint32_t end_ms[VIEW_SPARK_MAX / VIEW_SLICE_MIN + 1];
	size_t m = slice_medians(r, h, ns, cyc, n, 0, s, end_ms), df;
	double sd;

	if (m == 0) /* none undisturbed: every sample, as they are */
		m = slice_medians(r, h, ns, cyc, n, 1, s, end_ms);
	slice_states(r, end_ms, s, m);
	sd = view_step_pooled_sd(s, m, &df);
	if (df < 1 || !isfinite(sd) || !(r->value > 0))
		return;
	r->slice_pi_pct = expm1(stats_student_t975(df) * sd *
	                      sqrt(1 + 1.0 / (double)(df + 1))) *
	    100;
	r->slice_sd_pct = sd * 100;
	r->slices = df + 1;
}

/* The newest slice against those of its state before it: a sentinel's
 * step (view_step_judge). Of the sentinels only, whose step is read:
 * not the work of every row at every refresh. */
static void
slice_step(struct view_row *r, const struct ring_entry *h, size_t n)
{
	struct view_step s;

	if (!bench_context_is_sentinel(r->test))
		return;
	s = view_step_judge(h, n, r->changes, r->nchanges,
	    bench_context_senses(r->test));

	r->step_ratio = s.ratio;
	r->step_pi_pct = s.pi_pct;
}

/*
 * Where the present state begins in window w[0..k): the first sample at
 * or after since_ms (0: none, the whole window), when at least
 * VIEW_RECENT_MIN samples follow it; else 0.
 */
static size_t
window_state_start(const struct ring_entry *w, size_t k, uint32_t since_ms)
{
	size_t i = k;

	while (since_ms != 0 && i > 0 && w[i - 1].t_ms >= since_ms)
		i--;
	return since_ms != 0 && k - i >= VIEW_RECENT_MIN ? i : 0;
}

/*
 * The robust spread (1.4826 MAD, % of the median) of the window's
 * undisturbed samples of the present state, as slice_spread takes them;
 * of all of them when fewer than VIEW_RECENT_MIN are undisturbed. Of one
 * state: samples traced and untraced in one window are two medians, and
 * their MAD made a system-call row's bar so wide after tracing was
 * switched off and on again that stat's 1.47x first traced slice was no
 * verdict, and it waited 28 s for its second (bench/tuner.sh).
 */
static double
sample_spread(const struct ring_entry *w, const double *ns, size_t k,
    uint32_t since_ms)
{
	double q[VIEW_WINDOW], unused[VIEW_WINDOW], scratch[VIEW_WINDOW];
	struct stats_summary s;
	size_t a = window_state_start(w, k, since_ms);
	size_t n = undisturbed(w, ns, ns, a, k, q, unused);

	if (n < VIEW_RECENT_MIN)
		stats_summarize(ns + a, k - a, scratch, &s);
	else
		stats_summarize(q, n, scratch, &s);
	return s.median > 0 ? STATS_MAD_SIGMA * s.mad / s.median * 100 : 0;
}

/* Every statistic unknown: a row with no samples, and where row_stats
 * starts. */
static void
row_empty(struct view_row *r)
{
	r->n = r->recent_n = r->prev_n = 0;
	r->ns = r->cyc = r->value = r->cv_pct = r->ci_pct = NAN;
	r->calm_value = r->calm_ci_pct = NAN;
	r->recent_value = r->recent_ci_pct = NAN;
	r->prev_value = r->prev_ci_pct = NAN;
	r->prev2_n = 0;
	r->prev2_value = r->prev2_ci_pct = NAN;
	r->prev2_noisy = 0;
	r->noisy_pct = r->recent_noisy = r->prev_noisy = 0;
	r->slice_pi_pct = r->spread_pct = 0;
	r->slice_sd_pct = NAN;
	r->slices = 0;
	r->recent_ns = r->recent_cyc = NAN;
	r->step_ratio = NAN;
	r->step_pi_pct = 0;
}

/*
 * The window's figure from its undisturbed samples: what a baseline
 * takes. A change's baseline is the machine as it was, not the load that
 * happened to be on it: a hog stopped just before tracing was switched
 * on had left its slices in the syscall rows' windows (the sentinel had
 * run them again under it), and tracing's 1.6-2.6x then read as less
 * than its bar against them.
 */
static void
row_calm(struct view_row *r, const struct ring_entry *w, const double *ns,
    const double *cyc, size_t k)
{
	double qns[VIEW_WINDOW], qcyc[VIEW_WINDOW];
	size_t q = undisturbed(w, ns, cyc, 0, k, qns, qcyc);

	r->calm_value = r->value;
	r->calm_ci_pct = r->ci_pct;
	if (q >= VIEW_RECENT_MIN && q < k)
		r->calm_value =
		    range_value(r->test, qns, qcyc, 0, q, &r->calm_ci_pct);
}

/* The share of w[from..to) that was disturbed, %. */
static double
noisy_share(const struct ring_entry *w, size_t from, size_t to)
{
	size_t noisy = 0;

	for (size_t i = from; i < to; i++)
		noisy += (w[i].flags & SAMPLE_F_NOISY) != 0;
	return to > from ? 100.0 * (double)noisy / (double)(to - from) : 0;
}

/* The slices before the previous ones, which begin at history index b:
 * a third look for a change with no known cause. */
static void
row_prev2(struct view_row *r, const struct ring_entry *he, const double *ns,
    const double *cyc, size_t b, uint32_t since_ms)
{
	size_t a;

	if (b < VIEW_RECENT_MIN)
		return;
	a = recent_start(he, b, since_ms);
	r->prev2_n = b - a;
	r->prev2_value = range_value(r->test, ns, cyc, a, b, &r->prev2_ci_pct);
	r->prev2_noisy = noisy_share(he, a, b);
}

/* Window statistics of the last VIEW_WINDOW entries, of the newest
 * slices among them, and the spread of the slices of the whole history. */
static void
row_stats(struct view_row *r, const struct ring_entry *e, size_t n,
    uint32_t since_ms)
{
	double hns[VIEW_SPARK_MAX], hcyc[VIEW_SPARK_MAX];
	double scratch[VIEW_SPARK_MAX], *ns, *cyc;
	struct stats_summary s;
	size_t h = n < VIEW_SPARK_MAX ? n : VIEW_SPARK_MAX, from;
	size_t k = h < VIEW_WINDOW ? h : VIEW_WINDOW;
	const struct ring_entry *he = e + n - h, *w = he + h - k;

	row_empty(r);
	if (k == 0)
		return;
	for (size_t i = 0; i < h; i++) {
		hns[i] = he[i].ns_per_op;
		hcyc[i] = he[i].cycles_per_op;
	}
	ns = hns + h - k;
	cyc = hcyc + h - k;
	r->n = k;
	r->noisy_pct = noisy_share(w, 0, k);
	stats_summarize(ns, k, scratch, &s);
	r->ns = s.median;
	r->cv_pct = s.cv_pct;
	r->spread_pct = sample_spread(w, ns, k, since_ms);
	r->cyc = stats_median(cyc, k, scratch);
	if (!(r->cyc > 0))
		r->cyc = NAN; /* the clock is unknown: no cycles */
	r->value = range_value(r->test, ns, cyc, 0, k, &r->ci_pct);
	row_calm(r, w, ns, cyc, k);
	from = recent_start(w, k, since_ms);
	r->recent_n = k - from;
	r->recent_noisy = noisy_share(w, from, k);
	r->recent_value =
	    range_value(r->test, ns, cyc, from, k, &r->recent_ci_pct);
	r->recent_ns = stats_median(ns + from, k - from, scratch);
	r->recent_cyc = stats_median(cyc + from, k - from, scratch);
	if (!(r->recent_cyc > 0))
		r->recent_cyc = NAN;
	slice_spread(r, he, hns, hcyc, h);
	slice_step(r, he, h);
	/* The slices before the newest, back to VIEW_RECENT_MIN samples. */
	if (from >= VIEW_RECENT_MIN) {
		size_t before = recent_start(w, from, since_ms);

		r->prev_n = from - before;
		r->prev_value = range_value(r->test, ns, cyc, before, from,
		    &r->prev_ci_pct);
		r->prev_noisy = noisy_share(w, before, from);
		row_prev2(r, he, hns, hcyc, h - k + before, since_ms);
	}
}

/* The sparkline: each sample's value in the unit; marks at the first
 * sample at or after each mark time. */
static void
row_spark(struct view_row *r, const struct ring_entry *e, size_t n,
    const uint32_t *marks_ms, size_t nmarks)
{
	size_t k = n < VIEW_SPARK_MAX ? n : VIEW_SPARK_MAX;
	const struct ring_entry *first = e + n - k;

	r->nspark = k;
	memset(r->marks, 0, sizeof r->marks);
	for (size_t i = 0; i < k; i++)
		r->spark[i] = value_of(r->test, first[i].ns_per_op,
		    first[i].cycles_per_op);
	for (size_t m = 0; m < nmarks; m++) {
		for (size_t i = 0; i < k; i++) {
			if (first[i].t_ms >= marks_ms[m]) {
				/* Only if the sample before predates it. */
				if (i > 0 || n == k)
					r->marks[i] = 1;
				break;
			}
		}
	}
}

/* Signed change of `value` against the baseline, %; its CI in *ci. */
static double
change_pct(double value, double ci_pct, const struct judge_baseline *b,
    double *ci)
{
	*ci = sqrt(ci_pct * ci_pct + b->ci_pct * b->ci_pct);
	if (!isfinite(*ci))
		*ci = 0;
	return (value - b->value) / b->value * 100;
}

/* The baseline moved by the machine's shift (or its kind's), in *moved
 * when it moved. */
static const struct judge_baseline *
shifted_baseline(const struct view_row *r, const struct judge_baseline *b,
    struct judge_baseline *moved)
{
	if (!isfinite(r->machine_shift) || !(r->machine_shift > 0) ||
	    r->machine_shift == 1)
		return b;
	*moved = *b;
	moved->value *= units_higher_is_better(r->test->unit)
	    ? r->machine_shift
	    : 1 / r->machine_shift;
	return moved;
}

/* The change of earlier slices (n samples of median `value`) against b,
 * %, its CI in *ci; NAN both when there are none. */
static double
earlier_change(size_t n, double value, double ci_pct,
    const struct judge_baseline *b, double *ci)
{
	*ci = NAN;
	return n > 0 && isfinite(value) ? change_pct(value, ci_pct, b, ci)
	                                : NAN;
}

/* What the judge weighs of row r against baseline b (shifted); the
 * newest slices' change into r->delta_pct and r->delta_ci_pct. */
static void
row_live(struct view_row *r, const struct judge_baseline *b,
    struct judge_live *c)
{
	struct judge_baseline one = *b;

	one.rows = 1;
	c->higher_better = units_higher_is_better(r->test->unit);
	c->bar_pct = fmax(judge_live_bar(b), r->machine_spread_pct);
	c->bar_one_pct = fmax(judge_live_bar(&one), r->machine_spread_pct);
	c->pct = r->delta_pct =
	    change_pct(r->recent_value, r->recent_ci_pct, b, &r->delta_ci_pct);
	c->ci_pct = r->delta_ci_pct;
	c->prev_pct = earlier_change(r->prev_n, r->prev_value, r->prev_ci_pct,
	    b, &c->prev_ci_pct);
	c->prev2_pct = earlier_change(r->prev2_n, r->prev2_value,
	    r->prev2_ci_pct, b, &c->prev2_ci_pct);
	c->noisy_pct = r->recent_noisy;
	c->prev_noisy_pct = r->prev_noisy;
	c->prev2_noisy_pct = r->prev2_noisy;
	c->cause_known = r->senses_change;
	c->waits = !bench_cpu_bound(r->test);
}

/*
 * The newest slices against the baseline, signed so that + means a bigger
 * value, judged by judge_live_row: a verdict when the whole interval of
 * the change lies beyond JUDGE_FAR_BARS bars (judge_live_bar) and its
 * cause is known (one slice is then enough), or beyond one bar when the
 * slices before the newest moved beyond it the same way: a slice that
 * lands a little off by itself (a slice sets its test up anew) is no
 * verdict, a smaller change that lasts is, from its second slice on when
 * its cause is known (a change of the context it senses), from its third
 * when not.
 * A newest slice mostly disturbed (something else took the worker's CPU)
 * is busy, as --check says of such a row: load from outside is a fact of
 * the host, said once in the header for every row it moved (a hog on
 * the worker's CPU, a neighbour that takes the host's CPUs for a
 * minute), not a change of each; benchtop's own screen stays off the
 * workers' CPUs or waits for a sample boundary.
 */
void
view_row_judge(struct view_row *r, const struct judge_baseline *given)
{
	struct judge_baseline moved;
	const struct judge_baseline *b;
	struct judge_live c;
	enum judge_verdict v;

	r->unsure = r->busy = 0;
	r->has_delta = given != NULL && given->set &&
	    isfinite(r->recent_value) && given->value > 0;
	if (!r->has_delta)
		return;
	/* Judged beyond the machine's shift: the baseline moved by it. */
	b = shifted_baseline(r, given, &moved);
	row_live(r, b, &c);
	r->better = c.higher_better ? r->delta_pct > 0 : r->delta_pct < 0;
	v = judge_live_row(&c);
	r->significant = v == JUDGE_SLOWER || v == JUDGE_FASTER;
	r->busy = v == JUDGE_BUSY;
	r->unsure = judge_live_unsure(&c, v);
	r->bar_pct = c.bar_pct;
	r->change_ratio = c.higher_better ? 1 + r->delta_pct / 100
	                                  : 1 / (1 + r->delta_pct / 100);
}

/*
 * What the table shows. A tuner reads the number: after a change the
 * window's median still holds the samples before it (a syscall row 63%
 * slower read 2.680M against 2.705M), so while a mark lies inside the
 * window, or the row has a verdict, the newest slices are shown, and
 * marked as such.
 */
void
view_row_shown(struct view_row *r)
{
	int straddles = 0;

	for (size_t i = r->nspark - r->n + 1; r->n > 0 && i < r->nspark; i++)
		straddles |= r->marks[i];
	r->straddles = straddles;
	r->shown_recent = isfinite(r->recent_value) && r->recent_n < r->n &&
	    (straddles || (r->has_delta && r->significant));
	r->shown_value = r->shown_recent ? r->recent_value : r->value;
	r->shown_ns = r->shown_recent ? r->recent_ns : r->ns;
	r->shown_cyc = r->shown_recent ? r->recent_cyc : r->cyc;
}

void
view_row_build(struct view_row *r, const struct store_view *sv,
    const struct ring_entry *e, const uint32_t *marks_ms, size_t nmarks,
    const struct judge_baseline *base)
{
	r->test = sv->test;
	r->enabled = sv->enabled;
	r->meta = sv->meta;
	r->total = sv->total;
	r->machine_shift = 1;
	r->machine_spread_pct = 0;
	r->by_kind = 0;
	r->change_ratio = NAN;
	r->bar_pct = 0;
	row_stats(r, e, sv->n, r->state_ms);
	row_spark(r, e, sv->n, marks_ms, nmarks);
	view_row_judge(r, base);
	view_row_shown(r);
}

static void
group_count(struct view_group *g, const struct view_row *r)
{
	g->tests++;
	if (!r->enabled)
		g->off++;
	else if (r->meta.status == BENCH_FAILED)
		g->failed++;
	else if (r->meta.status == BENCH_UNSUPPORTED)
		g->unsupported++;
	else if (r->n > 0)
		g->ok++;
	g->noisy += r->enabled && r->noisy_pct >= VIEW_NOISY_PCT;
	if (!r->has_delta)
		return;
	g->better += r->significant && r->better;
	g->worse += r->significant && !r->better;
	g->busy += r->busy;
	if (!(r->change_ratio > 0))
		return;
	if (g->max_delta_id == NULL ||
	    fabs(log(r->change_ratio)) > fabs(log(g->max_ratio))) {
		g->max_delta_pct = r->delta_pct;
		g->max_ratio = r->change_ratio;
		g->max_delta_id = r->test->id;
	}
}

void
view_group_summarize(const struct view_row *rows, size_t n, int group,
    struct view_group *g)
{
	memset(g, 0, sizeof *g);
	for (size_t i = 0; i < n; i++)
		if ((int)rows[i].test->group == group)
			group_count(g, &rows[i]);
}

void
view_baseline_take(struct judge_baseline *b, const struct view_row *r,
    double drift_pct)
{
	b->set = r->n > 0 && isfinite(r->calm_value);
	b->value = r->calm_value;
	b->ci_pct = isfinite(r->calm_ci_pct) ? r->calm_ci_pct : 0;
	b->slice_pi_pct = isfinite(r->slice_pi_pct) ? r->slice_pi_pct : 0;
	b->spread_pct = isfinite(r->spread_pct) ? r->spread_pct : 0;
	b->drift_pct = drift_pct;
	b->slice_sd_pct = isfinite(r->slice_sd_pct) ? r->slice_sd_pct : 0;
	b->slices = r->slices;
	b->rows = 1;
}

/*
 * The state just before a context change: as view_baseline_take, but a
 * window that straddles an earlier change holds two states, and the
 * state now is its newest slices'. Tracing switched on a second time
 * was judged against a median of the first time's traced slices and
 * the untraced ones after, and 1 or 2 of 11 system-call rows said WORSE
 * (bench/tuner.sh rounds 2-5).
 */
void
view_baseline_take_state(struct judge_baseline *b, const struct view_row *r,
    double drift_pct)
{
	view_baseline_take(b, r, drift_pct);
	if (!r->straddles || !isfinite(r->recent_value))
		return;
	b->value = r->recent_value;
	b->ci_pct = isfinite(r->recent_ci_pct) ? r->recent_ci_pct : 0;
}

double
view_row_step(const struct view_row *r, double bar_min_pct, double bars)
{
	double bar = fmax(bar_min_pct, r->step_pi_pct) * bars / 100;

	if (!(r->step_ratio > 0) || fabs(log(r->step_ratio)) <= log1p(bar))
		return 0;
	return r->step_ratio;
}
