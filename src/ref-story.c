/*
 * ref-story.c: the demo view's rows, their order and the groups' means.
 */

#include "config.h"

#include "ref-story.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench-registry.h"

/* How far B is from A: |log| of the cycles' ratio, else the time's. */
static double
distance(const struct story_row *r)
{
	double x = isfinite(r->pair.cyc_b_vs_a) ? r->pair.cyc_b_vs_a
	                                        : r->pair.cost_b_vs_a;

	return isfinite(x) && x > 0 ? fabs(log(x)) : 0;
}

static int
farthest_first(const void *a, const void *b)
{
	double da = distance(a), db = distance(b);

	return da < db ? 1 : da > db ? -1 : 0;
}

size_t
story_select(const struct refdata *rd, const struct refsel refs[2],
    struct story_row *rows, size_t max)
{
	const struct bench_test *t;
	size_t n = 0;

	for (size_t i = 0; (t = registry_at(i)) != NULL && n < max; i++) {
		struct story_row *r = &rows[n];

		compare_pair(rd, refs, t, &r->pair);
		if (r->pair.why != COMPARE_PAIR_SHOWN)
			continue;
		r->test = t;
		r->this_cyc = NAN;
		n++;
	}
	qsort(rows, n, sizeof rows[0], farthest_first);
	return n;
}

/* Sums of logs, made geometric means at the end. */
static void
group_add(struct story_group *g, const struct story_row *r)
{
	const struct compare_pair *p = &r->pair;

	g->rows++;
	g->cost_b_vs_a += log(p->cost_b_vs_a);
	if (isfinite(p->cyc_b_vs_a)) {
		g->ncyc++;
		g->cyc_b_vs_a += log(p->cyc_b_vs_a);
	}
	if (r->this_cyc > 0 && p->cyc_a > 0 &&
	    compare_placement(r->test, r->this_place, p->a.placement) ==
	        COMPARE_PLACE_ALIKE) {
		g->nthis++;
		g->this_vs_a += log(r->this_cyc / p->cyc_a);
	}
}

static void
group_finish(struct story_group *g)
{
	g->cost_b_vs_a = exp(g->cost_b_vs_a / (double)g->rows);
	g->cyc_b_vs_a = g->ncyc ? exp(g->cyc_b_vs_a / (double)g->ncyc) : NAN;
	g->this_vs_a = g->nthis ? exp(g->this_vs_a / (double)g->nthis) : NAN;
}

size_t
story_groups(const struct story_row *rows, size_t n, struct story_group *groups,
    size_t max)
{
	size_t ng = 0;

	for (int gr = 0; gr < BENCH_GROUP_COUNT && ng < max; gr++) {
		struct story_group *g = &groups[ng];

		memset(g, 0, sizeof *g);
		g->group = gr;
		for (size_t i = 0; i < n; i++)
			if ((int)rows[i].test->group == gr)
				group_add(g, &rows[i]);
		if (g->rows == 0)
			continue;
		group_finish(g);
		ng++;
	}
	return ng;
}

const char *
story_group_text(const struct refdata *rd, const struct refsel refs[2],
    const struct story_group *g, char *buf, size_t size)
{
	const char *a = ref_select_name(rd, &refs[0]),
	           *b = ref_select_name(rd, &refs[1]);
	size_t len;

	if (g->ncyc > 0)
		len = (size_t)snprintf(buf, size,
		    "%s: %s pays %.2fx the cycles of %s (%zu test%s)",
		    bench_group_name((enum bench_group)g->group), b,
		    g->cyc_b_vs_a, a, g->ncyc, g->ncyc == 1 ? "" : "s");
	else
		len = (size_t)snprintf(buf, size,
		    "%s: %s takes %.2fx the time of %s (%zu test%s; clock "
		    "not stated)",
		    bench_group_name((enum bench_group)g->group), b,
		    g->cost_b_vs_a, a, g->rows, g->rows == 1 ? "" : "s");
	if (len < size && isfinite(g->this_vs_a))
		(void)snprintf(buf + len, size - len, "; this machine %.2fx %s",
		    g->this_vs_a, a);
	return buf;
}

const char *
story_empty_text(const struct refdata *rd, const struct refsel refs[2],
    char *buf, size_t size)
{
	(void)snprintf(buf, size,
	    "%s and %s share no test: none has a machine of each of its own "
	    "(the others would be stand-ins)",
	    ref_select_name(rd, &refs[0]), ref_select_name(rd, &refs[1]));
	return buf;
}

char *
story_test_list(const struct refdata *rd, const struct refsel refs[2])
{
	size_t max = registry_count(), n, len = 0;
	struct story_row *rows = calloc(max ? max : 1, sizeof *rows);
	char *list = NULL;

	if (rows == NULL)
		return NULL;
	n = story_select(rd, refs, rows, max);
	for (size_t i = 0; i < n; i++)
		len += strlen(rows[i].test->id) + 1;
	if (n > 0 && (list = malloc(len)) != NULL) {
		list[0] = '\0';
		for (size_t i = 0; i < n; i++) {
			if (i)
				strcat(list, ",");
			strcat(list, rows[i].test->id);
		}
	}
	free(rows);
	return list;
}

const char *
story_cycles_text(double cyc, char *buf, size_t size)
{
	long long whole;

	if (!isfinite(cyc) || cyc < 0)
		(void)snprintf(buf, size, "-");
	else if (cyc < 100)
		(void)snprintf(buf, size, "%.3g", cyc);
	else if ((whole = llround(cyc)) < 1000)
		(void)snprintf(buf, size, "%lld", whole);
	else if (whole < 1000000)
		(void)snprintf(buf, size, "%lld,%03lld", whole / 1000,
		    whole % 1000);
	else if (cyc < 1e9)
		(void)snprintf(buf, size, "%.3gM", cyc / 1e6);
	else
		(void)snprintf(buf, size, "%.3gG", cyc / 1e9);
	return buf;
}
