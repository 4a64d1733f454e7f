/*
 * ui-header.h: the lines above every screen.
 */

#ifndef BENCHTOP_UI_HEADER_H
#define BENCHTOP_UI_HEADER_H

struct ui;

/* Draw them, each line cut at the screen's width; returns the first
 * line below them. */
int ui_header_draw(struct ui *ui);

#endif
