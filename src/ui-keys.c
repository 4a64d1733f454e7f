/*
 * ui-keys.c: what each key of the live screen does. One table, ui_keys,
 * names every key, says what it does and points to its action: ui_keys_handle()
 * dispatches from it and the help screen prints it, so the two cannot
 * drift apart. Each action leaves a line of feedback in ui->message.
 */

#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "base-cycles.h"
#include "bench.h"
#include "ui-context.h"
#include "ui-focus.h"
#include "ui-html.h"
#include "ui-keys.h"
#include "ui-priv.h"
#include "ui-quiet.h"
#include "ui-story.h"
#include "ui-view-machine.h"

/*
 * r: the next reference A, R: the next reference B: the classes of the
 * reference data, then its machines (and, for B, none).
 */
static void
cycle_ref(struct ui *ui, int which)
{
	const struct refdata *rd = ui->cfg.ref;
	struct refsel *s = &ui->refs[which];
	char what[96];

	if (rd == NULL || rd->nmachines == 0) {
		(void)snprintf(ui->message, sizeof ui->message,
		    "no reference data (see --data)");
		return;
	}
	/* B starts from the reference after A: the two differ at once. */
	if (which == 1 && s->kind == REFSEL_NONE)
		*s = ui->refs[0];
	ref_select_next(rd, s, which == 1);
	if (which == 0 && s->kind == REFSEL_NONE)
		ref_select_next(rd, s, 0);
	ref_select_describe(rd, s, what, sizeof what);
	(void)snprintf(ui->message, sizeof ui->message, "reference %c %s%s%s",
	    which ? 'B' : 'A', ref_select_name(rd, s), what[0] ? ": " : "",
	    what);
}

static void
move_cursor(struct ui *ui, long delta)
{
	long c = (long)ui->cursor, last = (long)ui->nitems - 1;
	long step = delta < 0 ? -1 : 1;

	if (ui->nitems == 0)
		return;
	c += delta;
	if (c < 0)
		c = 0;
	if (c > last)
		c = last;
	/* Headings are not selectable: step on to the next row. */
	while (c >= 0 && c <= last && ui->items[c].group >= 0)
		c += step;
	if (c < 0 || c > last) {
		c = step < 0 ? 0 : last;
		while (c <= last && ui->items[c].group >= 0)
			c++;
	}
	if (c <= last)
		ui->cursor = (size_t)c;
}

static void
toggle_group(struct ui *ui, int g)
{
	if (g < 0 || g >= BENCH_GROUP_COUNT)
		return;
	ui->hidden_groups ^= 1u << g;
	(void)snprintf(ui->message, sizeof ui->message, "group %s %s",
	    bench_group_name(g),
	    ui->hidden_groups & (1u << g) ? "hidden" : "shown");
}

/* g: show one group at a time, cycling, then all again. */
static void
cycle_groups(struct ui *ui)
{
	unsigned all = (1u << BENCH_GROUP_COUNT) - 1;
	int shown = -1;

	for (int g = 0; g < BENCH_GROUP_COUNT; g++)
		if (ui->hidden_groups == (all & ~(1u << g)))
			shown = g;
	if (shown + 1 >= BENCH_GROUP_COUNT) {
		ui->hidden_groups = 0;
		(void)snprintf(ui->message, sizeof ui->message, "all groups");
		return;
	}
	ui->hidden_groups = all & ~(1u << (shown + 1));
	(void)snprintf(ui->message, sizeof ui->message, "group %s only",
	    bench_group_name(shown + 1));
}

static void
take_baseline(struct ui *ui, int set)
{
	double drift = view_machine_drift(ui->rows, ui->nrows);
	size_t judged = ui_focus_rows_run(ui);

	ui->have_baseline = set;
	if (ui->context != NULL) /* a baseline of its own: no change since */
		ui->context->after.senses = 0;
	for (size_t i = 0; i < ui->nrows && set; i++) {
		view_baseline_take(&ui->base[i], &ui->rows[i], drift);
		ui->base[i].rows = judged;
	}
	(void)snprintf(ui->message, sizeof ui->message, "%s",
	    set ? "deltas from now on (B: clear)" : "baseline cleared");
}

static void
toggle_test(struct ui *ui)
{
	const struct view_row *r = ui_kit_current_row(ui);
	int on;

	if (r == NULL)
		return;
	/* The store's flag, not the row's: a second t before the next
	 * refresh must undo the first. */
	on = !store_enabled(ui->cfg.store, r->index);
	store_set_enabled(ui->cfg.store, r->index, on);
	(void)snprintf(ui->message, sizeof ui->message, "%s %s", r->test->id,
	    on ? "enabled" : "disabled");
}

static void
drop_mark(struct ui *ui)
{
	uint32_t now = store_ms(ui->cfg.store, cycles_now_ns());

	ui_context_mark(ui, now,
	    ""); /* unnamed: a context change names its own */
	(void)snprintf(ui->message, sizeof ui->message, "mark %zu at %.1fs",
	    ui->nmarks, now / 1000.0);
}

static void
change_delay(struct ui *ui, int faster)
{
	int d = ui->cfg.delay_ms;

	d = faster ? d / 2 : d * 2;
	ui->cfg.delay_ms = d < 100 ? 100 : d > 60000 ? 60000 : d;
	(void)snprintf(ui->message, sizeof ui->message, "refresh %.1fs",
	    ui->cfg.delay_ms / 1000.0);
}

static void
toggle_placement(struct ui *ui)
{
	struct monitor *m = ui->cfg.monitor;
	enum bench_placement p = monitor_placement(m) == BENCH_PLACE_SAME
	    ? BENCH_PLACE_SPREAD
	    : BENCH_PLACE_SAME;

	if (bench_usable_cpus() < 2) {
		(void)snprintf(ui->message, sizeof ui->message,
		    "u: cannot spread, 1 CPU allowed");
		return;
	}
	monitor_set_placement(m, p);
	(void)snprintf(ui->message, sizeof ui->message,
	    "placement %s from the next slice", bench_placement_name(p));
}

static void
clear_history(struct ui *ui)
{
	for (size_t i = 0; i < ui->nrows; i++)
		store_clear(ui->cfg.store, i);
	ui->nmarks = 0;
	ui->state_ms = 0;
	ui->nchanges = 0;
	(void)snprintf(ui->message, sizeof ui->message, "history cleared");
}

/* ---- The actions, one signature: the key pressed in, 1 out to quit ---- */

static int
act_quit(struct ui *ui, int ch)
{
	(void)ui;
	(void)ch;
	return 1;
}

static int
act_help(struct ui *ui, int ch)
{
	(void)ch;
	ui->screen = UI_HELP;
	ui->help_top = 0;
	return 0;
}

static int
act_detail(struct ui *ui, int ch)
{
	(void)ch;
	ui->screen = ui_kit_current_row(ui) ? UI_DETAIL : UI_TABLE;
	return 0;
}

static int
act_freeze(struct ui *ui, int ch)
{
	(void)ch;
	ui->frozen = !ui->frozen;
	return 0;
}

static int
act_pause(struct ui *ui, int ch)
{
	(void)ch;
	monitor_set_paused(ui->cfg.monitor, !monitor_paused(ui->cfg.monitor));
	return 0;
}

static int
act_quiet(struct ui *ui, int ch)
{
	(void)ch;
	ui_quiet_set(ui, !ui->quiet);
	return 0;
}

static int
act_focus(struct ui *ui, int ch)
{
	(void)ch;
	ui_focus_toggle(ui);
	return 0;
}

static int
act_collapse(struct ui *ui, int ch)
{
	(void)ch;
	ui->collapsed = !ui->collapsed;
	(void)snprintf(ui->message, sizeof ui->message, "%s",
	    ui->collapsed ? "one line per group (a: rows again)"
	                  : "rows again");
	return 0;
}

static int
act_toggle_test(struct ui *ui, int ch)
{
	(void)ch;
	toggle_test(ui);
	return 0;
}

static int
act_groups(struct ui *ui, int ch)
{
	(void)ch;
	cycle_groups(ui);
	return 0;
}

static int
act_group(struct ui *ui, int ch)
{
	toggle_group(ui, ch - '1');
	return 0;
}

static int
act_sort(struct ui *ui, int ch)
{
	if (ch == 'S')
		ui->sort_reverse = !ui->sort_reverse;
	else
		ui->sort = (ui->sort + 1) % UI_SORT_COUNT;
	ui->recompute = 1;
	return 0;
}

static int
act_baseline(struct ui *ui, int ch)
{
	take_baseline(ui, ch == 'b');
	ui->recompute = 1;
	return 0;
}

static int
act_mark(struct ui *ui, int ch)
{
	(void)ch;
	drop_mark(ui);
	return 0;
}

static int
act_placement(struct ui *ui, int ch)
{
	(void)ch;
	toggle_placement(ui);
	return 0;
}

static int
act_ref(struct ui *ui, int ch)
{
	cycle_ref(ui, ch == 'R');
	return 0;
}

static int
act_compare(struct ui *ui, int ch)
{
	(void)ch;
	ui->screen = UI_COMPARE;
	ui->compare_top = 0;
	ui->story = 0;
	return 0;
}

static int
act_story(struct ui *ui, int ch)
{
	(void)ch;
	ui_story_open(ui);
	return 0;
}

static int
act_clear(struct ui *ui, int ch)
{
	(void)ch;
	clear_history(ui);
	ui->recompute = 1;
	return 0;
}

static int
act_html(struct ui *ui, int ch)
{
	(void)ch;
	ui_html_snapshot(ui);
	return 0;
}

static int
act_delay(struct ui *ui, int ch)
{
	change_delay(ui, ch == '+');
	return 0;
}

static int
act_redraw(struct ui *ui, int ch)
{
	(void)ui;
	(void)ch;
	clearok(curscr, TRUE);
	return 0;
}

/* The cursor's moves; on the help and comparison screens, scrolling. */
static int
act_move(struct ui *ui, int ch)
{
	long page = LINES > 8 ? LINES - 6 : 1;

	switch (ch) {
	case KEY_UP:
	case 'k':
		move_cursor(ui, -1);
		break;
	case KEY_DOWN:
	case 'j':
		move_cursor(ui, 1);
		break;
	case KEY_PPAGE:
		move_cursor(ui, -page);
		break;
	case KEY_NPAGE:
		move_cursor(ui, page);
		break;
	case KEY_HOME:
		move_cursor(ui, -(long)ui->nitems);
		break;
	case KEY_END:
		move_cursor(ui, (long)ui->nitems);
		break;
	}
	return 0;
}

#define CTRL_L 12

/*
 * Every key the screen answers. `keys` ends at the first 0; `names` is
 * how the help spells them; a '\n' in `what` starts the help's next line.
 * `anywhere`: the key works on the help, detail and comparison screens
 * too; any other key there first leads back to the table.
 */
const struct ui_keydef ui_keys[] = {
	{ { 'q' }, "q", "quit (the settings are kept in benchtoprc)", 1,
	    act_quit },
	{ { '?', 'h', KEY_F(1) }, "?, h, F1", "this help (j/k scroll it)", 0,
	    act_help },
	{ { KEY_UP, 'k', KEY_DOWN, 'j' }, "up/down j/k",
	    "move (on help and v: scroll)", 0, act_move },
	{ { KEY_PPAGE, KEY_NPAGE }, "PgUp/PgDn", "a page up, down", 0,
	    act_move },
	{ { KEY_HOME, KEY_END }, "Home/End", "the first test, the last", 0,
	    act_move },
	{ { '\n', '\r', KEY_ENTER }, "enter",
	    "details of the test under the cursor", 0, act_detail },
	{ { ' ' }, "space", "freeze the display (measuring goes on)", 1,
	    act_freeze },
	{ { 'p' }, "p", "pause the load: no measurement at all", 1, act_pause },
	{ { 'f' }, "f",
	    "focus: only the test (or group) under the cursor runs,\n"
	    "everything else waits; f again: all run",
	    0, act_focus },
	{ { 't' }, "t", "enable/disable the test under the cursor", 0,
	    act_toggle_test },
	{ { '1', '2', '3', '4', '5', '6', '7', '8', '9' }, "1-9",
	    "show/hide group 1..9 (the groups are listed below)", 0,
	    act_group },
	{ { 'g' }, "g", "one group at a time, then all again", 0, act_groups },
	{ { 'a' }, "a",
	    "one line per group (its tests' geometric-mean ratio) / rows", 0,
	    act_collapse },
	{ { 's', 'S' }, "s / S",
	    "next sort key (group, name, ns/op, cv, delta) / reverse", 0,
	    act_sort },
	{ { 'b', 'B' }, "b / B", "take a baseline of every median / clear it",
	    0, act_baseline },
	{ { 'm' }, "m", "drop a mark: a tick in every sparkline at this time",
	    0, act_mark },
	{ { 'u' }, "u",
	    "placement same (all parties on one CPU, the UP picture) /\n"
	    "spread (on two CPUs, SMP), from the next slice",
	    0, act_placement },
	{ { 'r', 'R' }, "r / R",
	    "next reference A / B: a CPU class, then a machine", 1, act_ref },
	{ { 'v' }, "v", "this machine beside every reference machine", 0,
	    act_compare },
	{ { 'V' }, "V",
	    "the story: A against B in cycles, where both have machines", 0,
	    act_story },
	{ { 'c' }, "c", "clear the history of every test, and the marks", 0,
	    act_clear },
	{ { 'Q' }, "Q",
	    "quiet screen: redraw every 5 s, only while the workers\n"
	    "wait between samples, from a CPU of its own",
	    0, act_quiet },
	{ { 'H' }, "H",
	    "write an HTML snapshot (--html FILE, else a dated file here)", 0,
	    act_html },
	{ { '+', '-' }, "+ / -", "refresh faster / slower", 0, act_delay },
	{ { CTRL_L }, "Ctrl-L", "redraw the whole screen", 0, act_redraw },
};

const size_t ui_keys_count = sizeof ui_keys / sizeof ui_keys[0];

const struct ui_keydef *
ui_keys_find(int ch)
{
	for (size_t i = 0; i < ui_keys_count; i++)
		for (size_t k = 0; k < UI_KEY_CODES && ui_keys[i].keys[k]; k++)
			if (ui_keys[i].keys[k] == ch)
				return &ui_keys[i];
	return NULL;
}

/*
 * The help and comparison screens scroll with the moving keys; returns
 * 1 if `ch` was one of them there.
 */
static int
scroll_text(struct ui *ui, int ch)
{
	size_t *top = ui->screen == UI_HELP ? &ui->help_top : &ui->compare_top;
	size_t page = LINES > 8 ? (size_t)LINES / 2 : 1;

	if (ui->screen != UI_HELP && ui->screen != UI_COMPARE)
		return 0;
	if (ch == KEY_DOWN || ch == 'j' || ch == KEY_NPAGE)
		*top += ch == KEY_NPAGE ? page : 1;
	else if (ch == KEY_UP || ch == 'k' || ch == KEY_PPAGE)
		*top -= *top < (ch == KEY_PPAGE ? page : 1)
		    ? *top
		    : (ch == KEY_PPAGE ? page : 1);
	else if (ch == KEY_HOME)
		*top = 0;
	else
		return 0;
	return 1;
}

/* One key's effect, from the table; returns 1 to quit. */
int
ui_keys_handle(struct ui *ui, int ch)
{
	const struct ui_keydef *k = ui_keys_find(ch);

	ui->message[0] = '\0';
	if (scroll_text(ui, ch))
		return 0;
	if (ui->screen != UI_TABLE && (k == NULL || !k->anywhere)) {
		ui->screen = UI_TABLE; /* any other key leaves help/detail */
		return 0;
	}
	return k != NULL ? k->act(ui, ch) : 0;
}
