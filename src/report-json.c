/*
 * report-json.c: one JSON document (schema 1). Each test is one line, so
 * the document stays greppable; numbers that cannot be stated are null.
 */

#include "config.h"

#include "report-common.h"
#include "report-json.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bench-context.h"
#include "bench-registry.h"
#include "ref-compare.h"

void
report_json_string(FILE *f, const char *s)
{
	if (s == NULL) {
		fputs("null", f);
		return;
	}
	fputc('"', f);
	for (; *s != '\0'; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

void
report_json_number(FILE *f, double v)
{
	if (isfinite(v))
		fprintf(f, "%.6g", v);
	else
		fputs("null", f);
}

/* "name": string, with a leading separator. */
static void
kv_str(FILE *f, const char *sep, const char *k, const char *v)
{
	fprintf(f, "%s\"%s\": ", sep, k);
	report_json_string(f, v);
}

/* true, false, or null when `known` is 0. */
static void
kv_bool(FILE *f, const char *k, int known, int v)
{
	fprintf(f, ", \"%s\": %s", k, !known ? "null" : v ? "true" : "false");
}

static void
kv_num(FILE *f, const char *k, double v)
{
	fprintf(f, ", \"%s\": ", k);
	report_json_number(f, v);
}

static void
kv_int(FILE *f, const char *k, long long v, int present)
{
	if (present)
		fprintf(f, ", \"%s\": %lld", k, v);
	else
		fprintf(f, ", \"%s\": null", k);
}

/* How the core clock was read: the verdict, the multiply's cycles, each
 * chain's ns per step (null where it was not run). */
static void
json_core_clock(FILE *f, const struct clock_estimate *e)
{
	fputs(", \"core_clock\": {", f);
	kv_str(f, "", "verdict", clock_verdict_name(e->verdict));
	kv_num(f, "mul_ratio", e->mul_ratio);
	kv_int(f, "mul_cycles", e->mul_cycles, 1);
	fputs(", \"ns_per_step\": {", f);
	for (int i = 0; i < CLOCK_CHAINS; i++) {
		fprintf(f, "%s\"%s\": ", i ? ", " : "", clock_chain_name(i));
		report_json_number(f,
		    e->ns_per_step[i] > 0 ? e->ns_per_step[i] : NAN);
	}
	fputs("}}", f);
}

static void
json_machine(FILE *f, const struct machine *m)
{
	const struct cpu_id *c = &m->cpu;

	kv_str(f, "  \"machine\": {", "host", m->host);
	kv_str(f, ", ", "kernel", m->kernel);
	kv_str(f, ", ", "arch", m->arch);
	kv_str(f, ", ", "cpu_vendor", c->vendor);
	kv_str(f, ", ", "cpu_brand", c->brand);
	kv_int(f, "cpu_family", c->family, 1);
	kv_int(f, "cpu_model", c->model, 1);
	kv_int(f, "cpu_stepping", c->stepping, 1);
	kv_str(f, ", ", "cpu_source", c->source);
	kv_str(f, ", ", "cpu_class", m->class_id);
	kv_str(f, ", ", "cpu_class_name", m->class_name);
	kv_int(f, "hypervisor", c->hypervisor, 1);
	kv_str(f, ", ", "cpu_generation_from", c->generation_from);
	kv_str(f, ", ", "cpu_doubts", c->doubts[0] ? c->doubts : NULL);
	kv_int(f, "cpus", c->cpus_online, 1);
	kv_num(f, "tsc_hz", m->clock.tsc_hz > 0 ? m->clock.tsc_hz : NAN);
	kv_num(f, "core_hz", m->clock.core_hz > 0 ? m->clock.core_hz : NAN);
	json_core_clock(f, &m->clock.clock);
	kv_num(f, "core_hz_end",
	    m->clock_end.verdict == CLOCK_HELD ? m->clock_end.hz : NAN);
	kv_str(f, ", ", "cycle_source", cycles_source_name(m->clock.source));
	kv_str(f, ", ", "pmu_reason",
	    m->clock.pmu_reason[0] ? m->clock.pmu_reason : NULL);
	fputs("},\n", f);
}

/* The machine's context: every fact by its key, then the steal and irq
 * shares over the run (null when unknown). */
static void
json_context(FILE *f, const struct machine_context *c)
{
	fputs("  \"context\": {", f);
	for (size_t i = 0; i < c->n; i++)
		kv_str(f, i ? ", " : "", c->f[i].key, c->f[i].value);
	fputs(c->n ? ", " : "", f);
	fputs("\"steal_pct\": ", f);
	report_json_number(f, c->steal_pct);
	kv_num(f, "irq_pct", c->irq_pct);
	fputs("},\n", f);
}

/* What of the context moves this test: ["mitigations/tracing", ...]. */
static void
json_senses(FILE *f, const struct bench_test *t)
{
	unsigned s = bench_context_senses(t);
	char names[128], *p = names, *comma;

	(void)context_sense_text(s, names, sizeof names);
	fputs(", \"context_senses\": [", f);
	while (*p != '\0') {
		comma = strstr(p, ", ");
		if (comma != NULL)
			*comma = '\0';
		report_json_string(f, p);
		if (comma == NULL)
			break;
		fputs(", ", f);
		p = comma + 2;
	}
	fputc(']', f);
}

/* A reference: a machine (id, label, class, mhz) or a class, with the
 * machines that serve each origin. */
static void
json_one_reference(FILE *f, const char *key, const struct report *r,
    const struct refsel *s)
{
	const struct ref_machine *m = NULL;
	char serves[512];

	if (r->ref == NULL || s->kind == REFSEL_NONE) {
		fprintf(f, "  \"%s\": null,\n", key);
		return;
	}
	if (s->kind == REFSEL_MACHINE)
		m = &r->ref->machines[s->machine];
	ref_select_describe(r->ref, s, serves, sizeof serves);
	fprintf(f, "  \"%s\": {", key);
	kv_str(f, "", "id", ref_select_name(r->ref, s));
	kv_str(f, ", ", "label", m ? m->label : NULL);
	kv_str(f, ", ", "class", m ? m->class_id : s->class_id);
	kv_num(f, "mhz", m ? m->mhz : NAN);
	kv_str(f, ", ", "kind", m ? "machine" : "class");
	kv_str(f, ", ", "serves", m ? NULL : serves);
	fputs("},\n", f);
}

static void
json_reference(FILE *f, const struct report *r)
{
	json_one_reference(f, "reference", r, &r->refs[0]);
	json_one_reference(f, "reference_b", r, &r->refs[1]);
}

/* Measurements of an ok result; nulls otherwise. */
static void
json_numbers(FILE *f, const struct test_result *r)
{
	int ok = r->status == BENCH_OK;

	kv_num(f, "value", ok ? r->value : NAN);
	kv_num(f, "ns_per_op", ok ? r->ns.median : NAN);
	kv_num(f, "cycles_per_op", ok ? r->cyc.median : NAN);
	kv_num(f, "cv_pct", ok ? r->ns.cv_pct : NAN);
	kv_int(f, "samples", (long long)r->ns.n, 1);
	kv_num(f, "ns_min", ok ? r->ns.min : NAN);
	kv_num(f, "ns_p5", ok ? r->ns.p5 : NAN);
	kv_num(f, "ns_p95", ok ? r->ns.p95 : NAN);
	kv_num(f, "ns_max", ok ? r->ns.max : NAN);
	kv_num(f, "ns_ci95", ok ? r->ns.ci95_median : NAN);
	kv_int(f, "n_per_sample", (long long)r->n_per_sample, ok);
	kv_num(f, "overhead_ns", ok ? r->overhead_ns : NAN);
	kv_int(f, "noisy_samples", (long long)r->noisy, ok);
	kv_num(f, "disturbed_pct", ok ? r->disturbed_pct : NAN);
}

/*
 * A's and B's cycles per operation (NAN: clock not stated), and B against
 * A only where two machines of their own classes serve (else null, and
 * b_vs_a_note says why).
 */
static void
json_pair(FILE *f, const struct report *rep, const struct test_result *r)
{
	struct compare_pair p;
	char why[192];

	compare_pair(rep->ref, rep->refs, r->test, &p);
	kv_num(f, "ref_cycles", p.a.found ? p.cyc_a : NAN);
	kv_num(f, "ref_b_cycles", p.b.found ? p.cyc_b : NAN);
	kv_num(f, "b_vs_a", p.b_vs_a);
	kv_num(f, "b_vs_a_cycles", p.cyc_b_vs_a);
	kv_num(f, "b_vs_a_time", p.cost_b_vs_a);
	kv_str(f, ", ", "b_vs_a_note",
	    rep->ref != NULL && rep->refs[1].kind != REFSEL_NONE &&
	            p.why != COMPARE_PAIR_SHOWN
	        ? compare_pair_why_text(rep->ref, rep->refs, r->test, &p, why,
	              sizeof why)
	        : NULL);
}

/* The reference machine's figure and our ratio to it; per MHz. */
static void
json_compare(FILE *f, const struct report *rep, const struct test_result *r)
{
	struct compare_ref c, b;
	int ok = r->status == BENCH_OK;

	compare_sel(rep->ref, &rep->refs[0], r->test, ok ? r->value : NAN,
	    r->placement, &c);
	kv_num(f, "ref_value", c.found ? c.value : NAN);
	kv_num(f, "ref_ratio", c.ratio);
	kv_str(f, ", ", "ref_note",
	    !c.found            ? (rep->ref ? "no reference figure" : NULL)
	        : !c.comparable ? "not comparable: definition changed"
	        : ok && c.place != COMPARE_PLACE_ALIKE
	        ? compare_place_text(c.place)
	        : NULL);
	kv_str(f, ", ", "ref_machine",
	    c.found ? rep->ref->machines[c.machine].id : NULL);
	kv_bool(f, "ref_stand_in", c.found, c.stand_in);
	compare_sel(rep->ref, &rep->refs[1], r->test, ok ? r->value : NAN,
	    r->placement, &b);
	kv_str(f, ", ", "ref_b_machine",
	    b.found ? rep->ref->machines[b.machine].id : NULL);
	kv_num(f, "ref_b_value", b.found ? b.value : NAN);
	kv_num(f, "ref_b_ratio", b.ratio);
	kv_bool(f, "ref_b_stand_in", b.found, b.stand_in);
	json_pair(f, rep, r);
	if (r->test->unit == BENCH_UNIT_LOOPS_S)
		kv_num(f, "per_mhz",
		    ok ? compare_per_mhz(r->value, rep->machine->clock.core_hz)
		       : NAN);
}

static void
json_test(FILE *f, const struct report *rep, const struct test_result *r,
    const char *sep)
{
	const struct bench_test *t = r->test;

	kv_str(f, "    {", "id", t->id);
	kv_str(f, ", ", "title", t->title);
	kv_str(f, ", ", "group", bench_group_name(t->group));
	kv_str(f, ", ", "origin", bench_origin_name(t->origin));
	kv_str(f, ", ", "status", bench_status_name(r->status));
	kv_str(f, ", ", "reason", r->reason[0] ? r->reason : NULL);
	kv_str(f, ", ", "unit", bench_unit_name(t->unit));
	json_numbers(f, r);
	kv_str(f, ", ", "placement", bench_placement_name(r->placement));
	kv_int(f, "cpu", r->cpu, r->cpu >= 0);
	kv_int(f, "partner_cpu", r->partner_cpu, r->partner_cpu >= 0);
	kv_int(f, "version", bench_version(t), 1);
	json_senses(f, t);
	json_compare(f, rep, r);
	fprintf(f, "}%s\n", sep);
}

void
report_json(FILE *f, const struct report *r)
{
	fprintf(f, "{\n  \"schema\": %d,\n", REPORT_SCHEMA);
	fprintf(f, "  \"benchtop\": \"%s\",\n", PACKAGE_VERSION);
	fprintf(f, "  \"seconds_per_test\": ");
	report_json_number(f, r->seconds_per_test);
	fprintf(f, ",\n  \"sample_ms\": ");
	report_json_number(f, r->sample_ms);
	fputs(",\n", f);
	json_machine(f, r->machine);
	json_context(f, report_common_context(r));
	json_reference(f, r);
	fputs("  \"tests\": [\n", f);
	for (size_t i = 0; i < r->n; i++)
		json_test(f, r, &r->results[i], i + 1 < r->n ? "," : "");
	fputs("  ]\n}\n", f);
}

void
report_json_list(FILE *f)
{
	const struct bench_test *t;
	size_t n = registry_count();

	fprintf(f, "{\n  \"schema\": %d,\n  \"tests\": [\n", REPORT_SCHEMA);
	for (size_t i = 0; (t = registry_at(i)) != NULL; i++) {
		kv_str(f, "    {", "id", t->id);
		kv_str(f, ", ", "title", t->title);
		kv_str(f, ", ", "group", bench_group_name(t->group));
		kv_str(f, ", ", "origin", bench_origin_name(t->origin));
		kv_str(f, ", ", "unit", bench_unit_name(t->unit));
		kv_str(f, ", ", "definition", t->definition);
		if (t->programs != NULL)
			kv_str(f, ", ", "programs", t->programs);
		fprintf(f, "}%s\n", i + 1 < n ? "," : "");
	}
	fputs("  ]\n}\n", f);
}
