/*
 * view.c: rows of the live table from store snapshots: medians, spread,
 * confidence, sparkline values, marks and the change against a baseline.
 */

#include "config.h"

#include "view.h"

#include <math.h>
#include <string.h>

#include "stats.h"
#include "units.h"

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
	double scratch[VIEW_WINDOW];
	struct stats_summary s;

	stats_summarize(ns + a, b - a, scratch, &s);
	*ci_pct = s.median > 0 ? s.ci95_median / s.median * 100 : NAN;
	return value_of(t, s.median, stats_median(cyc + a, b - a, scratch));
}

/*
 * The newest slices: from the last slice start that leaves at least
 * VIEW_RECENT_MIN samples after it. Samples with no slice marks (not
 * from the live monitor) are one run: the whole window.
 */
static size_t
recent_start(const struct ring_entry *w, size_t k)
{
	for (size_t i = k; i-- > 0;)
		if ((w[i].flags & SAMPLE_F_SLICE_START) &&
		    k - i >= VIEW_RECENT_MIN)
			return i;
	return 0;
}

/*
 * How far a new slice may land from the window's median by itself: the
 * half-width of a 95% prediction interval for one more slice's median,
 * from the medians of the window's slices (each of VIEW_SLICE_MIN samples
 * or more; the window's oldest, cut slice too), Student's t with m - 1
 * degrees of freedom, in % of the window's median; 0 with fewer than two
 * slices. What the samples of one slice cannot show: a slice sets its
 * test up anew (buffers, files, partners), and that moves its figure as
 * a whole; few slices know little of it, and t says so.
 */
static double
slice_spread(const struct view_row *r, const struct ring_entry *w,
    const double *ns, const double *cyc, size_t k)
{
	double med[VIEW_WINDOW / VIEW_SLICE_MIN + 1], ci, sd;
	size_t a = 0, m = 0;

	for (size_t i = 1; i <= k; i++) {
		if (i < k && !(w[i].flags & SAMPLE_F_SLICE_START))
			continue;
		if (i - a >= VIEW_SLICE_MIN)
			med[m++] = range_value(r->test, ns, cyc, a, i, &ci);
		a = i;
	}
	if (m < 2 || !(r->value > 0))
		return 0;
	sd = stats_stddev(med, m);
	return stats_student_t975(m - 1) * sd * sqrt(1 + 1.0 / (double)m) /
	    r->value * 100;
}

/* Every statistic unknown: a row with no samples, and where row_stats
 * starts. */
static void
row_empty(struct view_row *r)
{
	r->n = r->recent_n = r->prev_n = 0;
	r->ns = r->cyc = r->value = r->cv_pct = r->ci_pct = NAN;
	r->recent_value = r->recent_ci_pct = NAN;
	r->prev_value = r->prev_ci_pct = NAN;
	r->noisy_pct = r->slice_pi_pct = 0;
}

/* Window statistics of the last VIEW_WINDOW entries, and of the newest
 * slices among them. */
static void
row_stats(struct view_row *r, const struct ring_entry *e, size_t n)
{
	double ns[VIEW_WINDOW], cyc[VIEW_WINDOW], scratch[VIEW_WINDOW];
	struct stats_summary s;
	size_t k = n < VIEW_WINDOW ? n : VIEW_WINDOW, noisy = 0, from;
	const struct ring_entry *w = e + n - k;

	row_empty(r);
	if (k == 0)
		return;
	for (size_t i = 0; i < k; i++) {
		ns[i] = w[i].ns_per_op;
		cyc[i] = w[i].cycles_per_op;
		noisy += (w[i].flags & SAMPLE_F_NOISY) != 0;
	}
	r->n = k;
	r->noisy_pct = 100.0 * (double)noisy / (double)k;
	stats_summarize(ns, k, scratch, &s);
	r->ns = s.median;
	r->cv_pct = s.cv_pct;
	r->cyc = stats_median(cyc, k, scratch);
	r->value = range_value(r->test, ns, cyc, 0, k, &r->ci_pct);
	from = recent_start(w, k);
	r->recent_n = k - from;
	r->recent_value =
	    range_value(r->test, ns, cyc, from, k, &r->recent_ci_pct);
	r->slice_pi_pct = slice_spread(r, w, ns, cyc, k);
	/* The slices before the newest, back to VIEW_RECENT_MIN samples. */
	if (from >= VIEW_RECENT_MIN) {
		size_t before = recent_start(w, from);

		r->prev_n = from - before;
		r->prev_value = range_value(r->test, ns, cyc, before, from,
		    &r->prev_ci_pct);
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
change_pct(double value, double ci_pct, const struct view_baseline *b,
    double *ci)
{
	*ci = sqrt(ci_pct * ci_pct + b->ci_pct * b->ci_pct);
	if (!isfinite(*ci))
		*ci = 0;
	return (value - b->value) / b->value * 100;
}

/* -1, 0 or +1: the change's whole interval below or above the bar. */
static int
change_sign(double pct, double ci, const struct view_baseline *b)
{
	if (fabs(pct) - ci <= fmax(VIEW_CHANGE_MIN_PCT, b->slice_pi_pct))
		return 0;
	return pct > 0 ? 1 : -1;
}

/*
 * A verdict needs the slices before the newest to have moved the same
 * way: one slice that lands far off by itself (a quiet machine gives
 * one now and then, a slice being a fresh setup of its test) is no
 * verdict, a change that lasts is, from its second slice on. A row
 * with no earlier slice in the window judges the newest alone.
 */
static int
change_lasts(const struct view_row *r, const struct view_baseline *b, int sign)
{
	double ci, pct;

	if (r->prev_n == 0 || !isfinite(r->prev_value))
		return 1;
	pct = change_pct(r->prev_value, r->prev_ci_pct, b, &ci);
	return change_sign(pct, ci, b) == sign;
}

/*
 * The newest slices against the baseline, signed so that + means a bigger
 * value. A verdict when the whole interval of the change lies beyond
 * VIEW_CHANGE_MIN_PCT and beyond the prediction interval of a slice's
 * median the baseline's slices give: a slice may land that far by itself.
 * Disturbed (noisy) samples count: load from outside that takes the
 * worker's CPU is a change the user wants to see; benchtop's own screen
 * stays off the workers' CPUs or waits for a sample boundary.
 */
static void
row_delta(struct view_row *r, const struct view_baseline *b)
{
	int sign;

	r->has_delta =
	    b != NULL && b->set && isfinite(r->recent_value) && b->value > 0;
	if (!r->has_delta)
		return;
	r->delta_pct =
	    change_pct(r->recent_value, r->recent_ci_pct, b, &r->delta_ci_pct);
	sign = change_sign(r->delta_pct, r->delta_ci_pct, b);
	r->significant = sign != 0 && change_lasts(r, b, sign);
	r->better = units_higher_is_better(r->test->unit) ? r->delta_pct > 0
	                                                  : r->delta_pct < 0;
}

void
view_row_build(struct view_row *r, const struct store_view *sv,
    const struct ring_entry *e, const uint32_t *marks_ms, size_t nmarks,
    const struct view_baseline *base)
{
	r->test = sv->test;
	r->enabled = sv->enabled;
	r->meta = sv->meta;
	r->total = sv->total;
	row_stats(r, e, sv->n);
	row_spark(r, e, sv->n, marks_ms, nmarks);
	row_delta(r, base);
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
	if (g->max_delta_id == NULL ||
	    fabs(r->delta_pct) > fabs(g->max_delta_pct)) {
		g->max_delta_pct = r->delta_pct;
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
view_baseline_take(struct view_baseline *b, const struct view_row *r)
{
	b->set = r->n > 0 && isfinite(r->value);
	b->value = r->value;
	b->ci_pct = isfinite(r->ci_pct) ? r->ci_pct : 0;
	b->slice_pi_pct = isfinite(r->slice_pi_pct) ? r->slice_pi_pct : 0;
}
