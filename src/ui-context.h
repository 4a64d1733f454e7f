/*
 * ui-context.h: the machine's context on the live screen: a header line
 * of the few facts that matter, the facts each test is sensitive to in
 * the detail view, a named mark on every sparkline when a fact changes
 * (with the baseline taken from the samples before it), and, after a
 * full cycle of the tests, the rows that moved and those that did not.
 */

#ifndef BENCHTOP_UI_CONTEXT_H
#define BENCHTOP_UI_CONTEXT_H

#include <stdint.h>

#include "export-context.h"
#include "ui-rerun.h"
#include "ui-view.h"

/* After a change: the rows that moved, once each has run again. */
struct ui_context_watch {
	int active;                       /* from a change to its verdict */
	char what[2 * CONTEXT_LABEL_MAX]; /* "THP always" (+ N more) */
	uint64_t *slices_at;              /* per row: slices at the change */
	/* per row: its last significant change since, NAN while none */
	double *moved_pct;
	char verdict[512]; /* "after THP always: moved ..." */
	unsigned senses;   /* what the change moves (not CPU: every test);
	                      0 once b takes a baseline of its own */
};

struct ui_context {
	struct context_watch watch;
	char mark_names[VIEW_MAX_MARKS][CONTEXT_LABEL_MAX];
	char fresh[2 * CONTEXT_LABEL_MAX]; /* this refresh's changes */
	unsigned fresh_senses;             /* what they move */
	struct machine_context before;     /* the context before this read */
	struct ui_context_watch after;
	struct ui_rerun rerun;
};

struct ui;

/* Allocate and read the context at start; -1 out of memory. */
int ui_context_init(struct ui *ui);
void ui_context_free(struct ui *ui);

/*
 * Each refresh, before the rows are rebuilt (they still hold only the
 * samples before any change): read the context again; on a change, mark
 * it, log it, say it, and take the baseline from those rows.
 */
int ui_context_tick(struct ui *ui); /* 1: a change */
/* After the rows were rebuilt: the verdict of a change once a full
 * cycle has run since it. */
void ui_context_after_refresh(struct ui *ui);

/* Whether test t senses the context change since the baseline. */
int ui_context_senses_change(const struct ui *ui, const struct bench_test *t);

/* A mark at t_ms named `name` ("" for the m key's), the oldest dropped
 * when full. */
void ui_context_mark(struct ui *ui, uint32_t t_ms, const char *name);

/* The header's context line at y, cut between facts; returns the next
 * line (one more while a change's verdict is shown). */
int ui_context_header_draw(struct ui *ui, int y);

/* The detail view: what moves this row, its state now, the marks' names
 * under the sparkline (x0: the sparkline's first column, width its
 * glyphs). */
void ui_context_detail_draw(struct ui *ui, int *y, const struct view_row *r);
void ui_context_marks_draw(struct ui *ui, int *y, const struct view_row *r,
    int x0, int width);

/* The compare view: how the references' context differs from this
 * machine's; returns the next line. */
int ui_context_compare_draw(struct ui *ui, int y);

#endif
