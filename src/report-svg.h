/*
 * report-svg.h: the inline SVG charts of the HTML pages: a group's tests
 * as log-scale ratio bars against one or two reference machines, and a
 * test's samples as a sparkline and a distribution. Pure writers: data in,
 * markup out.
 */

#ifndef BENCHTOP_HTML_SVG_H
#define BENCHTOP_HTML_SVG_H

#include <stddef.h>
#include <stdio.h>

#include "base-stats.h"

/* Reference machines a chart compares with (the second is optional). */
#define SVG_MAX_REFS 2

struct svg_ratio_row {
	const char *label;          /* the test's title */
	char value[48];             /* this machine's value and unit */
	double ratio[SVG_MAX_REFS]; /* >1: this machine better; NAN: none */
	char ratio_text[SVG_MAX_REFS][16]; /* as printed: "0.66x~", "-" */
};

/*
 * One chart: a row per test, a bar per reference, from ratio 1 to the
 * ratio on a log scale (right and green: this machine is better). The
 * svg carries class "group-chart" and data-group="group".
 */
void svg_ratio_chart(FILE *f, const char *group,
    const struct svg_ratio_row *rows, size_t n, const char *const *refs,
    size_t nrefs);

/* The samples in order, as a line 120 x 24 (empty under 2 samples). */
void svg_sparkline(FILE *f, const double *v, size_t n);

/*
 * The spread: a histogram of the samples (or, without them, the 5-95%
 * range of the summary), the median as a line, its 95% interval shaded.
 */
void svg_distribution(FILE *f, const double *v, size_t n,
    const struct stats_summary *s);

#endif
