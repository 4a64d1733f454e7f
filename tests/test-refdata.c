/*
 * test-refdata.c: the shipped data loads and names only known tests; bad
 * data gives the exact file:line message; numbers keep their text.
 */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench-registry.h"
#include "check-data.h"
#include "check.h"
#include "ref-data-find.h"
#include "ref-data.h"

#define MACHINES                                                               \
	"id\tlabel\tvendor\tclass\tmhz\tcpus\tkernel\thost\tsource\n"          \
	"m1\tMachine one\tGenuineIntel\tp6\t850\t1\t2.4.7\tflux\tseed\n"
#define RESULTS "machine\ttest\tstat\tvalue\tunit\tsource\n"

static int
parse_text(struct refdata *rd, const char *text, char *err)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	int rc;

	err[0] = '\0';
	rc = ref_data_parse(rd, f, "t.tsv", err, 256);
	fclose(f);
	return rc;
}

static void
test_good(void)
{
	struct refdata rd = { 0 };
	char err[256];
	const struct ref_result *r;

	CHECK("good file parses",
	    parse_text(&rd,
	        MACHINES "# comment\n\n" RESULTS
	                 "m1\tlmbench.null_call\tresult\t20.K\tus\tseed\n"
	                 "m1\tlmbench.stat\tresult\t424.\tus\tseed\n",
	        err) == 0);
	if (err[0])
		printf("     %s\n", err);
	r = ref_data_find_result(&rd, 0, "lmbench.null_call", REF_RESULT);
	CHECK("20.K is 20000, text kept",
	    r && r->value == 20000 && strcmp(r->text, "20.K") == 0);
	r = ref_data_find_result(&rd, 0, "lmbench.stat", REF_RESULT);
	CHECK("424. is 424", r && r->value == 424);
	CHECK("machine fields",
	    rd.nmachines == 1 && rd.machines[0].mhz == 850 &&
	        rd.machines[0].cpus == 1 &&
	        strcmp(rd.machines[0].class_id, "p6") == 0);
	ref_data_free(&rd);
}

/* Each bad input and the exact message it must give. */
static void
test_bad(void)
{
	static const struct {
		const char *text, *want;
	} cases[] = {
		{ "m1\tx\n", "t.tsv:1: a row before any header row" },
		{ MACHINES RESULTS
		    "m1\tlmbench.null_call\tresult\t2x\tus\tseed\n",
		    "t.tsv:4: bad value '2x'" },
		{ MACHINES RESULTS "m1\tlmbench.nope\tresult\t2\tus\tseed\n",
		    "t.tsv:4: unknown test id 'lmbench.nope'" },
		{ MACHINES RESULTS
		    "m1\tlmbench.null_call\tresult\t2\tlpz\tseed\n",
		    "t.tsv:4: unknown unit 'lpz'" },
		{ MACHINES RESULTS
		    "m2\tlmbench.null_call\tresult\t2\tus\tseed\n",
		    "t.tsv:4: unknown machine 'm2'" },
		{ MACHINES RESULTS "m1\tlmbench.null_call\tresult\t2\tus\n",
		    "t.tsv:4: 5 fields, the header has 6" },
		{ MACHINES RESULTS
		    "m1\tlmbench.null_call\tresult\t2\tus\tseed\n"
		    "m1\tlmbench.null_call\tresult\t3\tus\tseed\n",
		    "t.tsv:5: duplicate row m1 lmbench.null_call result" },
		{ MACHINES RESULTS
		    "m1\tlmbench.null_call\tmedian\t2\tus\tseed\n",
		    "t.tsv:4: unknown stat 'median'" },
		{ MACHINES "m1\tAgain\tv\tp6\t1\t1\tk\th\ts\n",
		    "t.tsv:3: duplicate machine id 'm1'" },
		{ "id\tlabel\tvendor\tclass\tmhz\tcpus\tkernel\thost\tsource\n"
		  "m\tl\tv\tc\tfast\t1\tk\th\ts\n",
		    "t.tsv:2: bad MHz 'fast'" },
		{ MACHINES RESULTS "m1\tlmbench.null_call\tresult\t",
		    "t.tsv:4: 4 fields, the header has 6" },
		{ MACHINES RESULTS
		    "m1\tlmbench.null_call\tresult\tnan\tus\tseed\n",
		    "t.tsv:4: bad value 'nan'" },
		/* Found by tests/fuzz: casts of huge numbers. */
		{ "id\tlabel\tvendor\tclass\tmhz\tcpus\tkernel\thost\tsource\n"
		  "m\tl\tv\tc\t1\t2e35\tk\th\ts\n",
		    "t.tsv:2: bad CPU count '2e35'" },
		{ MACHINES "machine\ttest\tstat\tvalue\tunit\tsource\tversion\n"
		           "m1\tlmbench.stat\tresult\t1\tus\ts\t2e14\n",
		    "t.tsv:4: bad definition version '2e14'" },
	};
	char err[256];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct refdata rd = { 0 };
		int rc = parse_text(&rd, cases[i].text, err);

		if (!CHECK("bad data rejected", rc == -1) ||
		    !CHECK("exact message", strcmp(err, cases[i].want) == 0))
			printf("     case %zu: got '%s', want '%s'\n", i, err,
			    cases[i].want);
		ref_data_free(&rd);
	}
}

static void
test_numbers(void)
{
	double v;

	CHECK("1.790", ref_data_number("1.790", &v) == 0 && v == 1.79);
	CHECK("3.0300", ref_data_number("3.0300", &v) == 0 && v == 3.03);
	CHECK("-", ref_data_number("-", &v) == -1);
	CHECK("K alone", ref_data_number("K", &v) == -1);
	CHECK("1e3", ref_data_number("1e3", &v) == 0 && v == 1000);
	CHECK("inf", ref_data_number("inf", &v) == -1);
	CHECK("blank", ref_data_number("", &v) == -1);
}

/* The shipped data: loads, and every id is known. */
static void
test_shipped(void)
{
	struct refdata rd = { 0 };
	char dir[4096];

	(void)check_load_shipped(&rd, dir, sizeof dir);
	CHECK("22 reference machines", rd.nmachines >= 22);
	CHECK("results", rd.nresults > 200);
	CHECK("BYTE 3.11 baselines",
	    ref_data_find_baseline(&rd, "byte311", "byte.dhry2") != NULL &&
	        ref_data_find_baseline(&rd, "byte311", "byte.dhry2")->value ==
	            22366.3);
	ref_data_free(&rd);
}

int
main(void)
{
	test_good();
	test_bad();
	test_numbers();
	test_shipped();
	return check_summary("test-refdata");
}
