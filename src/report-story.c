/*
 * report-story.c: the demo view in batch (--story A,B): the tests where
 * both classes have machines of their own, farthest apart first, in
 * cycles per operation beside this machine's, and a line per group.
 */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench-registry.h"
#include "ref-story.h"
#include "report-common.h"
#include "report-story.h"

/* This machine's cycles per operation in the run and their placement;
 * NAN if it has none. */
static void
run_cycles(const struct report *rep, struct story_row *row)
{
	row->this_cyc = NAN;
	for (size_t i = 0; i < rep->n; i++)
		if (rep->results[i].test == row->test &&
		    rep->results[i].status == BENCH_OK) {
			row->this_cyc = rep->results[i].cyc.median;
			row->this_place = (int)rep->results[i].placement;
		}
}

size_t
report_story_rows(const struct report *rep, const struct refsel refs[2],
    struct story_row **rows)
{
	size_t max = registry_count(), n;

	if ((*rows = calloc(max ? max : 1, sizeof **rows)) == NULL)
		return 0;
	n = story_select(rep->ref, refs, *rows, max);
	for (size_t i = 0; i < n; i++)
		run_cycles(rep, &(*rows)[i]);
	return n;
}

static void
story_head(FILE *f, const struct report *rep)
{
	char served[512];

	fprintf(f,
	    "The story: %s (B) against %s (A), in cycles per "
	    "operation\n",
	    ref_select_name(rep->ref, &rep->refs[1]),
	    ref_select_name(rep->ref, &rep->refs[0]));
	for (int k = 0; k < 2; k++) {
		ref_select_describe(rep->ref, &rep->refs[k], served,
		    sizeof served);
		fprintf(f, "%s %s: %s\n", k ? "B" : "A",
		    ref_select_name(rep->ref, &rep->refs[k]), served);
	}
	fputs("Only tests where A and B each have a machine of their own "
	      "class; B/A: B's cycles\n(time) per operation over A's, above "
	      "1 B pays more. Cycles: clock x time per op.\n\n",
	    f);
}

static void
story_line(FILE *f, const struct report *rep, const struct story_row *r)
{
	char a[24], b[24], t[24], cr[16], tr[16];
	const struct compare_pair *p = &r->pair;

	fprintf(f, "%-22s %10s %-18s %10s %-18s %8s %8s %11s\n", r->test->id,
	    story_cycles_text(p->cyc_a, a, sizeof a),
	    rep->ref->machines[p->a.machine].id,
	    story_cycles_text(p->cyc_b, b, sizeof b),
	    rep->ref->machines[p->b.machine].id,
	    compare_format_ratio(p->cyc_b_vs_a, cr, sizeof cr),
	    compare_format_ratio(p->cost_b_vs_a, tr, sizeof tr),
	    story_cycles_text(r->this_cyc, t, sizeof t));
}

int
report_story(FILE *f, const struct report *rep)
{
	struct story_row *rows;
	size_t n = report_story_rows(rep, rep->refs, &rows), ng;
	struct story_group groups[BENCH_GROUP_COUNT];
	char line[256];

	if (rows == NULL)
		return -1;
	story_head(f, rep);
	if (n == 0)
		fprintf(f, "%s\n",
		    story_empty_text(rep->ref, rep->refs, line, sizeof line));
	else
		fprintf(f, "%-22s %10s %-18s %10s %-18s %8s %8s %11s\n", "TEST",
		    "A CYC/OP", "A MACHINE", "B CYC/OP", "B MACHINE", "B/A CYC",
		    "B/A TIME", "THIS CYC/OP");
	for (size_t i = 0; i < n; i++)
		story_line(f, rep, &rows[i]);
	ng = story_groups(rows, n, groups, BENCH_GROUP_COUNT);
	fputs(ng ? "\n" : "", f);
	for (size_t g = 0; g < ng; g++)
		fprintf(f, "%s\n",
		    story_group_text(rep->ref, rep->refs, &groups[g], line,
		        sizeof line));
	free(rows);
	return report_common_finish(f);
}
