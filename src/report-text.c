/*
 * report-text.c: the human report, aligned like a real one.
 */

#include "config.h"

#include "report-common.h"
#include "report-text.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bench-registry.h"
#include "ref-compare.h"

/* Which machine serves which origin, for A and for B. */
static void
text_refs(FILE *f, const struct report *r)
{
	char what[512];

	if (r->ref == NULL || r->refs[0].kind == REFSEL_NONE)
		return;
	ref_select_describe(r->ref, &r->refs[0], what, sizeof what);
	fprintf(f,
	    "Ref:   %s (%s); VS REF above 1x: this machine does better; "
	    "'~': a stand-in of another kind\n",
	    ref_select_name(r->ref, &r->refs[0]), what);
	if (r->refs[1].kind == REFSEL_NONE)
		return;
	ref_select_describe(r->ref, &r->refs[1], what, sizeof what);
	fprintf(f,
	    "Ref B: %s (%s); B/A: the cycles B pays over A (the time, where a "
	    "clock is\nnot stated), above 1x B pays more\n",
	    ref_select_name(r->ref, &r->refs[1]), what);
}

/* " (3.791 GHz at the end)" when the run read the clock again. */
static const char *
clock_end_text(const struct machine *m, char *buf, size_t size)
{
	buf[0] = '\0';
	if (m->clock_end.verdict == CLOCK_HELD)
		(void)snprintf(buf, size, " (%.3f GHz at the end)",
		    m->clock_end.hz / 1e9);
	else if (m->clock_end.verdict != CLOCK_NO_READING)
		(void)snprintf(buf, size, " (unknown at the end)");
	return buf;
}

static void
text_header(FILE *f, const struct report *r)
{
	const struct machine *m = r->machine;
	const struct cycles_info *c = &m->clock;
	char core[160], end[48];

	fprintf(f, "benchtop %s on %s (%s %s)\n", PACKAGE_VERSION, m->host,
	    m->kernel, m->arch);
	fprintf(f,
	    "CPU:   %s, %s (%s family %d model %d stepping %d), "
	    "%d CPUs%s%s\n",
	    m->cpu.brand[0] ? m->cpu.brand : "unknown", m->class_name,
	    m->cpu.vendor, m->cpu.family, m->cpu.model, m->cpu.stepping,
	    m->cpu.cpus_online, m->cpu.doubts[0] ? ", " : "", m->cpu.doubts);
	fprintf(f, "Clock: TSC %.3f GHz, core %s%s, cycles %s%s%s%s\n",
	    c->tsc_hz / 1e9, cycles_core_text(c, core, sizeof core),
	    clock_end_text(m, end, sizeof end), cycles_source_name(c->source),
	    c->pmu_reason[0] ? " (" : "", c->pmu_reason,
	    c->pmu_reason[0] ? ")" : "");
	fprintf(f, "Run:   %.3g s per test, %.3g ms samples\n",
	    r->seconds_per_test, r->sample_ms);
	text_refs(f, r);
	fputc('\n', f);
}

static int
id_width(const struct report *r)
{
	int w = 4;

	for (size_t i = 0; i < r->n; i++) {
		int len = (int)strlen(r->results[i].test->id);

		if (len > w)
			w = len;
	}
	return w;
}

static void
text_row(FILE *f, const struct report *rep, const struct test_result *r, int w)
{
	char v[32], ns[32], cyc[32], cv[32], ratio[32];
	int ok = r->status == BENCH_OK;

	report_common_fmt_value(v, sizeof v, ok ? r->value : NAN);
	report_common_fmt_value(ns, sizeof ns, ok ? r->ns.median : NAN);
	report_common_fmt_value(cyc, sizeof cyc, ok ? r->cyc.median : NAN);
	if (ok)
		(void)snprintf(cv, sizeof cv, "%.2f", r->ns.cv_pct);
	else
		(void)snprintf(cv, sizeof cv, "-");
	compare_ratio_text(rep->ref, &rep->refs[0], r->test,
	    r->status == BENCH_OK ? r->value : NAN, r->placement, ratio,
	    sizeof ratio);
	fprintf(f, "%-*s %14s %-8s %11s %11s %6s %7zu %-6s %7s", w, r->test->id,
	    v, bench_unit_name(r->test->unit), ns, cyc, cv, r->ns.n,
	    bench_placement_name(r->placement), ratio);
	if (rep->refs[1].kind != REFSEL_NONE) {
		compare_ratio_text(rep->ref, &rep->refs[1], r->test,
		    ok ? r->value : NAN, r->placement, ratio, sizeof ratio);
		fprintf(f, " %7s", ratio);
		fprintf(f, " %7s",
		    compare_format_ratio(compare_b_vs_a(rep->ref, rep->refs,
		                             r->test),
		        ratio, sizeof ratio));
	}
	fprintf(f, "  %s", bench_status_name(r->status));
	if (r->reason[0] != '\0')
		fprintf(f, ": %s", r->reason);
	if (ok && r->ns.n > 0 &&
	    100.0 * (double)r->noisy >=
	        SAMPLE_NOISY_SHOWN_PCT * (double)r->ns.n)
		fprintf(f, ", noisy %.0f%%",
		    100.0 * (double)r->noisy / (double)r->ns.n);
	fputc('\n', f);
}

/*
 * Under the table with two references: how many rows have B/A and why
 * the others do not ("-": one machine stands in for a class).
 */
static void
text_pair_note(FILE *f, const struct report *rep)
{
	size_t count[COMPARE_PAIR_PLACEMENT + 1] = { 0 };
	static const char *const why[] = {
		[COMPARE_PAIR_NO_FIGURE] = "no figure for A or B",
		[COMPARE_PAIR_NOT_COMPARABLE] = "not comparable",
		[COMPARE_PAIR_SAME_MACHINE] =
		    "one machine serves both (a stand-in)",
		[COMPARE_PAIR_STAND_IN] = "a machine of another class stands "
		                          "in for A or B",
		[COMPARE_PAIR_PLACEMENT] = "placement differs",
	};

	for (size_t i = 0; i < rep->n; i++) {
		struct compare_pair p;

		compare_pair(rep->ref, rep->refs, rep->results[i].test, &p);
		count[p.why]++;
	}
	fprintf(f, "\nB/A (what B pays over A): %zu row%s with a figure",
	    count[COMPARE_PAIR_SHOWN],
	    count[COMPARE_PAIR_SHOWN] == 1 ? "" : "s");
	for (int w = COMPARE_PAIR_NO_FIGURE; w <= COMPARE_PAIR_PLACEMENT; w++)
		if (count[w] > 0)
			fprintf(f, "; %zu '-': %s", count[w], why[w]);
	fputs(".\n", f);
}

/*
 * Under the table: the rows whose VS REF has no ratio because the run
 * placed a two-party test's parties unlike the reference, and the way
 * to a like-for-like figure.
 */
static void
text_place_note(FILE *f, const struct report *rep)
{
	size_t count[COMPARE_PLACE_UNSTATED + 1] = { 0 };

	for (size_t i = 0; i < rep->n; i++) {
		const struct test_result *r = &rep->results[i];
		struct compare_ref c;

		compare_sel(rep->ref, &rep->refs[0], r->test,
		    r->status == BENCH_OK ? r->value : NAN, r->placement, &c);
		if (c.found && c.comparable && r->status == BENCH_OK)
			count[c.place]++;
	}
	if (count[COMPARE_PLACE_DIFFERS] > 0)
		fprintf(f,
		    "\ndiffers: placement differs, %zu two-party row%s: this "
		    "run and the reference\nplaced the parties unalike, no "
		    "ratio (the sources' machines ran them on one\nCPU: "
		    "--placement same compares with them).\n",
		    count[COMPARE_PLACE_DIFFERS],
		    count[COMPARE_PLACE_DIFFERS] == 1 ? "" : "s");
	if (count[COMPARE_PLACE_UNSTATED] > 0)
		fprintf(f,
		    "\nunknown: placement not stated, %zu two-party row%s: the "
		    "source does not say\nwhere its parties ran (no ratio).\n",
		    count[COMPARE_PLACE_UNSTATED],
		    count[COMPARE_PLACE_UNSTATED] == 1 ? "" : "s");
}

void
report_text(FILE *f, const struct report *r)
{
	int w = id_width(r);

	text_header(f, r);
	fprintf(f, "%-*s %14s %-8s %11s %11s %6s %7s %-6s %7s", w, "TEST",
	    "VALUE", "UNIT", "NS/OP", "CYCLES/OP", "CV%", "SAMPLES", "PLACE",
	    "VS REF");
	if (r->refs[1].kind != REFSEL_NONE)
		fprintf(f, " %7s %7s", "VS B", "B/A");
	fputs("  STATUS\n", f);
	for (size_t i = 0; i < r->n; i++)
		text_row(f, r, &r->results[i], w);
	if (r->ref != NULL && r->refs[0].kind != REFSEL_NONE)
		text_place_note(f, r);
	if (r->ref != NULL && r->refs[1].kind != REFSEL_NONE)
		text_pair_note(f, r);
}

void
report_text_list(FILE *f)
{
	const struct bench_test *t;

	fprintf(f, "%-22s %-8s %-8s %-9s %s\n", "ID", "GROUP", "UNIT", "ORIGIN",
	    "DEFINITION (one operation)");
	for (size_t i = 0; (t = registry_at(i)) != NULL; i++) {
		fprintf(f, "%-22s %-8s %-8s %-9s %s", t->id,
		    bench_group_name(t->group), bench_unit_name(t->unit),
		    bench_origin_name(t->origin), t->definition);
		/* What must be installed for it to run, where that is more. */
		if (t->programs != NULL)
			fprintf(f, " [runs: %s]", t->programs);
		fputc('\n', f);
	}
}
