/*
 * measure-judge-live.h: the live screen's baseline judged (b, and the
 * baseline a context change takes): the newest slices against the
 * figures frozen then, by the same decision as --check (judge_decide).
 * Pure: no I/O, no locks, no allocation.
 */

#ifndef BENCHTOP_MEASURE_JUDGE_LIVE_H
#define BENCHTOP_MEASURE_JUDGE_LIVE_H

#include <stddef.h>

#include "measure-judge.h"

/* ---- The live screen's baseline (b) ---- */

/*
 * The bar a change must pass (judge_live_bar): never below
 * JUDGE_BAR_MIN_PCT, nor below the baseline's undisturbed samples' own
 * spread, nor below the prediction interval of its slices, nor below the
 * machine's drift. A newest slice beyond JUDGE_FAR_BARS bars is a verdict
 * by itself when its cause is known (a change of the context the row
 * senses); any other needs the
 * slices before it beyond the bar the same way too: one slice before it
 * when its cause is known, two when not. A slice far off with
 * no cause is how a test with a rare slow mode (a file creation that
 * waits for the journal, a partner the host parked) looks once in a
 * while on an unchanged machine. A slice whose samples were mostly
 * disturbed (JUDGE_BUSY_SHARE: something else took the worker's CPU) is
 * judged as --check judges such a row: busy, not judged, unless the test
 * keeps its CPU busy by itself and is slower beyond its bar by
 * JUDGE_BUSY_FLOOR times more (the ratios multiplied: 4.8x for a bar of
 * 20%).
 */
#define JUDGE_BAR_MIN_PCT 5.0
#define JUDGE_FAR_BARS    2.0
/* The machine's drift weighs as this many slices of a row's own. */
#define JUDGE_DRIFT_WEIGHT 4

/* A frozen median per test, for the delta column (b key). */
struct judge_baseline {
	int set;
	double value;        /* median in the test's unit */
	double ci_pct;       /* 95% CI half-width of that median, % of it */
	double slice_pi_pct; /* 95% prediction, a new slice's median, % */
	double spread_pct;   /* the samples' robust spread, % of value */
	double drift_pct;    /* the machine's: view_machine_drift, % */
	double slice_sd_pct; /* sd of the slices' logs' medians, x 100 */
	size_t slices;       /* how many slices those were */
	size_t rows;         /* the rows judged together (0, 1: one) */
};

/* A live row's change against its baseline (moved by the machine's
 * shift), in % of it, signed as the unit: + is a bigger value. */
struct judge_live {
	double pct, ci_pct;           /* the newest slices' change, 95% */
	double prev_pct, prev_ci_pct; /* the slices before them; NAN none */
	double noisy_pct;             /* the newest's samples disturbed, % */
	double prev_noisy_pct;        /* those before them, %; 0 none */
	double prev2_pct, prev2_ci_pct, prev2_noisy_pct; /* and before
	                                                    those */
	double bar_pct;     /* judge_live_bar, or the shift's spread */
	double bar_one_pct; /* the same for this row alone (rows 1) */
	int higher_better;
	int cause_known; /* a change of the context the row senses */
	int waits;       /* it waits by design (a partner, a file, a child):
	                    not bench_cpu_bound */
};

/*
 * The live verdict of a row: JUDGE_SLOWER or JUDGE_FASTER when the whole
 * interval of the change lies beyond the bar and it is far beyond
 * (JUDGE_FAR_BARS bars) with its cause known, or the slices before moved
 * beyond it the same way (the one before it when the row senses the
 * change, the two before it else). JUDGE_BUSY
 * when the newest slice moved beyond the bar with its samples mostly disturbed:
 * other load's figure, not the test's, said once for every such row (as --check
 * says "other load"), unless it keeps its CPU by itself and is slower beyond
 * the bar by JUDGE_BUSY_FLOOR times more (a test 100x slower under load is
 * still a regression); slices before it that were mostly disturbed are no
 * evidence that a change lasts. A change of the context the row senses
 * is judged against the row's own bar (bar_one_pct): the row is asked
 * about one change, not looked over among 80 for whatever moved; the
 * rest against the bar the rows judged together share (bar_pct). A
 * sentinel's step asks nothing of a row: it runs the sentinel's kind
 * again at once, so that the rows show their new figures, and the header
 * says it; a row of that kind that moved is judged as any unasked one
 * (with the step as its cause, the host's blips that moved a sentinel
 * made the rows re-run in the same blip WORSE on one slice: 8 rows in
 * one of two live quiet rounds). It ends in judge_decide, as --check
 * does.
 */
enum judge_verdict judge_live_row(const struct judge_live *c);
/* Whether a slice with pct % of its samples disturbed is other load's
 * figure (JUDGE_BUSY_SHARE, as --check): left out of the machine's
 * shift and the kinds, and judged on its own (busy). */
int judge_live_disturbed(double pct);
/*
 * Whether one slice more may decide: no verdict, the row senses the
 * change, and its newest slice's change lies beyond the row's own bar
 * (not far, or its interval not all beyond: a second such slice is a
 * verdict). The screen runs such a row again
 * at once instead of a cycle later: tracing's 1.27x on bsd.socket's
 * first slice waited 25 s for the rotation to bring its second.
 * v: judge_live_row(c), which the caller has (judged once a refresh).
 */
int judge_live_unsure(const struct judge_live *c, enum judge_verdict v);

/* 5% false alarms a slice among the rows judged together, shared. */
#define JUDGE_LIVE_ALPHA 0.05

/* How many times wider a bar's quantile is for `rows` rows judged
 * together than for one (Bonferroni); 1 for fewer than two. */
double judge_live_rows_scale(size_t rows);

/* The bar a change against baseline b must pass, in % of it. */
double judge_live_bar(const struct judge_baseline *b);

/* Its part from the slices: their prediction interval, %, the row's own
 * pooled with the machine's drift once that is set. */
double judge_live_slices(const struct judge_baseline *b);

#endif
