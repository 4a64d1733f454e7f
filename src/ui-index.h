/*
 * ui-index.h: the header's BYTE 3.11 index line.
 */

#ifndef BENCHTOP_UI_INDEX_H
#define BENCHTOP_UI_INDEX_H

struct ui;
struct view_row;

/* Draw it at line y; returns the line below it. */
int ui_index_draw(struct ui *ui, int y);
/* A row's index item (result / baseline), NAN for a row outside the
 * index or without a figure. */
double ui_index_item(const struct ui *ui, const struct view_row *r);

#endif
