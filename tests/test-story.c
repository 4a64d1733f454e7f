/*
 * test-story.c: the P-III against the P-4 told right, on the shipped
 * data: B against A only where two machines of their own classes serve,
 * the reference machines' cycles per operation against a hand
 * computation, the demo view's rows for p6/netburst, p6/k7 and a pair
 * with none, and the BYTE 3.11 index: the live screen's computation and
 * --report byte's agree on the same results.
 */

#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base-units.h"
#include "bench-registry.h"
#include "check-data.h"
#include "check.h"
#include "ref-compare.h"
#include "ref-data-find.h"
#include "ref-index.h"
#include "ref-story.h"
#include "report-seed.h"

static struct refdata rd;

static struct refsel
sel(const char *word)
{
	struct refsel s;

	if (ref_select_parse(&rd, word, &s) != 0)
		memset(&s, 0, sizeof s);
	return s;
}

/* One machine serves both classes (a stand-in): no B/A, and why. */
static void
test_one_machine_no_ratio(void)
{
	static const char *const tests[] = { "lmbench.null_call",
		"lmbench.stat", "ctxbench.pipes", "bsd.mutex" };
	struct refsel refs[2] = { sel("p6"), sel("netburst") };

	for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
		const struct bench_test *t = registry_find(tests[i]);
		struct compare_pair p;
		char why[160];

		compare_pair(&rd, refs, t, &p);
		if (!CHECK("a row served by a stand-in has no B/A",
		        isnan(compare_b_vs_a(&rd, refs, t)) &&
		            p.why != COMPARE_PAIR_SHOWN))
			printf("     %s: %g\n", tests[i],
			    compare_b_vs_a(&rd, refs, t));
		compare_pair_why_text(&rd, refs, t, &p, why, sizeof why);
		if (!CHECK("and says why", strstr(why, "stands in") != NULL))
			printf("     %s: '%s'\n", tests[i], why);
	}
	{
		const struct bench_test *t = registry_find("lmbench.null_call");
		struct compare_pair p;
		char why[160];

		compare_pair(&rd, refs, t, &p);
		compare_pair_why_text(&rd, refs, t, &p, why, sizeof why);
		CHECK("the lmbench host stands in for both",
		    strcmp(why,
		        "no p6 or netburst machine in the lmbench 2.0 "
		        "summary: doug-750-2.4.19 stands in for both") == 0);
	}
	refs[1] = sel("p3-850m");
	CHECK("one machine against itself: no B/A",
	    isnan(compare_b_vs_a(&rd, refs, registry_find("byte.syscall"))));
}

/* byte.syscall: 433,742 loops/s at 850 MHz, 233,638 at 2 GHz. */
static void
test_cycles_by_hand(void)
{
	const struct bench_test *t = registry_find("byte.syscall");
	struct refsel refs[2] = { sel("p6"), sel("netburst") };
	size_t p3 = ref_data_find_machine_index(&rd, "p3-850m");
	size_t p4 = ref_data_find_machine_index(&rd, "p4-2000");
	size_t athlon = ref_data_find_machine_index(&rd, "athlonxp-2600-up");
	struct compare_pair p;
	char how[64];

	CHECK_NEAR("P-III: 850e6 / 433741.8 cycles a loop",
	    compare_ref_cycles(&rd, p3, t, 433741.8), 850e6 / 433741.8, 1e-6);
	CHECK_NEAR("about 1,960", compare_ref_cycles(&rd, p3, t, 433741.8),
	    1960, 1);
	CHECK_NEAR("P-4: 2000e6 / 233637.8, about 8,560",
	    compare_ref_cycles(&rd, p4, t, 233637.8), 8560, 1);
	compare_pair(&rd, refs, t, &p);
	CHECK("p6 and netburst: two machines of their own",
	    p.why == COMPARE_PAIR_SHOWN);
	CHECK_NEAR("the pair's cycles, A", p.cyc_a, 850e6 / 433741.8, 1e-6);
	CHECK_NEAR("the pair's cycles, B", p.cyc_b, 2000e6 / 233637.8, 1e-6);
	CHECK_NEAR("B/A in cycles: 4.37", p.cyc_b_vs_a,
	    (2000e6 / 233637.8) / (850e6 / 433741.8), 1e-9);
	CHECK_NEAR("B/A in time", p.cost_b_vs_a, 433741.8 / 233637.8, 1e-9);
	CHECK_NEAR("B/A as every view shows it: the cycles B pays over A",
	    p.b_vs_a, p.cyc_b_vs_a, 1e-12);
	compare_cycles_how(&rd, p3, t, 433741.8, how, sizeof how);
	CHECK("derived: clock x time per op",
	    strncmp(how, "850 MHz x 2.3", 13) == 0);
	CHECK_NEAR("lmbench host, 750 MHz: 0.37 us is 277.5 cycles",
	    compare_ref_cycles(&rd,
	        ref_data_find_machine_index(&rd, "doug-750-2.4.19"),
	        registry_find("lmbench.null_call"), 0.37),
	    277.5, 1e-9);
	CHECK_NEAR("a figure in cycles is its own",
	    compare_ref_cycles(&rd, athlon, registry_find("bsd.lock_up"), 6), 6,
	    0);
	CHECK("the Athlon's clock is not stated: no cycles from a rate",
	    isnan(compare_ref_cycles(&rd, athlon, t, 433741.8)));
	compare_cycles_how(&rd, athlon, t, 433741.8, how, sizeof how);
	CHECK("and says so", strcmp(how, "clock not stated") == 0);
}

static const struct story_row *
story_find(const struct story_row *rows, size_t n, const char *id)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(rows[i].test->id, id) == 0)
			return &rows[i];
	return NULL;
}

static void
test_story(void)
{
	size_t max = registry_count(), n;
	struct story_row *rows = calloc(max, sizeof *rows);
	struct refsel refs[2] = { sel("p6"), sel("netburst") };
	const struct story_row *r;
	char *list;

	n = story_select(&rd, refs, rows, max);
	r = story_find(rows, n, "byte.syscall");
	CHECK("p6/netburst: byte.syscall is in the story", r != NULL);
	if (r != NULL)
		CHECK_NEAR("with the P-4's cycles", r->pair.cyc_b, 8560, 1);
	CHECK("no lmbench row (one stand-in serves both)",
	    story_find(rows, n, "lmbench.null_call") == NULL);
	CHECK("no ctxbench row", story_find(rows, n, "ctxbench.pipes") == NULL);
	for (size_t i = 1; i < n; i++)
		if (!CHECK("farthest apart first",
		        fabs(log(rows[i - 1].pair.cyc_b_vs_a)) >=
		            fabs(log(rows[i].pair.cyc_b_vs_a))))
			break;
	refs[1] = sel("k7");
	n = story_select(&rd, refs, rows, max);
	r = story_find(rows, n, "bsd.lock_up");
	CHECK("p6/k7: the FreeBSD thread's lock figures", r != NULL && n >= 2);
	if (r != NULL)
		CHECK_NEAR("Athlon 6 cycles against Celeron 10",
		    r->pair.cyc_b_vs_a, 0.6, 1e-9);
	refs[1] = sel("k8");
	CHECK("p6/k8: no row in common",
	    story_select(&rd, refs, rows, max) == 0);
	list = story_test_list(&rd, refs);
	CHECK("and no --only list", list == NULL);
	free(rows);
}

/* The live index and --report byte, from the same six results. */
static void
test_index_agrees(void)
{
	struct test_result res[REF_INDEX_ITEMS];
	double value[REF_INDEX_ITEMS];
	struct machine m;
	struct ref_index x;
	char *buf = NULL, err[128], *avg;
	size_t len = 0;
	FILE *f;

	memset(res, 0, sizeof res);
	memset(&m, 0, sizeof m);
	for (int i = 0; i < REF_INDEX_ITEMS; i++) {
		const struct bench_test *t = registry_find(ref_index_tests[i]);

		res[i].test = t;
		res[i].status = BENCH_OK;
		res[i].ns.median = 1000.0 * (i + 1) * (i + 3);
		res[i].cyc.median = 2 * res[i].ns.median;
		value[i] = units_value(t->unit, t->work_per_op,
		    res[i].ns.median, res[i].cyc.median);
	}
	ref_index_compute(&rd, value, &x);
	CHECK("six items: an index", x.have == 6 && isfinite(x.average));
	f = open_memstream(&buf, &len);
	CHECK("--report byte from those results",
	    report_seed_write(f, SEED_BYTE, &rd, SIZE_MAX, &m, res,
	        REF_INDEX_ITEMS, err, sizeof err) == 0);
	fclose(f);
	avg = buf ? strstr(buf, "AVERAGE") : NULL;
	if (CHECK("it prints an AVERAGE", avg != NULL))
		CHECK_NEAR("the same index within 1%",
		    strtod(avg + strlen("AVERAGE"), NULL) / x.average, 1.0,
		    0.01);
	free(buf);
	value[2] = NAN;
	ref_index_compute(&rd, value, &x);
	CHECK("an item missing: no index", isnan(x.average) && x.have == 5);
	CHECK("and names it",
	    strcmp(ref_index_missing(&x, err, sizeof err), "execl") == 0);
}

/* The seed's own: p3-850m's six results give its printed 93.3. */
static void
test_index_seed(void)
{
	static const double p3[REF_INDEX_ITEMS] = { 224339.4, 1652556.1, 1089.8,
		20155.0, 229029.2, 180.4 };
	struct ref_index x;

	ref_index_compute(&rd, p3, &x);
	CHECK_NEAR("p3-850m's index, as printed", x.average, 93.3, 0.05);
}

int
main(void)
{
	char dir[4096];

	if (check_load_shipped(&rd, dir, sizeof dir) != 0)
		return check_summary("test-story");
	test_one_machine_no_ratio();
	test_cycles_by_hand();
	test_story();
	test_index_agrees();
	test_index_seed();
	ref_data_free(&rd);
	return check_summary("test-story");
}
