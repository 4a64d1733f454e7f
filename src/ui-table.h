/*
 * ui-table.h: the table screen (the rows, by group).
 */

#ifndef BENCHTOP_UI_TABLE_H
#define BENCHTOP_UI_TABLE_H

struct ui;

/* Draw it; reads ui only. */
void ui_table_draw(struct ui *ui);

#endif
