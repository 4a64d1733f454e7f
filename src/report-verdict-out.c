/*
 * report-verdict-out.c: a check's rows and its machine's line, as text,
 * JSON or CSV (how they are judged: measure-judge.c).
 */

#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base-fmt.h"
#include "base-units.h"
#include "measure-judge-kind.h"
#include "ref-compare.h"
#include "report-common.h"
#include "report-csv.h"
#include "report-json.h"
#include "report-om-check.h"
#include "report-om.h"
#include "report-profile.h"
#include "report-verdict-context.h"
#include "report-verdict-out.h"
#include "report-verdict.h"

/* Everything about one row that the formats print. */
struct row_out {
	const struct test_result *r;
	struct compare_ref c;
	const char *why; /* not comparable: why */
	size_t nnow;     /* this run's slices */
	struct profile_test then;
	struct judge_line l;
};

/* CPU c as a bit of a judge_row's cpus; 0 for none (-1) or beyond 63. */
static uint64_t
cpu_bit(int c)
{
	return c >= 0 && c < 64 ? UINT64_C(1) << c : 0;
}

/* Why test i cannot be compared, or NULL. */
static const char *
why_not(const struct test_result *r, const struct compare_ref *c, size_t nnow)
{
	if (r->status != BENCH_OK)
		return bench_status_name(r->status);
	if (!c->found)
		return "not in the profile";
	if (!c->comparable)
		return "another definition";
	return nnow == 0 || !(r->value > 0) ? "no figure" : NULL;
}

/* The rows to judge, from the run and the profile. */
static void
gather(const struct verdict_report *vr, struct row_out *o, struct judge_row *in,
    double *noisy_share)
{
	for (size_t i = 0; i < vr->n; i++) {
		const struct test_result *r = &vr->r[i];

		o[i].r = r;
		compare_test(vr->rd, vr->machine, r->test, r->value,
		    r->placement, &o[i].c);
		(void)profile_test_get(vr->rd, vr->machine, r->test->id,
		    &o[i].then);
		o[i].why = why_not(r, &o[i].c, vr->nslices[i]);
		o[i].nnow = vr->nslices[i];
		in[i] = (struct judge_row){
			.kind = judge_kind_of(r->test),
			.now_value = r->status == BENCH_OK ? r->value : NAN,
			.then_value = o[i].c.found ? o[i].c.value : NAN,
			.not_comparable = o[i].why,
			.now = vr->slices[i],
			.nnow = vr->nslices[i],
			.then = o[i].then.slice,
			.nthen = o[i].then.nslices,
			.higher_better = units_higher_is_better(r->test->unit),
			.noisy_share =
			    r->ns.n ? (double)r->noisy / r->ns.n : NAN,
			.sequential =
			    vr->sequential ? vr->sequential[i] : JUDGE_SEQ_NONE,
			.cpus = cpu_bit(r->cpu) | cpu_bit(r->partner_cpu),
			.waits = !bench_cpu_bound(r->test),
		};
	}
	*noisy_share = runner_noisy_share(vr->r, vr->n);
}

/* "(12 of 22 tests moved beyond 10% its way; CPU-bound loops 1.01x
 * slower (5); ...)": what the shift is read from and how well. */
static void
shift_words(const struct verdict_report *vr, const struct judge_machine *m,
    char *buf, size_t size)
{
	char ratio[32];
	size_t len = (size_t)snprintf(buf, size,
	    " (%zu of %zu tests moved beyond %g%% its way", m->moved, m->tests,
	    vr->tolerance_pct);

	for (int k = 0; k < JUDGE_KIND_COUNT; k++)
		if (m->kind_tests[k] > 0 && len < size)
			len += (size_t)snprintf(buf + len, size - len,
			    "; %s %s (%zu)", judge_kind_name(k),
			    judge_ratio_text(m->kind_shift[k], ratio,
			        sizeof ratio),
			    m->kind_tests[k]);
	if (m->spread > 1 + vr->tolerance_pct / 100 && len < size)
		len += (size_t)snprintf(buf + len, size - len,
		    "; %s disagree by up to %.2fx, so a test is judged only "
		    "beyond that",
		    m->spread_all       ? "under this load the tests"
		        : m->from_loops ? "the CPU-bound loops it is read from"
		                        : "the tests it is read from",
		    m->spread);
	if (len < size)
		(void)snprintf(buf + len, size - len, ")");
}

/* "this machine runs 1.62x slower than when srv1 was saved (...)"; when
 * every test ran where other load took its CPU, the load's shift. */
static void
machine_words(const struct verdict_report *vr, const struct judge_machine *m,
    char *buf, size_t size)
{
	char ratio[32], how[700];
	int all_busy = m->tests == 0 && m->busy_tests > 0;
	double load[3];

	if (all_busy)
		(void)snprintf(how, sizeof how,
		    ", every test where other load took its CPU (the Busy: "
		    "line)");
	else
		shift_words(vr, m, how, sizeof how);
	judge_ratio_text(all_busy ? m->busy_shift : m->shift, ratio,
	    sizeof ratio);
	if (getloadavg(load, 1) != 1)
		load[0] = NAN;
	(void)snprintf(buf, size,
	    "this machine runs %s %s when %s was %s%s; load %.1f; %.0f%% of "
	    "samples disturbed",
	    strcmp(ratio, "same") == 0 ? "the same" : ratio,
	    strcmp(ratio, "same") == 0 ? "as" : "than",
	    vr->rd->machines[vr->machine].id,
	    vr->rd->machines[vr->machine].date ? "saved" : "measured", how,
	    load[0], isfinite(m->noisy_share) ? m->noisy_share * 100 : 0.0);
}

/* "memory bandwidth 1.51x slower than the machine (6 tests: a, b, ...);
 * its tests judged beyond it": a kind that moved as a whole, once. */
static void
kind_words(const struct verdict_report *vr, const struct row_out *o,
    const struct judge_machine *m, int k, char *buf, size_t size)
{
	char ratio[32];
	size_t len;

	judge_ratio_text(m->kind_shift[k] / m->shift, ratio, sizeof ratio);
	len = (size_t)snprintf(buf, size,
	    "%s %s than the machine's shift as a whole (%zu tests:",
	    judge_kind_name(k), ratio, m->kind_tests[k]);
	for (size_t i = 0; i < vr->n && len < size; i++)
		if (o[i].l.by_kind && (int)judge_kind_of(o[i].r->test) == k)
			len += (size_t)snprintf(buf + len, size - len, " %s",
			    o[i].r->test->id);
	if (len < size)
		(void)snprintf(buf + len, size - len,
		    "); its tests are judged beyond it");
}

/* "CPU 0", "CPUs 0 1": the CPUs of mask `cpus`. */
static void
cpu_words(uint64_t cpus, char *buf, size_t size)
{
	size_t len = (size_t)snprintf(buf, size, "CPU%s",
	    (cpus & (cpus - 1)) != 0 ? "s" : "");

	for (int c = 0; c < 64 && len < size; c++)
		if (cpus & (UINT64_C(1) << c))
			len +=
			    (size_t)snprintf(buf + len, size - len, " %d", c);
}

/* "other load on CPU 0: 11 tests 1.93x slower (8 of them mostly
 * disturbed), not judged: byte.syscall ...": said once. */
static void
busy_words(const struct verdict_report *vr, const struct row_out *o,
    const struct judge_machine *m, char *buf, size_t size)
{
	char ratio[32], cpus[128] = "their CPUs";
	size_t len;

	if (m->busy_cpus != 0)
		cpu_words(m->busy_cpus, cpus, sizeof cpus);
	judge_ratio_text(m->busy_shift, ratio, sizeof ratio);
	len = (size_t)snprintf(buf, size,
	    "other load on %s: %zu tests %s (%zu of them mostly disturbed), "
	    "not judged:",
	    cpus, m->busy_tests, ratio, m->busy_disturbed);
	for (size_t i = 0; i < vr->n && len < size; i++)
		if (o[i].l.verdict == JUDGE_BUSY)
			len += (size_t)snprintf(buf + len, size - len, " %s",
			    o[i].r->test->id);
}

/* The interval of `beyond` as speed ratios, or "-". */
static const char *
interval_text(const struct judge_line *l, char *buf, size_t size)
{
	if (!isfinite(l->lo) || !isfinite(l->hi))
		(void)snprintf(buf, size, "-");
	else
		(void)snprintf(buf, size, "%.2f-%.2fx", l->lo, l->hi);
	return buf;
}

/* The row's verdict in words; a quick check's row says its slices, and
 * one its budget stopped says so. */
static void
verdict_words(const struct verdict_report *vr, const struct row_out *o,
    char *buf, size_t size)
{
	size_t len;

	if (vr->sequential != NULL && o->l.verdict == JUDGE_TOO_FEW)
		(void)snprintf(buf, size, "undecided");
	else
		judge_text(&o->l, o->why, buf, size);
	len = strlen(buf);
	if (vr->sequential != NULL && o->r->status == BENCH_OK && len < size)
		(void)snprintf(buf + len, size - len, " (%zu slices)", o->nnow);
}

static void
text_row(FILE *f, const struct verdict_report *vr, const struct row_out *o,
    unsigned context_moved)
{
	char now[16], then[16], change[32], beyond[32], ci[32], p[16], v[64];
	int ok = o->r->status == BENCH_OK;

	fmt_value(now, sizeof now, ok ? o->r->value : NAN, 7);
	fmt_value(then, sizeof then, o->c.found ? o->c.value : NAN, 7);
	judge_ratio_text(o->l.ratio, change, sizeof change);
	judge_ratio_text(o->l.beyond, beyond, sizeof beyond);
	interval_text(&o->l, ci, sizeof ci);
	if (isfinite(o->l.p))
		(void)snprintf(p, sizeof p, "%.3f", o->l.p);
	else
		(void)snprintf(p, sizeof p, "-");
	verdict_words(vr, o, v, sizeof v);
	verdict_context_note(o->r->test, context_moved, v, sizeof v);
	fprintf(f, "%-24s %7s %7s %-7s %-13s %-13s %-11s %5s  %s\n",
	    o->r->test->id, now, then, bench_unit_name(o->r->test->unit),
	    change, beyond, ci, p, v);
}

static void
text_summary(FILE *f, const struct row_out *o, size_t n,
    const struct judge_machine *m, int status)
{
	size_t slower = 0, faster = 0;

	for (size_t i = 0; i < n; i++) {
		slower += o[i].l.verdict == JUDGE_SLOWER;
		faster += o[i].l.verdict == JUDGE_FASTER;
	}
	fputc('\n', f);
	if (status == EXIT_SLOWER)
		fprintf(f,
		    "SLOWER: %zu test(s) slower beyond the machine's "
		    "shift (exit 3)",
		    slower);
	else if (status == EXIT_KIND_SLOWER)
		fprintf(f,
		    "KIND: a kind of test is slower as a whole than "
		    "tolerated (the Kind: line); no test beyond its kind "
		    "(exit 5)");
	else if (status == EXIT_MACHINE_SLOWER && m->busy_slower)
		fprintf(f,
		    "BUSY: other load took CPUs the tests ran on (the Busy: "
		    "line), their tests slower than tolerated; no test "
		    "slower beyond it (exit 4)");
	else if (status == EXIT_MACHINE_SLOWER)
		fprintf(f,
		    "MACHINE: the machine as a whole is slower than "
		    "tolerated; no test beyond it (exit 4)");
	else
		fprintf(f, "OK: nothing slower than tolerated");
	fprintf(f, "; %zu faster\n", faster);
	if (m->weak)
		fprintf(f,
		    "WEAK: %.0f%% of this run's samples were disturbed "
		    "(other load on this CPU): verdicts marked weak\n",
		    m->noisy_share * 100);
}

/* "Quick: 22 tests in 9.8 s (budget 14 s): 19 decided, 3 undecided". */
static void
quick_words(FILE *f, const struct verdict_report *vr, const struct row_out *o)
{
	size_t ran = 0, undecided = 0;

	for (size_t i = 0; i < vr->n; i++) {
		ran += o[i].r->status == BENCH_OK;
		undecided += o[i].r->status == BENCH_OK &&
		    vr->sequential[i] == JUDGE_SEQ_UNDECIDED;
	}
	fprintf(f,
	    "Quick: %zu tests in %.1f s (budget %.0f s), each stopped when "
	    "its verdict was decided (sequential test: 5%% false alarms a "
	    "check, 5%% misses a test): %zu decided, %zu undecided at the "
	    "budget\n",
	    ran, vr->quick_s, vr->quick_budget_s, ran - undecided, undecided);
}

static void
write_text(FILE *f, const struct verdict_report *vr, const struct row_out *o,
    const struct judge_machine *m, int status)
{
	char line[800];

	fprintf(f,
	    "Check against %s (%s), tolerance %g%%: a test is slower or "
	    "faster\nwhen its slices differ from the profile's (%s) by "
	    "more\nthan the tolerance, beyond the machine's shift.\n",
	    vr->rd->machines[vr->machine].id,
	    vr->rd->machines[vr->machine].label, vr->tolerance_pct,
	    vr->sequential != NULL ? "sequential test" : "U test, p < 0.05");
	if (m->one_figure)
		fprintf(f,
		    "Warning: %s holds one figure per test (an older "
		    "profile or a reference machine): judged on this "
		    "run's spread alone, weak; --save it again.\n",
		    vr->rd->machines[vr->machine].id);
	if (vr->sequential != NULL)
		quick_words(f, vr, o);
	machine_words(vr, m, line, sizeof line);
	fprintf(f, "Machine: %s\n", line);
	for (int k = 0; k < JUDGE_KIND_COUNT; k++)
		if (m->kind_moved[k] != 0) {
			kind_words(vr, o, m, k, line, sizeof line);
			fprintf(f, "Kind: %s\n", line);
		}
	if (m->busy_tests > 0) {
		busy_words(vr, o, m, line, sizeof line);
		fprintf(f, "Busy: %s\n", line);
	}
	fputc('\n', f);
	fprintf(f, "%-24s %7s %7s %-7s %-13s %-13s %-11s %5s  %s\n", "TEST",
	    "THIS", "PROFILE", "UNIT", "CHANGE", "BEYOND MACH.", "95% CI", "P",
	    "VERDICT");
	for (size_t i = 0; i < vr->n; i++)
		text_row(f, vr, &o[i], vr->context_moved);
	text_summary(f, o, vr->n, m, status);
}

static void
json_ratio(FILE *f, const char *key, double ratio)
{
	char words[32];

	fprintf(f, ",\"%s\":", key);
	report_json_number(f, ratio);
	fprintf(f, ",\"%s_text\":", key);
	report_json_string(f, judge_ratio_text(ratio, words, sizeof words));
}

static void
json_row(FILE *f, const struct verdict_report *vr, const struct row_out *o,
    int first)
{
	char v[64];

	verdict_words(vr, o, v, sizeof v);
	fprintf(f, "%s\n{\"id\":", first ? "" : ",");
	report_json_string(f, o->r->test->id);
	fprintf(f, ",\"value\":");
	report_json_number(f, o->r->status == BENCH_OK ? o->r->value : NAN);
	fprintf(f, ",\"profile\":");
	report_json_number(f, o->c.found ? o->c.value : NAN);
	fprintf(f, ",\"unit\":");
	report_json_string(f, bench_unit_name(o->r->test->unit));
	json_ratio(f, "change", o->l.ratio);
	json_ratio(f, "beyond_machine", o->l.beyond);
	fprintf(f, ",\"ci95\":[");
	report_json_number(f, o->l.lo);
	fputc(',', f);
	report_json_number(f, o->l.hi);
	fprintf(f, "],\"p\":");
	report_json_number(f, o->l.p);
	fprintf(f, ",\"profile_slices\":%zu,\"slices\":%zu,\"verdict\":",
	    o->then.nslices, o->nnow);
	report_json_string(f, v);
	fprintf(f, ",\"weak\":%s,\"by_kind\":%s}", o->l.weak ? "true" : "false",
	    o->l.by_kind ? "true" : "false");
}

/* Each kind's shift, its tests and whether it moved as a whole. */
static void
json_kinds(FILE *f, const struct judge_machine *m)
{
	fprintf(f, ",\"kinds\":[");
	for (int k = 0; k < JUDGE_KIND_COUNT; k++) {
		fprintf(f, "%s{\"id\":\"%s\",\"kind\":", k ? "," : "",
		    judge_kind_id(k));
		report_json_string(f, judge_kind_name(k));
		json_ratio(f, "shift", m->kind_shift[k]);
		fprintf(f, ",\"tests\":%zu,\"moved\":%d}", m->kind_tests[k],
		    m->kind_moved[k]);
	}
	fputc(']', f);
}

/* The CPUs other load kept busy and the tests not judged for it. */
static void
json_busy(FILE *f, const struct judge_machine *m)
{
	fprintf(f, ",\"busy_cpus\":[");
	for (int c = 0, k = 0; c < 64; c++)
		if (m->busy_cpus & (UINT64_C(1) << c))
			fprintf(f, "%s%d", k++ ? "," : "", c);
	fprintf(f, "],\"busy_tests\":%zu", m->busy_tests);
	json_ratio(f, "busy_shift", m->busy_shift);
}

static void
write_json(FILE *f, const struct verdict_report *vr, const struct row_out *o,
    const struct judge_machine *m, int status)
{
	char line[1100];

	fprintf(f, "{\"schema\":%d,\"check\":", REPORT_SCHEMA);
	report_json_string(f, vr->rd->machines[vr->machine].id);
	fprintf(f, ",\"tolerance_pct\":");
	report_json_number(f, vr->tolerance_pct);
	fprintf(f, ",\"status\":%d,\"machine\":{\"text\":", status);
	machine_words(vr, m, line, sizeof line);
	report_json_string(f, line);
	json_ratio(f, "shift", m->shift);
	fprintf(f, ",\"spread\":");
	report_json_number(f, m->spread);
	fprintf(f, ",\"judged_beyond\":");
	report_json_number(f, m->floor);
	fprintf(f,
	    ",\"beyond_tolerance\":%s,\"tests\":%zu,\"moved\":%zu,"
	    "\"noisy_share\":",
	    m->beyond ? "true" : "false", m->tests, m->moved);
	report_json_number(f, m->noisy_share);
	fprintf(f, ",\"weak\":%s,\"one_figure\":%s", m->weak ? "true" : "false",
	    m->one_figure ? "true" : "false");
	json_kinds(f, m);
	json_busy(f, m);
	fputc('}', f);
	if (vr->sequential != NULL) {
		fprintf(f, ",\"quick\":{\"seconds\":");
		report_json_number(f, vr->quick_s);
		fprintf(f, ",\"budget_s\":");
		report_json_number(f, vr->quick_budget_s);
		fputc('}', f);
	}
	fprintf(f, ",\"tests\":[");
	for (size_t i = 0; i < vr->n; i++)
		json_row(f, vr, &o[i], i == 0);
	fprintf(f, "\n]}\n");
}

static void
write_csv(FILE *f, const struct verdict_report *vr, const struct row_out *o)
{
	char words[32], v[64];

	fprintf(f,
	    "id,value,profile,unit,change,change_text,beyond_machine,"
	    "beyond_machine_text,ci95_low,ci95_high,p,verdict,weak\n");
	for (size_t i = 0; i < vr->n; i++) {
		report_csv_field(f, o[i].r->test->id);
		report_csv_number(f,
		    o[i].r->status == BENCH_OK ? o[i].r->value : NAN);
		report_csv_number(f, o[i].c.found ? o[i].c.value : NAN);
		fputc(',', f);
		report_csv_field(f, bench_unit_name(o[i].r->test->unit));
		report_csv_number(f, o[i].l.ratio);
		fputc(',', f);
		report_csv_field(f,
		    judge_ratio_text(o[i].l.ratio, words, sizeof words));
		report_csv_number(f, o[i].l.beyond);
		fputc(',', f);
		report_csv_field(f,
		    judge_ratio_text(o[i].l.beyond, words, sizeof words));
		report_csv_number(f, o[i].l.lo);
		report_csv_number(f, o[i].l.hi);
		report_csv_number(f, o[i].l.p);
		verdict_words(vr, &o[i], v, sizeof v);
		fputc(',', f);
		report_csv_field(f, v);
		fprintf(f, ",%d\n", o[i].l.weak);
	}
}

/* The run's families (report_om), then the check's (om_check_write);
 * the exit status, or -1 when out of memory (nothing printed). */
static int
write_om(FILE *f, const struct verdict_report *vr, const struct row_out *o,
    const struct judge_machine *m, int status)
{
	struct judge_line *l = calloc(vr->n + 1, sizeof *l);

	if (l == NULL)
		return -1;
	for (size_t i = 0; i < vr->n; i++)
		l[i] = o[i].l;
	if (vr->host != NULL)
		report_om(f,
		    &(struct report){ .machine = vr->host,
		        .results = vr->r,
		        .n = vr->n });
	om_check_write(f, vr, l, m, status);
	free(l);
	return status;
}

/* Gather and judge into o (n rows); the exit status. */
static int
judge_into(const struct verdict_report *v, struct row_out *o,
    struct judge_machine *m)
{
	struct judge_row *in = calloc(v->n + 1, sizeof *in);
	struct judge_line *lines = calloc(v->n + 1, sizeof *lines);
	double noisy;
	int status = -1;

	if (in != NULL && lines != NULL) {
		gather(v, o, in, &noisy);
		judge_rows(in, v->n, v->tolerance_pct, noisy, lines, m);
		for (size_t i = 0; i < v->n; i++)
			o[i].l = lines[i];
		status = verdict_status(lines, v->n, m);
	}
	free(in);
	free(lines);
	return status;
}

int
verdict_out_judge_report(const struct verdict_report *vr,
    struct judge_line *out, const char **why, struct judge_machine *m)
{
	struct verdict_report v = *vr;
	struct row_out *o;
	int status;

	v.n = v.n > JUDGE_MAX_ROWS ? JUDGE_MAX_ROWS : v.n;
	if ((o = calloc(v.n + 1, sizeof *o)) == NULL)
		return -1;
	if ((status = judge_into(&v, o, m)) >= 0)
		for (size_t i = 0; i < v.n; i++) {
			out[i] = o[i].l;
			why[i] = o[i].why;
		}
	free(o);
	return status;
}

int
verdict_out_write(FILE *f, const struct verdict_report *vr)
{
	struct verdict_report v = *vr;
	struct judge_machine m;
	struct row_out *o;
	int status;

	v.n = v.n > JUDGE_MAX_ROWS ? JUDGE_MAX_ROWS : v.n;
	if ((o = calloc(v.n + 1, sizeof *o)) == NULL)
		return -1;
	if ((status = judge_into(&v, o, &m)) >= 0) {
		if (v.format == REPORT_JSON)
			write_json(f, &v, o, &m, status);
		else if (v.format == REPORT_CSV)
			write_csv(f, &v, o);
		else if (v.format == REPORT_OPENMETRICS)
			status = write_om(f, &v, o, &m, status);
		else
			write_text(f, &v, o, &m, status);
	}
	free(o);
	return status;
}
