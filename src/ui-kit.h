/*
 * ui-kit.h: what every screen draws with: colour roles, clipped text,
 * the references' state, the row under the cursor, and the header. The
 * main loop (ui.c) calls the screens; the screens call these; these call
 * nothing above them, so no two files of the screen call each other.
 */

#ifndef BENCHTOP_UI_KIT_H
#define BENCHTOP_UI_KIT_H

#include <stddef.h>

struct bench_test;
struct ui;
struct view_row;

/* Colour roles; pairs are set up only when colour is on. */
enum ui_role {
	UI_ROLE_NORMAL,
	UI_ROLE_HEADER,
	UI_ROLE_TITLE,
	UI_ROLE_GROUP,
	UI_ROLE_SPARK,
	UI_ROLE_DIM,
	UI_ROLE_BAD,
	UI_ROLE_GOOD,
	UI_ROLE_WARN,
	UI_ROLE_COUNT
};

/* Set up the colour pairs, or turn colour off where the terminal has
 * none (then roles fall back to bold, dim and reverse). */
void ui_kit_colors_init(struct ui *ui);
void ui_kit_role_on(struct ui *ui, enum ui_role role);
void ui_kit_role_off(struct ui *ui, enum ui_role role);
/* The ellipsis of cut text: one cell on a UTF-8 terminal, else "...". */
void ui_kit_utf8(int utf8);
/* Put `s` at (y, x), cut at the right edge at a word or field boundary
 * with an ellipsis, never inside a number; returns the column after. */
int ui_kit_put_clipped(int y, int x, const char *s);
/* `s` fitted to `width` cells the same way, into buf. */
const char *ui_kit_fit(char *buf, size_t size, const char *s, int width);
/*
 * A line of parts from (y, x): when it is too wide, parts[0] (a label: a
 * CPU's name, a kernel's) is shortened first, then the last parts are
 * left out whole, so a part's numbers are never cut. Returns the column
 * after it.
 */
int ui_kit_put_parts(int y, int x, const char *const *parts, int n);
/* The row under the cursor, or NULL on a group heading or no rows. */
const struct view_row *ui_kit_current_row(const struct ui *ui);
/* The view row of test t, or NULL. */
const struct view_row *ui_kit_row_of(const struct ui *ui,
    const struct bench_test *t);
/* "12.4x" against reference `which` (0: A, 1: B), "n/c", or "-". */
const char *ui_kit_ratio_text(const struct ui *ui, const struct view_row *r,
    int which, char *buf, size_t size);
/* Whether reference `which` is set. */
int ui_kit_has_ref(const struct ui *ui, int which);

#endif
