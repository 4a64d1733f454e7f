/*
 * ui-rerun.h: what a change touches runs again at once (ui-rerun.c): the
 * tests a context change senses, and the groups of a sentinel that
 * moved, run ahead of the rotation; a change undone is judged against
 * the baseline of the state it returns to.
 */

#ifndef BENCHTOP_UI_RERUN_H
#define BENCHTOP_UI_RERUN_H

#include <stddef.h>
#include <stdint.h>

#include "bench-context.h"
#include "machine-context.h"
#include "measure-judge-live.h"
#include "measure-judge.h"
#include "monitor-queue.h"
#include "monitor.h"

/* States before the changes, remembered with their rows' baseline: a
 * stack of undo. */
#define UI_RERUN_STATES 4
/* Looks at an unsure row after a change, beyond its first slice. */
#define UI_RERUN_LOOKS 2

struct ui_rerun_state {
	struct machine_context ctx;
	struct judge_baseline *base; /* one per row */
};

struct ui_rerun {
	unsigned char *rank;  /* per row: the rank of the urge being made */
	unsigned char *again; /* per row: looks since the change */
	size_t urged;         /* rows the last context change urged */
	struct ui_rerun_state state[UI_RERUN_STATES];
	size_t depth; /* states on the stack */
	const struct bench_sentinel *sentinel[MONITOR_MAX_SENTINELS];
	size_t sentinel_row[MONITOR_MAX_SENTINELS];
	size_t nsentinels;
	uint64_t seen_slices[MONITOR_MAX_SENTINELS];
	double fired_q[MONITOR_MAX_SENTINELS]; /* its last step told */
	uint64_t fired_ns[MONITOR_MAX_SENTINELS];
	char line[192];               /* the last sentinel's news, "" none */
	char mark[CONTEXT_LABEL_MAX]; /* its name on the sparklines */
	uint64_t line_ns;             /* when */
};

struct ui;

/* Allocate; start the sentinels on the monitor. -1: out of memory. */
int ui_rerun_init(struct ui *ui, struct ui_rerun *r);
void ui_rerun_free(struct ui_rerun *r);
/* A change of `senses` (context_sense bits): the tests it touches run
 * next, the system calls first. Returns how many rows were urged. */
size_t ui_rerun_urge(struct ui *ui, struct ui_rerun *r, unsigned senses);
/*
 * After the rows were rebuilt: each row the change of `senses` touched
 * that is unsure (view_row.unsure) and whose slices since the change
 * (slices_at: its slices then) are its first and the looks it was given
 * runs once more at once, not a cycle later, up to UI_RERUN_LOOKS times.
 * Returns how many rows were urged.
 */
size_t ui_rerun_second_looks(struct ui *ui, struct ui_rerun *r,
    const uint64_t *slices_at, unsigned senses);
/*
 * A change from context `was` to `now`, with ui->base just taken from
 * the rows before it: when `now` is the state before the last change
 * (an undo), put its baseline back into ui->base and return 1 (the
 * undone change is judged against the figures from before it); else
 * remember `was` with that baseline.
 */
int ui_rerun_baseline(struct ui *ui, struct ui_rerun *r,
    const struct machine_context *was, const struct machine_context *now);
/* After the rows were rebuilt: a sentinel's new slice that stepped
 * beyond its bar urges its groups and says so in r->line; returns 1
 * then, with the sparklines' mark for it in r->mark. */
int ui_rerun_sentinels(struct ui *ui, struct ui_rerun *r, uint64_t now_ns);

#endif
