/*
 * report-fleet-out.c: --compare's table as text, JSON and CSV (what the
 * cells mean: measure-fleet.h; the page: report-html-fleet.c).
 */

#include "config.h"

#include <errno.h>
#include <math.h>
#include <string.h>

#include "base-fmt.h"
#include "measure-judge-kind.h"
#include "ref-data-find.h"
#include "report-common.h"
#include "report-csv.h"
#include "report-fleet-out.h"
#include "report-fleet.h"
#include "report-json.h"

/* The text table's mark after a cell. */
static const char mark_chars[] = {
	[FLEET_NONE] = ' ',
	[FLEET_IN] = ' ',
	[FLEET_SLOWER] = '*',
	[FLEET_FASTER] = '+',
	[FLEET_WITH_KIND] = 'k',
	[FLEET_DIFFER] = '~',
};

/* A ratio as the table prints it: "0.98", "12.3". */
static const char *
ratio_num(double v, char *buf, size_t size)
{
	(void)snprintf(buf, size, v >= 9.995 || v < 0.0995 ? "%.3g" : "%.2f",
	    v);
	return buf;
}

/* "0.98 0.95-1.01 *": the ratio, its interval, its mark. */
static void
cell_text(const struct fleet_cell *c, char *buf, size_t size)
{
	char r[16], lo[16], hi[16];

	if (c->mark == FLEET_NONE) {
		(void)snprintf(buf, size, "-");
		return;
	}
	if (isfinite(c->lo))
		(void)snprintf(buf, size, "%s %s-%s %c",
		    ratio_num(c->ratio, r, sizeof r),
		    ratio_num(c->lo, lo, sizeof lo),
		    ratio_num(c->hi, hi, sizeof hi), mark_chars[c->mark]);
	else
		(void)snprintf(buf, size, "%s %c",
		    ratio_num(c->ratio, r, sizeof r), mark_chars[c->mark]);
}

/* The slice count most cells have, for the interval's coverage. */
static size_t
usual_slices(const struct fleet_report *r)
{
	size_t count[STATS_RANK_MAX + 1] = { 0 }, best = 0;

	for (size_t i = 0; i < r->ntests * r->nmachines; i++) {
		size_t n = r->judged.cells[i].slices;

		count[n <= STATS_RANK_MAX ? n : 0]++;
	}
	for (size_t n = 2; n <= STATS_RANK_MAX; n++)
		if (count[n] > count[best])
			best = n;
	return best;
}

static void
text_head(FILE *f, const struct fleet_report *r)
{
	size_t n = usual_slices(r);
	char line[400];

	fprintf(f, "Fleet of %zu machines, %zu tests", r->nmachines, r->ntests);
	if (r->single > 0)
		fprintf(f, " (%zu more held by one machine only, left out)",
		    r->single);
	fprintf(f, "; tolerance %g%%.\n", r->tolerance_pct);
	fprintf(f,
	    "Each cell: the machine's speed over the fleet's median for the "
	    "test (0.50: half as fast), then its interval from the "
	    "machine's slices (%zu slices: %.1f%%).\n",
	    n, 100 * fleet_interval_coverage(n));
	fprintf(f,
	    "Marks: * slower than the fleet, + faster (beyond %g%% and 3 "
	    "robust sigmas of the machines' spread for the test, the whole "
	    "interval beyond %g%%); k moved with its machine's kind (said "
	    "once, below); ~ the two machines holding it differ.\n",
	    r->tolerance_pct, r->tolerance_pct);
	if (fleet_report_few_text(r) != NULL)
		fprintf(f, "%s\n", fleet_report_few_text(r));
	fputs("\nMachines:\n", f);
	for (size_t m = 0; m < r->nmachines; m++) {
		fleet_report_machine_text(r, m, line, sizeof line);
		fprintf(f, "  %-*s %s\n  %-*s %s\n", FLEET_LABEL_MAX / 2,
		    r->machines[m].label, line, FLEET_LABEL_MAX / 2, "",
		    r->machines[m].path);
		fleet_report_shifts_text(r, m, line, sizeof line);
		fprintf(f, "  %-*s %s\n", FLEET_LABEL_MAX / 2, "", line);
	}
}

/* The kinds off as a whole, a line each. */
static void
text_kinds(FILE *f, const struct fleet_report *r)
{
	char line[200];
	size_t said = 0;

	if (!r->judged.sum.can_tell)
		return;
	fputs("\nKinds off as a whole (said once; their rows that moved with "
	      "them are marked k):\n",
	    f);
	for (size_t at = 0; fleet_report_kind_off(r, &at) != NULL;
	     at++, said++) {
		fleet_report_kind_line(r, at, line, sizeof line);
		fprintf(f, "  %s\n", line);
	}
	if (said == 0)
		fputs("  none: on every machine each kind is the fleet's\n", f);
}

/* The columns' width: the widest label, and room for a cell. */
static int
column_width(const struct fleet_report *r)
{
	int w = 17;

	for (size_t m = 0; m < r->nmachines; m++)
		if ((int)strlen(r->machines[m].label) + 1 > w)
			w = (int)strlen(r->machines[m].label) + 1;
	return w;
}

static void
text_table(FILE *f, const struct fleet_report *r)
{
	int w = column_width(r);
	char cell[64], med[32];

	fprintf(f, "\n%-23s %-7s %-18s", "test", "kind", "fleet median");
	for (size_t m = 0; m < r->nmachines; m++)
		fprintf(f, " %-*s", w, r->machines[m].label);
	fputc('\n', f);
	for (size_t t = 0; t < r->ntests; t++) {
		const struct bench_test *bt = r->tests[t];

		(void)fmt_value4(med, sizeof med, r->judged.tests[t].median, 9);
		fprintf(f, "%-23s %-7s %9s %-8s", bt->id,
		    judge_kind_id(r->tin[t].kind), med,
		    bench_unit_name(bt->unit));
		for (size_t m = 0; m < r->nmachines; m++) {
			cell_text(fleet_report_cell(r, t, m), cell,
			    sizeof cell);
			fprintf(f, " %-*s", w, cell);
		}
		fputc('\n', f);
	}
}

/* One outlier in words. */
static void
text_outlier(FILE *f, const struct fleet_report *r, size_t t, size_t m)
{
	const struct fleet_cell *c = fleet_report_cell(r, t, m);
	char a[32], lo[32], hi[32], kind[200];

	fprintf(f, "  %s: %s %s than the fleet (interval %s to %s)",
	    r->machines[m].label, r->tests[t]->id,
	    judge_ratio_text(c->ratio, a, sizeof a),
	    judge_ratio_text(c->lo, lo, sizeof lo),
	    judge_ratio_text(c->hi, hi, sizeof hi));
	if (c->by_kind) {
		fleet_report_kind_text(r,
		    fleet_report_kind(r, m, r->tin[t].kind), r->tin[t].kind,
		    kind, sizeof kind);
		fprintf(f, ", %s beyond its %s",
		    judge_ratio_text(c->beyond, a, sizeof a), kind);
	}
	fputc('\n', f);
}

static void
text_outliers(FILE *f, const struct fleet_report *r)
{
	size_t said = 0;

	if (!r->judged.sum.can_tell)
		return;
	fputs("\nOutliers (a test's machine beyond the fleet, beyond its "
	      "kind where the kind is off):\n",
	    f);
	for (size_t t = 0; t < r->ntests; t++)
		for (size_t m = 0; m < r->nmachines; m++) {
			enum fleet_mark k = fleet_report_cell(r, t, m)->mark;

			if (k == FLEET_SLOWER || k == FLEET_FASTER) {
				text_outlier(f, r, t, m);
				said++;
			}
		}
	if (said == 0)
		fputs("  none\n", f);
}

static void
write_text(FILE *f, const struct fleet_report *r)
{
	text_head(f, r);
	text_kinds(f, r);
	text_table(f, r);
	text_outliers(f, r);
}

/* ---- JSON ---- */

static void
json_kv_str(FILE *f, const char *sep, const char *key, const char *v)
{
	fprintf(f, "%s\"%s\": ", sep, key);
	if (v != NULL)
		report_json_string(f, v);
	else
		fputs("null", f);
}

static void
json_kv_num(FILE *f, const char *sep, const char *key, double v)
{
	fprintf(f, "%s\"%s\": ", sep, key);
	report_json_number(f, v);
}

static void
json_machine(FILE *f, const struct fleet_report *r, size_t m)
{
	const struct fleet_machine *fm = &r->machines[m];
	const struct ref_machine *rm = &fm->rd.machines[0];

	json_kv_str(f, "    {", "label", fm->label);
	json_kv_str(f, ", ", "path", fm->path);
	json_kv_str(f, ", ", "profile", rm->id);
	json_kv_str(f, ", ", "host", rm->host);
	json_kv_str(f, ", ", "cpu", rm->label);
	json_kv_str(f, ", ", "vendor", rm->vendor);
	json_kv_str(f, ", ", "class", rm->class_id);
	json_kv_num(f, ", ", "mhz", rm->mhz);
	json_kv_num(f, ", ", "cpus", rm->cpus);
	json_kv_str(f, ", ", "kernel", rm->kernel);
	json_kv_str(f, ", ", "hypervisor",
	    ref_data_find_context(&fm->rd, 0, "hypervisor"));
	json_kv_str(f, ", ", "saved", rm->date);
	json_kv_str(f, ", ", "version", rm->version);
	json_kv_num(f, ", ", "mem_mib",
	    fm->run.mem_mib ? fm->run.mem_mib : NAN);
	json_kv_num(f, ", ", "sample_ms",
	    fm->run.sample_ms > 0 ? fm->run.sample_ms : NAN);
	json_kv_str(f, ", ", "placement", fm->run.placement);
	fputs(", \"kinds\": {", f);
	for (int k = 0; k < JUDGE_KIND_COUNT; k++) {
		const struct fleet_kind *fk = fleet_report_kind(r, m, k);

		fprintf(f, "%s\"%s\": {", k ? ", " : "", judge_kind_id(k));
		json_kv_num(f, "", "shift", fk->shift);
		json_kv_num(f, ", ", "tests", (double)fk->tests);
		fputc('}', f);
	}
	fputs("}}", f);
}

static void
json_kinds(FILE *f, const struct fleet_report *r)
{
	const struct fleet_kind *fk;
	const char *sep = "\n    ";

	fputs("  \"kinds\": [", f);
	for (size_t at = 0; (fk = fleet_report_kind_off(r, &at)) != NULL;
	     at++) {
		fprintf(f, "%s{", sep);
		json_kv_str(f, "", "machine",
		    r->machines[at / JUDGE_KIND_COUNT].label);
		json_kv_str(f, ", ", "kind",
		    judge_kind_id(at % JUDGE_KIND_COUNT));
		json_kv_str(f, ", ", "direction",
		    fk->moved < 0 ? "slower" : "faster");
		json_kv_num(f, ", ", "shift", fk->shift);
		json_kv_num(f, ", ", "bar", fk->bar);
		json_kv_num(f, ", ", "tests", (double)fk->tests);
		json_kv_num(f, ", ", "beyond", (double)fk->along);
		fputc('}', f);
		sep = ",\n    ";
	}
	fputs("],\n", f);
}

static void
json_cell(FILE *f, const struct fleet_report *r, size_t t, size_t m)
{
	const struct fleet_cell *c = fleet_report_cell(r, t, m);

	fputs(m ? ",\n       {" : "\n       {", f);
	json_kv_str(f, "", "machine", r->machines[m].label);
	json_kv_str(f, ", ", "mark", fleet_mark_name(c->mark));
	json_kv_num(f, ", ", "ratio", c->ratio);
	json_kv_num(f, ", ", "lo", c->lo);
	json_kv_num(f, ", ", "hi", c->hi);
	json_kv_num(f, ", ", "slices", (double)c->slices);
	fprintf(f, ", \"by_kind\": %s", c->by_kind ? "true" : "false");
	json_kv_num(f, ", ", "beyond", c->beyond);
	fputc('}', f);
}

static void
json_tests(FILE *f, const struct fleet_report *r)
{
	fputs("  \"tests\": [", f);
	for (size_t t = 0; t < r->ntests; t++) {
		const struct fleet_test *ft = &r->judged.tests[t];

		fputs(t ? ",\n    {" : "\n    {", f);
		json_kv_str(f, "", "id", r->tests[t]->id);
		json_kv_str(f, ", ", "kind", judge_kind_id(r->tin[t].kind));
		json_kv_str(f, ", ", "unit",
		    bench_unit_name(r->tests[t]->unit));
		json_kv_num(f, ", ", "fleet_median", ft->median);
		json_kv_num(f, ", ", "machines", (double)ft->machines);
		json_kv_num(f, ", ", "bar", ft->bar);
		fputs(", \"cells\": [", f);
		for (size_t m = 0; m < r->nmachines; m++)
			json_cell(f, r, t, m);
		fputs("]}", f);
	}
	fputs("]\n", f);
}

static void
write_json(FILE *f, const struct fleet_report *r)
{
	const struct fleet_sum *s = &r->judged.sum;

	fputs("{\n  \"schema\": 1,\n  \"what\": \"benchtop --compare\",\n", f);
	json_kv_num(f, "  ", "tolerance_pct", r->tolerance_pct);
	fprintf(f, ",\n  \"can_tell\": %s", s->can_tell ? "true" : "false");
	json_kv_str(f, ",\n  ", "note", fleet_report_few_text(r));
	json_kv_num(f, ",\n  ", "status", fleet_report_status(r));
	fprintf(f,
	    ",\n  \"counts\": {\"slower\": %zu, \"faster\": %zu, "
	    "\"differ\": %zu, \"kinds_slower\": %zu, \"kinds_faster\": %zu, "
	    "\"single\": %zu},\n  \"machines\": [\n",
	    s->slower, s->faster, s->differ, s->kinds_slower, s->kinds_faster,
	    r->single);
	for (size_t m = 0; m < r->nmachines; m++) {
		json_machine(f, r, m);
		fputs(m + 1 < r->nmachines ? ",\n" : "\n", f);
	}
	fputs("  ],\n", f);
	json_kinds(f, r);
	json_tests(f, r);
	fputs("}\n", f);
}

/* ---- CSV ---- */

static void
write_csv(FILE *f, const struct fleet_report *r)
{
	fputs("test,kind,unit,fleet_median,machine,mark,ratio,lo,hi,slices,"
	      "by_kind,beyond,kind_shift,kind_moved\n",
	    f);
	for (size_t t = 0; t < r->ntests; t++)
		for (size_t m = 0; m < r->nmachines; m++) {
			const struct fleet_cell *c = fleet_report_cell(r, t, m);
			const struct fleet_kind *k =
			    fleet_report_kind(r, m, r->tin[t].kind);

			fprintf(f, "%s,%s,%s", r->tests[t]->id,
			    judge_kind_id(r->tin[t].kind),
			    bench_unit_name(r->tests[t]->unit));
			report_csv_number(f, r->judged.tests[t].median);
			fputc(',', f);
			report_csv_field(f, r->machines[m].label);
			fprintf(f, ",%s", fleet_mark_name(c->mark));
			report_csv_number(f, c->ratio);
			report_csv_number(f, c->lo);
			report_csv_number(f, c->hi);
			fprintf(f, ",%zu,%d", c->slices, c->by_kind);
			report_csv_number(f, c->beyond);
			report_csv_number(f, k->shift);
			fprintf(f, ",%d\n", k->moved);
		}
}

int
fleet_out_write(FILE *f, const struct fleet_report *r,
    enum report_format format)
{
	errno = 0;
	if (format == REPORT_JSON)
		write_json(f, r);
	else if (format == REPORT_CSV)
		write_csv(f, r);
	else
		write_text(f, r);
	return report_common_finish(f);
}
