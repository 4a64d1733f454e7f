/*
 * ui-view-machine.c: the machine as every row sees it since b: how far
 * its own speed moves a slice (the drift a baseline's bar takes), and
 * its shift and its kinds' since the baseline, taken as --check takes
 * them (judge_shift_of, judge_kinds_of), with every row judged again
 * beyond them. Pure: rows in, rows out.
 */

#include "config.h"

#include "ui-view-machine.h"

#include <math.h>
#include <string.h>

#include "base-stats.h"
#include "base-units.h"
#include "measure-judge-kind.h"
#include "measure-judge-live.h"
#include "measure-judge.h"
#include "ui-view.h"

/*
 * With every test on, a row gets one slice a cycle (about 45 s with 80
 * tests), and a baseline taken a few cycles in knows three or four of
 * them: too few to know how far this machine's own speed moves a slice
 * over minutes. But it moves every row at once, so every row's slices
 * know it together: on a shared 2-CPU guest, over 9 minutes with nothing
 * changed here, 79 rows' undisturbed slice medians lay from their row's
 * median a robust 12.7% (1.4826 MAD; a syscall row's up to 30% by
 * itself), and one slice beyond a bar made of its row's three slices was
 * a verdict once a minute or so. The figure: the median over rows of
 * slice_sd_pct (the sd of a row's slice medians: of three slices a MAD
 * is 0 whenever two agree), rows of fewer than VIEW_DRIFT_SLICES slices
 * left out, times 1.96 (where 95% of slices land, were they normal); 0
 * with fewer than VIEW_DRIFT_ROWS such rows, as in focus on one test from
 * the start, whose slices come half a second apart. Replayed from that
 * run's --log with baselines every 20 s (the 9 quiet minutes, then a hog
 * on the worker's CPU): a verdict with nothing changed 0.66 times a
 * minute, WORSE 0.27 (the bar of the whole window's slices alone: 0.50
 * and 0.33), and the hog WORSE on null_call's first slice after it from
 * every baseline (without the drift: from one of six). The price is in
 * rows whose own few slices scatter widely (spin_yield, lock_up): the
 * drift asks them for less.
 */
double
view_machine_drift(const struct view_row *rows, size_t n)
{
	double v[VIEW_DRIFT_MAX_ROWS], scratch[VIEW_DRIFT_MAX_ROWS];
	size_t k = 0;

	for (size_t i = 0; i < n && k < VIEW_DRIFT_MAX_ROWS; i++)
		if (rows[i].slices >= VIEW_DRIFT_SLICES &&
		    isfinite(rows[i].slice_sd_pct))
			v[k++] = rows[i].slice_sd_pct;
	if (k < VIEW_DRIFT_ROWS)
		return 0;
	/* The sds are of logs (x 100): the drift is their 95% as a ratio. */
	return expm1(1.96 * stats_median(v, k, scratch) / 100) * 100;
}

/* log(speed now / speed at the baseline) of a row, or NAN. */
static double
row_log_speed(const struct view_row *r, const struct judge_baseline *b)
{
	if (!r->has_delta || !(r->recent_value > 0) || !(b->value > 0))
		return NAN;
	return units_higher_is_better(r->test->unit)
	    ? log(r->recent_value / b->value)
	    : log(b->value / r->recent_value);
}

/*
 * Each row judged again beyond the machine's shift, or beyond its kind's
 * when the kind moved as a whole and the row with it (judge_kinds_of, as
 * --check): the host's memory bandwidth moving alone is one fact, not
 * five WORSE rows. A row that moved with its kind but less far is no
 * better for it. A kind moved only beyond the machine's drift at the
 * baseline too, the bar of every row: a kind is there to say once what
 * would make its rows WORSE one by one, and within the drift none is.
 * Replayed from a quiet recording of a shared 2-CPU guest
 * (bench/replay.sh, drift 19-26%, 26 rounds of 10 minutes), the floor
 * of 10% alone had a kind line in 281 of a round's 601 refreshes on
 * average, kinds 1.11-1.28x off; with the drift, 85, and rows flagged
 * 2.88 a round then, 2.96 now.
 */
static void
rows_beyond_kinds(struct view_row *rows, size_t n,
    const struct judge_baseline *base, const double *v,
    const enum judge_kind *kinds, const struct judge_shift *s,
    struct view_machine *m, double *scratch)
{
	double floor = log1p(fmax(fmax(VIEW_KIND_FLOOR_PCT, m->spread_pct),
	                         n > 0 ? base[0].drift_pct : 0) /
	    100);

	judge_kinds_of(v, kinds, n, s->log_shift, floor, s->from_loops,
	    &m->kinds, scratch);
	for (size_t i = 0; i < n; i++) {
		struct view_row *r = &rows[i];
		int dir = m->kinds.moved[kinds[i]];

		/* Tracing moves every system path at once: that kind moved
		 * because of the change the row senses, which is what the
		 * row must show, not a fact of the host to judge it beyond. */
		r->by_kind = !r->senses_change &&
		    judge_moved_with_kind(&m->kinds, kinds[i], v[i],
		        s->log_shift, floor);
		r->machine_spread_pct = m->spread_pct;
		r->machine_shift =
		    r->by_kind ? m->kinds.shift[kinds[i]] : m->shift;
		/* Other load's figure is left out of the shift, and is not
		 * judged beyond it either: a hog on both CPUs made the
		 * shift 1.87x of the rows it did not flag, and a loop it
		 * halved read "1.05x faster" beyond that, not busy. */
		if (judge_live_disturbed(r->recent_noisy))
			r->machine_shift = 1;
		view_row_judge(r, &base[i]);
		if (r->by_kind && r->significant && r->better == (dir < 0))
			r->significant = 0;
		view_row_shown(r);
	}
}

/* The busy rows, said once (why: view_row_judge). */
static void
busy_of(const struct view_row *rows, size_t n, struct view_machine *m)
{
	m->busy = 0;
	m->busy_lo = INFINITY;
	m->busy_hi = 0;
	for (size_t i = 0; i < n; i++) {
		if (!rows[i].busy || !(rows[i].change_ratio > 0))
			continue;
		m->busy++;
		m->busy_lo = fmin(m->busy_lo, rows[i].change_ratio);
		m->busy_hi = fmax(m->busy_hi, rows[i].change_ratio);
	}
}

void
view_machine_judge_rows(struct view_row *rows, size_t n,
    const struct judge_baseline *base, struct view_machine *m)
{
	double v[VIEW_DRIFT_MAX_ROWS], scratch[2 * VIEW_DRIFT_MAX_ROWS];
	enum judge_kind kinds[VIEW_DRIFT_MAX_ROWS];
	struct judge_shift s;

	memset(m, 0, sizeof *m);
	m->shift = 1;
	if (base == NULL)
		return;
	if (n > VIEW_DRIFT_MAX_ROWS)
		n = VIEW_DRIFT_MAX_ROWS;
	for (size_t i = 0; i < n; i++) {
		/* Other load's figures are not the machine's (as --check). */
		v[i] = judge_live_disturbed(rows[i].recent_noisy)
		    ? NAN
		    : row_log_speed(&rows[i], &base[i]);
		kinds[i] = judge_kind_of(rows[i].test);
	}
	/* The shift as --check takes it (judge_shift_of); none from one row
	 * (focus from the start) or two. */
	judge_shift_of(v, kinds, n, &s, scratch);
	m->rows = s.sources;
	if (s.known) {
		m->known = 1;
		m->shift = exp(s.log_shift);
		m->spread_pct = (exp(s.log_spread) - 1) * 100;
		m->beyond = fabs(m->shift - 1) * 100 > JUDGE_BAR_MIN_PCT;
		rows_beyond_kinds(rows, n, base, v, kinds, &s, m, scratch);
	}
	busy_of(rows, n, m);
}
