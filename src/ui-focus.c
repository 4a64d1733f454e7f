/*
 * ui-focus.c: what the monitor runs, in the header. Its first pass
 * ("first pass 34/80": each test's short first look), then the time of
 * one round of every test ("cycle 52s"); or, after f, FOCUS and the one
 * test or group that runs alone, everything else waiting, until f again.
 */

#include "config.h"

#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "monitor-queue.h"
#include "ui-focus.h"
#include "ui-priv.h"

int
ui_focus_draw(struct ui *ui, int y, int x)
{
	char line[96];

	if (ui->focus[0] == '\0')
		return x;
	(void)snprintf(line, sizeof line, "  FOCUS %s", ui->focus);
	ui_kit_role_on(ui, UI_ROLE_WARN);
	x = ui_kit_put_clipped(y, x, line);
	ui_kit_role_off(ui, UI_ROLE_WARN);
	return x;
}

int
ui_focus_pass_draw(struct ui *ui, int y, int x)
{
	struct queue_pass p;
	char line[96];

	if (ui->focus[0] != '\0')
		return x;
	queue_pass(ui->cfg.monitor, &p);
	if (p.done < p.enabled)
		(void)snprintf(line, sizeof line, "  first pass %zu/%zu",
		    p.done, p.enabled);
	else if (isnan(p.cycle_s) && ui->focus_left)
		(void)snprintf(line, sizeof line, "  cycle: timing a round");
	else if (isnan(p.cycle_s))
		(void)snprintf(line, sizeof line, "  first pass done");
	else
		(void)snprintf(line, sizeof line, "  cycle %.0fs", p.cycle_s);
	return ui_kit_put_clipped(y, x, line);
}

/* The tests the line under the cursor names: its test, or its group's. */
static void
focus_mask(const struct ui *ui, unsigned char *only, char *label, size_t size)
{
	const struct ui_line *line = &ui->items[ui->cursor];

	for (size_t i = 0; i < ui->nrows; i++) {
		const struct view_row *r = &ui->rows[i];

		only[r->index] = line->group >= 0
		    ? (int)r->test->group == line->group
		    : i == line->row;
	}
	if (line->group >= 0)
		(void)snprintf(label, size, "group %s",
		    bench_group_name((enum bench_group)line->group));
	else
		(void)snprintf(label, size, "%s", ui->rows[line->row].test->id);
}

size_t
ui_focus_rows_run(const struct ui *ui)
{
	size_t n = 0;

	if (ui->focus[0] != '\0')
		return ui->focus_rows;
	for (size_t i = 0; i < ui->nrows; i++)
		n += ui->rows[i].enabled != 0;
	return n;
}

void
ui_focus_toggle(struct ui *ui)
{
	unsigned char *only;

	if (ui->focus[0] != '\0' || ui->nitems == 0) {
		ui->focus[0] = '\0';
		ui->focus_left = 1;
		queue_set_focus(ui->cfg.monitor, NULL);
		(void)snprintf(ui->message, sizeof ui->message, "focus off");
		return;
	}
	if ((only = calloc(ui->nrows ? ui->nrows : 1, 1)) == NULL)
		return;
	focus_mask(ui, only, ui->focus, sizeof ui->focus);
	ui->focus_rows = 0;
	for (size_t i = 0; i < ui->nrows; i++)
		ui->focus_rows += only[i] != 0;
	queue_set_focus(ui->cfg.monitor, only);
	free(only);
	(void)snprintf(ui->message, sizeof ui->message,
	    "focus: only %s runs (f: all again)", ui->focus);
}
