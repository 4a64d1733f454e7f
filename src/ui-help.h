/*
 * ui-help.h: the help screen, read from the key table.
 */

#ifndef BENCHTOP_UI_HELP_H
#define BENCHTOP_UI_HELP_H

struct ui;

/* Draw it; reads ui only. */
void ui_help_draw(struct ui *ui);

#endif
