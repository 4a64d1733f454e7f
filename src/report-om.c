/*
 * report-om.c: the Prometheus text exposition format (OpenMetrics-style
 * names), for node_exporter's textfile collector: HELP and TYPE lines,
 * then one sample per test. Metric names are a contract.
 */

#include "config.h"

#include "report.h"

#include <math.h>
#include <stdio.h>

/* A label value with \, " and newline escaped. */
static void
om_label(FILE *f, const char *name, const char *value, int first)
{
	fprintf(f, "%s%s=\"", first ? "" : ",", name);
	for (; *value != '\0'; value++) {
		if (*value == '\\' || *value == '"')
			fputc('\\', f);
		if (*value == '\n')
			fputs("\\n", f);
		else
			fputc(*value, f);
	}
	fputc('"', f);
}

static void
om_header(FILE *f, const char *name, const char *help)
{
	fprintf(f, "# HELP %s %s\n# TYPE %s gauge\n", name, help, name);
}

static void
om_test_labels(FILE *f, const struct test_result *r, int with_unit)
{
	fputc('{', f);
	om_label(f, "test", r->test->id, 1);
	om_label(f, "group", bench_group_name(r->test->group), 0);
	om_label(f, "placement", bench_placement_name(r->placement), 0);
	if (with_unit)
		om_label(f, "unit", bench_unit_name(r->test->unit), 0);
	fputc('}', f);
}

/* One metric over every test that has a finite value for it. */
static void
om_metric(FILE *f, const struct report *rep, const char *name, const char *help,
    int with_unit, double (*get)(const struct test_result *))
{
	om_header(f, name, help);
	for (size_t i = 0; i < rep->n; i++) {
		const struct test_result *r = &rep->results[i];
		double v = r->status == BENCH_OK ? get(r) : NAN;

		if (!isfinite(v))
			continue;
		fputs(name, f);
		om_test_labels(f, r, with_unit);
		fprintf(f, " %.9g\n", v);
	}
}

static double
get_seconds(const struct test_result *r)
{
	return r->ns.median / 1e9;
}

static double
get_cycles(const struct test_result *r)
{
	return r->cyc.median;
}

static double
get_value(const struct test_result *r)
{
	return r->value;
}

static double
get_cv(const struct test_result *r)
{
	return r->ns.cv_pct / 100;
}

/* 1 for ok, 0 otherwise, with the status as a label. */
static void
om_status(FILE *f, const struct report *rep)
{
	om_header(f, "benchtop_test_ok",
	    "1 when the test ran here, 0 when unsupported or failed.");
	for (size_t i = 0; i < rep->n; i++) {
		const struct test_result *r = &rep->results[i];

		fputs("benchtop_test_ok{", f);
		om_label(f, "test", r->test->id, 1);
		om_label(f, "status", bench_status_name(r->status), 0);
		fprintf(f, "} %d\n", r->status == BENCH_OK);
	}
}

static void
om_info(FILE *f, const struct report *rep)
{
	const struct machine *m = rep->machine;

	om_header(f, "benchtop_info",
	    "The machine and benchtop version; the value is always 1.");
	fputs("benchtop_info{", f);
	om_label(f, "cpu", m->cpu.brand, 1);
	om_label(f, "class", m->class_name, 0);
	om_label(f, "kernel", m->kernel, 0);
	om_label(f, "cycle_source", cycles_source_name(m->clock.source), 0);
	om_label(f, "version", PACKAGE_VERSION, 0);
	fputs("} 1\n", f);
}

const struct machine_context *
report_context(const struct report *r)
{
	return r->ctx != NULL ? r->ctx : &r->machine->ctx;
}

/*
 * The machine's context as labels of one info metric (a key's dots
 * become underscores: "thp.enabled" is thp_enabled) and the steal and
 * irq shares as gauges, so that a dashboard can tell a slower figure
 * from a changed kernel or a busier host.
 */
static void
om_context(FILE *f, const struct machine_context *c)
{
	char name[CONTEXT_KEY_MAX];

	om_header(f, "benchtop_context_info",
	    "The kernel's and the host's context (mitigations, clock source, "
	    "THP, SMT, cpufreq, cgroup); the value is always 1.");
	fputs("benchtop_context_info{", f);
	for (size_t i = 0; i < c->n; i++) {
		(void)snprintf(name, sizeof name, "%s", c->f[i].key);
		for (char *p = name; *p != '\0'; p++)
			if (*p == '.' || *p == '-')
				*p = '_';
		om_label(f, name, c->f[i].value, i == 0);
	}
	fputs("} 1\n", f);
	if (!isfinite(c->steal_pct))
		return;
	om_header(f, "benchtop_steal_ratio",
	    "Share of the CPUs' time the hypervisor stole over the last "
	    "interval (the run, in a report).");
	fprintf(f, "benchtop_steal_ratio %.6g\n", c->steal_pct / 100);
	om_header(f, "benchtop_irq_ratio",
	    "Share of the CPUs' time spent in interrupts over the last "
	    "interval.");
	fprintf(f, "benchtop_irq_ratio %.6g\n", c->irq_pct / 100);
}

void
report_om(FILE *f, const struct report *rep)
{
	om_info(f, rep);
	om_context(f, report_context(rep));
	om_metric(f, rep, "benchtop_op_seconds",
	    "Median cost of one operation of the test, in seconds.", 0,
	    get_seconds);
	om_metric(f, rep, "benchtop_op_cycles",
	    "Median cost of one operation of the test, in CPU cycles.", 0,
	    get_cycles);
	om_metric(f, rep, "benchtop_rate",
	    "The test's median in its origin's unit (label unit): a rate, a "
	    "bandwidth, or microseconds or cycles per operation.",
	    1, get_value);
	om_metric(f, rep, "benchtop_sample_cv",
	    "Coefficient of variation of the test's samples, as a ratio.", 0,
	    get_cv);
	om_status(f, rep);
}
