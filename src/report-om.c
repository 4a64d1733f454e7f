/*
 * report-om.c: the Prometheus text exposition format (OpenMetrics-style
 * names), for node_exporter's textfile collector: HELP and TYPE lines,
 * then one sample per test. Metric names and label sets are a contract,
 * written as node_exporter's conventions ask: one unit per metric, in
 * base units and named in the metric's name; every per-test value keyed
 * by `test` alone, so that nothing a user switches (placement) re-keys a
 * series; what describes a test goes into an info metric to join on.
 */

#include "config.h"

#include "report-common.h"
#include "report-om.h"

#include <math.h>
#include <stdio.h>

/* A label value with \, " and newline escaped. */
void
report_om_label(FILE *f, const char *name, const char *value, int first)
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

/* The label set of every per-test value: the test alone. */
static void
om_test_sample(FILE *f, const char *name, const struct test_result *r, double v)
{
	fprintf(f, "%s{", name);
	report_om_label(f, "test", r->test->id, 1);
	fprintf(f, "} %.9g\n", v);
}

/* A value family: every test that ran and has a finite `get`. */
static void
om_metric(FILE *f, const struct report *rep, const char *name, const char *help,
    double (*get)(const struct test_result *))
{
	om_header(f, name, help);
	for (size_t i = 0; i < rep->n; i++) {
		const struct test_result *r = &rep->results[i];
		double v = r->status == BENCH_OK ? get(r) : NAN;

		if (isfinite(v))
			om_test_sample(f, name, r, v);
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
get_cv(const struct test_result *r)
{
	return r->ns.cv_pct / 100;
}

/*
 * The origin's figure in base units: one family per kind of unit, so
 * that a metric never mixes latencies with rates. `scale` takes the
 * origin's unit to the family's (us to s, KiB/s and MB/s to bytes/s,
 * loops per minute to per second).
 */
enum om_kind { OM_LATENCY_S, OM_LATENCY_CYCLES, OM_BANDWIDTH, OM_RATE };

static const struct {
	const char *name, *help;
} om_kinds[] = {
	[OM_LATENCY_S] = { "benchtop_latency_seconds",
	    "The test's median in its origin's terms, for origins that state "
	    "a latency (lmbench's microseconds), in seconds." },
	[OM_LATENCY_CYCLES] = { "benchtop_latency_cycles",
	    "The test's median in its origin's terms, for origins that state "
	    "CPU cycles per operation." },
	[OM_BANDWIDTH] = { "benchtop_bandwidth_bytes_per_second",
	    "The test's median in its origin's terms, for origins that state "
	    "a bandwidth (KBps, MB/s), in bytes per second." },
	[OM_RATE] = { "benchtop_rate_per_second",
	    "The test's median in its origin's terms, for origins that state "
	    "a rate (loops or calls per second or per minute), per "
	    "second." },
};

static enum om_kind
om_kind_of(enum bench_unit u, double *scale)
{
	*scale = 1;
	switch (u) {
	case BENCH_UNIT_US:
		*scale = 1e-6;
		return OM_LATENCY_S;
	case BENCH_UNIT_CYCLES:
		return OM_LATENCY_CYCLES;
	case BENCH_UNIT_KBPS:
		*scale = 1024;
		return OM_BANDWIDTH;
	case BENCH_UNIT_MBPS:
		*scale = 1e6; /* lmbench's MB is 10^6 bytes */
		return OM_BANDWIDTH;
	case BENCH_UNIT_LPM:
		*scale = 1.0 / 60;
		return OM_RATE;
	default: /* lps, loops/s, calls/s */
		return OM_RATE;
	}
}

static void
om_origin_family(FILE *f, const struct report *rep, enum om_kind kind)
{
	om_header(f, om_kinds[kind].name, om_kinds[kind].help);
	for (size_t i = 0; i < rep->n; i++) {
		const struct test_result *r = &rep->results[i];
		double scale;

		if (r->status != BENCH_OK || !isfinite(r->value) ||
		    om_kind_of(r->test->unit, &scale) != kind)
			continue;
		om_test_sample(f, om_kinds[kind].name, r, r->value * scale);
	}
}

/* Deprecated: every unit in one metric; kept one release for old
 * dashboards, with the unit (its meaning) as its only other label. */
static void
om_rate_deprecated(FILE *f, const struct report *rep)
{
	om_header(f, "benchtop_rate",
	    "Deprecated, removed in the next release: use "
	    "benchtop_latency_seconds, benchtop_latency_cycles, "
	    "benchtop_bandwidth_bytes_per_second or benchtop_rate_per_second. "
	    "The test's median in its origin's unit (label unit).");
	for (size_t i = 0; i < rep->n; i++) {
		const struct test_result *r = &rep->results[i];

		if (r->status != BENCH_OK || !isfinite(r->value))
			continue;
		fputs("benchtop_rate{", f);
		report_om_label(f, "test", r->test->id, 1);
		report_om_label(f, "unit", bench_unit_name(r->test->unit), 0);
		fprintf(f, "} %.9g\n", r->value);
	}
}

/* 1 for ok, 0 otherwise: one series per test, whatever the status. */
static void
om_ok(FILE *f, const struct report *rep)
{
	om_header(f, "benchtop_test_ok",
	    "1 when the test ran here, 0 when unsupported, failed or stopped "
	    "(benchtop_test_status says which).");
	for (size_t i = 0; i < rep->n; i++)
		om_test_sample(f, "benchtop_test_ok", &rep->results[i],
		    rep->results[i].status == BENCH_OK);
}

/* The state-set pattern: every status a series, the current one 1, so
 * that a status change moves a value, never a series' identity. */
static void
om_status(FILE *f, const struct report *rep)
{
	om_header(f, "benchtop_test_status",
	    "The test's status as a state set: 1 for the current status, 0 "
	    "for the others.");
	for (size_t i = 0; i < rep->n; i++)
		for (unsigned s = 0; s < BENCH_STATUS_COUNT; s++) {
			fputs("benchtop_test_status{", f);
			report_om_label(f, "test", rep->results[i].test->id, 1);
			report_om_label(f, "status",
			    bench_status_name((enum bench_status)s), 0);
			fprintf(f, "} %d\n",
			    (unsigned)rep->results[i].status == s);
		}
}

/* What describes a test rather than measures it; the value is 1. */
static void
om_test_info(FILE *f, const struct report *rep)
{
	om_header(f, "benchtop_test_info",
	    "The test's group, its origin's unit and the placement of its "
	    "parties in its last slice; the value is always 1.");
	for (size_t i = 0; i < rep->n; i++) {
		const struct test_result *r = &rep->results[i];

		fputs("benchtop_test_info{", f);
		report_om_label(f, "test", r->test->id, 1);
		report_om_label(f, "group", bench_group_name(r->test->group),
		    0);
		report_om_label(f, "unit", bench_unit_name(r->test->unit), 0);
		report_om_label(f, "placement",
		    bench_placement_name(r->placement), 0);
		fputs("} 1\n", f);
	}
}

/* When each value was measured, so that a dashboard can tell a stale
 * row (the values change about once per cycle). */
static void
om_last_slice(FILE *f, const struct report *rep)
{
	if (rep->last_slice_s == NULL)
		return;
	om_header(f, "benchtop_last_slice_timestamp_seconds",
	    "When the test's last slice ended, in seconds since 1970 (UTC).");
	for (size_t i = 0; i < rep->n; i++) {
		if (!isfinite(rep->last_slice_s[i]))
			continue;
		fputs("benchtop_last_slice_timestamp_seconds{", f);
		report_om_label(f, "test", rep->results[i].test->id, 1);
		fprintf(f, "} %.3f\n", rep->last_slice_s[i]); /* ms, not 10 s */
	}
}

/* The class spelt as --identify spells it (class: zen, name: Zen 5). */
static void
om_info(FILE *f, const struct report *rep)
{
	const struct machine *m = rep->machine;

	om_header(f, "benchtop_info",
	    "The machine and benchtop version; the value is always 1.");
	fputs("benchtop_info{", f);
	report_om_label(f, "cpu", m->cpu.brand, 1);
	report_om_label(f, "class", m->class_id, 0);
	report_om_label(f, "class_name", m->class_name, 0);
	report_om_label(f, "kernel", m->kernel, 0);
	report_om_label(f, "cycle_source", cycles_source_name(m->clock.source),
	    0);
	report_om_label(f, "version", PACKAGE_VERSION, 0);
	fputs("} 1\n", f);
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
		report_om_label(f, name, c->f[i].value, i == 0);
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
	om_test_info(f, rep);
	om_context(f, report_common_context(rep));
	om_metric(f, rep, "benchtop_op_seconds",
	    "Median cost of one operation of the test, in seconds.",
	    get_seconds);
	om_metric(f, rep, "benchtop_op_cycles",
	    "Median cost of one operation of the test, in CPU cycles.",
	    get_cycles);
	for (int k = OM_LATENCY_S; k <= OM_RATE; k++)
		om_origin_family(f, rep, (enum om_kind)k);
	om_metric(f, rep, "benchtop_sample_cv_ratio",
	    "Coefficient of variation of the test's samples, as a ratio.",
	    get_cv);
	om_ok(f, rep);
	om_status(f, rep);
	om_last_slice(f, rep);
	om_rate_deprecated(f, rep);
	om_metric(f, rep, "benchtop_sample_cv",
	    "Deprecated, removed in the next release: use "
	    "benchtop_sample_cv_ratio.",
	    get_cv);
}
