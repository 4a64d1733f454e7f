/*
 * ui-story.c: two things the screen shows of the reference machines'
 * story. Key V, the demo view: the tests where references A and B each
 * have a machine of their own class, farthest apart first, in cycles per
 * operation (A's, B's, B over A in cycles and in time, this machine's),
 * and a line per group. (The header's BYTE 3.11 index line is
 * ui-index.c's.)
 */

#include "config.h"

#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench-registry.h"
#include "ref-index.h"
#include "ref-story.h"
#include "ui-header.h"
#include "ui-priv.h"
#include "ui-story.h"

void
ui_story_open(struct ui *ui)
{
	ui->screen = UI_COMPARE;
	ui->story = 1;
	ui->compare_top = 0;
}

/* One line of the list, if it is in the scrolled window. */
static int
story_put(struct ui *ui, size_t *line, int *y, const char *text)
{
	int shown = *line >= ui->compare_top && *y < LINES - 1;

	if (shown)
		(void)ui_kit_put_clipped((*y)++, 0, text);
	(*line)++;
	return shown;
}

static void
story_row_text(const struct ui *ui, const struct story_row *r, char *buf,
    size_t size)
{
	const struct refdata *rd = ui->cfg.ref;
	const struct compare_pair *p = &r->pair;
	char a[16], b[16], t[16], cr[16], tr[16];

	story_cycles_text(p->cyc_a, a, sizeof a);
	story_cycles_text(p->cyc_b, b, sizeof b);
	compare_format_ratio(p->cyc_b_vs_a, cr, sizeof cr);
	compare_format_ratio(p->cost_b_vs_a, tr, sizeof tr);
	story_cycles_text(r->this_cyc, t, sizeof t);
	if (COLS >= 110)
		(void)snprintf(buf, size,
		    "%-20.20s %9s %9s %8s %8s %11s  %s / %s", r->test->id, a, b,
		    cr, tr, t, rd->machines[p->a.machine].id,
		    rd->machines[p->b.machine].id);
	else
		(void)snprintf(buf, size, "%-20.20s %9s %9s %8s %8s %11s",
		    r->test->id, a, b, cr, tr, t);
}

static void
story_title(struct ui *ui, int y)
{
	char title[200];

	(void)snprintf(title, sizeof title,
	    "The story: %s (B) vs %s (A) in cycles/op, where each has its "
	    "own machine",
	    ref_select_name(ui->cfg.ref, &ui->refs[1]),
	    ref_select_name(ui->cfg.ref, &ui->refs[0]));
	(void)ui_kit_put_clipped(y++, 0, title);

	(void)snprintf(title, sizeof title, "%-20s %9.9s %9.9s %8s %8s %11s%s",
	    "TEST", ref_select_name(ui->cfg.ref, &ui->refs[0]),
	    ref_select_name(ui->cfg.ref, &ui->refs[1]), "B/A CYC", "B/A TIME",
	    "THIS CYC/OP", COLS >= 110 ? "  A / B MACHINES" : "");
	ui_kit_role_on(ui, UI_ROLE_TITLE);
	mvhline(y, 0, ' ', COLS);
	(void)ui_kit_put_clipped(y, 0, title);
	ui_kit_role_off(ui, UI_ROLE_TITLE);
}

/* The rows and the groups' lines, scrolled by compare_top. */
static void
story_body(struct ui *ui, int y, struct story_row *rows, size_t n)
{
	struct story_group groups[BENCH_GROUP_COUNT];
	size_t line = 0, ng;
	char text[256];

	for (size_t i = 0; i < n; i++) {
		const struct view_row *vr = ui_kit_row_of(ui, rows[i].test);

		rows[i].this_cyc = vr != NULL && vr->n > 0 ? vr->cyc : NAN;
		rows[i].this_place = vr != NULL ? (int)vr->meta.placement : 0;
		story_row_text(ui, &rows[i], text, sizeof text);
		story_put(ui, &line, &y, text);
	}
	ng = story_groups(rows, n, groups, BENCH_GROUP_COUNT);
	story_put(ui, &line, &y, "");
	for (size_t g = 0; g < ng; g++) {
		story_group_text(ui->cfg.ref, ui->refs, &groups[g], text,
		    sizeof text);
		ui_kit_role_on(ui, UI_ROLE_GROUP);
		story_put(ui, &line, &y, text);
		ui_kit_role_off(ui, UI_ROLE_GROUP);
	}
	story_put(ui, &line, &y,
	    "B/A: B's cycles (time) per op over A's, above 1 B pays more; "
	    "cycles: clock x time per op");
	if (ui->compare_top >= line && line > 0)
		ui->compare_top = line - 1;
}

void
ui_story_draw(struct ui *ui)
{
	int y = ui_header_draw(ui);
	size_t max = ui->nrows, n;
	struct story_row *rows;
	char text[200];

	story_title(ui, y);
	mvprintw(LINES - 1, 0,
	    "j/k scroll, r/R next reference A/B, any "
	    "other key: back");
	if (ui->cfg.ref == NULL || !ui_kit_has_ref(ui, 0) ||
	    !ui_kit_has_ref(ui, 1)) {
		(void)ui_kit_put_clipped(y + 2, 2,
		    "the story needs references A and B: R chooses B (or "
		    "--ref p6,netburst)");
		return;
	}
	if ((rows = calloc(max ? max : 1, sizeof *rows)) == NULL)
		return;
	n = story_select(ui->cfg.ref, ui->refs, rows, max);
	if (n == 0)
		(void)ui_kit_put_clipped(y + 2, 2,
		    story_empty_text(ui->cfg.ref, ui->refs, text, sizeof text));
	else
		story_body(ui, y + 2, rows, n);
	free(rows);
}

/* ---- The detail view's reference lines ---- */

/* "ref A p6: p3-850m 433741.8 lps, 1,960 cycles/op (850 MHz x 2.31us)" */
static void
detail_ref(struct ui *ui, int *y, const struct view_row *r, int which)
{
	const struct refdata *rd = ui->cfg.ref;
	struct compare_ref c;
	char cyc[16], how[64], line[256];

	compare_sel(rd, &ui->refs[which], r->test, r->value, r->meta.placement,
	    &c);
	if (!c.found) {
		(void)snprintf(line, sizeof line, "ref %c %s: no figure",
		    which ? 'B' : 'A', ref_select_name(rd, &ui->refs[which]));
	} else {
		double cy = compare_ref_cycles(rd, c.machine, r->test, c.value);

		(void)snprintf(line, sizeof line,
		    "ref %c %s: %s%s %s %s, %s cycles/op (%s)",
		    which ? 'B' : 'A', ref_select_name(rd, &ui->refs[which]),
		    rd->machines[c.machine].id,
		    c.stand_in ? " (a stand-in)" : "", c.text,
		    bench_unit_name(r->test->unit),
		    isnan(cy) ? "?" : story_cycles_text(cy, cyc, sizeof cyc),
		    compare_cycles_how(rd, c.machine, r->test, c.value, how,
		        sizeof how));
	}
	(void)ui_kit_put_clipped((*y)++, 2, line);
}

void
ui_story_detail(struct ui *ui, int *y, const struct view_row *r)
{
	struct compare_pair p;
	char line[256], why[160], v[16], cy[16];

	if (ui->cfg.ref == NULL || !ui_kit_has_ref(ui, 0) || *y >= LINES - 2)
		return;
	(*y)++;
	(void)snprintf(line, sizeof line, "this machine: %s cycles/op",
	    story_cycles_text(r->n > 0 ? r->cyc : NAN, cy, sizeof cy));
	(void)ui_kit_put_clipped((*y)++, 2, line);
	detail_ref(ui, y, r, 0);
	if (!ui_kit_has_ref(ui, 1))
		return;
	detail_ref(ui, y, r, 1);
	compare_pair(ui->cfg.ref, ui->refs, r->test, &p);
	if (p.why == COMPARE_PAIR_SHOWN && isfinite(p.cyc_b_vs_a))
		(void)snprintf(line, sizeof line,
		    "B/A %s: B pays %s the cycles of A, %s the time",
		    compare_format_ratio(p.b_vs_a, v, sizeof v),
		    compare_format_ratio(p.cyc_b_vs_a, cy, sizeof cy),
		    compare_format_ratio(p.cost_b_vs_a, why, sizeof why));
	else if (p.why == COMPARE_PAIR_SHOWN)
		(void)snprintf(line, sizeof line,
		    "B/A %s: B takes %s the time of A (clock not stated)",
		    compare_format_ratio(p.b_vs_a, v, sizeof v),
		    compare_format_ratio(p.cost_b_vs_a, cy, sizeof cy));
	else
		(void)snprintf(line, sizeof line, "B against A: - (%s)",
		    compare_pair_why_text(ui->cfg.ref, ui->refs, r->test, &p,
		        why, sizeof why));
	(void)ui_kit_put_clipped((*y)++, 2, line);
}
