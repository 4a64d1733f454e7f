/*
 * ui-detail.h: the detail screen of the row at the cursor.
 */

#ifndef BENCHTOP_UI_DETAIL_H
#define BENCHTOP_UI_DETAIL_H

struct ui;

/* Draw it; reads ui only. */
void ui_detail_draw(struct ui *ui);

#endif
