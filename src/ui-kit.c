/*
 * ui-kit.c: the drawing helpers every screen shares (ui-kit.h).
 */

#include "config.h"

#include "ui-kit.h"

#include <curses.h>
#include <string.h>

#include "ref-compare.h"
#include "ui.h"

static const short role_colors[UI_ROLE_COUNT][2] = {
	[UI_ROLE_NORMAL] = { -1, -1 },
	[UI_ROLE_HEADER] = { COLOR_CYAN, -1 },
	[UI_ROLE_TITLE] = { COLOR_BLACK, COLOR_GREEN },
	[UI_ROLE_GROUP] = { COLOR_YELLOW, -1 },
	[UI_ROLE_SPARK] = { COLOR_CYAN, -1 },
	[UI_ROLE_DIM] = { COLOR_BLUE, -1 },
	[UI_ROLE_BAD] = { COLOR_RED, -1 },
	[UI_ROLE_GOOD] = { COLOR_GREEN, -1 },
	[UI_ROLE_WARN] = { COLOR_MAGENTA, -1 },
};

/* Attributes that carry the role without colour (NO_COLOR). */
static attr_t
role_attr(const struct ui *ui, enum ui_role role)
{
	if (ui->cfg.color && role != UI_ROLE_NORMAL)
		return COLOR_PAIR(role);
	switch (role) {
	case UI_ROLE_TITLE:
		return A_REVERSE;
	case UI_ROLE_GROUP:
	case UI_ROLE_BAD:
		return A_BOLD;
	case UI_ROLE_DIM:
		return A_DIM;
	default:
		return A_NORMAL;
	}
}

void
ui_colors_init(struct ui *ui)
{
	if (!ui->cfg.color || !has_colors()) {
		ui->cfg.color = 0;
		return;
	}
	start_color();
	(void)use_default_colors();
	for (int r = 1; r < UI_ROLE_COUNT; r++)
		(void)init_pair((short)r, role_colors[r][0], role_colors[r][1]);
}

void
ui_role_on(struct ui *ui, enum ui_role role)
{
	attron(role_attr(ui, role));
}

void
ui_role_off(struct ui *ui, enum ui_role role)
{
	attroff(role_attr(ui, role));
}

int
ui_put_clipped(int y, int x, const char *s)
{
	int room = COLS - x;

	if (room <= 0)
		return x;
	mvaddnstr(y, x, s, room);
	return x + ((int)strlen(s) < room ? (int)strlen(s) : room);
}

const struct view_row *
ui_current_row(const struct ui *ui)
{
	if (ui->nitems == 0 || ui->items[ui->cursor].group >= 0)
		return NULL;
	return &ui->rows[ui->items[ui->cursor].row];
}

const char *
ui_ratio_text(const struct ui *ui, const struct view_row *r, int which,
    char *buf, size_t size)
{
	return compare_ratio_text(ui->cfg.ref, &ui->refs[which], r->test,
	    r->value, buf, size);
}

int
ui_has_ref(const struct ui *ui, int which)
{
	return ui->cfg.ref != NULL && ui->refs[which].kind != REFSEL_NONE;
}
