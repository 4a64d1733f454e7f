/*
 * ui-keys.c: what each key of the live screen does. The dispatcher,
 * ui_key(), has one case per key of the help screen; the rest are the
 * keys' effects, each leaving a line of feedback in ui->message.
 */

#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "base-cycles.h"
#include "ui-context.h"
#include "ui.h"

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
	refsel_next(rd, s, which == 1);
	if (which == 0 && s->kind == REFSEL_NONE)
		refsel_next(rd, s, 0);
	refsel_describe(rd, s, what, sizeof what);
	(void)snprintf(ui->message, sizeof ui->message, "reference %c %s%s%s",
	    which ? 'B' : 'A', refsel_name(rd, s), what[0] ? ": " : "", what);
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

	ui->have_baseline = set;
	for (size_t i = 0; i < ui->nrows && set; i++)
		view_baseline_take(&ui->base[i], &ui->rows[i], drift);
	(void)snprintf(ui->message, sizeof ui->message, "%s",
	    set ? "baseline set: deltas vs now" : "baseline cleared");
}

static void
toggle_test(struct ui *ui)
{
	const struct view_row *r = ui_current_row(ui);
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
	(void)snprintf(ui->message, sizeof ui->message, "history cleared");
}

/* Keys that move the cursor; returns 1 if the key was one of them. */
static int
key_move(struct ui *ui, int ch)
{
	long page = LINES > 8 ? LINES - 6 : 1;

	switch (ch) {
	case KEY_UP:
	case 'k':
		move_cursor(ui, -1);
		return 1;
	case KEY_DOWN:
	case 'j':
		move_cursor(ui, 1);
		return 1;
	case KEY_PPAGE:
		move_cursor(ui, -page);
		return 1;
	case KEY_NPAGE:
		move_cursor(ui, page);
		return 1;
	case KEY_HOME:
		move_cursor(ui, -(long)ui->nitems);
		return 1;
	case KEY_END:
		move_cursor(ui, (long)ui->nitems);
		return 1;
	}
	return 0;
}

/*
 * The key dispatcher: one case per key of the help screen, which is why
 * it is long. Returns 1 to quit.
 */
int
ui_key(struct ui *ui, int ch)
{
	ui->message[0] = '\0';
	if (ui->screen == UI_COMPARE &&
	    (ch == KEY_DOWN || ch == 'j' || ch == KEY_NPAGE)) {
		ui->compare_top += ch == KEY_NPAGE ? (size_t)LINES / 2 : 1;
		return 0;
	}
	if (ui->screen == UI_COMPARE && (ch == KEY_UP || ch == 'k')) {
		ui->compare_top -= ui->compare_top > 0;
		return 0;
	}
	if (ui->screen != UI_TABLE && ch != 'q' && ch != 'p' && ch != ' ' &&
	    ch != 'r' && ch != 'R') {
		ui->screen = UI_TABLE; /* any other key leaves help/detail */
		return 0;
	}
	if (key_move(ui, ch))
		return 0;
	switch (ch) {
	case 'q':
		return 1;
	case '?':
	case 'h':
	case KEY_F(1):
		ui->screen = UI_HELP;
		break;
	case '\n':
	case '\r':
	case KEY_ENTER:
		ui->screen = ui_current_row(ui) ? UI_DETAIL : UI_TABLE;
		break;
	case ' ':
		ui->frozen = !ui->frozen;
		break;
	case 'p':
		monitor_set_paused(ui->cfg.monitor,
		    !monitor_paused(ui->cfg.monitor));
		break;
	case 'Q':
		ui_quiet_set(ui, !ui->quiet);
		break;
	case 'f':
		ui_focus_toggle(ui);
		break;
	case 'a':
		ui->collapsed = !ui->collapsed;
		(void)snprintf(ui->message, sizeof ui->message, "%s",
		    ui->collapsed ? "one line per group (a: rows again)"
		                  : "rows again");
		break;
	case 't':
		toggle_test(ui);
		break;
	case 'g':
		cycle_groups(ui);
		break;
	case 's':
		ui->sort = (ui->sort + 1) % UI_SORT_COUNT;
		break;
	case 'S':
		ui->sort_reverse = !ui->sort_reverse;
		break;
	case 'b':
		take_baseline(ui, 1);
		break;
	case 'B':
		take_baseline(ui, 0);
		break;
	case 'm':
		drop_mark(ui);
		break;
	case 'u':
		toggle_placement(ui);
		break;
	case 'r':
	case 'R':
		cycle_ref(ui, ch == 'R');
		break;
	case 'v':
		ui->screen = UI_COMPARE;
		ui->compare_top = 0;
		ui->story = 0;
		break;
	case 'V':
		ui_story_open(ui);
		break;
	case 'c':
		clear_history(ui);
		break;
	case 'H':
		ui_html_snapshot(ui);
		break;
	case '+':
	case '-':
		change_delay(ui, ch == '+');
		break;
	case 12: /* Ctrl-L */
		clearok(curscr, TRUE);
		break;
	default:
		if (ch >= '1' && ch <= '9')
			toggle_group(ui, ch - '1');
		break;
	}
	return 0;
}
