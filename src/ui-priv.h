/*
 * ui-priv.h: the live screen's state, which ui.c owns and its screens
 * (ui-*.c) read and draw from. Only the UI thread touches it.
 */

#ifndef BENCHTOP_UI_PRIV_H
#define BENCHTOP_UI_PRIV_H

#include <sched.h>
#include <stddef.h>
#include <stdint.h>

#include "monitor.h"
#include "ref-select.h"
#include "ui-kit.h"
#include "ui-spark.h"
#include "ui-view-machine.h"
#include "ui-view.h"
#include "ui.h"

struct ui_context;

enum ui_screen { UI_TABLE, UI_DETAIL, UI_HELP, UI_COMPARE };

enum ui_sort {
	UI_SORT_GROUP,
	UI_SORT_NAME,
	UI_SORT_NS,
	UI_SORT_CV,
	UI_SORT_DELTA,
	UI_SORT_COUNT
};

/* One line of the table: a group heading or a test row. */
struct ui_line {
	int group; /* heading of this group, or -1 for a row */
	size_t row;
};

struct ui {
	struct ui_config cfg;
	int utf8;
	enum ui_screen screen;
	int frozen;
	int rerunning; /* tests a change touched wait for their slice */
	enum ui_sort sort;
	int sort_reverse;
	unsigned hidden_groups; /* bit per enum bench_group */
	size_t cursor;          /* index into items (a row, never a heading) */
	size_t top;             /* first item shown */
	struct view_row *rows;
	size_t nrows;
	struct ui_line *items;
	size_t *order; /* scratch of build_lines */
	size_t nitems;
	struct judge_baseline *base;
	int have_baseline;
	struct view_machine machine; /* the shift since the baseline */
	uint32_t marks[VIEW_MAX_MARKS];
	size_t nmarks;
	uint32_t state_ms; /* the last change of the context's mark, 0 none */
	struct view_change changes[VIEW_MAX_MARKS]; /* the context's, oldest
	                                               first */
	size_t nchanges;
	struct ring_entry *buf;
	struct spark_scale *scales; /* per test: sparkline scale */
	uint64_t start_ns;
	double ui_cpu_pct;
	uint64_t cpu_t0_ns, wall_t0_ns;
	char message[128];     /* one-line feedback, e.g. "baseline set" */
	struct refsel refs[2]; /* references A (r) and B (R) */
	size_t compare_top;    /* first line of the comparison screen */
	int story;             /* V: the comparison screen shows the story */
	size_t help_top;       /* first line of the help, j/k scroll it */
	int recompute;         /* set by a key: refresh the rows at once */
	uint64_t next_export_ns;
	int export_error;   /* errno of the last failed export, or 0 */
	int collapsed;      /* a: one line per group, no rows */
	int quiet;          /* Q: draw only while workers are parked */
	int quiet_cpu;      /* the UI's CPU when quiet, -1: shared */
	int pass;           /* borrow_screen_begin's, while drawing */
	char focus[48];     /* f: what runs alone, "" when all do */
	size_t focus_rows;  /* how many rows that is */
	int focus_left;     /* f ended a focus: the cycle is timed afresh */
	cpu_set_t affinity; /* the UI thread's, before quiet */
	struct monitor_self self; /* the self row's figures, unless frozen */

	/* The machine's context, watched (ui-context.c). */
	struct ui_context *context;
};

#endif
