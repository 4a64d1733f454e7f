/*
 * test-placement.c: like compared with like. On planted rows: a
 * two-party test's ratio only between figures of the same placement
 * (ctxbench.spinlock spread here against a one-CPU machine is no
 * ratio, "differs"; placed the same, a ratio), "unknown" where the
 * source does not say, a one-party test always; B/A and the story's
 * "this machine" by the same rule; the placement column read from the
 * seeds' machines, from a profile's results, and absent from an older
 * file (still readable: not stated).
 */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench-registry.h"
#include "check.h"
#include "ref-compare.h"
#include "ref-data.h"
#include "ref-story.h"

#define MACHINES                                                               \
	"id\tlabel\tvendor\tclass\tmhz\tcpus\tkernel\thost\tsource\t"          \
	"placement\n"                                                          \
	"up1\tone CPU\tGenuineIntel\tp6\t350\t1\t2.4.18\th\tseed\tsame\n"      \
	"up2\tUP kernel\tGenuineIntel\tnetburst\t2000\t-\t2.4.19\th\tseed\t"   \
	"same\n"                                                               \
	"smp2\tSMP kernel\tGenuineIntel\tnetburst\t2400\t2\t2.4.19\th\tseed\t" \
	"-\n"
#define RESULTS                                                                \
	"machine\ttest\tstat\tvalue\tunit\tsource\n"                           \
	"up1\tctxbench.spinlock\taverage\t3\tloops/s\tseed\n"                  \
	"up2\tctxbench.spinlock\taverage\t6\tloops/s\tseed\n"                  \
	"smp2\tctxbench.spinlock\taverage\t900000\tloops/s\tseed\n"            \
	"up1\tbyte.syscall\tresult\t400000\tlps\tseed\n"                       \
	"smp2\tbyte.syscall\tresult\t200000\tlps\tseed\n"

static struct refdata rd;

static int
parse_text(struct refdata *into, const char *text, char *err)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	int rc;

	err[0] = '\0';
	rc = ref_data_parse(into, f, "t.tsv", err, 256);
	fclose(f);
	return rc;
}

static struct refsel
sel(const char *word)
{
	struct refsel s;

	if (ref_select_parse(&rd, word, &s) != 0)
		memset(&s, 0, sizeof s);
	return s;
}

static const char *
ratio_text(const char *ref, const char *test, double value, int here)
{
	static char buf[32];
	struct refsel s = sel(ref);

	return compare_ratio_text(&rd, &s, registry_find(test), value, here,
	    buf, sizeof buf);
}

/* ctxbench.spinlock: 1.91M loops/s spread here, 3 on the one-CPU P-II. */
static void
test_vs_ref(void)
{
	const struct bench_test *spin = registry_find("ctxbench.spinlock");
	struct refsel up1 = sel("up1");
	struct compare_ref c;

	compare_sel(&rd, &up1, spin, 1.91e6, BENCH_PLACE_SPREAD, &c);
	CHECK("spread against one CPU: no ratio",
	    c.found && isnan(c.ratio) && c.place == COMPARE_PLACE_DIFFERS);
	CHECK("the cell says differs",
	    strcmp(ratio_text("up1", "ctxbench.spinlock", 1.91e6,
	               BENCH_PLACE_SPREAD),
	        "differs") == 0);
	CHECK("the long form",
	    strcmp(compare_place_text(c.place), "placement differs") == 0);
	compare_sel(&rd, &up1, spin, 6, BENCH_PLACE_SAME, &c);
	CHECK_NEAR("same against one CPU: the ratio, 2x", c.ratio, 2.0, 1e-12);
	CHECK("the cell says 2.00x",
	    strcmp(ratio_text("up1", "ctxbench.spinlock", 6, BENCH_PLACE_SAME),
	        "2.00x") == 0);
	CHECK("placement not stated: unknown",
	    strcmp(ratio_text("smp2", "ctxbench.spinlock", 6, BENCH_PLACE_SAME),
	        "unknown") == 0);
	CHECK("no figure of this machine yet: '-'",
	    strcmp(ratio_text("up1", "ctxbench.spinlock", NAN,
	               BENCH_PLACE_SPREAD),
	        "-") == 0);
	CHECK("a one-party test compares with any machine",
	    strcmp(ratio_text("smp2", "byte.syscall", 400000,
	               BENCH_PLACE_SINGLE),
	        "2.00x") == 0);
}

/* B/A: A and B placed alike, or no B/A and the reason. */
static void
test_pair(void)
{
	const struct bench_test *spin = registry_find("ctxbench.spinlock");
	struct refsel alike[2] = { sel("up1"), sel("up2") };
	struct refsel unlike[2] = { sel("up1"), sel("smp2") };
	struct compare_pair p;
	char why[160];

	compare_pair(&rd, alike, spin, &p);
	CHECK("two one-CPU machines: B/A shown", p.why == COMPARE_PAIR_SHOWN);
	/* 3 loops/s at 350 MHz, 6 at 2000: B pays 2000/6 over 350/3. */
	CHECK_NEAR("B/A: the cycles B pays over A", p.b_vs_a,
	    (2000.0 / 6) / (350.0 / 3), 1e-9);
	CHECK_NEAR("B/A in time: half", p.cost_b_vs_a, 0.5, 1e-12);
	compare_pair(&rd, unlike, spin, &p);
	CHECK("one CPU against an SMP kernel's: no B/A",
	    p.why == COMPARE_PAIR_PLACEMENT && isnan(p.b_vs_a) &&
	        isnan(compare_b_vs_a(&rd, unlike, spin)));
	compare_pair_why_text(&rd, unlike, spin, &p, why, sizeof why);
	if (!CHECK("and says why",
	        strcmp(why,
	            "placement not stated: up1 on one CPU, smp2 not "
	            "stated") == 0))
		printf("     '%s'\n", why);
	compare_pair(&rd, unlike, registry_find("byte.syscall"), &p);
	CHECK("a one-party test: B/A shown", p.why == COMPARE_PAIR_SHOWN);
}

/* The story's "this machine 2.00x up1" counts only alike figures. */
static void
test_story(void)
{
	struct refsel refs[2] = { sel("up1"), sel("up2") };
	struct story_row rows[8];
	struct story_group g[BENCH_GROUP_COUNT];
	size_t n = story_select(&rd, refs, rows, 8), ng;

	CHECK("the story has the spinlock row",
	    n == 1 && strcmp(rows[0].test->id, "ctxbench.spinlock") == 0);
	if (n != 1)
		return;
	rows[0].this_cyc = 1000;
	rows[0].this_place = BENCH_PLACE_SPREAD;
	ng = story_groups(rows, n, g, BENCH_GROUP_COUNT);
	CHECK("spread here: no 'this machine' ratio",
	    ng == 1 && g[0].nthis == 0 && isnan(g[0].this_vs_a));
	rows[0].this_place = BENCH_PLACE_SAME;
	ng = story_groups(rows, n, g, BENCH_GROUP_COUNT);
	CHECK_NEAR("same here: this machine against A's cycles",
	    ng == 1 ? g[0].this_vs_a : NAN, 1000 / (350e6 / 3), 1e-9);
}

/* Older files: no placement column (not stated); a profile's results
 * name theirs in the source; a bad word is refused. */
static void
test_files(void)
{
	struct refdata old = { 0 }, bad = { 0 };
	char err[256];

	CHECK("a 9-column machines table still reads",
	    parse_text(&old,
	        "id\tlabel\tvendor\tclass\tmhz\tcpus\tkernel\thost\tsource\n"
	        "m\tM\tGenuineIntel\tp6\t850\t1\t2.4\th\tseed\n"
	        "machine\ttest\tstat\tvalue\tunit\tsource\n"
	        "m\tctxbench.pipes\taverage\t9\tloops/s\tseed\n",
	        err) == 0 &&
	        old.machines[0].place == REF_PLACE_UNSTATED &&
	        old.results[0].placement == REF_PLACE_UNSTATED);
	ref_data_free(&old);
	CHECK("a profile: each result its own placement",
	    parse_text(&old,
	        "id\tlabel\tvendor\tclass\tmhz\tcpus\tkernel\thost\tsource\t"
	        "date\tversion\tplacement\n"
	        "box\tCPU\tGenuineIntel\tcore\t3000\t2\t6.1\th\tbenchtop\t"
	        "2026-01-01\t0.1.0\tper-test\n"
	        "machine\ttest\tstat\tvalue\tunit\tsource\tversion\n"
	        "box\tctxbench.pipes\tresult\t9\tloops/s\tbenchtop same "
	        "median\t1\n"
	        "box\tbyte.syscall\tresult\t9\tlps\tbenchtop single "
	        "median\t1\n",
	        err) == 0 &&
	        old.results[0].placement == BENCH_PLACE_SAME &&
	        old.results[1].placement == BENCH_PLACE_SINGLE);
	ref_data_free(&old);
	CHECK("a bad placement is refused",
	    parse_text(&bad,
	        "id\tlabel\tvendor\tclass\tmhz\tcpus\tkernel\thost\tsource\t"
	        "placement\nm\tM\tGenuineIntel\tp6\t850\t1\t2."
	        "4\th\tseed\tboth\n",
	        err) != 0);
	if (!CHECK("with file:line and the word",
	        strcmp(err,
	            "t.tsv:2: bad placement 'both' (same, spread or -)") == 0))
		printf("     '%s'\n", err);
	ref_data_free(&bad);
}

int
main(void)
{
	char err[256];

	if (!CHECK("the planted rows load",
	        parse_text(&rd, MACHINES RESULTS, err) == 0)) {
		printf("     %s\n", err);
		return check_summary("test-placement");
	}
	CHECK("the machines' placement column",
	    rd.machines[0].place == BENCH_PLACE_SAME &&
	        rd.machines[2].place == REF_PLACE_UNSTATED);
	test_vs_ref();
	test_pair();
	test_story();
	test_files();
	ref_data_free(&rd);
	return check_summary("test-placement");
}
