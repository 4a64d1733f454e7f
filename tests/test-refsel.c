/*
 * test-refsel.c: references as classes on the shipped data: which machine
 * serves which test, stand-ins, the default, r's round, B against A, and
 * --ref A,B's parsing.
 */

#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench-registry.h"
#include "check-data.h"
#include "check.h"
#include "ref-compare.h"
#include "ref-select.h"

static struct refdata rd;

static struct refsel
sel(const char *word)
{
	struct refsel s;

	if (ref_select_parse(&rd, word, &s) != 0)
		memset(&s, 0, sizeof s);
	return s;
}

/* The machine serving `test` for `ref`: its id, "~" appended if a
 * stand-in; "-" for none. */
static const char *
served(const char *ref, const char *test)
{
	static char buf[64];
	struct refsel s = sel(ref);
	int stand_in;
	size_t m = ref_select_machine_for(&rd, &s, test, &stand_in);

	if (m == SIZE_MAX)
		return "-";
	(void)snprintf(buf, sizeof buf, "%s%s", rd.machines[m].id,
	    stand_in ? "~" : "");
	return buf;
}

static void
test_served(void)
{
	static const struct {
		const char *ref, *test, *want;
	} cases[] = {
		{ "p6", "byte.syscall", "p3-850m" },
		{ "p6", "ctxbench.pipes", "p2-350-2.4.20" },
		{ "p6", "bsd.write", "p3-1300-up" },
		{ "p6", "bsd.lock_xchg", "celeron-366-smp" },
		{ "p6", "bsd.mutex", "p4-2530-smp~" },
		{ "p6", "lmbench.null_call", "doug-750-2.4.19~" },
		{ "p6", "extra.clock_gettime", "-" },
		{ "netburst", "byte.syscall", "p4-2000" },
		{ "netburst", "ctxbench.pipes", "p2-350-2.4.20~" },
		{ "netburst", "bsd.write", "xeon-2800-up" },
		{ "k7", "bsd.lock_up", "athlonxp-2600-up" },
		{ "k7", "byte.syscall", "p3-850m~" },
		{ "zen", "byte.syscall", "p4-2000~" },
		{ "p4-2000", "byte.syscall", "p4-2000" },
		{ "p4-2000", "lmbench.null_call", "p4-2000" },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		if (!CHECK("the machine serving a test",
		        strcmp(served(cases[i].ref, cases[i].test),
		            cases[i].want) == 0))
			printf("     %s %s: %s, want %s\n", cases[i].ref,
			    cases[i].test, served(cases[i].ref, cases[i].test),
			    cases[i].want);
}

/* Does any machine have a figure compare can use for `test`? */
static int
has_figure(const char *test)
{
	for (size_t i = 0; i < rd.nresults; i++)
		if (strcmp(rd.results[i].test, test) == 0 &&
		    (rd.results[i].stat == REF_RESULT ||
		        rd.results[i].stat == REF_AVERAGE))
			return 1;
	return 0;
}

/* Every class serves every test the data has a figure for. */
static void
test_coverage(void)
{
	const struct bench_test *t;

	for (size_t c = 0; ref_select_class_ids[c] != NULL; c++) {
		struct refsel s = sel(ref_select_class_ids[c]);
		size_t served_n = 0, could = 0;

		for (size_t i = 0; (t = registry_at(i)) != NULL; i++) {
			struct compare_ref cr;

			could += has_figure(t->id);
			compare_sel(&rd, &s, t, 1.0, BENCH_PLACE_SAME, &cr);
			served_n += cr.found && cr.comparable;
		}
		if (!CHECK("a class serves every test with a figure",
		        served_n == could && could > 70))
			printf("     %s: %zu of %zu\n", ref_select_class_ids[c],
			    served_n, could);
	}
}

static void
test_default_and_round(void)
{
	struct refsel s;
	const char *want[] = { "p6", "netburst", "k7", "p3-850m", "p4-2000" };

	ref_select_default(&rd, "zen", &s);
	CHECK("zen is not in the data: p6",
	    strcmp(ref_select_name(&rd, &s), "p6") == 0);
	ref_select_default(&rd, "netburst", &s);
	CHECK("this CPU's class",
	    strcmp(ref_select_name(&rd, &s), "netburst") == 0);
	ref_select_default(&rd, "unknown", &s);
	CHECK("unknown CPU: p6", strcmp(ref_select_name(&rd, &s), "p6") == 0);
	s = sel("p6");
	for (size_t i = 1; i < sizeof want / sizeof want[0]; i++) {
		ref_select_next(&rd, &s, 0);
		CHECK("r: classes, then machines",
		    strcmp(ref_select_name(&rd, &s), want[i]) == 0);
	}
	s = sel(rd.machines[rd.nmachines - 1].id);
	ref_select_next(&rd, &s, 1);
	CHECK("R: none after the last machine", s.kind == REFSEL_NONE);
	ref_select_next(&rd, &s, 1);
	CHECK("R: then the first class",
	    strcmp(ref_select_name(&rd, &s), "p6") == 0);
}

static void
test_b_vs_a(void)
{
	struct refsel refs[2] = { sel("p6"), sel("netburst") };
	const struct bench_test *t = registry_find("byte.syscall");
	char buf[64];

	/* B/A: the cycles B pays over A (2.0 GHz against 850 MHz). */
	CHECK_NEAR("P-4 syscalls against the P-III's, in cycles",
	    compare_b_vs_a(&rd, refs, t), (2000 / 233637.8) / (850 / 433741.8),
	    1e-9);
	CHECK("no B: NaN",
	    isnan(
	        compare_b_vs_a(&rd, (struct refsel[2]){ refs[0], { 0 } }, t)));
	ref_select_describe(&rd, &refs[0], buf, sizeof buf);
	CHECK("describe: which machine serves which origin",
	    strncmp(buf, "byte p3-850m, lmbench doug-750-2.4.19~", 38) == 0);
	compare_ratio_text(&rd, &refs[0], registry_find("lmbench.null_call"),
	    1.0, BENCH_PLACE_SINGLE, buf, sizeof buf);
	CHECK("a stand-in's ratio ends in ~", buf[strlen(buf) - 1] == '~');
}

/* A ratio fits a 7-column VS column with its stand-in mark. */
static void
test_ratio_text(void)
{
	static const struct {
		double ratio;
		const char *want;
	} cases[] = {
		{ 442953.4, "443kx" },
		{ 999.9, "999.9x" },
		{ 1.234, "1.23x" },
		{ 0.0123, "0.01x" },
		{ 2.26e-6, "2e-6x" },
		{ NAN, "-" },
	};
	char buf[32];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		if (!CHECK("ratio text",
		        strcmp(compare_format_ratio(cases[i].ratio, buf,
		                   sizeof buf),
		            cases[i].want) == 0))
			printf("     %g: '%s'\n", cases[i].ratio, buf);
}

static void
test_load(const char *dir)
{
	static const struct {
		const char *opt;
		int rc;
	} cases[] = {
		{ "p6,netburst", 0 },
		{ "p3-850m", 0 },
		{ "p6,p4-2000", 0 },
		{ "p6,netburst,k7", -2 },
		{ ",p6", -2 },
		{ "p6,", -2 },
		{ "pentium9", -2 },
		{ "p6,pentium9", -2 },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct refdata d = { 0 };
		struct refsel refs[2];
		char err[256] = "";
		int rc = compare_load(&d, dir, cases[i].opt, "zen", refs, err,
		    sizeof err);

		if (!CHECK("--ref A,B parsed or refused", rc == cases[i].rc))
			printf("     '%s': %d (%s)\n", cases[i].opt, rc, err);
		if (rc != 0)
			CHECK("a refusal names the value",
			    strstr(err, "--ref") != NULL);
		ref_data_free(&d);
	}
}

int
main(void)
{
	char dir[4096];

	if (check_load_shipped(&rd, dir, sizeof dir) != 0)
		return check_summary("test-refsel");
	test_served();
	test_coverage();
	test_default_and_round();
	test_b_vs_a();
	test_ratio_text();
	test_load(dir);
	ref_data_free(&rd);
	return check_summary("test-refsel");
}
