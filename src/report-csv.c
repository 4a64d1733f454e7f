/*
 * report-csv.c: RFC 4180 CSV with a fixed header (a contract, like the
 * JSON names it mirrors).
 */

#include "config.h"

#include "report.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "registry.h"

const char report_csv_header[] =
    "id,group,origin,status,reason,unit,value,ns_per_op,cycles_per_op,"
    "cv_pct,samples,placement,cpu";

/* Quote a field when it holds a comma, quote or line break. */
void
report_csv_field(FILE *f, const char *s)
{
	if (s == NULL)
		return;
	if (strpbrk(s, ",\"\r\n") == NULL) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s != '\0'; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

static void
csv_number(FILE *f, double v)
{
	fputc(',', f);
	if (isfinite(v))
		fprintf(f, "%.6g", v);
}

static void
csv_row(FILE *f, const struct test_result *r)
{
	const struct bench_test *t = r->test;
	int ok = r->status == BENCH_OK;

	fprintf(f, "%s,%s,%s,%s,", t->id, bench_group_name(t->group),
	    bench_origin_name(t->origin), bench_status_name(r->status));
	report_csv_field(f, r->reason);
	fprintf(f, ",%s", bench_unit_name(t->unit));
	csv_number(f, ok ? r->value : NAN);
	csv_number(f, ok ? r->ns.median : NAN);
	csv_number(f, ok ? r->cyc.median : NAN);
	csv_number(f, ok ? r->ns.cv_pct : NAN);
	fprintf(f, ",%zu,%s,", r->ns.n, bench_placement_name(r->placement));
	if (r->cpu >= 0)
		fprintf(f, "%d", r->cpu);
	fputc('\n', f);
}

void
report_csv(FILE *f, const struct report *r)
{
	fprintf(f, "%s\n", report_csv_header);
	for (size_t i = 0; i < r->n; i++)
		csv_row(f, &r->results[i]);
}

void
report_csv_list(FILE *f)
{
	const struct bench_test *t;

	fputs("id,group,unit,origin,title,definition\n", f);
	for (size_t i = 0; (t = registry_at(i)) != NULL; i++) {
		fprintf(f, "%s,%s,%s,%s,", t->id, bench_group_name(t->group),
		    bench_unit_name(t->unit), bench_origin_name(t->origin));
		report_csv_field(f, t->title);
		fputc(',', f);
		report_csv_field(f, t->definition);
		fputc('\n', f);
	}
}
