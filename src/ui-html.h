/*
 * ui-html.h: key H: the figures on the screen as an HTML page.
 */

#ifndef BENCHTOP_UI_HTML_H
#define BENCHTOP_UI_HTML_H

struct ui;

void ui_html_snapshot(struct ui *ui);

#endif
