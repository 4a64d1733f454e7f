/*
 * report-om-check.c: a check's verdicts as gauges, named as report-om.c
 * names the run's (one unit a metric, named in it; ratios as _ratio).
 *
 * Every change is a speed ratio, now over the profile's, as --check's
 * JSON gives it: above 1 faster, below 1 slower, whatever the test's
 * unit, so that one alert threshold serves latencies and bandwidths.
 * The verdict is a state set written as benchtop_test_status is (a
 * gauge a state, 1 for the current one): OpenMetrics' own stateset type
 * would name the label after the family, and the Prometheus text format
 * has no such type; this way a verdict that changes moves a value, never
 * a series' identity, in both formats.
 *
 * The per-test families carry `kind` beside `test`, unlike the run's:
 * a check's verdict is relative to the kind (judged beyond its shift
 * when it moved as a whole), an alert on it wants to say which, and the
 * kind is fixed by the test's definition, so it never re-keys a series.
 */

#include "config.h"

#include "report-om-check.h"

#include <math.h>

#include "measure-judge-kind.h"
#include "report-om.h"

static const char *const verdict_ids[] = {
	[JUDGE_OK] = "ok",
	[JUDGE_SLOWER] = "slower",
	[JUDGE_FASTER] = "faster",
	[JUDGE_TOO_FEW] = "too_few",
	[JUDGE_NOT_COMPARABLE] = "not_comparable",
	[JUDGE_BUSY] = "busy",
};

#define VERDICT_COUNT (sizeof verdict_ids / sizeof verdict_ids[0])

const char *
om_check_verdict_id(enum judge_verdict v)
{
	return (unsigned)v < VERDICT_COUNT ? verdict_ids[v] : "not_comparable";
}

static void
header(FILE *f, const char *name, const char *help)
{
	fprintf(f, "# HELP %s %s\n# TYPE %s gauge\n", name, help, name);
}

/* name{test="...",kind="..." then the caller's labels and value. */
static void
test_labels(FILE *f, const char *name, const struct test_result *r)
{
	fprintf(f, "%s{", name);
	report_om_label(f, "test", r->test->id, 1);
	report_om_label(f, "kind", judge_kind_id(judge_kind_of(r->test)), 0);
}

/* A per-test value family: the rows whose `get` is finite. */
static void
test_family(FILE *f, const struct verdict_report *vr,
    const struct judge_line *l, const char *name, const char *help,
    double (*get)(const struct judge_line *))
{
	header(f, name, help);
	for (size_t i = 0; i < vr->n; i++) {
		double v = get(&l[i]);

		if (!isfinite(v))
			continue;
		test_labels(f, name, &vr->r[i]);
		fprintf(f, "} %.9g\n", v);
	}
}

static double
get_change(const struct judge_line *l)
{
	return l->ratio > 0 ? l->ratio : NAN;
}

/* Beyond the shift: only where there was a verdict to give (a row of
 * too few slices has a ratio but no judging). */
static double
get_beyond(const struct judge_line *l)
{
	return l->verdict < JUDGE_TOO_FEW && l->beyond > 0 ? l->beyond : NAN;
}

static double
get_weak(const struct judge_line *l)
{
	return l->weak;
}

static double
get_by_kind(const struct judge_line *l)
{
	return l->by_kind;
}

static void
verdict_set(FILE *f, const struct verdict_report *vr,
    const struct judge_line *l)
{
	header(f, "benchtop_check_verdict",
	    "The test's verdict against the profile as a state set (label "
	    "verdict: ok, slower, faster, too_few, not_comparable, busy): 1 "
	    "for the current one, 0 for the others.");
	for (size_t i = 0; i < vr->n; i++)
		for (unsigned v = 0; v < VERDICT_COUNT; v++) {
			test_labels(f, "benchtop_check_verdict", &vr->r[i]);
			report_om_label(f, "verdict", verdict_ids[v], 0);
			fprintf(f, "} %d\n", (unsigned)l[i].verdict == v);
		}
}

static void
kind_family(FILE *f, const char *name, const char *help,
    const struct judge_machine *m,
    double (*get)(const struct judge_machine *, int))
{
	header(f, name, help);
	for (int k = 0; k < JUDGE_KIND_COUNT; k++) {
		double v = get(m, k);

		if (!isfinite(v))
			continue;
		fprintf(f, "%s{", name);
		report_om_label(f, "kind", judge_kind_id(k), 1);
		fprintf(f, "} %.9g\n", v);
	}
}

static double
kind_shift(const struct judge_machine *m, int k)
{
	return m->kind_tests[k] > 0 ? m->kind_shift[k] : NAN;
}

static double
kind_tests(const struct judge_machine *m, int k)
{
	return (double)m->kind_tests[k];
}

static double
kind_moved(const struct judge_machine *m, int k)
{
	return m->kind_moved[k];
}

static void
one_gauge(FILE *f, const char *name, const char *help, double v)
{
	header(f, name, help);
	if (isfinite(v))
		fprintf(f, "%s %.9g\n", name, v);
}

static void
machine_families(FILE *f, const struct verdict_report *vr,
    const struct judge_machine *m, int status)
{
	header(f, "benchtop_check_info",
	    "The profile (or reference machine) the tests are judged "
	    "against; the value is always 1.");
	fputs("benchtop_check_info{", f);
	report_om_label(f, "profile", vr->rd->machines[vr->machine].id, 1);
	fputs("} 1\n", f);
	one_gauge(f, "benchtop_check_status",
	    "The check's exit status: 0 nothing slower, 3 a test slower "
	    "beyond the machine's shift (or its kind's), 5 a kind slower as "
	    "a whole, 4 the machine slower as a whole.",
	    status);
	one_gauge(f, "benchtop_check_machine_shift_ratio",
	    "The machine's speed now over the profile's, common to its "
	    "tests (the CPU-bound loops' median): above 1 faster.",
	    m->shift);
	one_gauge(f, "benchtop_check_judged_beyond_ratio",
	    "A test is judged beyond the shift by more than this speed "
	    "ratio: 1 + the tolerance, or the shift's spread when wider.",
	    m->floor);
	one_gauge(f, "benchtop_check_tolerance_ratio",
	    "The tolerance (--tolerance) as a ratio: 0.1 is 10%.",
	    vr->tolerance_pct / 100);
}

void
om_check_write(FILE *f, const struct verdict_report *vr,
    const struct judge_line *l, const struct judge_machine *m, int status)
{
	machine_families(f, vr, m, status);
	kind_family(f, "benchtop_check_kind_shift_ratio",
	    "The kind's speed now over the profile's (its tests' median "
	    "change): above 1 faster.",
	    m, kind_shift);
	kind_family(f, "benchtop_check_kind_tests",
	    "The kind's tests with figures on both sides.", m, kind_tests);
	kind_family(f, "benchtop_check_kind_moved",
	    "-1 when the kind moved slower as a whole beyond the machine's "
	    "shift (the Kind: line), 1 faster, 0 not.",
	    m, kind_moved);
	test_family(f, vr, l, "benchtop_check_change_ratio",
	    "The test's speed now over the profile's (the medians as they "
	    "are): above 1 faster, below 1 slower.",
	    get_change);
	test_family(f, vr, l, "benchtop_check_beyond_shift_ratio",
	    "The test's speed change beyond the machine's shift, or beyond "
	    "its kind's when benchtop_check_by_kind is 1: what the verdict "
	    "judges; above 1 faster.",
	    get_beyond);
	verdict_set(f, vr, l);
	test_family(f, vr, l, "benchtop_check_weak",
	    "1 when the test's verdict rests on weak evidence (disturbed "
	    "samples, a profile of one figure), else 0.",
	    get_weak);
	test_family(f, vr, l, "benchtop_check_by_kind",
	    "1 when the test moved with its kind, which moved as a whole, "
	    "and is judged beyond the kind's shift, else 0.",
	    get_by_kind);
}
