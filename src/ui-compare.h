/*
 * ui-compare.h: the comparison screen (v): this machine against references A
 * and B.
 */

#ifndef BENCHTOP_UI_COMPARE_H
#define BENCHTOP_UI_COMPARE_H

struct ui;

/* Draw it; reads ui only. */
void ui_compare_draw(struct ui *ui);

#endif
