/*
 * ui-kit.c: the drawing helpers every screen shares (ui-kit.h).
 */

#include "config.h"

#include "ui-kit.h"

#include <ctype.h>
#include <curses.h>
#include <string.h>

#include "base-fmt.h"
#include "ref-compare.h"
#include "ui-priv.h"

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
ui_kit_colors_init(struct ui *ui)
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
ui_kit_role_on(struct ui *ui, enum ui_role role)
{
	attron(role_attr(ui, role));
}

void
ui_kit_role_off(struct ui *ui, enum ui_role role)
{
	attroff(role_attr(ui, role));
}

/* "..." until the screen finds a UTF-8 terminal: then one cell. */
static const char *ui_ellipsis = "...";

void
ui_kit_utf8(int utf8)
{
	ui_ellipsis = utf8 ? "\u2026" : "...";
}

/* Whether s holds a letter or a digit: more than separators and marks. */
static int
has_word(const char *s)
{
	for (; *s != '\0'; s++)
		if (isalnum((unsigned char)*s))
			return 1;
	return 0;
}

int
ui_kit_put_clipped(int y, int x, const char *s)
{
	char fit[512];
	int room = COLS - x;

	if (room <= 0)
		return x;
	fmt_fit(fit, sizeof fit, s, room, ui_ellipsis);
	/* Nothing but marks left ("  -- ..."): leave the piece out. */
	if (!has_word(fit) && has_word(s))
		return x;
	mvaddstr(y, x, fit);
	return x + fmt_cells(fit);
}

const char *
ui_kit_fit(char *buf, size_t size, const char *s, int width)
{
	return fmt_fit(buf, size, s, width, ui_ellipsis);
}

/* The cells of parts[1..n-1]. */
static int
rest_cells(const char *const *parts, int n)
{
	int rest = 0;

	for (int i = 1; i < n; i++)
		rest += fmt_cells(parts[i]);
	return rest;
}

/*
 * A label shorter than this says too little: the last parts go first.
 */
#define LABEL_MIN_CELLS 12

int
ui_kit_put_parts(int y, int x, const char *const *parts, int n)
{
	char label[512];
	int room = COLS - x;

	while (n > 1 && fmt_cells(parts[0]) + rest_cells(parts, n) > room &&
	    room - rest_cells(parts, n) < LABEL_MIN_CELLS)
		n--;
	ui_kit_fit(label, sizeof label, parts[0], room - rest_cells(parts, n));
	x = ui_kit_put_clipped(y, x, label);
	for (int i = 1; i < n; i++)
		x = ui_kit_put_clipped(y, x, parts[i]);
	return x;
}

const struct view_row *
ui_kit_current_row(const struct ui *ui)
{
	if (ui->nitems == 0 || ui->items[ui->cursor].group >= 0)
		return NULL;
	return &ui->rows[ui->items[ui->cursor].row];
}

const char *
ui_kit_ratio_text(const struct ui *ui, const struct view_row *r, int which,
    char *buf, size_t size)
{
	return compare_ratio_text(ui->cfg.ref, &ui->refs[which], r->test,
	    r->value, r->meta.placement, buf, size);
}

const struct view_row *
ui_kit_row_of(const struct ui *ui, const struct bench_test *t)
{
	for (size_t i = 0; i < ui->nrows; i++)
		if (ui->rows[i].test == t)
			return &ui->rows[i];
	return NULL;
}

int
ui_kit_has_ref(const struct ui *ui, int which)
{
	return ui->cfg.ref != NULL && ui->refs[which].kind != REFSEL_NONE;
}
