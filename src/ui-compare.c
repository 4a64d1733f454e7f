/*
 * ui-compare.c: this machine beside every reference machine (v), test by
 * test for the visible tests, with ratio bars on a log scale: a bar to
 * the right of the axis means this machine does better than that one, to
 * the left worse; the scale spans three decades each way. The machines
 * that serve references A and B for the test are marked A and B, and a
 * last line gives B against A.
 */

#include "config.h"

#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base-fmt.h"
#include "base-units.h"
#include "ref-compare.h"
#include "ref-story.h"
#include "ui-compare.h"
#include "ui-context.h"
#include "ui-header.h"
#include "ui-priv.h"
#include "ui-story.h"

#define DECADES 3.0

/* A bar from the axis at `axis`, `half` columns each way, for `ratio`. */
static void
draw_bar(struct ui *ui, int y, int axis, int half, double ratio)
{
	int len;

	mvaddch(y, axis, '|');
	if (!isfinite(ratio) || !(ratio > 0))
		return;
	len = (int)lround(log10(ratio) / DECADES * half);
	if (len > half)
		len = half;
	if (len < -half)
		len = -half;
	ui_kit_role_on(ui, len >= 0 ? UI_ROLE_GOOD : UI_ROLE_BAD);
	for (int i = 1; i <= abs(len); i++)
		mvaddstr(y, axis + (len > 0 ? i : -i),
		    ui->utf8 ? "\u2588" : (len > 0 ? "+" : "-"));
	ui_kit_role_off(ui, len >= 0 ? UI_ROLE_GOOD : UI_ROLE_BAD);
}

/* One screen line; `line` counts lines from the top of the list. */
struct cursor {
	size_t line;
	int y;
};

static int
visible(struct ui *ui, struct cursor *c)
{
	int ok = c->line >= ui->compare_top && c->y < LINES - 1;

	c->line++;
	if (ok)
		c->y++;
	return ok;
}

/* Where the bars' axis is: right of the fixed columns. */
#define FIXED_COLS 52

static void
machine_line(struct ui *ui, struct cursor *c, const char *mark, const char *id,
    const char *text, double cyc, double ratio)
{
	char r[16], cy[16];
	int axis = FIXED_COLS + (COLS - FIXED_COLS) / 2;
	int half = (COLS - FIXED_COLS) / 2 - 8;

	if (!visible(ui, c))
		return;
	/* The table's ratio format, in a column as wide as its widest. */
	compare_format_ratio(ratio, r, sizeof r);
	if (isnan(cyc))
		(void)snprintf(cy, sizeof cy, "?");
	else
		story_cycles_text(cyc, cy, sizeof cy);
	mvprintw(c->y - 1, 0, "%-2s%-22.22s %10s %8s %7s", mark, id, text, cy,
	    r);
	if (half > 4)
		draw_bar(ui, c->y - 1, axis, half, ratio);
}

/* "A", "B", "AB" (with '~' for a stand-in): the references m serves. */
static const char *
ref_mark(const struct ui *ui, const struct view_row *r, size_t m)
{
	static const char *const marks[2][2][2] = {
		{ { "", "" }, { "B", "B~" } },
		{ { "A", "A~" }, { "AB", "AB" } },
	};
	int serves[2] = { 0, 0 }, stand_in = 0;

	for (int w = 0; w < 2; w++) {
		int s;

		if (ui_kit_has_ref(ui, w) &&
		    ref_select_machine_for(ui->cfg.ref, &ui->refs[w],
		        r->test->id, &s) == m) {
			serves[w] = 1;
			stand_in |= s;
		}
	}
	return marks[serves[0]][serves[1]][stand_in];
}

/* Text from `s` on, cut at the last space within `width`; the length. */
static size_t
word_cut(const char *s, size_t width)
{
	size_t len = strlen(s), cut;

	if (len <= width)
		return len;
	for (cut = width; cut > 0 && s[cut] != ' '; cut--)
		;
	return cut > 0 ? cut : width;
}

/* Why B against A has no figure: indented lines, cut at words. */
static void
why_lines(struct ui *ui, struct cursor *c, const char *why)
{
	size_t width = COLS > 12 ? (size_t)COLS - 6 : 6;

	while (*why != '\0') {
		size_t n = word_cut(why, width);

		if (visible(ui, c))
			mvprintw(c->y - 1, 4, "%.*s", (int)n, why);
		why += n;
		while (*why == ' ')
			why++;
	}
}

/* "B against A (netburst vs p6): 0.54x; B pays 4.37x the cycles of A",
 * or "-" and, below it, why there is no such figure. */
static void
pair_line(struct ui *ui, struct cursor *c, const struct view_row *r)
{
	const struct refdata *rd = ui->cfg.ref;
	struct compare_pair p;
	char v[16], cy[16], line[160], why[192];

	if (!ui_kit_has_ref(ui, 1))
		return;
	compare_pair(rd, ui->refs, r->test, &p);
	if (p.why != COMPARE_PAIR_SHOWN)
		(void)snprintf(line, sizeof line, "B against A (%s vs %s): -",
		    ref_select_name(rd, &ui->refs[1]),
		    ref_select_name(rd, &ui->refs[0]));
	else
		(void)snprintf(line, sizeof line,
		    "B against A (%s vs %s): B/A %s, B pays %s the time of A",
		    ref_select_name(rd, &ui->refs[1]),
		    ref_select_name(rd, &ui->refs[0]),
		    compare_format_ratio(p.b_vs_a, v, sizeof v),
		    compare_format_ratio(p.cost_b_vs_a, cy, sizeof cy));
	if (visible(ui, c))
		(void)ui_kit_put_clipped(c->y - 1, 2, line);
	if (p.why != COMPARE_PAIR_SHOWN)
		why_lines(ui, c,
		    compare_pair_why_text(rd, ui->refs, r->test, &p, why,
		        sizeof why));
}

static void
test_block(struct ui *ui, struct cursor *c, const struct view_row *r)
{
	const struct refdata *rd = ui->cfg.ref;
	char v[16];

	if (visible(ui, c)) {
		ui_kit_role_on(ui, UI_ROLE_GROUP);
		mvprintw(c->y - 1, 0, "%s (%s, %s is better)", r->test->id,
		    bench_unit_name(r->test->unit),
		    units_higher_is_better(r->test->unit) ? "higher" : "lower");
		ui_kit_role_off(ui, UI_ROLE_GROUP);
	}
	machine_line(ui, c, "", "this machine",
	    fmt_value4(v, sizeof v, r->value, 10), r->n > 0 ? r->cyc : -1, 1.0);
	for (size_t m = 0; rd != NULL && m < rd->nmachines; m++) {
		struct compare_ref cr;

		compare_test(rd, m, r->test, r->value, r->meta.placement, &cr);
		/* The value in the screen's one format, not as the source
		 * printed it ("216."): one column, one format. */
		if (cr.found)
			machine_line(ui, c, ref_mark(ui, r, m),
			    rd->machines[m].id,
			    fmt_value4(v, sizeof v, cr.value, 10),
			    compare_ref_cycles(rd, m, r->test, cr.value),
			    cr.ratio);
	}
	pair_line(ui, c, r);
}

void
ui_compare_draw(struct ui *ui)
{
	int y;
	struct cursor c;
	char title[160];

	if (ui->story) {
		ui_story_draw(ui);
		return;
	}
	y = ui_context_compare_draw(ui, ui_header_draw(ui));
	c = (struct cursor){ 0, y + 1 };

	ui_kit_role_on(ui, UI_ROLE_TITLE);
	mvhline(y, 0, ' ', COLS);
	(void)snprintf(title, sizeof title,
	    "%-24s %10s %8s %7s  this machine worse <- | -> better "
	    "(log, %g decades)",
	    "MACHINE", "VALUE", "CYC/OP", "RATIO", DECADES);
	(void)ui_kit_put_clipped(y, 0, title);
	ui_kit_role_off(ui, UI_ROLE_TITLE);
	if (ui->cfg.ref == NULL) {
		mvprintw(y + 2, 2, "no reference data: see --data");
		return;
	}
	for (size_t l = 0; l < ui->nitems; l++)
		if (ui->items[l].group < 0)
			test_block(ui, &c, &ui->rows[ui->items[l].row]);
	if (ui->compare_top >= c.line && c.line > 0)
		ui->compare_top = c.line - 1;
	mvprintw(LINES - 1, 0,
	    "j/k scroll, r/R next reference A/B, any other "
	    "key: back");
}
