/*
 * report-svg-fleet.c: --compare's chart. Geometry in viewBox units, as
 * report-svg.c's: the page scales the picture to its width.
 */

#include "config.h"

#include "report-svg-fleet.h"

#include <math.h>
#include <stdio.h>

#include "base-html.h"

#define FC_WIDTH    1120
#define FC_LABEL    190 /* right edge of the test names */
#define FC_CENTER   480 /* x of ratio 1 (the fleet's median) */
#define FC_HALF     270 /* from ratio 1 to the edge of the scale */
#define FC_LINE     8   /* one machine's line in a row */
#define FC_TOP      22  /* room for the scale's labels */
#define FC_TICK_GAP 40  /* the least room between two ticks' labels */

/* Distinct on white, and apart from the outliers' red and green. */
static const char *const colours[] = { "#5e35b1", "#ef6c00", "#546e7a",
	"#1565c0", "#8d6e63", "#00838f", "#ad1457", "#9e9d24" };
#define NCOLOURS (sizeof colours / sizeof colours[0])

/* The ticks each side of 1, inner to outer. */
static const double ticks[] = { 1.1, 1.25, 1.5, 2, 3, 5, 10 };
#define NTICKS (sizeof ticks / sizeof ticks[0])

const char *
svg_fleet_colour(size_t m)
{
	return colours[m % NCOLOURS];
}

/* The scale's reach each way of 1: the first tick beyond every dot and
 * whisker (10x at most: a dot beyond it is drawn at the edge). */
static double
fleet_reach(const struct svg_fleet *c)
{
	double most = c->floor;

	for (size_t i = 0; i < c->ntests * c->nmachines; i++) {
		const struct fleet_cell *x = &c->cells[i];

		if (x->mark == FLEET_NONE)
			continue;
		most = fmax(most, fmax(x->ratio, 1 / x->ratio));
		if (isfinite(x->lo))
			most = fmax(most, fmax(x->hi, 1 / x->lo));
	}
	for (size_t k = 0; k < NTICKS; k++)
		if (ticks[k] >= most * 1.02)
			return ticks[k];
	return ticks[NTICKS - 1];
}

static double
fleet_x(double ratio, double reach)
{
	double l = log(ratio) / log(reach);

	return FC_CENTER + fmax(-1, fmin(1, l)) * FC_HALF;
}

/* A grid line and its label at ratio r. */
static void
fleet_tick(FILE *f, double r, double reach, double height, const char *cls)
{
	double x = fleet_x(r, reach);

	fprintf(f,
	    "<line class=\"%s\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" "
	    "y2=\"%.1f\"/><text x=\"%.1f\" y=\"%d\" "
	    "text-anchor=\"middle\">%.3gx</text>\n",
	    cls, x, FC_TOP - 4, x, height, x, FC_TOP - 8, r);
}

/* The tolerance shaded, the grid and the labels at each tick. */
static void
fleet_axis(FILE *f, const struct svg_fleet *c, double reach, double height)
{
	double x0 = fleet_x(1 / c->floor, reach), x1 = fleet_x(c->floor, reach);

	fprintf(f,
	    "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%.1f\" "
	    "fill=\"#eceff1\"><title>within the tolerance, %.3gx each "
	    "way</title></rect>\n",
	    x0, FC_TOP - 4, x1 - x0, height - FC_TOP + 4, c->floor);
	double last = fleet_x(1, reach);

	fleet_tick(f, 1, reach, height, "axis");
	/* A tick too close to the one before it would print over it. */
	for (size_t k = 0; k < NTICKS && ticks[k] <= reach * 1.0001; k++) {
		if (fleet_x(ticks[k], reach) - last < FC_TICK_GAP)
			continue;
		last = fleet_x(ticks[k], reach);
		fleet_tick(f, 1 / ticks[k], reach, height, "grid");
		fleet_tick(f, ticks[k], reach, height, "grid");
	}
}

/* One machine's dot and whisker. */
static void
fleet_dot(FILE *f, const struct svg_fleet *c, const struct fleet_cell *x,
    size_t m, double reach, double y)
{
	const char *col = x->mark == FLEET_SLOWER ? "#c62828"
	    : x->mark == FLEET_FASTER             ? "#2e7d32"
	                                          : colours[m % NCOLOURS];
	int big = x->mark == FLEET_SLOWER || x->mark == FLEET_FASTER;

	fputs("<g class=\"fleet-cell\" data-machine=\"", f);
	html_text(f, c->labels[m]);
	fprintf(f, "\" data-mark=\"%s\" data-ratio=\"%.4g\"><title>",
	    fleet_mark_name(x->mark), x->ratio);
	html_text(f, c->labels[m]);
	fprintf(f, ": %.3g", x->ratio);
	if (isfinite(x->lo))
		fprintf(f, " (%.3g to %.3g)", x->lo, x->hi);
	fprintf(f, ", %s</title>", fleet_mark_name(x->mark));
	if (isfinite(x->lo))
		fprintf(f,
		    "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
		    "stroke=\"%s\" stroke-width=\"1.5\"/>",
		    fleet_x(x->lo, reach), y, fleet_x(x->hi, reach), y, col);
	fprintf(f,
	    "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%s\" fill=\"%s\" "
	    "stroke=\"%s\" stroke-width=\"1.2\"%s/></g>",
	    fleet_x(x->ratio, reach), y, big ? "4" : "2.8",
	    x->mark == FLEET_WITH_KIND ? "#fff" : col,
	    x->mark == FLEET_DIFFER ? "#000" : col,
	    x->mark == FLEET_WITH_KIND ? " stroke-dasharray=\"2 1\"" : "");
}

/* The words after a row: its outliers, or that there are none. */
static void
fleet_row_text(FILE *f, const struct svg_fleet *c, size_t t, double y)
{
	int said = 0;

	fprintf(f, "<text x=\"%d\" y=\"%.1f\" dominant-baseline=\"middle\">",
	    FC_CENTER + FC_HALF + 14, y);
	for (size_t m = 0; m < c->nmachines; m++) {
		const struct fleet_cell *x = &c->cells[t * c->nmachines + m];

		if (x->mark != FLEET_SLOWER && x->mark != FLEET_FASTER)
			continue;
		fputs(said++ ? ", " : "", f);
		html_text(f, c->labels[m]);
		fprintf(f, " %.2fx %s", x->ratio >= 1 ? x->ratio : 1 / x->ratio,
		    x->ratio >= 1 ? "faster" : "slower");
	}
	fputs("</text>\n", f);
}

static void
fleet_row(FILE *f, const struct svg_fleet *c, size_t t, double reach, double y,
    double row_h)
{
	fputs("<g class=\"fleet-row\" data-test=\"", f);
	html_text(f, c->tests[t]);
	fprintf(f,
	    "\"><text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" "
	    "dominant-baseline=\"middle\">",
	    FC_LABEL, y + row_h / 2);
	html_text(f, c->tests[t]);
	fputs("</text>", f);
	for (size_t m = 0; m < c->nmachines; m++) {
		const struct fleet_cell *x = &c->cells[t * c->nmachines + m];

		if (x->mark != FLEET_NONE)
			fleet_dot(f, c, x, m, reach,
			    y + 3 + FC_LINE * ((double)m + 0.5));
	}
	fleet_row_text(f, c, t, y + row_h / 2);
	fputs("</g>\n", f);
}

void
svg_fleet_chart(FILE *f, const struct svg_fleet *c)
{
	double row_h = FC_LINE * (double)c->nmachines + 6;
	double height = FC_TOP + row_h * (double)c->ntests + 4;
	double reach = fleet_reach(c);

	fprintf(f,
	    "<svg class=\"fleet-chart\" data-reach=\"%.3g\" viewBox=\"0 0 %d "
	    "%.0f\" width=\"%d\" role=\"img\"><title>each machine against "
	    "the fleet's median, log scale</title>\n",
	    reach, FC_WIDTH, height, FC_WIDTH);
	fleet_axis(f, c, reach, height);
	for (size_t t = 0; t < c->ntests; t++) {
		double y = FC_TOP + row_h * (double)t;

		if (t > 0)
			fprintf(f,
			    "<line class=\"grid\" x1=\"0\" y1=\"%.1f\" "
			    "x2=\"%d\" "
			    "y2=\"%.1f\"/>",
			    y, FC_CENTER + FC_HALF, y);
		fleet_row(f, c, t, reach, y, row_h);
	}
	fputs("</svg>\n", f);
}
