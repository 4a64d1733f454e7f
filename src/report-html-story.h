/*
 * report-html-story.h: with two references, A against B on the HTML page (for
 * report_html_write).
 */

#ifndef BENCHTOP_REPORT_HTML_STORY_H
#define BENCHTOP_REPORT_HTML_STORY_H

#include <stdio.h>

#include "report-html.h"

/* With two references: A against B in cycles per operation, the page's
 * first section (report-html-story.c; for report_html_write). */
void report_html_story(FILE *f, const struct html_page *p);

#endif
