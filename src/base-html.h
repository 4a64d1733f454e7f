/*
 * base-html.h: the pieces every HTML page of benchtop is made of: escaping,
 * the page's head with its inline style sheet, and the foot. Pages hold
 * no script and fetch nothing: they read offline and print.
 */

#ifndef BENCHTOP_HTML_H
#define BENCHTOP_HTML_H

#include <stdio.h>

/* Text with &, <, >, " and ' escaped (for content and attributes). */
void html_text(FILE *f, const char *s);

/* The doctype, head (title, viewport, style) and the opening body. */
void html_begin(FILE *f, const char *title);

/* Close the body and the document. */
void html_end(FILE *f);

#endif
