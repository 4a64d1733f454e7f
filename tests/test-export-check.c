/*
 * test-export-check.c: the live check judges what --check would have
 * measured: a test's newest 5 slices that ended, not the slice running
 * now nor older ones; too_few before it has 5.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench-registry.h"
#include "check.h"
#include "export-check.h"

#define EPOCH UINT64_C(1000000000)

/* lmbench.null_call at about 1 us a call, in 5 slices. */
static const char profile[] =
    "id\tlabel\tvendor\tclass\tmhz\tcpus\tkernel\thost\tsource\t"
    "date\tversion\tplacement\n"
    "p\tCPU\t-\tzen\t3000\t2\tLinux\th\tbenchtop\t2026-01-01\t0.1.0"
    "\tper-test\n"
    "machine\ttest\tstat\tvalue\tunit\tsource\tversion\n"
    "p\tlmbench.null_call\tresult\t1\tus\tbenchtop single median\t1\n"
    "p\tlmbench.null_call\tslice\t1.00\tus\tbenchtop slice\t1\n"
    "p\tlmbench.null_call\tslice\t1.01\tus\tbenchtop slice\t1\n"
    "p\tlmbench.null_call\tslice\t0.99\tus\tbenchtop slice\t1\n"
    "p\tlmbench.null_call\tslice\t1.02\tus\tbenchtop slice\t1\n"
    "p\tlmbench.null_call\tslice\t0.98\tus\tbenchtop slice\t1\n";

/* One slice of n samples of ns each from ms on; published as ended
 * when `ends`. Returns the ms after it. */
static uint64_t
slice(struct store *s, uint64_t ms, size_t n, double ns, int ends,
    uint64_t *slices)
{
	for (size_t k = 0; k < n; k++) {
		struct sample smp = { 0 };

		smp.t_ns = EPOCH + (ms + k) * 1000000u;
		smp.ns_per_op = ns;
		smp.cycles_per_op = ns * 3;
		smp.flags = k == 0 ? SAMPLE_F_SLICE_START : 0;
		store_push(s, 0, &smp);
	}
	if (ends) {
		struct store_meta m = { 0 };

		m.slices = ++*slices;
		m.last_ms = (uint32_t)(ms + n - 1);
		store_publish(s, 0, &m);
	}
	return ms + n + 10;
}

/* The check's families now, into a malloc'd string. */
static char *
scrape(struct store *s, const struct export_check *c)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	CHECK("written", f != NULL && export_check_write(f, s, c) == 0);
	if (f != NULL)
		fclose(f);
	return text;
}

static int
has(const char *text, const char *line)
{
	int found = text != NULL && strstr(text, line) != NULL;

	if (!found)
		printf("     no '%s' in:\n%s", line, text ? text : "(null)\n");
	return found;
}

#define NULL_CALL "{test=\"lmbench.null_call\",kind=\"syscall\""

int
main(void)
{
	const struct bench_test *t = registry_find("lmbench.null_call");
	struct store *s = store_new(&t, 1, EPOCH);
	FILE *f = fmemopen((void *)profile, strlen(profile), "r");
	struct refdata rd = { 0 };
	struct export_check c = { &rd, 0, 10 };
	uint64_t ms = 0, slices = 0;
	char err[256], *text;

	CHECK("the profile parses",
	    f != NULL && ref_data_parse(&rd, f, "p.tsv", err, sizeof err) == 0);
	if (f != NULL)
		fclose(f);
	/* Three long slices as the profile is, five at 2 us, then one
	 * running, far faster, not ended: with the older ones the median
	 * would be 1 us, with the running one 0.1 us. */
	for (int k = 0; k < 3; k++)
		ms = slice(s, ms, 40, 1000, 1, &slices);
	for (int k = 0; k < 5; k++)
		ms = slice(s, ms, 10, 2000, 1, &slices);
	ms = slice(s, ms, 60, 100, 0, &slices);
	text = scrape(s, &c);
	CHECK("the newest five ended slices: slower",
	    has(text,
	        "benchtop_check_verdict" NULL_CALL ",verdict=\"slower\"} 1"));
	CHECK("... their median alone: 2x slower, neither the older slices "
	      "nor the one running",
	    has(text, "benchtop_check_change_ratio" NULL_CALL "} 0.5\n"));
	CHECK("the status: a test slower",
	    has(text, "benchtop_check_status 3\n"));
	free(text);
	store_free(s);

	/* A test with four slices: too few, as --check says. */
	s = store_new(&t, 1, EPOCH);
	ms = slices = 0;
	for (int k = 0; k < 4; k++)
		ms = slice(s, ms, 10, 2000, 1, &slices);
	text = scrape(s, &c);
	CHECK("four slices: too few",
	    has(text,
	        "benchtop_check_verdict" NULL_CALL ",verdict=\"too_few\"} 1"));
	free(text);
	store_free(s);
	ref_data_free(&rd);
	return check_summary("test-export-check");
}
