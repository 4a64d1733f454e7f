/*
 * ui-focus.h: the header's pass and the focus key.
 */

#ifndef BENCHTOP_UI_FOCUS_H
#define BENCHTOP_UI_FOCUS_H

#include <stddef.h>

struct ui;

/*
 * The header's pass ("first pass 34/80", then "cycle 52s", or "FOCUS
 * what") and the focus key (f).
 */
int ui_focus_draw(struct ui *ui, int y, int x); /* return the next x */
int ui_focus_pass_draw(struct ui *ui, int y, int x);
void ui_focus_toggle(struct ui *ui);
/* The rows that run: the focus's, or every enabled one. */
size_t ui_focus_rows_run(const struct ui *ui);

#endif
