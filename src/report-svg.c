/*
 * report-svg.c: charts as SVG text. Geometry is in viewBox units; the page
 * scales the whole picture to its width, so a phone sees it all.
 */

#include "config.h"

#include "report-svg.h"

#include <math.h>
#include <stdio.h>

#include "base-html.h"

/* Ratio chart geometry: label column, bar area around ratio 1, text. */
#define RC_WIDTH  760
#define RC_LABEL  210 /* right edge of the labels */
#define RC_CENTER 375 /* x of ratio 1 */
#define RC_HALF   150 /* from ratio 1 to the edge of the decades shown */
#define RC_BAR    11  /* height of one bar */
#define RC_TOP    22  /* room for the decade labels */

/* Small charts of one test. */
#define SC_WIDTH  120
#define SC_HEIGHT 24
#define SC_BINS   20

/* Decades each side of 1 the chart shows: enough for the largest ratio. */
int
svg_ratio_decades(const struct svg_ratio_row *rows, size_t n, size_t nrefs)
{
	double most = 1;

	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < nrefs; k++)
			if (isfinite(rows[i].ratio[k]) && rows[i].ratio[k] > 0)
				most =
				    fmax(most, fabs(log10(rows[i].ratio[k])));
	return most > 3 ? 3 : (int)ceil(most);
}

static double
ratio_x(double ratio, int decades)
{
	double l = log10(ratio);

	l = fmax(-decades, fmin(decades, l));
	return RC_CENTER + l / decades * RC_HALF;
}

/* Grid lines and labels at each decade: 0.01x ... 1x ... 100x. */
static void
ratio_axis(FILE *f, int decades, double height)
{
	for (int d = -decades; d <= decades; d++) {
		double x = RC_CENTER + (double)d / decades * RC_HALF;

		fprintf(f,
		    "<line class=\"%s\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" "
		    "y2=\"%.1f\"/>",
		    d == 0 ? "axis" : "grid", x, RC_TOP - 4, x, height);
		fprintf(f,
		    "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%gx"
		    "</text>\n",
		    x, RC_TOP - 8, pow(10, d));
	}
}

/* One bar from ratio 1; returns nothing drawn for a missing ratio. */
static void
ratio_bar(FILE *f, double ratio, int decades, double y, size_t k, int stand_in)
{
	double x, x0 = RC_CENTER;

	if (!isfinite(ratio) || ratio <= 0)
		return;
	x = ratio_x(ratio, decades);
	fprintf(f,
	    "<rect class=\"%s%s%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
	    "height=\"%d\"><title>%.3gx%s</title></rect>",
	    ratio >= 1 ? "better" : "worse", k ? "2" : "",
	    stand_in ? " si" : "", fmin(x, x0), y, fmax(fabs(x - x0), 1),
	    RC_BAR - 2, ratio, stand_in ? " (a stand-in)" : "");
}

/* "1.23 us   12.4x / 0.8x" after the bars: the value, then the ratio
 * to each reference in the order the heading names them. */
static void
ratio_text(FILE *f, const struct svg_ratio_row *r, const char *const *refs,
    size_t nrefs, double y)
{
	fprintf(f, "<text x=\"%d\" y=\"%.1f\">", RC_CENTER + RC_HALF + 10, y);
	html_text(f, r->value);
	for (size_t k = 0; k < nrefs; k++) {
		fputs(k ? " / " : "   ", f);
		html_text(f, r->ratio_text[k]);
	}
	fputs("</text>\n", f);
}

void
svg_ratio_chart(FILE *f, const char *group, const struct svg_ratio_row *rows,
    size_t n, const char *const *refs, size_t nrefs, int decades)
{
	double row_h = RC_BAR * (double)(nrefs ? nrefs : 1) + 6;
	double height = RC_TOP + row_h * (double)n + 4;

	fputs("<svg class=\"group-chart\" data-group=\"", f);
	html_text(f, group);
	fprintf(f,
	    "\" data-decades=\"%d\" viewBox=\"0 0 %d %.0f\" width=\"%d\" "
	    "role=\"img\"><title>",
	    decades, RC_WIDTH, height, RC_WIDTH);
	html_text(f, group);
	fputs(": this machine over the reference, log scale</title>\n", f);
	ratio_axis(f, decades, height);
	for (size_t i = 0; i < n; i++) {
		double y = RC_TOP + row_h * (double)i + 3;

		fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">",
		    RC_LABEL, y + row_h / 2);
		html_text(f, rows[i].label);
		fputs("</text>", f);
		for (size_t k = 0; k < nrefs; k++)
			ratio_bar(f, rows[i].ratio[k], decades,
			    y + RC_BAR * (double)k, k, rows[i].stand_in[k]);
		ratio_text(f, &rows[i], refs, nrefs, y + row_h / 2);
	}
	fputs("</svg>\n", f);
}

/* ---- The story: cycles per operation, grouped ---- */

#define CC_LABEL 150 /* right edge of the test names */
#define CC_LEFT  160 /* x of the scale's lowest decade */
#define CC_SPAN  380 /* the scale's width */
#define CC_BAR   9
#define CC_WIDTH 1120 /* the text after the bars says why B/A is '-' */

static const char *const cyc_class[SVG_CYC_BARS] = { "cyc-a", "cyc-b",
	"cyc-this" };

/* The decades [*lo, *hi] that hold every bar. */
static void
cycles_span(const struct svg_cycles_row *rows, size_t n, int *lo, int *hi)
{
	double least = INFINITY, most = 0;

	for (size_t i = 0; i < n; i++)
		for (int k = 0; k < SVG_CYC_BARS; k++)
			if (rows[i].cyc[k] > 0) {
				least = fmin(least, rows[i].cyc[k]);
				most = fmax(most, rows[i].cyc[k]);
			}
	/* Half a decade of room: the shortest bar is still seen. */
	*lo = isfinite(least) ? (int)floor(log10(least / 3)) : 0;
	*hi = most > 0 ? (int)ceil(log10(most)) : 1;
	if (*hi <= *lo)
		*hi = *lo + 1;
}

static double
cycles_x(double cyc, int lo, int hi)
{
	return CC_LEFT + (log10(cyc) - lo) / (hi - lo) * CC_SPAN;
}

static void
cycles_axis(FILE *f, int lo, int hi, double height)
{
	for (int d = lo; d <= hi; d++) {
		double x = cycles_x(pow(10, d), lo, hi);

		static const char *const si = "\0kMGTPE";
		char label[16];

		if (d < 3 || d / 3 > 6)
			(void)snprintf(label, sizeof label, "%g", pow(10, d));
		else
			(void)snprintf(label, sizeof label, "%g%c",
			    pow(10, d % 3), si[d / 3]);
		fprintf(f,
		    "<line class=\"grid\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" "
		    "y2=\"%.1f\"/><text x=\"%.1f\" y=\"%d\" "
		    "text-anchor=\"middle\">%s</text>\n",
		    x, RC_TOP - 4, x, height, x, RC_TOP - 8, label);
	}
}

static void
cycles_row(FILE *f, const struct svg_cycles_row *r, double y, double row_h,
    int lo, int hi, const char *const names[SVG_CYC_BARS])
{
	fputs("<g class=\"story-row\" data-test=\"", f);
	html_text(f, r->test);
	fputs("\" data-b-vs-a=\"", f);
	html_text(f, r->b_vs_a);
	fprintf(f, "\"><text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">",
	    CC_LABEL, y + row_h / 2);
	html_text(f, r->test);
	fputs("</text>", f);
	for (int k = 0; k < SVG_CYC_BARS; k++) {
		if (!(r->cyc[k] > 0))
			continue;
		fprintf(f,
		    "<rect class=\"%s%s\" x=\"%d\" y=\"%.1f\" "
		    "width=\"%.1f\" height=\"%d\"><title>",
		    cyc_class[k], r->stand_in[k] ? " si" : "", CC_LEFT,
		    y + CC_BAR * k,
		    fmax(cycles_x(r->cyc[k], lo, hi) - CC_LEFT, 1), CC_BAR - 2);
		html_text(f, names[k]);
		fputs(": ", f);
		html_text(f, r->who[k]);
		fprintf(f, "%s, %.4g cycles/op</title></rect>",
		    r->stand_in[k] ? " (a stand-in)" : "", r->cyc[k]);
	}
	fprintf(f, "<text x=\"%d\" y=\"%.1f\">", CC_LEFT + CC_SPAN + 10,
	    y + row_h / 2);
	html_text(f, r->text);
	fputs("</text></g>\n", f);
}

void
svg_cycles_chart(FILE *f, const struct svg_cycles_row *rows, size_t n,
    const char *const names[SVG_CYC_BARS])
{
	double row_h = CC_BAR * SVG_CYC_BARS + 6;
	double height = RC_TOP + row_h * (double)n + 4;
	int lo, hi;

	cycles_span(rows, n, &lo, &hi);
	fprintf(f,
	    "<svg class=\"story-chart\" data-lo=\"%d\" data-hi=\"%d\" "
	    "viewBox=\"0 0 %d %.0f\" width=\"%d\" role=\"img\"><title>"
	    "cycles per operation, log scale</title>\n",
	    lo, hi, CC_WIDTH, height, CC_WIDTH);
	cycles_axis(f, lo, hi, height);
	for (size_t i = 0; i < n; i++)
		cycles_row(f, &rows[i], RC_TOP + row_h * (double)i + 3, row_h,
		    lo, hi, names);
	fputs("</svg>\n", f);
}

/* The y of value v in a small chart spanning [lo, hi], top = hi. */
static double
small_y(double v, double lo, double hi)
{
	if (hi <= lo)
		return SC_HEIGHT / 2.0;
	return 1 + (hi - v) / (hi - lo) * (SC_HEIGHT - 2);
}

void
svg_sparkline(FILE *f, const double *v, size_t n)
{
	double lo = HUGE_VAL, hi = -HUGE_VAL;

	fprintf(f,
	    "<svg class=\"spark\" viewBox=\"0 0 %d %d\" width=\"%d\" "
	    "height=\"%d\">",
	    SC_WIDTH, SC_HEIGHT, SC_WIDTH, SC_HEIGHT);
	for (size_t i = 0; i < n; i++) {
		lo = fmin(lo, v[i]);
		hi = fmax(hi, v[i]);
	}
	if (n >= 2) {
		fputs("<polyline class=\"spark\" points=\"", f);
		for (size_t i = 0; i < n; i++)
			fprintf(f, "%s%.1f,%.1f", i ? " " : "",
			    (double)i * (SC_WIDTH - 1) / (double)(n - 1),
			    small_y(v[i], lo, hi));
		fputs("\"/>", f);
	}
	fputs("</svg>", f);
}

/* The x of value v in a small chart spanning [lo, hi]. */
static double
small_x(double v, double lo, double hi)
{
	if (hi <= lo)
		return SC_WIDTH / 2.0;
	return (v - lo) / (hi - lo) * (SC_WIDTH - 1);
}

/* Bars of a histogram of v over [lo, hi]. */
static void
histogram(FILE *f, const double *v, size_t n, double lo, double hi)
{
	size_t bins[SC_BINS] = { 0 }, most = 1;
	double w = (double)SC_WIDTH / SC_BINS;

	for (size_t i = 0; i < n; i++) {
		size_t b = hi > lo ? (size_t)((v[i] - lo) / (hi - lo) * SC_BINS)
		                   : SC_BINS / 2;

		b = b >= SC_BINS ? SC_BINS - 1 : b;
		if (++bins[b] > most)
			most = bins[b];
	}
	for (size_t b = 0; b < SC_BINS; b++) {
		double h = (double)bins[b] / (double)most * (SC_HEIGHT - 6);

		if (bins[b] > 0)
			fprintf(f,
			    "<rect class=\"hist\" x=\"%.1f\" y=\"%.1f\" "
			    "width=\"%.1f\" height=\"%.1f\"/>",
			    (double)b * w, SC_HEIGHT - 5 - h, w - 0.5, h);
	}
}

void
svg_distribution(FILE *f, const double *v, size_t n,
    const struct stats_summary *s)
{
	double lo = n ? s->min : s->p5, hi = n ? s->max : s->p95;
	double ci = isfinite(s->ci95_median) ? s->ci95_median : 0;
	double m = small_x(s->median, lo, hi);

	fprintf(f,
	    "<svg class=\"dist\" viewBox=\"0 0 %d %d\" width=\"%d\" "
	    "height=\"%d\">",
	    SC_WIDTH, SC_HEIGHT, SC_WIDTH, SC_HEIGHT);
	fprintf(f,
	    "<rect class=\"ci\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" "
	    "height=\"4\"><title>95%% interval of the median</title></rect>",
	    small_x(s->median - ci, lo, hi), SC_HEIGHT - 4,
	    fmax(small_x(s->median + ci, lo, hi) -
	            small_x(s->median - ci, lo, hi),
	        1));
	if (n > 0)
		histogram(f, v, n, lo, hi);
	else
		fprintf(f,
		    "<rect class=\"hist\" x=\"0\" y=\"6\" width=\"%d\" "
		    "height=\"10\"/>",
		    SC_WIDTH);
	fprintf(f,
	    "<line class=\"med\" x1=\"%.1f\" y1=\"0\" x2=\"%.1f\" "
	    "y2=\"%d\"/></svg>",
	    m, m, SC_HEIGHT);
}
