/*
 * ui-view-machine.h: the machine as every row sees it since b (its
 * drift, its shift, its kinds), and the rows judged beyond it.
 */

#ifndef BENCHTOP_VIEW_MACHINE_H
#define BENCHTOP_VIEW_MACHINE_H

#include <stddef.h>

#include "measure-judge-live.h"
#include "measure-judge.h"
#include "ui-view.h"

/*
 * The machine's shift since the baseline (b): the median change of the
 * CPU-bound loops' newest slices (every row's when fewer than
 * VIEW_DRIFT_ROWS loops have one), as --check takes it. A change that
 * moves every row at once is this, shown once in the header; a row is
 * WORSE or better only when it moved beyond it, by more than its bar and
 * more than the shift's spread (how far the rows it comes from disagree
 * about it: on a shared host two loops drift apart by 20% in minutes).
 */
struct view_machine {
	int known;         /* enough rows to tell */
	double shift;      /* speed now / at the baseline, 1 none */
	int beyond;        /* beyond JUDGE_BAR_MIN_PCT */
	size_t rows;       /* rows it comes from */
	double spread_pct; /* how far they disagree about it: 3 robust
	                      sigmas of their changes around it, % */
	/* The kinds that moved as a whole beyond it, as --check judges
	 * them (judge_kinds_of): one fact each, said once. */
	struct judge_kinds kinds;
	/* The rows busy (view_row.busy: other load took their CPU), left
	 * out of the shift and the kinds as --check leaves them: how many,
	 * and the range of their speed ratios (now / at the baseline). */
	size_t busy;
	double busy_lo, busy_hi;
};

/* After view_row_build of every row: the machine's shift into *m, and
 * each row's verdict judged again beyond it; pure. */
void view_machine_judge_rows(struct view_row *rows, size_t n,
    const struct judge_baseline *base, struct view_machine *m);

/* How far this machine's own speed moves a slice, from every row's
 * slices: 1.96 times the median of their slice_sd_pct (sds of logs), as
 * a ratio, %; pure. */
double view_machine_drift(const struct view_row *rows, size_t n);

#endif
