/*
 * report-jsonl.c: JSON Lines, one record a test: the batch --jsonl
 * report, and the record writer the live exporter (export.c) shares, so
 * that a record reads the same whichever wrote it.
 */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <time.h>

#include "base-time.h"
#include "monitor-claims.h"
#include "report-common.h"
#include "report-json.h"
#include "report-jsonl.h"

void
report_jsonl_head(FILE *f, const struct machine *m, double ts)
{
	char when[32];
	time_t secs = (time_t)ts;
	struct tm tm;

	(void)strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%S",
	    gmtime_r(&secs, &tm));
	fprintf(f, "{\"schema\": 1, \"ts\": \"%s.%03dZ\", \"host\": ", when,
	    (int)((ts - (double)secs) * 1000));
	report_json_string(f, m->host);
}

void
report_jsonl_claim(FILE *f, const struct claim *c)
{
	const char *sep = "";

	fputs(", \"cpus\": [", f);
	for (int cpu = 0; cpu < CPU_SETSIZE; cpu++)
		if (CPU_ISSET(cpu, &c->cpus)) {
			fprintf(f, "%s%d", sep, cpu);
			sep = ", ";
		}
	fputs("], \"resources\": [", f);
	sep = "";
	for (int k = 0; k < CLAIM_RESOURCES; k++)
		if (c->resources & (1u << k)) {
			fprintf(f, "%s\"%s\"", sep,
			    claims_resource_name(1u << k));
			sep = ", ";
		}
	fputc(']', f);
}

void
report_jsonl_fields(FILE *f, const struct machine *m, double ts,
    const struct test_result *r)
{
	report_jsonl_head(f, m, ts);
	fprintf(f,
	    ", \"test\": \"%s\", \"version\": %u, \"status\": \"%s\", "
	    "\"value\": ",
	    r->test->id, bench_version(r->test), bench_status_name(r->status));
	report_json_number(f, r->status == BENCH_OK ? r->value : NAN);
	fprintf(f,
	    ", \"unit\": \"%s\", \"ns\": ", bench_unit_name(r->test->unit));
	report_json_number(f, r->status == BENCH_OK ? r->ns.median : NAN);
	fputs(", \"cycles\": ", f);
	report_json_number(f, r->status == BENCH_OK ? r->cyc.median : NAN);
	fprintf(f, ", \"samples\": %zu, \"placement\": \"%s\"", r->ns.n,
	    bench_placement_name(r->placement));
}

void
report_jsonl_record(FILE *f, const struct machine *m, double ts,
    const struct test_result *r)
{
	report_jsonl_fields(f, m, ts, r);
	fputs("}\n", f);
}

void
report_jsonl(FILE *f, const struct report *r)
{
	double now = time_wall_s();

	for (size_t i = 0; i < r->n; i++)
		report_jsonl_record(f, r->machine, now, &r->results[i]);
}
