/*
 * report-csv.c: RFC 4180 CSV with a fixed header (a contract, like the
 * JSON names it mirrors).
 */

#include "config.h"

#include "report-common.h"
#include "report-csv.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bench-registry.h"
#include "ref-compare.h"

const char report_csv_header[] =
    "id,group,origin,status,reason,unit,value,ns_per_op,cycles_per_op,"
    "cv_pct,samples,placement,cpu,ref,ref_value,ref_ratio,ref_stand_in,"
    "ref_b,ref_b_value,ref_b_ratio,b_vs_a,ref_b_stand_in,ref_cycles,"
    "ref_b_cycles,b_vs_a_cycles";

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

void
report_csv_number(FILE *f, double v)
{
	fputc(',', f);
	if (isfinite(v))
		fprintf(f, "%.6g", v);
}

/* The machine that served a reference, its figure, our ratio to it. */
static void
csv_reference(FILE *f, const struct report *rep, const struct refsel *s,
    const struct test_result *r)
{
	struct compare_ref c;

	compare_sel(rep->ref, s, r->test,
	    r->status == BENCH_OK ? r->value : NAN, r->placement, &c);
	fputc(',', f);
	if (c.found)
		report_csv_field(f, rep->ref->machines[c.machine].id);
	report_csv_number(f, c.found ? c.value : NAN);
	report_csv_number(f, c.ratio);
}

/* B against A (empty unless two machines of their own classes serve),
 * whether B is a stand-in, and A's and B's cycles per operation. */
static void
csv_pair(FILE *f, const struct report *rep, const struct test_result *r)
{
	struct compare_pair p;

	compare_pair(rep->ref, rep->refs, r->test, &p);
	report_csv_number(f, p.b_vs_a);
	fprintf(f, ",%s", !p.b.found ? "" : p.b.stand_in ? "1" : "0");
	report_csv_number(f, p.a.found ? p.cyc_a : NAN);
	report_csv_number(f, p.b.found ? p.cyc_b : NAN);
	report_csv_number(f, p.cyc_b_vs_a);
}

static void
csv_row(FILE *f, const struct report *rep, const struct test_result *r)
{
	struct compare_ref a;

	const struct bench_test *t = r->test;
	int ok = r->status == BENCH_OK;

	fprintf(f, "%s,%s,%s,%s,", t->id, bench_group_name(t->group),
	    bench_origin_name(t->origin), bench_status_name(r->status));
	report_csv_field(f, r->reason);
	fprintf(f, ",%s", bench_unit_name(t->unit));
	report_csv_number(f, ok ? r->value : NAN);
	report_csv_number(f, ok ? r->ns.median : NAN);
	report_csv_number(f, ok ? r->cyc.median : NAN);
	report_csv_number(f, ok ? r->ns.cv_pct : NAN);
	fprintf(f, ",%zu,%s,", r->ns.n, bench_placement_name(r->placement));
	if (r->cpu >= 0)
		fprintf(f, "%d", r->cpu);
	csv_reference(f, rep, &rep->refs[0], r);
	compare_sel(rep->ref, &rep->refs[0], r->test, NAN, r->placement, &a);
	fprintf(f, ",%s", !a.found ? "" : a.stand_in ? "1" : "0");
	csv_reference(f, rep, &rep->refs[1], r);
	csv_pair(f, rep, r);
	fputc('\n', f);
}

/*
 * The machine's context above the header, one "# context KEY: VALUE"
 * comment line a fact (readers skip them: pandas' comment='#', or
 * grep -v '^#'), so the figures below carry what moved them.
 */
static void
csv_context(FILE *f, const struct machine_context *c)
{
	for (size_t i = 0; i < c->n; i++)
		fprintf(f, "# context %s: %s\n", c->f[i].key, c->f[i].value);
	if (isfinite(c->steal_pct))
		fprintf(f,
		    "# context steal_pct: %.2f\n# context irq_pct: %.2f\n",
		    c->steal_pct, c->irq_pct);
}

void
report_csv(FILE *f, const struct report *r)
{
	csv_context(f, report_common_context(r));
	fprintf(f, "%s\n", report_csv_header);
	for (size_t i = 0; i < r->n; i++)
		csv_row(f, r, &r->results[i]);
}

void
report_csv_list(FILE *f)
{
	const struct bench_test *t;

	fputs("id,group,unit,origin,title,definition,programs\n", f);
	for (size_t i = 0; (t = registry_at(i)) != NULL; i++) {
		fprintf(f, "%s,%s,%s,%s,", t->id, bench_group_name(t->group),
		    bench_unit_name(t->unit), bench_origin_name(t->origin));
		report_csv_field(f, t->title);
		fputc(',', f);
		report_csv_field(f, t->definition);
		fputc(',', f);
		report_csv_field(f, t->programs != NULL ? t->programs : "");
		fputc('\n', f);
	}
}
