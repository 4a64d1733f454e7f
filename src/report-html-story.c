/*
 * report-html-story.c: the page's first section with two references: A
 * against B in cycles per operation, grouped bars of A's, B's and this
 * machine's cycles on one log scale, the tests with two machines of
 * their own first (farthest apart first) and B/A printed beside them;
 * then the tests a stand-in serves, hollow and named, without B/A.
 */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base-html.h"
#include "bench-registry.h"
#include "ref-story.h"
#include "report-html-story.h"
#include "report-html.h"
#include "report-story.h"

struct story_item {
	struct svg_cycles_row row;
	int shown;       /* B/A has a figure */
	double distance; /* |log| of B/A in cycles, else in time */
};

static int
story_order(const void *a, const void *b)
{
	const struct story_item *x = a, *y = b;

	if (x->shown != y->shown)
		return y->shown - x->shown;
	return x->distance < y->distance ? 1
	    : x->distance > y->distance  ? -1
	                                 : 0;
}

/* The row of result r; 0, or -1 when A or B has no figure for it. */
static int
story_item_make(const struct html_page *p, const struct test_result *r,
    struct story_item *it)
{
	const struct refdata *rd = p->rep->ref;
	struct svg_cycles_row *row = &it->row;
	struct compare_pair cp;
	char why[160], v[16], c[16];

	compare_pair(rd, p->refs, r->test, &cp);
	if (!cp.a.found || !cp.b.found || !cp.a.comparable || !cp.b.comparable)
		return -1;
	memset(it, 0, sizeof *it);
	(void)snprintf(row->test, sizeof row->test, "%s", r->test->id);
	row->cyc[0] = cp.cyc_a;
	row->cyc[1] = cp.cyc_b;
	row->cyc[2] = r->status == BENCH_OK ? r->cyc.median : NAN;
	row->stand_in[0] = cp.a.stand_in;
	row->stand_in[1] = cp.b.stand_in;
	(void)snprintf(row->who[0], sizeof row->who[0], "%s",
	    rd->machines[cp.a.machine].id);
	(void)snprintf(row->who[1], sizeof row->who[1], "%s",
	    rd->machines[cp.b.machine].id);
	(void)snprintf(row->who[2], sizeof row->who[2], "measured here");
	it->shown = cp.why == COMPARE_PAIR_SHOWN;
	if (it->shown) {
		(void)snprintf(row->b_vs_a, sizeof row->b_vs_a, "%.6g",
		    cp.b_vs_a);
		if (isfinite(cp.cyc_b_vs_a))
			(void)snprintf(row->text, sizeof row->text,
			    "B/A %s: B pays %s the cycles, %.2fx the time",
			    compare_format_ratio(cp.b_vs_a, v, sizeof v),
			    compare_format_ratio(cp.cyc_b_vs_a, c, sizeof c),
			    cp.cost_b_vs_a);
		else
			(void)snprintf(row->text, sizeof row->text,
			    "B/A %s: B takes %s the time (clock not stated)",
			    compare_format_ratio(cp.b_vs_a, v, sizeof v),
			    compare_format_ratio(cp.cost_b_vs_a, c, sizeof c));
		it->distance = fabs(log(cp.b_vs_a));
	} else
		(void)snprintf(row->text, sizeof row->text, "B/A -: %s",
		    compare_pair_why_text(rd, p->refs, r->test, &cp, why,
		        sizeof why));
	return 0;
}

/* The summary: a line per group of the tests with B/A. */
static void
story_summary(FILE *f, const struct html_page *p)
{
	struct story_row *rows;
	size_t n = report_story_rows(p->rep, p->refs, &rows), ng;
	struct story_group groups[BENCH_GROUP_COUNT];
	char line[256];

	if (rows == NULL)
		return;
	ng = story_groups(rows, n, groups, BENCH_GROUP_COUNT);
	fputs("<ul class=\"story\">\n", f);
	for (size_t g = 0; g < ng; g++) {
		fputs("<li>", f);
		html_text(f,
		    story_group_text(p->rep->ref, p->refs, &groups[g], line,
		        sizeof line));
		fputs("</li>\n", f);
	}
	if (ng == 0) {
		fputs("<li>", f);
		html_text(f,
		    story_empty_text(p->rep->ref, p->refs, line, sizeof line));
		fputs("</li>\n", f);
	}
	fputs("</ul>\n", f);
	free(rows);
}

static void
story_legend(FILE *f, const char *const names[SVG_CYC_BARS])
{
	static const char *const cls[SVG_CYC_BARS] = { "cyc-a", "cyc-b",
		"cyc-this" };

	fputs("<p class=\"legend\">", f);
	for (int k = 0; k < SVG_CYC_BARS; k++) {
		fprintf(f,
		    "<svg class=\"swatch\" viewBox=\"0 0 24 10\" width=\"24\">"
		    "<rect class=\"%s\" x=\"1\" y=\"1\" width=\"22\" "
		    "height=\"8\"/></svg> ",
		    cls[k]);
		html_text(f, names[k]);
		fputs(k + 1 < SVG_CYC_BARS ? " &nbsp; " : "", f);
	}
	fputs(" &nbsp; <svg class=\"swatch\" viewBox=\"0 0 24 10\" "
	      "width=\"24\"><rect class=\"cyc-a si\" x=\"1\" y=\"1\" "
	      "width=\"22\" height=\"8\"/></svg> hollow, dashed: a machine "
	      "of another kind standing in (named after the bars; no B/A)."
	      "</p>\n",
	    f);
}

void
report_html_story(FILE *f, const struct html_page *p)
{
	struct story_item *items = calloc(p->rep->n + 1, sizeof *items);
	char names[SVG_CYC_BARS][64];
	const char *np[SVG_CYC_BARS] = { names[0], names[1], names[2] };
	size_t n = 0;

	if (items == NULL)
		return;
	(void)snprintf(names[0], sizeof names[0], "A: %s",
	    ref_select_name(p->rep->ref, &p->refs[0]));
	(void)snprintf(names[1], sizeof names[1], "B: %s",
	    ref_select_name(p->rep->ref, &p->refs[1]));
	(void)snprintf(names[2], sizeof names[2], "this machine");
	for (size_t i = 0; i < p->rep->n; i++)
		n += story_item_make(p, &p->rep->results[i], &items[n]) == 0;
	qsort(items, n, sizeof items[0], story_order);
	fprintf(f, "<h2>%s against %s, in cycles per operation</h2>\n",
	    names[1], names[0]);
	story_summary(f, p);
	story_legend(f, np);
	fputs("<p class=\"dim\">Cycles per operation on one log scale for "
	      "the chart: a source's figure is its machine's clock times the "
	      "time of one operation (or, for the FreeBSD lock tests, the "
	      "cycles as printed); this machine's as measured. B/A: the "
	      "cycles B pays over A (the time where a clock is not stated), "
	      "above 1 B pays more, as in the summary and the table; shown "
	      "only where two different machines of their own classes serve, "
	      "their figures placed alike; the tests that have it come "
	      "first, farthest apart first.</p>\n<div class=\"scroll\">",
	    f);
	{
		struct svg_cycles_row *rows = calloc(n + 1, sizeof *rows);

		for (size_t i = 0; rows != NULL && i < n; i++)
			rows[i] = items[i].row;
		if (rows != NULL)
			svg_cycles_chart(f, rows, n, np);
		free(rows);
	}
	fputs("</div>\n", f);
	free(items);
}
