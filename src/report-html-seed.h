/*
 * report-html-seed.h: the origin's own table on the HTML page (for
 * report_html_write).
 */

#ifndef BENCHTOP_REPORT_HTML_SEED_H
#define BENCHTOP_REPORT_HTML_SEED_H

#include <stdio.h>

#include "report-html.h"

/* The origin's own table and, for BYTE, the index values with bars
 * (report-html-seed.c; for report_html_write). */
void report_html_seed(FILE *f, const struct html_page *p);

#endif
