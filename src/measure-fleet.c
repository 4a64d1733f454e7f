/*
 * measure-fleet.c: --compare's judge (pure; the writers are
 * report-fleet*.c's).
 *
 * Why it is done this way. The question an operator asks of twenty
 * servers is which one is off, and there is no "before" to ask it of:
 * the only yardstick is the fleet itself. So each test is read against
 * the fleet's median (a median, not a mean: the machine looked for must
 * not move the yardstick it is measured by), and in logs of speed, so
 * that 2x slower and 2x faster are the same distance, as measure-judge.c
 * works.
 *
 * How far from the median is "off" cannot be one number for every test:
 * machines of one fleet differ by their hardware, and on shared hosts by
 * run-to-run drift, which is larger than anything within one run (one
 * run's slices agree with each other more than two runs of one unchanged
 * machine do). Only the fleet's own spread for that test says how much
 * is usual, so the bar is 3 robust sigmas of the machines' log ratios
 * (judge_spread: 1.4826 times their median absolute deviation, the same
 * z as --check's): a machine 2x off among twenty inflates a standard
 * deviation enough to hide itself, and the MAD does not move until half
 * the machines are off. The bar never falls below the tolerance
 * (--tolerance, 10%): three machines of which two agree within 1% give a
 * MAD of 1%, and a 4% difference is then real but not one to act on.
 * With three machines the MAD is the smaller of the two others'
 * distances from the median: a machine is off when it lies some 4.4
 * times further out than the other, and beyond the tolerance.
 *
 * A cell is marked only when its whole interval lies beyond the
 * tolerance too: a machine whose own slices straddle the fleet's median
 * is a noisy run, not an outlier. The interval is distribution-free (the
 * slices' order statistics: no assumption that slices are normal, and
 * one wild slice moves it by one rank); it leaves out how well the
 * fleet's median is known, as --check leaves out how well a profile is.
 *
 * A kind that is off as a whole on one machine (its memory bandwidth:
 * another guest on the same host streaming memory) is one fact about
 * that machine, said once, as --check says a kind that moved: its rows
 * that moved with it are judged beyond the kind's shift, and only
 * further its way counts (a memory row 1.3x slower on a machine whose
 * memory is 1.5x slower is no faster for it).
 *
 * Two machines have a midpoint, not a majority: either may be the one
 * that is off, so nothing is called an outlier; the cells where the two
 * lie apart (intervals beyond the tolerance) say that they differ.
 */

#include "config.h"

#include "measure-fleet.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base-stats.h"

static const char *const mark_names[] = {
	[FLEET_NONE] = "none",
	[FLEET_IN] = "in",
	[FLEET_SLOWER] = "slower",
	[FLEET_FASTER] = "faster",
	[FLEET_WITH_KIND] = "with_kind",
	[FLEET_DIFFER] = "differ",
};

const char *
fleet_mark_name(enum fleet_mark mark)
{
	return mark_names[mark];
}

/* The interval's target coverage; 5 slices can give 93.75% at most. */
#define FLEET_COVERAGE 0.95

/* P(X <= k) for X binomial(n, 1/2). */
static double
binomial_half_cdf(size_t n, size_t k)
{
	double c = 1, sum = 0;

	for (size_t i = 0; i <= k && i <= n; i++) {
		sum += c;
		c = c * (double)(n - i) / (double)(i + 1);
	}
	return sum / pow(2, (double)n);
}

/* The order statistic (1-based, from each end) the interval of n
 * slices is made of: the innermost holding FLEET_COVERAGE, else 1. */
static size_t
interval_rank(size_t n)
{
	size_t r = 1;

	while (
	    r + 1 <= n / 2 && 1 - 2 * binomial_half_cdf(n, r) >= FLEET_COVERAGE)
		r++;
	return r;
}

double
fleet_interval_coverage(size_t n)
{
	if (n < 2)
		return 0;
	return 1 - 2 * binomial_half_cdf(n, interval_rank(n) - 1);
}

/*
 * A machine's figure of a test in logs of speed, into the cell: ratio
 * (for now the log figure itself), lo and hi; NAN when it has none.
 */
static void
figure_logs(const struct fleet_figure *f, int higher_better,
    struct fleet_cell *c)
{
	double v[STATS_RANK_MAX];
	size_t k = 0, r;

	for (size_t i = 0; f->slices != NULL && i < f->nslices; i++)
		if (k < STATS_RANK_MAX && f->slices[i] > 0 &&
		    isfinite(f->slices[i]))
			v[k++] = higher_better ? log(f->slices[i])
			                       : -log(f->slices[i]);
	memset(c, 0, sizeof *c);
	c->ratio = c->lo = c->hi = c->beyond = NAN;
	c->slices = k;
	c->mark = k > 0 ? FLEET_IN : FLEET_NONE;
	if (k == 0)
		return;
	qsort(v, k, sizeof v[0], stats_cmp_double);
	c->ratio = k % 2 ? v[k / 2] : (v[k / 2 - 1] + v[k / 2]) / 2;
	if (k < 2)
		return;
	r = interval_rank(k);
	c->lo = v[r - 1];
	c->hi = v[k - r];
}

/* The log figures of test t's present cells into out; their count. */
static size_t
present_logs(const struct fleet_cell *row, size_t nm, double *out)
{
	size_t n = 0;

	for (size_t m = 0; m < nm; m++)
		if (row[m].mark != FLEET_NONE)
			out[n++] = row[m].ratio;
	return n;
}

/* One test: its fleet median, its cells against it (logs), its bar. */
static void
test_center(const struct fleet_test_in *tin, struct fleet_cell *row, size_t nm,
    double floor_log, struct fleet_test *t)
{
	double v[FLEET_MAX_MACHINES], s[FLEET_MAX_MACHINES], mid;

	t->machines = present_logs(row, nm, v);
	t->median = NAN;
	t->bar = floor_log;
	if (t->machines == 0)
		return;
	mid = stats_median(v, t->machines, s);
	t->median = exp(tin->higher_better ? mid : -mid);
	for (size_t m = 0; m < nm; m++) {
		row[m].ratio -= mid;
		row[m].lo -= mid;
		row[m].hi -= mid;
	}
	(void)present_logs(row, nm, v);
	if (t->machines >= FLEET_MIN_TELL)
		t->bar = fmax(floor_log, judge_spread(v, t->machines, 0, s));
}

/* Whether log change c lies beyond `floor_log` the way `dir` says. */
static int
beyond_way(double c, double floor_log, int dir)
{
	return dir < 0 ? c < -floor_log : c > floor_log;
}

/* One machine's cells of kind k: their count, median and how many of
 * them moved beyond the floor each way (along[0] down, along[1] up). */
static void
kind_of_machine(const struct fleet_in *in, const struct fleet_cell *cells,
    size_t m, enum judge_kind k, double floor_log, struct fleet_kind *out,
    size_t along[2])
{
	double v[JUDGE_MAX_ROWS], s[JUDGE_MAX_ROWS];
	size_t n = 0;

	along[0] = along[1] = 0;
	for (size_t t = 0; t < in->ntests && n < JUDGE_MAX_ROWS; t++) {
		const struct fleet_cell *c = &cells[t * in->nmachines + m];

		if (in->tests[t].kind != k || c->mark == FLEET_NONE)
			continue;
		v[n++] = c->ratio;
		along[0] += beyond_way(c->ratio, floor_log, -1);
		along[1] += beyond_way(c->ratio, floor_log, 1);
	}
	memset(out, 0, sizeof *out);
	out->tests = n;
	out->shift = n > 0 ? stats_median(v, n, s) : NAN;
	out->bar = floor_log;
}

/*
 * Kind k across the fleet: every machine's median of it, the kind's bar
 * from their spread, and which machines it is off on (kinds[] in logs).
 */
static void
kind_across(const struct fleet_in *in, const struct fleet_cell *cells,
    enum judge_kind k, double floor_log, struct fleet_kind *kinds)
{
	double v[FLEET_MAX_MACHINES], s[FLEET_MAX_MACHINES], mid, bar;
	size_t along[FLEET_MAX_MACHINES][2], n = 0;

	for (size_t m = 0; m < in->nmachines; m++) {
		struct fleet_kind *fk = &kinds[m * JUDGE_KIND_COUNT + k];

		kind_of_machine(in, cells, m, k, floor_log, fk, along[m]);
		if (fk->tests >= JUDGE_MIN_LOOPS)
			v[n++] = fk->shift;
	}
	if (n < FLEET_MIN_TELL)
		return;
	mid = stats_median(v, n, s);
	bar = fmax(floor_log, judge_spread(v, n, mid, s));
	for (size_t m = 0; m < in->nmachines; m++) {
		struct fleet_kind *fk = &kinds[m * JUDGE_KIND_COUNT + k];
		int dir = fk->shift < mid ? -1 : 1;

		fk->bar = bar;
		if (fk->tests < JUDGE_MIN_LOOPS || fabs(fk->shift - mid) <= bar)
			continue;
		fk->along = along[m][dir > 0];
		if (2 * fk->along > fk->tests && fk->along >= JUDGE_MIN_LOOPS)
			fk->moved = dir;
	}
}

/* An outlier's mark for log change c with interval [lo, hi] (NAN:
 * none): beyond the bar, the whole interval beyond the floor. */
static enum fleet_mark
outlier_mark(double c, double lo, double hi, double bar, double floor_log)
{
	if (!(fabs(c) > bar))
		return FLEET_IN;
	if (isfinite(lo) && !(lo > floor_log || hi < -floor_log))
		return FLEET_IN;
	return c < 0 ? FLEET_SLOWER : FLEET_FASTER;
}

/* A cell of a test that FLEET_MIN_TELL machines or more hold. */
static void
judge_cell(struct fleet_cell *c, const struct fleet_kind *fk, double bar,
    double floor_log)
{
	enum fleet_mark mark;

	c->beyond = c->ratio;
	if (fk->moved == 0 || !beyond_way(c->ratio, floor_log, fk->moved)) {
		c->mark = outlier_mark(c->ratio, c->lo, c->hi, bar, floor_log);
		return;
	}
	/* Moved with its kind: beyond the kind's shift, only further. */
	c->by_kind = 1;
	c->beyond = c->ratio - fk->shift;
	mark = outlier_mark(c->beyond, c->lo - fk->shift, c->hi - fk->shift,
	    bar, floor_log);
	c->mark = mark == (fk->moved < 0 ? FLEET_SLOWER : FLEET_FASTER)
	    ? mark
	    : FLEET_WITH_KIND;
}

/* A test two machines hold: both cells say whether the two differ. */
static void
judge_pair(struct fleet_cell *row, size_t nm, double floor_log)
{
	struct fleet_cell *two[2];
	size_t n = 0;
	double a_lo, a_hi, b_lo, b_hi;

	for (size_t m = 0; m < nm && n < 2; m++)
		if (row[m].mark != FLEET_NONE)
			two[n++] = &row[m];
	if (n < 2)
		return;
	a_lo = isfinite(two[0]->lo) ? two[0]->lo : two[0]->ratio;
	a_hi = isfinite(two[0]->hi) ? two[0]->hi : two[0]->ratio;
	b_lo = isfinite(two[1]->lo) ? two[1]->lo : two[1]->ratio;
	b_hi = isfinite(two[1]->hi) ? two[1]->hi : two[1]->ratio;
	if (a_lo - b_hi > floor_log || b_lo - a_hi > floor_log)
		two[0]->mark = two[1]->mark = FLEET_DIFFER;
}

/* Test t's cells: a pair, or each against the fleet. `kinds` is the
 * first machine's fleet_kind of the test's kind; the machines' follow
 * JUDGE_KIND_COUNT apart. */
static void
judge_test(struct fleet_cell *row, size_t nm, const struct fleet_test *t,
    const struct fleet_kind *kinds, double floor_log)
{
	if (t->machines == 2)
		judge_pair(row, nm, floor_log);
	if (t->machines < FLEET_MIN_TELL)
		return;
	for (size_t m = 0; m < nm; m++)
		if (row[m].mark != FLEET_NONE)
			judge_cell(&row[m], &kinds[m * JUDGE_KIND_COUNT],
			    t->bar, floor_log);
}

/* Logs to ratios, and the totals. */
static void
finish(const struct fleet_in *in, struct fleet_judged *out)
{
	struct fleet_sum *sum = &out->sum;

	for (size_t i = 0; i < in->ntests * in->nmachines; i++) {
		struct fleet_cell *c = &out->cells[i];

		sum->slower += c->mark == FLEET_SLOWER;
		sum->faster += c->mark == FLEET_FASTER;
		sum->differ += c->mark == FLEET_DIFFER;
		c->ratio = exp(c->ratio);
		c->lo = exp(c->lo);
		c->hi = exp(c->hi);
		c->beyond = exp(c->beyond);
	}
	for (size_t t = 0; t < in->ntests; t++)
		out->tests[t].bar = exp(out->tests[t].bar);
	for (size_t i = 0; i < in->nmachines * JUDGE_KIND_COUNT; i++) {
		struct fleet_kind *k = &out->kinds[i];

		sum->kinds_slower += k->moved < 0;
		sum->kinds_faster += k->moved > 0;
		k->shift = exp(k->shift);
		k->bar = exp(k->bar);
	}
}

void
fleet_judge(const struct fleet_in *in, struct fleet_judged *out)
{
	double floor_log = log1p(in->tolerance_pct / 100);
	size_t nm = in->nmachines;

	memset(&out->sum, 0, sizeof out->sum);
	if (nm > FLEET_MAX_MACHINES)
		return;
	out->sum = (struct fleet_sum){ .machines = nm,
		.tests = in->ntests,
		.floor = exp(floor_log),
		.can_tell = nm >= FLEET_MIN_TELL };
	for (size_t t = 0; t < in->ntests; t++) {
		for (size_t m = 0; m < nm; m++)
			figure_logs(&in->fig[t * nm + m],
			    in->tests[t].higher_better,
			    &out->cells[t * nm + m]);
		test_center(&in->tests[t], &out->cells[t * nm], nm, floor_log,
		    &out->tests[t]);
	}
	for (int k = 0; k < JUDGE_KIND_COUNT; k++)
		kind_across(in, out->cells, (enum judge_kind)k, floor_log,
		    out->kinds);
	for (size_t t = 0; t < in->ntests; t++)
		judge_test(&out->cells[t * nm], nm, &out->tests[t],
		    &out->kinds[in->tests[t].kind], floor_log);
	finish(in, out);
}
