/*
 * ui-rerun.c: what a change touches runs again at once, and what its
 * undoing compares with. With every test on, a row gets one slice a
 * cycle (43 s on a 2-CPU guest), so a change seen by the context watch
 * asks the monitor (queue_urge) to run the tests that sense it next,
 * the system calls first; a change nobody announced shows on a sentinel
 * (one quick test per kind, a short turn every few seconds) and asks
 * the same for the sentinel's groups. Undoing a change brings back the
 * baseline of the state it returns to, so the rows go back to ok only
 * when their new slices say so.
 */

#include "config.h"

#include "ui-rerun.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench-context.h"
#include "measure-judge-live.h"
#include "monitor-queue.h"
#include "ui-priv.h"

/* A sentinel's turn: one every this, of this length. */
#define SENTINEL_EVERY_NS 2000000000ull
#define SENTINEL_SLICE_NS 200000000ull
/* The same step again (the same way) is news after this long. */
#define SENTINEL_AGAIN_NS (BENCH_SENTINEL_AGAIN_MS * 1000000ull)

/* The row of store test `id`, or SIZE_MAX (before the first refresh:
 * the rows hold no test yet, the store does). */
static size_t
row_of(const struct ui *ui, const char *id)
{
	for (size_t i = 0; i < ui->nrows; i++)
		if (strcmp(store_test(ui->cfg.store, i)->id, id) == 0)
			return i;
	return SIZE_MAX;
}

static void
sentinels_start(struct ui *ui, struct ui_rerun *r)
{
	size_t tests[MONITOR_MAX_SENTINELS];
	unsigned kinds[MONITOR_MAX_SENTINELS];
	const struct bench_sentinel *s;

	r->nsentinels = 0;
	for (size_t k = 0; (s = bench_context_sentinel(k)) != NULL &&
	     r->nsentinels < MONITOR_MAX_SENTINELS;
	     k++) {
		size_t row = row_of(ui, s->id);

		if (row == SIZE_MAX)
			continue;
		r->sentinel[r->nsentinels] = s;
		r->sentinel_row[r->nsentinels] = row;
		kinds[r->nsentinels] = s->groups;
		tests[r->nsentinels++] = row;
	}
	if (ui->cfg.monitor != NULL && r->nsentinels > 1)
		queue_set_sentinels(ui->cfg.monitor, tests, kinds,
		    r->nsentinels, SENTINEL_EVERY_NS, SENTINEL_SLICE_NS);
}

int
ui_rerun_init(struct ui *ui, struct ui_rerun *r)
{
	size_t n = ui->nrows ? ui->nrows : 1;

	memset(r, 0, sizeof *r);
	r->rank = calloc(n, 1);
	r->again = calloc(n, 1);
	for (int k = 0; k < UI_RERUN_STATES; k++)
		r->state[k].base = calloc(n, sizeof *r->state[k].base);
	for (int k = 0; k < UI_RERUN_STATES; k++)
		if (r->state[k].base == NULL || r->rank == NULL ||
		    r->again == NULL) {
			ui_rerun_free(r);
			return -1;
		}
	sentinels_start(ui, r);
	return 0;
}

void
ui_rerun_free(struct ui_rerun *r)
{
	free(r->rank);
	r->rank = NULL;
	free(r->again);
	r->again = NULL;
	for (int k = 0; k < UI_RERUN_STATES; k++) {
		free(r->state[k].base);
		r->state[k].base = NULL;
	}
}

/* Ask the monitor for the rows ranked in r->rank (row i is store test
 * i); how many. */
static size_t
urge_ranked(struct ui *ui, struct ui_rerun *r)
{
	size_t n = 0;

	for (size_t i = 0; i < ui->nrows; i++)
		n += r->rank[i] != 0 && ui->rows[i].enabled;
	if (ui->cfg.monitor != NULL && n > 0)
		queue_urge(ui->cfg.monitor, r->rank);
	return n;
}

size_t
ui_rerun_urge(struct ui *ui, struct ui_rerun *r, unsigned senses)
{
	for (size_t i = 0; i < ui->nrows; i++)
		r->rank[i] = bench_context_rank(ui->rows[i].test, senses);
	memset(r->again, 0, ui->nrows);
	return r->urged = urge_ranked(ui, r);
}

/*
 * A change between one and two bars on its first slice is a verdict on
 * its second (judge_live_row), which the rotation brought a cycle later:
 * tracing on made bsd.socket 1.27x slower on its re-run and WORSE 28 s
 * after (bench/tuner.sh). Looked at again while unsure, up to
 * UI_RERUN_LOOKS times per change: a slower test's re-run is 7 samples,
 * the judge's newest slices are the two looks together (VIEW_RECENT_MIN)
 * and nothing of the change is before them; a third slice is what
 * parts them. lmbench.open_close, 1.43x slower traced on both its looks
 * against a bar of its two modes, was WORSE on the rotation's slice
 * 29 s after tracing on.
 */
size_t
ui_rerun_second_looks(struct ui *ui, struct ui_rerun *r,
    const uint64_t *slices_at, unsigned senses)
{
	size_t n = 0;

	for (size_t i = 0; i < ui->nrows; i++) {
		const struct view_row *row = &ui->rows[i];

		r->rank[i] = 0;
		if (r->again[i] >= UI_RERUN_LOOKS || !row->enabled ||
		    !row->has_delta || !row->unsure ||
		    row->meta.slices != slices_at[i] + 1 + r->again[i])
			continue;
		r->rank[i] = bench_context_rank(row->test, senses);
		r->again[i] += r->rank[i] != 0;
		n += r->rank[i] != 0;
	}
	return n > 0 ? urge_ranked(ui, r) : 0;
}

/*
 * A change from `was` to `now`, with ui->base just taken from the rows
 * before it. The states before the changes are a stack: a change back to
 * the state before the last one undoes it (pop: judged against that
 * state's figures, so WORSE rows go back to ok only from new slices);
 * any other change pushes the state it leaves. Not any state seen before:
 * tracing switched on a second time is judged against the untraced
 * figures of just before, not against the traced ones of last time.
 */
int
ui_rerun_baseline(struct ui *ui, struct ui_rerun *r,
    const struct machine_context *was, const struct machine_context *now)
{
	struct ui_rerun_state *s;

	if (r->depth > 0 &&
	    context_diff(&r->state[r->depth - 1].ctx, now, NULL, NULL) == 0) {
		s = &r->state[--r->depth];
		memcpy(ui->base, s->base, ui->nrows * sizeof *s->base);
		return 1;
	}
	if (r->depth == UI_RERUN_STATES) { /* the oldest goes */
		struct judge_baseline *oldest = r->state[0].base;

		memmove(&r->state[0], &r->state[1],
		    (UI_RERUN_STATES - 1) * sizeof r->state[0]);
		r->state[UI_RERUN_STATES - 1].base = oldest;
		r->depth--;
	}
	s = &r->state[r->depth++];
	s->ctx = *was;
	memcpy(s->base, ui->base, ui->nrows * sizeof *s->base);
	return 0;
}

/* Sentinel k's newest slice, judged: its speed ratio when news, else 0
 * (the step it told last, within SENTINEL_AGAIN_NS, is not). */
static double
sentinel_news(const struct ui_rerun *r, size_t k, const struct view_row *row,
    uint64_t now_ns)
{
	double q =
	    view_row_step(row, BENCH_SENTINEL_BAR_MIN_PCT, JUDGE_FAR_BARS);

	if (q == 0 ||
	    (view_step_same(q, r->fired_q[k]) &&
	        now_ns < r->fired_ns[k] + SENTINEL_AGAIN_NS))
		return 0;
	return q;
}

/* Sentinel k moved by speed ratio q: its groups run next; said once. */
static void
sentinel_fire(struct ui *ui, struct ui_rerun *r, size_t k, double q,
    uint64_t now_ns)
{
	const struct view_row *row = &ui->rows[r->sentinel_row[k]];
	char ratio[24], at[16];
	time_t t = time(NULL);
	struct tm tm;
	size_t n;

	r->fired_q[k] = q;
	r->fired_ns[k] = now_ns;
	for (size_t i = 0; i < ui->nrows; i++)
		r->rank[i] = bench_context_sentinel_rank(r->sentinel[k],
		    ui->rows[i].test);
	n = urge_ranked(ui, r);
	(void)judge_ratio_text(q, ratio, sizeof ratio);
	if (localtime_r(&t, &tm) == NULL ||
	    strftime(at, sizeof at, "%H:%M:%S", &tm) == 0)
		(void)snprintf(at, sizeof at, "?");
	(void)snprintf(r->line, sizeof r->line,
	    "sentinel %s %s than its slices before (%.0f%% of its samples "
	    "disturbed) at %s: its kind's %zu rows run again",
	    row->test->id, ratio, row->recent_noisy, at, n);
	r->line_ns = now_ns;
	(void)snprintf(r->mark, sizeof r->mark, "%s %s",
	    strchr(row->test->id, '.') + 1, ratio);
}

int
ui_rerun_sentinels(struct ui *ui, struct ui_rerun *r, uint64_t now_ns)
{
	int fired = 0;

	for (size_t k = 0; k < r->nsentinels; k++) {
		const struct view_row *row = &ui->rows[r->sentinel_row[k]];
		double q;

		if (row->meta.slices == r->seen_slices[k])
			continue;
		r->seen_slices[k] = row->meta.slices;
		if ((q = sentinel_news(r, k, row, now_ns)) > 0) {
			sentinel_fire(ui, r, k, q, now_ns);
			fired = 1;
		}
	}
	return fired;
}
