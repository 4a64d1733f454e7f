/*
 * ui-view.h: what the screen shows, computed from store snapshots. The only
 * input of drawing (top's data contract): drawing code never reads the
 * store, and nothing here calls curses.
 */

#ifndef BENCHTOP_VIEW_H
#define BENCHTOP_VIEW_H

#include <stddef.h>
#include <stdint.h>

#include "bench.h"
#include "measure-judge-live.h"
#include "measure-judge.h"
#include "monitor-ring.h"
#include "monitor-store.h"
#include "ui-view-step.h"

/* Samples behind a row's statistics: the most recent ones. */
#define VIEW_WINDOW STORE_WINDOW
/*
 * The verdict against a baseline (b) compares the newest run of the test:
 * its newest slice, back to whole slices holding at least VIEW_RECENT_MIN
 * samples (a hog, a tuning change shows in one slice, not after a window
 * of minutes). A slice of fewer than VIEW_SLICE_MIN samples (ui-view-step.h)
 * does not count in the spread of slice medians the baseline records.
 */
#define VIEW_RECENT_MIN 8
/* A kind moved as a whole when beyond this from the machine (and its
 * rows' own bars): the live slices of an unchanged guest scatter 5-15%. */
#define VIEW_KIND_FLOOR_PCT 10.0
/* A bar wider than this: the row's slices disagree too widely to tell
 * a change, and the screen says "wide". */
#define VIEW_WIDE_BAR_PCT 50.0
/*
 * The machine's drift (view_machine_drift) from the rows with at least
 * VIEW_DRIFT_SLICES slices in their history, when VIEW_DRIFT_ROWS have.
 */
#define VIEW_DRIFT_SLICES 3
#define VIEW_DRIFT_ROWS   3
/* Rows it looks at, the first ones (the catalogue has about 80). */
#define VIEW_DRIFT_MAX_ROWS 1024
/* The status says "noisy" from this share of disturbed samples on. */
#define VIEW_NOISY_PCT SAMPLE_NOISY_SHOWN_PCT
/* Values a sparkline can show. */
#define VIEW_SPARK_MAX VIEW_HISTORY_MAX
#define VIEW_MAX_MARKS 64

struct view_row {
	size_t index; /* in the store */
	const struct bench_test *test;
	int enabled;
	struct store_meta meta;
	size_t n;             /* samples in the window */
	uint64_t total;       /* samples ever */
	double ns, cyc;       /* medians of the window */
	double value;         /* median in the test's unit */
	double cv_pct;        /* of ns/op over the window */
	double ci_pct;        /* 95% CI half-width of the median, % */
	double noisy_pct;     /* of the window's samples, disturbed */
	double calm_value;    /* the median of its undisturbed samples (of
	                         all, when fewer than VIEW_RECENT_MIN) */
	double calm_ci_pct;   /* 95% CI half-width of it, % */
	size_t recent_n;      /* samples of the newest slices */
	double recent_noisy;  /* of them disturbed, % */
	double recent_value;  /* their median in the unit */
	double recent_ci_pct; /* 95% CI half-width of it, % */
	double spread_pct;    /* of the window's undisturbed samples: 1.4826
	                         MAD, % of their median (a robust sd) */
	double slice_pi_pct;  /* of a new slice's median from the slices of
	                         the row's history, of their undisturbed
	                         samples: 95% prediction, % */
	double slice_sd_pct;  /* of those slices' medians: sd, % of value;
	                         NAN under two slices */
	size_t slices;        /* how many */
	size_t prev_n;        /* samples of the slices just before those */
	double prev_value;    /* their median in the unit */
	double prev_ci_pct;   /* 95% CI half-width of it, % */
	double prev_noisy;    /* of them disturbed, % */
	size_t prev2_n;       /* samples of the slices before those */
	double prev2_value, prev2_ci_pct, prev2_noisy; /* as prev_ */
	double recent_ns, recent_cyc; /* the newest slices' medians */
	/* The newest slice against the slices before it of its state
	 * (view_step_judge), of a sentinel only: speed ratio, NAN with
	 * nothing to judge it by or not a sentinel;
	 * and the 95% prediction interval of a slice, %: how a sentinel
	 * sees a step. */
	double step_ratio, step_pi_pct;
	/* What the table shows: the window's medians, or after a change
	 * (a mark inside the window, or a verdict) the newest slices'. */
	double shown_value, shown_ns, shown_cyc;
	int shown_recent;
	int straddles; /* a mark (a change) lies inside the window */
	double spark[VIEW_SPARK_MAX]; /* the unit's values, oldest first */
	unsigned char marks[VIEW_SPARK_MAX];
	size_t nspark;
	int has_delta;
	double delta_pct; /* the newest slices against the baseline, % */
	double delta_ci_pct;
	double change_ratio; /* speed now / at the baseline, beyond the
	                        machine's (or its kind's) shift: > 1 faster */
	double bar_pct;      /* what an unchanged machine's next slice may
	                        read: the bar the change must pass, % */
	int by_kind;         /* judged beyond its kind's shift */
	int senses_change;   /* set by the caller: the row senses the context
	                        change since the baseline, which is then no
	                        host fact to judge it beyond (not by_kind) */
	uint32_t state_ms;   /* set by the caller: the last change of the
	                        context (store ms), 0 none; the row's window
	                        (its newest slices, its samples' spread)
	                        counts the samples since */
	const struct view_change *changes; /* set by the caller: the changes
	                                      of the context, oldest first;
	                                      the states of its slice spread */
	size_t nchanges;
	int significant;      /* the whole interval of the change beyond the
	                         baseline's bar: far beyond it for the newest
	                         slices with its cause known, or beyond it for
	                         them and for those before them, the same way
	                         (judge_live_row) */
	int busy;             /* the newest slices moved beyond the bar with
	                         their samples mostly disturbed: other load's
	                         figure, not judged (JUDGE_BUSY) */
	int unsure;           /* no verdict, but one slice more would give
	                         one: judge_live_unsure */
	int better;           /* the change is an improvement */
	double machine_shift; /* judged beyond it: speed ratio, 1 none */
	double machine_spread_pct; /* how well it is known (0: none): a
	                              change must pass it too */
};

/* One group at a glance: what a heading says, and all a collapsed
 * screen shows (many workers, many rows: a screen of headings still fits). */
struct view_group {
	size_t tests, ok, failed, unsupported, off;
	size_t noisy;             /* rows whose status says noisy */
	size_t better, worse;     /* significant changes against the baseline */
	size_t busy;              /* rows busy (other load took their CPU) */
	double max_delta_pct;     /* the largest change, signed */
	double max_ratio;         /* ...as a speed ratio (> 1 faster) */
	const char *max_delta_id; /* its test, or NULL */
};

/*
 * The newest slice's step from the slices before it (step_ratio) when it
 * lies beyond `bars` times the larger of bar_min_pct and their
 * prediction interval: the speed ratio; else 0. How a sentinel tells a
 * change nobody announced. Pure.
 */
double view_row_step(const struct view_row *r, double bar_min_pct, double bars);

/* Summarise the rows of `group` among rows[0..n); pure. */
void view_group_summarize(const struct view_row *rows, size_t n, int group,
    struct view_group *g);

/* Row r's verdict against its baseline (none: NULL), beyond the
 * machine's shift and spread set in it (r->machine_shift,
 * r->machine_spread_pct); pure. */
void view_row_judge(struct view_row *r, const struct judge_baseline *given);

/* Which figures row r shows: the newest slices' after a change or with
 * a verdict, else the window's; pure. */
void view_row_shown(struct view_row *r);

/* Compute row `r` of test i from a snapshot; pure given the inputs. */
void view_row_build(struct view_row *r, const struct store_view *sv,
    const struct ring_entry *e, const uint32_t *marks_ms, size_t nmarks,
    const struct judge_baseline *base);

/* Freeze a row's current median as its baseline, with the machine's
 * drift at that moment (view_machine_drift over every row; 0 unknown). */
void view_baseline_take(struct judge_baseline *b, const struct view_row *r,
    double drift_pct);

/* The state just before a context change: as view_baseline_take, but
 * of the newest slices when the window straddles an earlier change. */
void view_baseline_take_state(struct judge_baseline *b,
    const struct view_row *r, double drift_pct);

#endif
