/*
 * ui-context.c: the machine's context on the live screen. The screen's
 * thread reads it again every refresh (export-context.c: tens of
 * microseconds, inside the screen's pass, so never on a CPU a slice
 * claims). A change is marked on every sparkline by name, written to
 * --log and --jsonl, said on the message line, and the baseline is taken
 * from the rows as they were before it, so that each row's change across
 * it is judged by the same rule as b. Once every running test has run
 * two more slices (the first may straddle the change), the header lists
 * the rows that moved and those that did not, as the rows say it at each
 * refresh until the next change.
 */

#include "config.h"

#include "ui-context.h"

#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base-units.h"
#include "bench-context.h"
#include "monitor-queue.h"
#include "ref-data-find.h"
#include "ui-focus.h"
#include "ui-priv.h"
#include "ui-view-machine.h"

/* A sentinel's news stays in the header this long. */
#define UI_SENTINEL_SHOWN_NS 60000000000ull

/* Slices a row must run after a change before its verdict counts: the
 * first may have begun before it. */
#define SLICES_AFTER_CHANGE 2

int
ui_context_init(struct ui *ui)
{
	struct ui_context *c = calloc(1, sizeof *c);

	if (c == NULL)
		return -1;
	c->after.slices_at =
	    calloc(ui->nrows ? ui->nrows : 1, sizeof *c->after.slices_at);
	c->after.moved_pct =
	    calloc(ui->nrows ? ui->nrows : 1, sizeof *c->after.moved_pct);
	if (c->after.slices_at == NULL || c->after.moved_pct == NULL) {
		free(c->after.slices_at);
		free(c->after.moved_pct);
		free(c);
		return -1;
	}
	context_watch_init(&c->watch, ui->cfg.machine);
	ui->context = c;
	if (ui_rerun_init(ui, &c->rerun) != 0) {
		ui_context_free(ui);
		return -1;
	}
	if (ui->cfg.exporter != NULL)
		ui->cfg.exporter->ctx = &c->watch.now;
	return 0;
}

void
ui_context_free(struct ui *ui)
{
	if (ui->context == NULL)
		return;
	if (ui->cfg.exporter != NULL)
		ui->cfg.exporter->ctx = NULL;
	ui_rerun_free(&ui->context->rerun);
	free(ui->context->after.slices_at);
	free(ui->context->after.moved_pct);
	free(ui->context);
	ui->context = NULL;
}

void
ui_context_mark(struct ui *ui, uint32_t t_ms, const char *name)
{
	struct ui_context *c = ui->context;

	if (ui->nmarks == VIEW_MAX_MARKS) {
		memmove(ui->marks, ui->marks + 1,
		    (VIEW_MAX_MARKS - 1) * sizeof ui->marks[0]);
		if (c != NULL)
			memmove(c->mark_names, c->mark_names + 1,
			    (VIEW_MAX_MARKS - 1) * sizeof c->mark_names[0]);
		ui->nmarks--;
	}
	if (c != NULL)
		(void)snprintf(c->mark_names[ui->nmarks],
		    sizeof c->mark_names[0], "%s", name);
	ui->marks[ui->nmarks++] = t_ms;
}

/* A change of the context seen at t_ms, moving `senses`: the oldest goes
 * when the list is full. */
static void
note_change(struct ui *ui, uint32_t t_ms, unsigned senses)
{
	if (ui->nchanges == VIEW_MAX_MARKS) {
		memmove(ui->changes, ui->changes + 1,
		    (VIEW_MAX_MARKS - 1) * sizeof ui->changes[0]);
		ui->nchanges--;
	}
	ui->changes[ui->nchanges].t_ms = t_ms;
	ui->changes[ui->nchanges++].senses = senses;
}

/* One fact changed: its mark, and the name of the change so far. */
static void
on_change(const struct context_change *ch, void *arg)
{
	struct ui *ui = arg;
	char *what = ui->context->fresh;
	size_t used = strlen(what), size = sizeof ui->context->fresh;

	ui_context_mark(ui, ch->t_ms, ch->label);
	ui->state_ms = ch->t_ms; /* not a sentinel's mark nor the m key's */
	note_change(ui, ch->t_ms, context_key_senses(ch->key));
	ui->context->fresh_senses |= context_key_senses(ch->key);
	if (used + strlen(ch->label) + 3 < size)
		(void)snprintf(what + used, size - used, "%s%s",
		    used ? ", " : "", ch->label);
}

/* The b key's baseline, from the rows as they are (before the change). */
static void
baseline_before_change(struct ui *ui)
{
	double drift = view_machine_drift(ui->rows, ui->nrows);
	size_t judged = ui_focus_rows_run(ui);

	for (size_t i = 0; i < ui->nrows; i++) {
		view_baseline_take_state(&ui->base[i], &ui->rows[i], drift);
		ui->base[i].rows = judged;
		ui->context->after.slices_at[i] = ui->rows[i].meta.slices;
		ui->context->after.moved_pct[i] = NAN;
	}
	ui->have_baseline = 1;
}

int
ui_context_tick(struct ui *ui)
{
	struct ui_context *c = ui->context;
	struct ui_context_watch *a;
	int back;

	if (c == NULL)
		return 0;
	a = &c->after;
	c->fresh[0] = '\0';
	c->fresh_senses = 0;
	c->before = c->watch.now;
	if (context_watch_tick(&c->watch, ui->cfg.store, ui->cfg.log,
	        ui->cfg.exporter, ui->nmarks, on_change, ui) == 0)
		return 0;
	baseline_before_change(ui);
	a->senses = c->fresh_senses & ~(unsigned)CONTEXT_SENSE_CPU;
	back = ui_rerun_baseline(ui, &c->rerun, &c->before, &c->watch.now);
	(void)ui_rerun_urge(ui, &c->rerun, c->fresh_senses);
	(void)snprintf(a->what, sizeof a->what, "%s", c->fresh);
	a->active = 1;
	a->verdict[0] = '\0';
	(void)snprintf(ui->message, sizeof ui->message,
	    back ? "context: %.60s (back: judged against the figures from "
	           "before)"
	         : "context: %.60s (baseline: the samples before it)",
	    a->what);
	return 1;
}

int
ui_context_senses_change(const struct ui *ui, const struct bench_test *t)
{
	return ui->context != NULL &&
	    (bench_context_senses(t) & ui->context->after.senses) != 0;
}

/* Whether every running row has run its slices since the change. */
static int
full_cycle_done(const struct ui *ui)
{
	const struct ui_context_watch *a = &ui->context->after;

	for (size_t i = 0; i < ui->nrows; i++) {
		const struct view_row *r = &ui->rows[i];

		if (!r->enabled || r->meta.status != BENCH_OK)
			continue;
		if (r->meta.slices < a->slices_at[i] + SLICES_AFTER_CHANGE)
			return 0;
	}
	return 1;
}

/* Once a row's change is significant it has moved: on a busy machine
 * the b rule's verdict may come and go from one slice to the next. */
static void
note_moves(struct ui *ui)
{
	struct ui_context_watch *a = &ui->context->after;

	for (size_t i = 0; i < ui->nrows; i++)
		if (ui->rows[i].has_delta && ui->rows[i].significant)
			a->moved_pct[i] = ui->rows[i].delta_pct;
}

/* One group's rows since the change: how many told (ran again and have
 * a change), moved, and the moved rows' speed ratios' range. */
struct group_moves {
	size_t told, moved, slower;
	double lo, hi;
};

static void
count_group(const struct ui *ui, int g, struct group_moves *m)
{
	const struct ui_context_watch *a = &ui->context->after;

	memset(m, 0, sizeof *m);
	m->lo = INFINITY;
	m->hi = 0;
	for (size_t i = 0; i < ui->nrows; i++) {
		const struct view_row *r = &ui->rows[i];
		double q;

		if ((int)r->test->group != g || !r->enabled ||
		    r->meta.status != BENCH_OK || !r->has_delta ||
		    r->meta.slices <= a->slices_at[i])
			continue;
		m->told++;
		if (!isfinite(a->moved_pct[i]))
			continue;
		q = units_higher_is_better(r->test->unit)
		    ? 1 + a->moved_pct[i] / 100
		    : 1 / (1 + a->moved_pct[i] / 100);
		m->moved++;
		m->slower += q < 1;
		m->lo = fmin(m->lo, q < 1 ? 1 / q : q);
		m->hi = fmax(m->hi, q < 1 ? 1 / q : q);
	}
}

/* "syscall 9 of 11 1.6-2.6x slower" or "cpu 0 of 12". */
static int
group_text(const struct group_moves *m, int g, char *buf, size_t size)
{
	const char *way = m->slower == m->moved ? "slower"
	    : m->slower == 0                    ? "faster"
	                                        : "slower or faster";

	if (m->moved == 0)
		return snprintf(buf, size, "%s 0 of %zu",
		    bench_group_name((enum bench_group)g), m->told);
	if (m->hi < m->lo * 1.05)
		return snprintf(buf, size, "%s %zu of %zu %.2gx %s",
		    bench_group_name((enum bench_group)g), m->moved, m->told,
		    m->hi, way);
	return snprintf(buf, size, "%s %zu of %zu %.2g-%.2gx %s",
	    bench_group_name((enum bench_group)g), m->moved, m->told, m->lo,
	    m->hi, way);
}

/* "tracing on: syscall 9 of 11 1.6-2.6x slower; signal 2 of 2 1.3x
 * slower; cpu 0 of 12; 23 rows to run": as each row reports, the
 * groups that moved first, in the direction of speed. */
static void
compose_verdict(struct ui *ui, size_t left)
{
	struct ui_context_watch *a = &ui->context->after;
	char moved[384] = "", still[160] = "", part[96];
	size_t um = 0, us = 0;

	for (int g = 0; g < BENCH_GROUP_COUNT; g++) {
		struct group_moves m;
		char *to = moved;
		size_t *used = &um, size = sizeof moved;

		count_group(ui, g, &m);
		if (m.told == 0)
			continue;
		(void)group_text(&m, g, part, sizeof part);
		if (m.moved == 0) {
			to = still;
			used = &us;
			size = sizeof still;
		}
		if (*used + strlen(part) + 3 < size)
			*used += (size_t)snprintf(to + *used, size - *used,
			    "%s%s", *used ? "; " : "", part);
	}
	um = (size_t)snprintf(a->verdict, sizeof a->verdict, "%s: %s%s%s",
	    a->what, um ? moved : "no row moved yet", us ? "; unchanged: " : "",
	    still);
	if (left && um < sizeof a->verdict)
		(void)snprintf(a->verdict + um, sizeof a->verdict - um,
		    "; %zu rows to run", left);
}

void
ui_context_after_refresh(struct ui *ui)
{
	struct ui_context_watch *a;
	size_t left = 0;

	if (ui->context == NULL)
		return;
	a = &ui->context->after;
	if (ui_rerun_sentinels(ui, &ui->context->rerun, cycles_now_ns()))
		ui_context_mark(ui, store_ms(ui->cfg.store, cycles_now_ns()),
		    ui->context->rerun.mark);
	if (a->what[0] == '\0')
		return;
	note_moves(ui);
	if (a->active)
		(void)ui_rerun_second_looks(ui, &ui->context->rerun,
		    a->slices_at, a->senses);
	if (a->active && ui->cfg.monitor != NULL)
		left = queue_urgent_left(ui->cfg.monitor);
	if (a->active && left == 0 && full_cycle_done(ui))
		a->active = 0;
	/* The list follows the rows as each reports: the b rule may need a
	 * slice or two more to call a change, and the list must agree with
	 * the rows. */
	compose_verdict(ui, left);
}

/* Put `line` at y, cut at the last "; " that fits, so that no fact is
 * shown half. */
static void
put_cut_between(int y, const char *line)
{
	char buf[512];
	int n = (int)strlen(line);

	(void)snprintf(buf, sizeof buf, "%s", line);
	if (n > COLS) {
		char *cut = buf + (COLS > 0 ? COLS : 0);

		*cut = '\0';
		while (cut > buf && strncmp(cut, "; ", 2) != 0)
			cut--;
		*cut = '\0';
	}
	(void)ui_kit_put_clipped(y, 0, buf);
}

int
ui_context_header_draw(struct ui *ui, int y)
{
	struct ui_context *c = ui->context;
	const struct ui_context_watch *a;
	char line[512];

	if (c == NULL)
		return y;
	a = &c->after;
	context_summary(&c->watch.now, line, sizeof line);
	put_cut_between(y++, line);
	if (a->verdict[0] != '\0') {
		ui_kit_role_on(ui, UI_ROLE_WARN);
		put_cut_between(y++, a->verdict);
		ui_kit_role_off(ui, UI_ROLE_WARN);
	}
	if (c->rerun.line[0] != '\0' &&
	    cycles_now_ns() < c->rerun.line_ns + UI_SENTINEL_SHOWN_NS) {
		ui_kit_role_on(ui, UI_ROLE_WARN);
		(void)ui_kit_put_clipped(y++, 0, c->rerun.line);
		ui_kit_role_off(ui, UI_ROLE_WARN);
	}
	return y;
}

/* A fact's value, or "?" when the context has none. */
static const char *
fact(const struct machine_context *c, const char *key)
{
	const char *v = context_get(c, key);

	return v ? v : "?";
}

/* The state now of the facts of `senses`, in short. */
static void
sensed_state(const struct machine_context *c, unsigned senses, char *buf,
    size_t size)
{
	char kernel[96];
	size_t used = 0;

	buf[0] = '\0';
	if (senses & CONTEXT_SENSE_ENTRY) {
		context_kernel_short(c, kernel, sizeof kernel);
		used += (size_t)snprintf(buf + used, size - used,
		    "%s (cmdline %s), tracing %s; ", kernel, fact(c, "cmdline"),
		    fact(c, "tracing"));
	}
	if ((senses & CONTEXT_SENSE_CLOCK) && used < size)
		used += (size_t)snprintf(buf + used, size - used, "clock %s; ",
		    fact(c, "clocksource"));
	if ((senses & CONTEXT_SENSE_THP) && used < size)
		used += (size_t)snprintf(buf + used, size - used,
		    "THP %s, defrag %s; ", fact(c, "thp.enabled"),
		    fact(c, "thp.defrag"));
	if ((senses & CONTEXT_SENSE_CPU) && used < size)
		(void)snprintf(buf + used, size - used,
		    "steal %.1f%%, irq %.1f%%, quota %s, cpuset %s, SMT %s, %s",
		    isfinite(c->steal_pct) ? c->steal_pct : 0.0,
		    isfinite(c->irq_pct) ? c->irq_pct : 0.0,
		    fact(c, "cgroup.cpu_max"), fact(c, "cgroup.cpuset"),
		    fact(c, "smt"), fact(c, "cpufreq"));
}

/* Print `text` wrapped at the screen's width from line *y. */
static void
wrap_lines(int *y, int indent, const char *text)
{
	int width = COLS - indent - 1;

	while (*text != '\0' && *y < LINES - 2 && width > 10) {
		int len = (int)strlen(text), cut = len;

		if (len > width) {
			cut = width;
			while (cut > 0 && text[cut] != ' ')
				cut--;
			if (cut == 0)
				cut = width;
		}
		mvprintw((*y)++, indent, "%.*s", cut, text);
		text += cut;
		while (*text == ' ')
			text++;
	}
}

void
ui_context_detail_draw(struct ui *ui, int *y, const struct view_row *r)
{
	unsigned senses = bench_context_senses(r->test);
	char names[128], state[1024], line[1200];

	if (ui->context == NULL)
		return;
	sensed_state(&ui->context->watch.now, senses, state, sizeof state);
	(void)snprintf(line, sizeof line, "sensitive to %s: now %s",
	    context_sense_text(senses, names, sizeof names), state);
	wrap_lines(y, 2, line);
	/* What watching it costs the screen's thread, each refresh. */
	(void)snprintf(line, sizeof line,
	    "context read every refresh: %.0f us of CPU (mean of %llu reads)",
	    context_watch_cost_us(&ui->context->watch),
	    (unsigned long long)ui->context->watch.reads);
	wrap_lines(y, 2, line);
}

void
ui_context_marks_draw(struct ui *ui, int *y, const struct view_row *r, int x0,
    int width)
{
	size_t shown = r->nspark < (size_t)width ? r->nspark : (size_t)width;
	size_t first = r->nspark - shown, m;
	int right = COLS; /* labels are placed right to left, never overlap */

	if (ui->context == NULL || ui->nmarks == 0)
		return;
	m = ui->nmarks;
	for (size_t i = r->nspark; i-- > first && m > 0;) {
		const char *name;
		int x = x0 + (width - (int)shown) + (int)(i - first), len;

		if (!r->marks[i])
			continue;
		/* The newest flagged sample is the newest mark. */
		name = ui->context->mark_names[--m];
		len = (int)strlen(name) + 2;
		if (name[0] == '\0' || x + len >= right)
			continue;
		mvaddstr(*y, x, ui->utf8 ? "\xe2\x94\x94 " : "^ ");
		mvaddstr(*y, x + 2, name);
		right = x;
	}
	(*y)++;
}

/* A reference's context against this machine's, in one line. */
static void
compare_one(struct ui *ui, int which, char *buf, size_t size)
{
	const struct refsel *s = &ui->refs[which];
	struct machine_context theirs;
	char here[96];
	size_t used = 0;

	context_summary(&ui->context->watch.now, here, sizeof here);
	here[strcspn(here, ";")] = '\0';
	if (s->kind != REFSEL_MACHINE ||
	    !ref_data_find_has_context(ui->cfg.ref, s->machine)) {
		/* The reference machines ran Linux 2.4 to 2.6.0, FreeBSD
		 * 4 and 5: before Meltdown and Spectre (2018), before
		 * transparent huge pages (2.6.38). */
		(void)snprintf(buf, size,
		    "ref %s predates every mitigation and THP; here %s",
		    ref_select_name(ui->cfg.ref, s), here);
		return;
	}
	ref_data_find_context_of(ui->cfg.ref, s->machine, &theirs);
	used = (size_t)snprintf(buf, size,
	    "ref %s context: ", ref_select_name(ui->cfg.ref, s));
	for (size_t i = 0; i < theirs.n && used < size; i++) {
		const char *now =
		    context_get(&ui->context->watch.now, theirs.f[i].key);

		if (now != NULL && strcmp(now, theirs.f[i].value) != 0)
			used += (size_t)snprintf(buf + used, size - used,
			    "%s %.24s -> %.24s; ", theirs.f[i].key,
			    theirs.f[i].value, now);
	}
	if (used < size && buf[used - 2] == ':')
		(void)snprintf(buf + used, size - used, "the same as here");
}

int
ui_context_compare_draw(struct ui *ui, int y)
{
	char line[512];

	if (ui->context == NULL || ui->cfg.ref == NULL)
		return y;
	for (int k = 0; k < 2; k++) {
		if (!ui_kit_has_ref(ui, k))
			continue;
		compare_one(ui, k, line, sizeof line);
		(void)ui_kit_put_clipped(y++, 0, line);
	}
	return y;
}
