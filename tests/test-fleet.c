/*
 * test-fleet.c: --compare's judge on planted fleets (a machine whose
 * system calls are all 2x slower is one kind line, not a column of
 * outliers; one test off on one machine is that cell; a row beyond its
 * kind still is; two machines claim no outlier; a noisy machine whose
 * slices straddle the median is no outlier), the interval's coverage,
 * and the same through planted profile files, the gatherer and the
 * writers (report-fleet.c).
 */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base-fatal.h"
#include "base-units.h"
#include "bench-registry.h"
#include "check.h"
#include "machine.h"
#include "measure-fleet.h"
#include "measure-judge-kind.h"
#include "ref-data-find.h"
#include "ref-data.h"
#include "report-fleet-out.h"
#include "report-fleet.h"
#include "report-verdict.h"

#define MACHINES 5
#define TESTS    13 /* 4 loops, 3 memory, 6 system calls */
#define SLICES   5

struct planted {
	double v[TESTS][MACHINES][SLICES];
	struct fleet_figure fig[TESTS * MACHINES];
	struct fleet_test_in tin[TESTS];
	struct fleet_test tests[TESTS];
	struct fleet_cell cells[TESTS * MACHINES];
	struct fleet_kind kinds[MACHINES * JUDGE_KIND_COUNT];
	struct fleet_judged out;
	size_t nm;
};

static enum judge_kind
kind_of(size_t t)
{
	return t < 4 ? JUDGE_KIND_LOOP
	    : t < 7  ? JUDGE_KIND_MEMORY
	             : JUDGE_KIND_SYSCALL;
}

/* Machine m's slices of test t: 1000 moved by a machine's own few
 * percent (as machines of one fleet differ), +-1% between slices. */
static void
plant(struct planted *p, size_t nm)
{
	static const double machine_at[MACHINES] = { 0, 0.03, -0.02, 0.01,
		-0.03 };
	static const double at[SLICES] = { -0.01, -0.005, 0, 0.005, 0.01 };

	memset(p, 0, sizeof *p);
	p->nm = nm;
	for (size_t t = 0; t < TESTS; t++) {
		p->tin[t].kind = kind_of(t);
		p->tin[t].higher_better = t % 2; /* times and rates alike */
		for (size_t m = 0; m < nm; m++)
			for (size_t k = 0; k < SLICES; k++)
				p->v[t][m][k] = 1000 *
				    (1 + machine_at[(m + t) % MACHINES]) *
				    (1 + at[k]);
	}
}

/* Machine m runs test t `factor` times slower. */
static void
slow(struct planted *p, size_t t, size_t m, double factor)
{
	for (size_t k = 0; k < SLICES; k++)
		p->v[t][m][k] *= p->tin[t].higher_better ? 1 / factor : factor;
}

static void
judge(struct planted *p)
{
	struct fleet_in in = { p->fig, p->tin, TESTS, p->nm, 10 };

	for (size_t t = 0; t < TESTS; t++)
		for (size_t m = 0; m < p->nm; m++)
			p->fig[t * p->nm + m] =
			    (struct fleet_figure){ p->v[t][m], SLICES };
	p->out = (struct fleet_judged){ p->tests, p->cells, p->kinds, { 0 } };
	fleet_judge(&in, &p->out);
}

static const struct fleet_cell *
cell(const struct planted *p, size_t t, size_t m)
{
	return &p->cells[t * p->nm + m];
}

static size_t
marked(const struct planted *p, enum fleet_mark mark)
{
	size_t n = 0;

	for (size_t i = 0; i < TESTS * p->nm; i++)
		n += p->cells[i].mark == mark;
	return n;
}

static void
test_quiet_fleet(void)
{
	struct planted p;

	plant(&p, MACHINES);
	judge(&p);
	CHECK("quiet fleet: can tell", p.out.sum.can_tell);
	CHECK("quiet fleet: no outlier",
	    p.out.sum.slower == 0 && p.out.sum.faster == 0);
	CHECK("quiet fleet: no kind off",
	    p.out.sum.kinds_slower == 0 && p.out.sum.kinds_faster == 0);
	CHECK("quiet fleet: every cell in", marked(&p, FLEET_IN) == TESTS * 5);
	CHECK_NEAR("a cell's ratio is its machine over the median",
	    cell(&p, 1, 0)->ratio, 1.03, 1e-9);
	CHECK("its interval holds it",
	    cell(&p, 1, 0)->lo < cell(&p, 1, 0)->ratio &&
	        cell(&p, 1, 0)->hi > cell(&p, 1, 0)->ratio);
	CHECK_NEAR("the fleet median in the unit", p.tests[0].median, 1000,
	    1e-6);
}

/* Every system call test 2x slower on machine 2: one kind line. */
static void
test_kind_off(void)
{
	struct planted p;

	plant(&p, MACHINES);
	for (size_t t = 7; t < TESTS; t++)
		slow(&p, t, 2, 2);
	judge(&p);
	CHECK("system calls off on machine 2",
	    p.kinds[2 * JUDGE_KIND_COUNT + JUDGE_KIND_SYSCALL].moved == -1);
	CHECK_NEAR("its shift",
	    p.kinds[2 * JUDGE_KIND_COUNT + JUDGE_KIND_SYSCALL].shift, 0.5,
	    0.03);
	CHECK("one kind line in all",
	    p.out.sum.kinds_slower == 1 && p.out.sum.kinds_faster == 0);
	CHECK("its rows are not marked one by one", p.out.sum.slower == 0);
	CHECK("they moved with the kind", marked(&p, FLEET_WITH_KIND) == 6);
	CHECK("judged beyond its shift",
	    cell(&p, 8, 2)->by_kind &&
	        fabs(log(cell(&p, 8, 2)->beyond)) < 0.05);
	CHECK("its loops are not off",
	    p.kinds[2 * JUDGE_KIND_COUNT + JUDGE_KIND_LOOP].moved == 0);
}

/* The same, and one of its rows 4x slower: beyond its kind, marked. */
static void
test_row_beyond_kind(void)
{
	struct planted p;

	plant(&p, MACHINES);
	for (size_t t = 7; t < TESTS; t++)
		slow(&p, t, 2, t == 9 ? 4 : 2);
	judge(&p);
	CHECK("the kind is off still", p.out.sum.kinds_slower == 1);
	CHECK("the row beyond it is an outlier",
	    cell(&p, 9, 2)->mark == FLEET_SLOWER && cell(&p, 9, 2)->by_kind);
	CHECK_NEAR("beyond the kind by 2x", cell(&p, 9, 2)->beyond, 0.5, 0.03);
	CHECK("the only one", p.out.sum.slower == 1);
}

/* One test 1.6x slower on one machine: that cell, nothing else. */
static void
test_one_cell(void)
{
	struct planted p;

	plant(&p, MACHINES);
	slow(&p, 5, 3, 1.6);
	judge(&p);
	CHECK("the cell is marked slower",
	    cell(&p, 5, 3)->mark == FLEET_SLOWER);
	CHECK("not by its kind", !cell(&p, 5, 3)->by_kind);
	CHECK("the only outlier",
	    p.out.sum.slower == 1 && p.out.sum.faster == 0);
	CHECK("no kind off", p.out.sum.kinds_slower == 0);
	CHECK("its interval lies below the tolerance",
	    cell(&p, 5, 3)->hi < 1 / 1.1);
	slow(&p, 5, 3, 1 / 1.6 / 1.6);
	judge(&p);
	CHECK("1.6x faster is marked faster",
	    cell(&p, 5, 3)->mark == FLEET_FASTER && p.out.sum.slower == 0);
}

/* 1.3x slower, but the machine's slices straddle the median: a noisy
 * run, not an outlier. */
static void
test_noisy_machine(void)
{
	struct planted p;
	static const double wide[SLICES] = { 0.5, 0.7, 1, 1.2, 1.4 };

	plant(&p, MACHINES);
	for (size_t k = 0; k < SLICES; k++)
		p.v[6][1][k] = 1000 / 1.3 * wide[k];
	p.tin[6].higher_better = 1;
	judge(&p);
	CHECK("beyond the bar", cell(&p, 6, 1)->ratio < 1 / 1.1);
	CHECK("but not marked", cell(&p, 6, 1)->mark == FLEET_IN);
}

/* Two machines, one 2x slower on everything: no outlier claimed. */
static void
test_two_machines(void)
{
	struct planted p;

	plant(&p, 2);
	for (size_t t = 0; t < TESTS; t++)
		slow(&p, t, 1, 2);
	judge(&p);
	CHECK("two: cannot tell", !p.out.sum.can_tell);
	CHECK("two: no outlier",
	    p.out.sum.slower == 0 && p.out.sum.faster == 0);
	CHECK("two: no kind", p.out.sum.kinds_slower == 0);
	CHECK("two: they differ on every test", p.out.sum.differ == TESTS * 2);
	CHECK_NEAR("two: each against their midpoint", cell(&p, 0, 0)->ratio,
	    sqrt(2), 0.05);
}

/* A test held by two of five machines is judged as a pair. */
static void
test_pair_in_fleet(void)
{
	struct planted p;

	plant(&p, MACHINES);
	slow(&p, 4, 0, 3);
	for (size_t m = 2; m < MACHINES; m++)
		p.v[4][m][0] = NAN;
	for (size_t m = 2; m < MACHINES; m++)
		for (size_t k = 1; k < SLICES; k++)
			p.v[4][m][k] = -1;
	judge(&p);
	CHECK("held by two", p.tests[4].machines == 2);
	CHECK("no outlier among two", cell(&p, 4, 0)->mark == FLEET_DIFFER);
	CHECK("the absent have none", cell(&p, 4, 3)->mark == FLEET_NONE);
}

static void
test_coverage(void)
{
	CHECK_NEAR("5 slices: slowest to fastest", fleet_interval_coverage(5),
	    0.9375, 1e-12);
	CHECK_NEAR("10 slices: the second from each end",
	    fleet_interval_coverage(10), 1 - 2 * 11.0 / 1024, 1e-12);
	CHECK("1 slice: none", fleet_interval_coverage(1) == 0);
}

/* ---- planted profile files, through the gatherer and the writers ---- */

static const char *const planted_ids[] = { "byte.syscall", "lmbench.null_call",
	"lmbench.null_io", "lmbench.stat", "bsd.write", "byte.arith_int",
	"byte.hanoi", "byte.dhry2reg", "lmbench.bw_mem_read",
	"lmbench.bw_mem_write", "lmbench.bw_bcopy_libc" };
#define NPLANTED (sizeof planted_ids / sizeof planted_ids[0])

static char scratch[] = "/tmp/bt-fleet.XXXXXX";

/* How a planted machine differs: its system calls by `system`, the
 * test `odd` (or none: NULL) by `odd_by`, its options. */
struct plant_file {
	const char *name, *host;
	double system, odd_by;
	const char *odd;
	unsigned mem_mib;
	size_t ntests; /* the first ntests of planted_ids */
	size_t from;
};

/* A machine's own few percent, as machines of one fleet differ. */
static double
jitter(const char *name, size_t t)
{
	return 1 + 0.01 * (double)(((size_t)name[0] + 3 * t) % 5) - 0.02;
}

static void
write_results(FILE *f, const struct plant_file *p)
{
	for (size_t t = p->from; t < p->from + p->ntests; t++) {
		const struct bench_test *bt = registry_find(planted_ids[t]);
		int hb = units_higher_is_better(bt->unit);
		double slow = jitter(p->name, t) *
		    (judge_kind_of(bt) == JUDGE_KIND_SYSCALL ? p->system : 1) *
		    (p->odd && strcmp(p->odd, bt->id) == 0 ? p->odd_by : 1);
		double v = hb ? 1000 / slow : 1000 * slow;

		fprintf(f,
		    "%s\t%s\tresult\t%g\t%s\tbenchtop single median\t%u\n",
		    p->name, bt->id, v, bench_unit_name(bt->unit),
		    bench_version(bt));
		for (int k = -2; k <= 2; k++)
			fprintf(f,
			    "%s\t%s\tslice\t%g\t%s\tbenchtop single slice "
			    "median\t%u\n",
			    p->name, bt->id, v * (1 + 0.005 * k),
			    bench_unit_name(bt->unit), bench_version(bt));
	}
}

/* Write scratch/NAME.tsv as --save would. */
static void
write_profile(const struct plant_file *p)
{
	char path[300];
	FILE *f;

	(void)snprintf(path, sizeof path, "%s/%s.tsv", scratch, p->name);
	if ((f = fopen(path, "w")) == NULL)
		return;
	fprintf(f,
	    "id\tlabel\tvendor\tclass\tmhz\tcpus\tkernel\thost\t"
	    "source\tdate\tversion\tplacement\n"
	    "%s\tCPU\t-\tzen\t3000\t2\tLinux 6.1\t%s\tbenchtop\t"
	    "2026-01-01T00:00:00Z\t0.1.0\tper-test\n"
	    "machine\ttest\tstat\tvalue\tunit\tsource\tversion\n",
	    p->name, p->host);
	write_results(f, p);
	fprintf(f, "machine_context\tkey\tvalue\n%s\tthp.enabled\t%s\n",
	    p->name, p->name[0] == 'c' ? "always" : "madvise");
	if (p->mem_mib)
		fprintf(f, "%s\trun.mem_mib\t%u\n", p->name, p->mem_mib);
	fclose(f);
}

/* Load the planted files of `files` into r and judge; the status. */
static int
load_fleet(struct fleet_report *r, const struct plant_file *files, size_t n,
    char *err, size_t size)
{
	char path[300];
	int rc = 0;

	memset(r, 0, sizeof *r);
	r->tolerance_pct = 10;
	for (size_t i = 0; i < n && rc == 0; i++) {
		write_profile(&files[i]);
		(void)snprintf(path, sizeof path, "%s/%s.tsv", scratch,
		    files[i].name);
		rc = fleet_report_add(r, path, err, size);
	}
	return rc ? rc : fleet_report_judge(r, NULL, NULL, err, size);
}

/* The text (or JSON) a fleet writes, into buf. */
static void
written(const struct fleet_report *r, enum report_format format, char *buf,
    size_t size)
{
	FILE *f = fmemopen(buf, size, "w");

	memset(buf, 0, size);
	if (f == NULL)
		return;
	CHECK("the writer succeeds", fleet_out_write(f, r, format) == 0);
	fclose(f);
	buf[size - 1] = '\0';
}

/* Occurrences of `what` in `text`. */
static size_t
occurrences(const char *text, const char *what)
{
	size_t n = 0;

	for (const char *p = text; (p = strstr(p, what)) != NULL; p++)
		n++;
	return n;
}

#define PLANT(n, h)                                                            \
	{                                                                      \
		n, h, 1, 1, NULL, 0, NPLANTED, 0                               \
	}

static void
test_files_kind(void)
{
	struct plant_file fl[] = { PLANT("a", "vm"), PLANT("b", "vm"),
		PLANT("c", "vm"), PLANT("d", "vm") };
	static char text[65536];
	struct fleet_report r;
	char err[400];

	fl[2].system = 2;
	CHECK("four planted profiles judge",
	    load_fleet(&r, fl, 4, err, sizeof err) == 0);
	CHECK("hosts that repeat: host:profile",
	    strcmp(r.machines[2].label, "vm:c") == 0);
	CHECK("status: a kind slower",
	    fleet_report_status(&r) == EXIT_KIND_SLOWER);
	written(&r, REPORT_TEXT, text, sizeof text);
	CHECK("one kind line",
	    occurrences(text, "system calls 2.00x slower than the fleet") == 1);
	CHECK("its rows marked k", occurrences(text, " k  ") == 5);
	written(&r, REPORT_JSON, text, sizeof text);
	CHECK("JSON: one kind",
	    occurrences(text, "\"direction\"") == 1 &&
	        occurrences(text, "\"mark\": \"with_kind\"") == 5);
	CHECK("JSON: no row marked one by one",
	    occurrences(text, "\"mark\": \"slower\"") == 0);
	CHECK("JSON: the machine's CPU",
	    occurrences(text, "\"cpu\": \"CPU\"") == 4);
	fleet_report_free(&r);
}

static void
test_files_one_cell(void)
{
	struct plant_file fl[] = { PLANT("a", "h1"), PLANT("b", "h2"),
		PLANT("c", "h3") };
	static char text[65536];
	struct fleet_report r;
	char err[400];

	fl[1].odd = "lmbench.bw_mem_write";
	fl[1].odd_by = 1.5;
	CHECK("three planted profiles judge",
	    load_fleet(&r, fl, 3, err, sizeof err) == 0);
	CHECK("unique hosts name the columns",
	    strcmp(r.machines[1].label, "h2") == 0);
	CHECK("status: a test slower", fleet_report_status(&r) == EXIT_SLOWER);
	written(&r, REPORT_TEXT, text, sizeof text);
	CHECK("the outlier said",
	    occurrences(text, "h2: lmbench.bw_mem_write 1.4") == 1);
	written(&r, REPORT_CSV, text, sizeof text);
	CHECK("CSV: a line per cell, one slower",
	    occurrences(text, "\n") == 1 + NPLANTED * 3 &&
	        occurrences(text, ",slower,") == 1);
	fleet_report_free(&r);
}

static void
test_files_two(void)
{
	struct plant_file fl[] = { PLANT("a", "h1"), PLANT("b", "h2") };
	static char text[65536];
	struct fleet_report r;
	char err[400];

	fl[1].system = 2;
	CHECK("two planted profiles judge",
	    load_fleet(&r, fl, 2, err, sizeof err) == 0);
	CHECK("two: status 0", fleet_report_status(&r) == 0);
	written(&r, REPORT_TEXT, text, sizeof text);
	CHECK("two: said what cannot be told",
	    occurrences(text, "not which one is off") == 1);
	CHECK("two: no outlier claimed",
	    r.judged.sum.slower == 0 && r.judged.sum.kinds_slower == 0 &&
	        r.judged.sum.differ > 0);
	fleet_report_free(&r);
}

/* Bad input: a usage error, one line naming it. */
static void
test_files_bad(void)
{
	struct plant_file one[] = { PLANT("a", "h1") };
	struct plant_file apart[] = { PLANT("a", "h1"), PLANT("b", "h2") };
	struct plant_file mixed[] = { PLANT("a", "h1"), PLANT("b", "h2") };
	struct fleet_report r;
	char err[400];

	CHECK("one profile: usage",
	    load_fleet(&r, one, 1, err, sizeof err) == EXIT_USAGE &&
	        strstr(err, "one profile only") != NULL);
	fleet_report_free(&r);
	apart[0].ntests = 4;
	apart[1].from = 4;
	apart[1].ntests = 4;
	CHECK("disjoint tests: usage",
	    load_fleet(&r, apart, 2, err, sizeof err) == EXIT_USAGE &&
	        strstr(err, "no test in common") != NULL);
	fleet_report_free(&r);
	mixed[0].mem_mib = 64;
	mixed[1].mem_mib = 128;
	CHECK("mixed options: usage",
	    load_fleet(&r, mixed, 2, err, sizeof err) == EXIT_USAGE &&
	        strstr(err, "--mem-size") != NULL);
	fleet_report_free(&r);
	memset(&r, 0, sizeof r);
	CHECK("a missing file: usage",
	    fleet_report_add(&r, "/nonexistent/x.tsv", err, sizeof err) ==
	            EXIT_USAGE &&
	        strstr(err, "x.tsv") != NULL);
	fleet_report_free(&r);
}

/* --save's run.* rows come back, and are not the machine's facts. */
static void
test_run_rows(void)
{
	const struct bench_test *t = registry_find("byte.dhry2");
	struct test_result res = { 0 };
	struct profile_test per = { { 1e6, 1.1e6, 0.9e6, 1.05e6, 0.95e6 }, 5,
		0 };
	struct profile_run run = { 1, 5, 25, 64, "spread", NULL }, back;
	struct machine m;
	struct refdata rd = { 0 };
	struct machine_context ctx;
	char err[256], path[300];

	setenv("XDG_DATA_HOME", scratch, 1);
	memset(&m, 0, sizeof m);
	strcpy(m.host, "host");
	res.test = t;
	res.status = BENCH_OK;
	res.value = 1e6;
	CHECK("save with the run's options",
	    profile_save("p", &m, "zen", &res, &per, &run, 1, err,
	        sizeof err) == 0);
	CHECK("load", ref_data_load_profile(&rd, "p", err, sizeof err) == 0);
	profile_run_get(&rd, 0, &back);
	CHECK("the options back",
	    back.mem_mib == 64 && back.sample_ms == 25 && back.slices == 5 &&
	        back.placement != NULL &&
	        strcmp(back.placement, "spread") == 0);
	ref_data_find_context_of(&rd, 0, &ctx);
	CHECK("not among the machine's facts",
	    context_get(&ctx, "run.mem_mib") == NULL);
	ref_data_free(&rd);
	(void)snprintf(path, sizeof path, "%s/benchtop/p.tsv", scratch);
	(void)unlink(path);
	(void)snprintf(path, sizeof path, "%s/benchtop", scratch);
	(void)rmdir(path);
}

static void
remove_scratch(void)
{
	static const char *const names[] = { "a", "b", "c", "d" };
	char path[300];

	for (size_t i = 0; i < 4; i++) {
		(void)snprintf(path, sizeof path, "%s/%s.tsv", scratch,
		    names[i]);
		(void)unlink(path);
	}
	(void)rmdir(scratch);
}

int
main(void)
{
	test_quiet_fleet();
	test_kind_off();
	test_row_beyond_kind();
	test_one_cell();
	test_noisy_machine();
	test_two_machines();
	test_pair_in_fleet();
	test_coverage();
	if (mkdtemp(scratch) == NULL) {
		CHECK("a scratch directory", 0);
		return check_summary("test-fleet");
	}
	test_files_kind();
	test_files_one_cell();
	test_files_two();
	test_files_bad();
	test_run_rows();
	remove_scratch();
	return check_summary("test-fleet");
}
