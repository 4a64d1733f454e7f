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
	int stand_in[SVG_MAX_REFS];        /* drawn hollow and dashed */
};

/*
 * One chart: a row per test, a bar per reference, from ratio 1 to the
 * ratio on a log scale (right and green: this machine is better; a
 * stand-in's bar hollow and dashed). The svg carries class "group-chart",
 * data-group="group" and data-decades: the decades each way of 1, the
 * same for every chart of a page (svg_ratio_decades over all its rows).
 */
void svg_ratio_chart(FILE *f, const char *group,
    const struct svg_ratio_row *rows, size_t n, const char *const *refs,
    size_t nrefs, int decades);

/* Decades each side of 1 that rows[0..n) need: 1 to 3. */
int svg_ratio_decades(const struct svg_ratio_row *rows, size_t n, size_t nrefs);

/* The story chart: per test, A's, B's and this machine's cycles/op. */
#define SVG_CYC_BARS 3
struct svg_cycles_row {
	char test[40];
	double cyc[SVG_CYC_BARS];   /* NAN: no bar */
	int stand_in[SVG_CYC_BARS]; /* drawn hollow and dashed */
	char who[SVG_CYC_BARS][40]; /* the machine, in the bar's title */
	char b_vs_a[24];            /* "0.54x" as the JSON's, or "" */
	char text[160];             /* printed after the bars */
};

/*
 * Grouped bars of cycles per operation on one log scale for the whole
 * chart (the decades that hold every bar), a row per test, "A", "B" and
 * "this machine" in `names`. Each row is a <g class="story-row"
 * data-test=... data-b-vs-a=...>.
 */
void svg_cycles_chart(FILE *f, const struct svg_cycles_row *rows, size_t n,
    const char *const names[SVG_CYC_BARS]);

/* The samples in order, as a line 120 x 24 (empty under 2 samples). */
void svg_sparkline(FILE *f, const double *v, size_t n);

/*
 * The spread: a histogram of the samples (or, without them, the 5-95%
 * range of the summary), the median as a line, its 95% interval shaded.
 */
void svg_distribution(FILE *f, const double *v, size_t n,
    const struct stats_summary *s);

#endif
