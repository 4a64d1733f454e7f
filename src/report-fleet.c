/*
 * report-fleet.c: --compare's profiles, read, checked and gathered into
 * the judge's figures (measure-fleet.c judges them). Everything that can
 * be wrong with the input is found here, before a line is written: a
 * file that is not one profile, a fleet of one, no test in common, a
 * profile that shares none, and figures taken with other options.
 */

#include "config.h"

#include "report-fleet.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base-fatal.h"
#include "base-units.h"
#include "bench-registry.h"
#include "measure-judge-kind.h"
#include "ref-data-find.h"
#include "report-verdict.h"

/* The file name of a path, for messages. */
static const char *
base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash != NULL && slash[1] != '\0' ? slash + 1 : path;
}

/* A profile holds one machine of its own, with figures. */
static int
one_profile(const struct refdata *rd, const char *path, char *err, size_t size)
{
	if (rd->nmachines != 1 || rd->machines[0].date == NULL) {
		(void)snprintf(err, size,
		    "--compare: '%.200s' is not a profile saved by --save "
		    "(%zu machines)",
		    path, rd->nmachines);
		return EXIT_USAGE;
	}
	if (rd->nresults == 0) {
		(void)snprintf(err, size, "--compare: '%.200s' holds no figure",
		    path);
		return EXIT_USAGE;
	}
	return 0;
}

int
fleet_report_add(struct fleet_report *r, const char *path, char *err,
    size_t size)
{
	struct fleet_machine *grown, *fm;
	int rc;

	grown = realloc(r->machines, (r->nmachines + 1) * sizeof *grown);
	if (grown == NULL)
		return EXIT_RUNTIME;
	r->machines = grown;
	fm = &r->machines[r->nmachines];
	memset(fm, 0, sizeof *fm);
	if ((fm->path = strdup(path)) == NULL)
		return EXIT_RUNTIME;
	r->nmachines++;
	if (ref_data_load_profile(&fm->rd, path, err, size) != 0) {
		char why[300];

		(void)snprintf(why, sizeof why, "%s", err);
		(void)snprintf(err, size, "--compare: %s", why);
		return EXIT_USAGE;
	}
	if ((rc = one_profile(&fm->rd, path, err, size)) != 0)
		return rc;
	profile_run_get(&fm->rd, 0, &fm->run);
	return 0;
}

void
fleet_report_free(struct fleet_report *r)
{
	for (size_t m = 0; m < r->nmachines; m++) {
		free(r->machines[m].path);
		ref_data_free(&r->machines[m].rd);
	}
	free(r->machines);
	free(r->tests);
	free(r->figs);
	free(r->fig);
	free(r->tin);
	free(r->judged.tests);
	free(r->judged.cells);
	free(r->judged.kinds);
	memset(r, 0, sizeof *r);
}

/* ---- the columns' names ---- */

/* Whether label i is the same as another's. */
static int
label_repeats(const struct fleet_report *r, size_t i)
{
	for (size_t m = 0; m < r->nmachines; m++)
		if (m != i &&
		    strcmp(r->machines[m].label, r->machines[i].label) == 0)
			return 1;
	return 0;
}

/* One way of naming every column (0 host, 1 host:id, 2 the file). */
static void
label_all(struct fleet_report *r, int how)
{
	for (size_t m = 0; m < r->nmachines; m++) {
		struct fleet_machine *fm = &r->machines[m];
		const struct ref_machine *rm = &fm->rd.machines[0];
		const char *host = rm->host != NULL ? rm->host : rm->id;

		if (how == 0)
			(void)snprintf(fm->label, sizeof fm->label, "%s", host);
		else if (how == 1)
			(void)snprintf(fm->label, sizeof fm->label, "%s:%s",
			    host, rm->id);
		else
			(void)snprintf(fm->label, sizeof fm->label, "%s",
			    base_name(fm->path));
	}
}

/* The host names; host:profile where hosts repeat (one machine saved
 * twice, or guests all called "vm"); the file names where those do;
 * a number after any that still repeats. */
static void
make_labels(struct fleet_report *r)
{
	int how;

	for (how = 0; how < 3; how++) {
		size_t repeats = 0;

		label_all(r, how);
		for (size_t m = 0; m < r->nmachines; m++)
			repeats += label_repeats(r, m);
		if (repeats == 0)
			return;
	}
	for (size_t m = 0; m < r->nmachines; m++) {
		char *l = r->machines[m].label;
		size_t len = strlen(l);

		if (len > FLEET_LABEL_MAX - 6)
			len = FLEET_LABEL_MAX - 6;
		(void)snprintf(l + len, FLEET_LABEL_MAX - len, "#%zu", m + 1);
	}
}

/* ---- mixed options ---- */

/* Two profiles' option `what`, as text, differ (empty: not recorded). */
static int
options_differ(const struct fleet_report *r, const char *flag, const char *a,
    const char *b, size_t ma, size_t mb, char *err, size_t size)
{
	if (a[0] == '\0' || b[0] == '\0' || strcmp(a, b) == 0)
		return 0;
	(void)snprintf(err, size,
	    "--compare: %.60s was saved with %s %s, %.60s with %s (mixed "
	    "options: save the fleet's profiles alike)",
	    base_name(r->machines[mb].path), flag, b,
	    base_name(r->machines[ma].path), a);
	return EXIT_USAGE;
}

/* The options of the run each profile recorded, against the first's
 * that recorded them. */
static int
check_options(const struct fleet_report *r, char *err, size_t size)
{
	for (size_t m = 1; m < r->nmachines; m++) {
		const struct profile_run *a = &r->machines[0].run,
		                         *b = &r->machines[m].run;
		char x[3][32], y[3][32];

		(void)snprintf(x[0], 32, a->mem_mib ? "%u" : "", a->mem_mib);
		(void)snprintf(y[0], 32, b->mem_mib ? "%u" : "", b->mem_mib);
		(void)snprintf(x[1], 32, a->sample_ms > 0 ? "%g" : "",
		    a->sample_ms);
		(void)snprintf(y[1], 32, b->sample_ms > 0 ? "%g" : "",
		    b->sample_ms);
		(void)snprintf(x[2], 32, "%s",
		    a->placement ? a->placement : "");
		(void)snprintf(y[2], 32, "%s",
		    b->placement ? b->placement : "");
		if (options_differ(r, "--mem-size", x[0], y[0], 0, m, err,
		        size) ||
		    options_differ(r, "--sample-ms", x[1], y[1], 0, m, err,
		        size) ||
		    options_differ(r, "--placement", x[2], y[2], 0, m, err,
		        size))
			return EXIT_USAGE;
	}
	return 0;
}

/* The placement word of a profile's result row ("benchtop spread
 * median": "spread"), into buf. */
static void
placement_of(const struct ref_result *res, char *buf, size_t size)
{
	const char *s = res->source, *sp = strchr(s, ' ');

	(void)snprintf(buf, size, "%.*s",
	    sp != NULL ? (int)strcspn(sp + 1, " ") : 0, sp ? sp + 1 : "");
}

/* Why machines ma and mb measured test `id` otherwise: another
 * definition or another placement; 0 when alike. */
static int
test_differs(const struct fleet_report *r, const char *id, size_t ma,
    const struct ref_result *a, size_t mb, const struct ref_result *b,
    char *err, size_t size)
{
	const char *fa = base_name(r->machines[ma].path),
	           *fb = base_name(r->machines[mb].path);
	char pa[32], pb[32];

	placement_of(a, pa, sizeof pa);
	placement_of(b, pb, sizeof pb);
	if (a->version != b->version)
		(void)snprintf(err, size,
		    "--compare: %s is of definition %u in %.60s, %u in %.60s "
		    "(benchtops of other versions; --skip %s leaves it out)",
		    id, b->version, fb, a->version, fa, id);
	else if (strcmp(pa, pb) != 0)
		(void)snprintf(err, size,
		    "--compare: %s is measured '%s' in %.60s, '%s' in %.60s "
		    "(mixed options; --skip %s leaves it out)",
		    id, pb, fb, pa, fa, id);
	else
		return 0;
	return EXIT_USAGE;
}

/* Test `id` measured alike on every machine holding it. */
static int
check_test(const struct fleet_report *r, const char *id, char *err, size_t size)
{
	const struct ref_result *first = NULL;
	size_t fm = 0;

	for (size_t m = 0; m < r->nmachines; m++) {
		const struct ref_result *res =
		    ref_data_find_result(&r->machines[m].rd, 0, id, REF_RESULT);

		if (res == NULL)
			continue;
		if (first == NULL) {
			first = res;
			fm = m;
		} else if (test_differs(r, id, fm, first, m, res, err, size))
			return EXIT_USAGE;
	}
	return 0;
}

/* ---- the tests ---- */

/* How many machines hold test id. */
static size_t
holders(const struct fleet_report *r, const char *id)
{
	size_t n = 0;

	for (size_t m = 0; m < r->nmachines; m++)
		n += ref_data_find_result(&r->machines[m].rd, 0, id,
		         REF_RESULT) != NULL;
	return n;
}

/* The tests compared: selected, held by two machines or more. */
static int
pick_tests(struct fleet_report *r, const char *only, const char *skip,
    char *err, size_t size)
{
	const struct bench_test **sel =
	    calloc(registry_count() + 1, sizeof *sel);
	const char *cause;
	size_t n = 0;

	if (sel == NULL)
		return EXIT_RUNTIME;
	if (registry_select(only, skip, sel, &n, &cause) != 0) {
		(void)snprintf(err, size, "--compare: %s", cause);
		free(sel);
		return EXIT_USAGE;
	}
	r->tests = sel;
	for (size_t i = 0; i < n; i++) {
		size_t h = holders(r, sel[i]->id);

		if (h >= 2)
			r->tests[r->ntests++] = sel[i];
		else
			r->single += h == 1;
	}
	return 0;
}

/* Every machine holds a test that another holds too. */
static int
check_shared(const struct fleet_report *r, char *err, size_t size)
{
	if (r->ntests == 0) {
		(void)snprintf(err, size,
		    "--compare: the %zu profiles hold no test in common",
		    r->nmachines);
		return EXIT_USAGE;
	}
	for (size_t m = 0; m < r->nmachines; m++) {
		size_t shared = 0;

		for (size_t t = 0; t < r->ntests; t++)
			shared += ref_data_find_result(&r->machines[m].rd, 0,
			              r->tests[t]->id, REF_RESULT) != NULL;
		if (shared == 0) {
			(void)snprintf(err, size,
			    "--compare: %.200s holds no test the others hold",
			    r->machines[m].path);
			return EXIT_USAGE;
		}
	}
	return 0;
}

/* The judge's input and output arrays. */
static int
alloc_arrays(struct fleet_report *r)
{
	size_t cells = r->ntests * r->nmachines;

	r->figs = calloc(cells, sizeof *r->figs);
	r->fig = calloc(cells, sizeof *r->fig);
	r->tin = calloc(r->ntests, sizeof *r->tin);
	r->judged.tests = calloc(r->ntests, sizeof *r->judged.tests);
	r->judged.cells = calloc(cells, sizeof *r->judged.cells);
	r->judged.kinds =
	    calloc(r->nmachines * JUDGE_KIND_COUNT, sizeof *r->judged.kinds);
	return r->figs && r->fig && r->tin && r->judged.tests &&
	        r->judged.cells && r->judged.kinds
	    ? 0
	    : EXIT_RUNTIME;
}

/* Each machine's slices of each test, and the judge. */
static void
gather_and_judge(struct fleet_report *r)
{
	struct fleet_in in = { r->fig, r->tin, r->ntests, r->nmachines,
		r->tolerance_pct };

	for (size_t t = 0; t < r->ntests; t++) {
		r->tin[t].kind = judge_kind_of(r->tests[t]);
		r->tin[t].higher_better =
		    units_higher_is_better(r->tests[t]->unit);
		for (size_t m = 0; m < r->nmachines; m++) {
			size_t i = t * r->nmachines + m;

			r->fig[i].nslices = profile_test_get(&r->machines[m].rd,
			    0, r->tests[t]->id, &r->figs[i]);
			r->fig[i].slices = r->figs[i].slice;
		}
	}
	fleet_judge(&in, &r->judged);
}

int
fleet_report_judge(struct fleet_report *r, const char *only, const char *skip,
    char *err, size_t size)
{
	int rc;

	if (r->nmachines < 2) {
		(void)snprintf(err, size,
		    "--compare: one profile only (%.200s): a fleet needs two, "
		    "and three to tell which machine is off",
		    r->nmachines ? r->machines[0].path : "none");
		return EXIT_USAGE;
	}
	if (r->nmachines > FLEET_MAX_MACHINES) {
		(void)snprintf(err, size,
		    "--compare: %zu profiles (at most %d)", r->nmachines,
		    FLEET_MAX_MACHINES);
		return EXIT_USAGE;
	}
	if ((rc = check_options(r, err, size)) != 0 ||
	    (rc = pick_tests(r, only, skip, err, size)) != 0 ||
	    (rc = check_shared(r, err, size)) != 0)
		return rc;
	for (size_t t = 0; t < r->ntests; t++)
		if ((rc = check_test(r, r->tests[t]->id, err, size)) != 0)
			return rc;
	if ((rc = alloc_arrays(r)) != 0)
		return rc;
	make_labels(r);
	gather_and_judge(r);
	return 0;
}

/* ---- what the writers share ---- */

const struct fleet_cell *
fleet_report_cell(const struct fleet_report *r, size_t t, size_t m)
{
	return &r->judged.cells[t * r->nmachines + m];
}

const struct fleet_kind *
fleet_report_kind(const struct fleet_report *r, size_t m, enum judge_kind k)
{
	return &r->judged.kinds[m * JUDGE_KIND_COUNT + k];
}

int
fleet_report_status(const struct fleet_report *r)
{
	if (r->judged.sum.slower > 0)
		return EXIT_SLOWER;
	return r->judged.sum.kinds_slower > 0 ? EXIT_KIND_SLOWER : 0;
}

void
fleet_report_kind_text(const struct fleet_report *r, const struct fleet_kind *k,
    enum judge_kind kind, char *buf, size_t size)
{
	char ratio[32];

	(void)snprintf(buf, size,
	    "%s %s than the fleet (%zu tests, %zu of them beyond %g%%)",
	    judge_kind_name(kind),
	    judge_ratio_text(k->shift, ratio, sizeof ratio), k->tests, k->along,
	    r->tolerance_pct);
}

const struct fleet_kind *
fleet_report_kind_off(const struct fleet_report *r, size_t *at)
{
	for (; *at < r->nmachines * JUDGE_KIND_COUNT; (*at)++)
		if (r->judged.kinds[*at].moved != 0)
			return &r->judged.kinds[*at];
	return NULL;
}

void
fleet_report_kind_line(const struct fleet_report *r, size_t at, char *buf,
    size_t size)
{
	char text[200];

	fleet_report_kind_text(r, &r->judged.kinds[at],
	    (enum judge_kind)(at % JUDGE_KIND_COUNT), text, sizeof text);
	(void)snprintf(buf, size, "%s: %s",
	    r->machines[at / JUDGE_KIND_COUNT].label, text);
}

void
fleet_report_shifts_text(const struct fleet_report *r, size_t m, char *buf,
    size_t size)
{
	size_t used = (size_t)snprintf(buf, size, "kinds against the fleet:");

	for (int k = 0; k < JUDGE_KIND_COUNT && used < size; k++) {
		const struct fleet_kind *fk = fleet_report_kind(r, m, k);
		char shift[16] = "-";

		if (fk->tests >= JUDGE_MIN_LOOPS)
			(void)snprintf(shift, sizeof shift, "%.2f", fk->shift);
		used += (size_t)snprintf(buf + used, size - used,
		    "%s %s %s (%zu tests)", k ? "," : "", judge_kind_name(k),
		    shift, fk->tests);
	}
}

const char *
fleet_report_few_text(const struct fleet_report *r)
{
	if (r->nmachines >= FLEET_MIN_TELL)
		return NULL;
	return "Two machines: each is shown against their midpoint. Where "
	       "they differ can be said (marked ~), not which one is off: "
	       "that takes three machines or more, so no outlier and no "
	       "kind is claimed.";
}

void
fleet_report_machine_text(const struct fleet_report *r, size_t m, char *buf,
    size_t size)
{
	const struct ref_machine *rm = &r->machines[m].rd.machines[0];
	const char *hv =
	    ref_data_find_context(&r->machines[m].rd, 0, "hypervisor");

	(void)snprintf(buf, size, "%s (%s), %d CPUs, %s%s%s, saved %s by %s",
	    rm->label, rm->class_id, rm->cpus,
	    rm->kernel ? rm->kernel : "kernel unknown", hv ? ", " : "",
	    hv ? hv : "", rm->date ? rm->date : "?",
	    rm->version ? rm->version : "?");
}
