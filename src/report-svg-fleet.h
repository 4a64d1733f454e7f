/*
 * report-svg-fleet.h: --compare's chart, in the story's style (one log
 * scale for the whole chart, a row per test, a line per machine, grid
 * and labels as report-svg.c draws them): each machine's speed against
 * the fleet's median as a dot with its interval, the tolerance shaded
 * around 1, outliers large and red (slower) or green (faster), a row
 * that moved with its machine's kind hollow. Pure writer.
 */

#ifndef BENCHTOP_REPORT_SVG_FLEET_H
#define BENCHTOP_REPORT_SVG_FLEET_H

#include <stddef.h>
#include <stdio.h>

#include "measure-fleet.h"

/* What the chart draws: cells[t * nmachines + m] as measure-fleet.h. */
struct svg_fleet {
	const char *const *tests;  /* the rows' names */
	const char *const *labels; /* the machines' */
	const struct fleet_cell *cells;
	size_t ntests, nmachines;
	double floor; /* the tolerance, a ratio */
};

/* The colour of machine m's dots ("#5e35b1"), for a legend. */
const char *svg_fleet_colour(size_t m);

/* The chart: an svg of class "fleet-chart", each row a <g
 * class="fleet-row" data-test=...>, each dot a <g class="fleet-cell"
 * data-machine=... data-mark=...>. */
void svg_fleet_chart(FILE *f, const struct svg_fleet *c);

#endif
