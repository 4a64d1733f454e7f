/*
 * report-html.c: the HTML page: machine, group charts, the tests.
 * The origin's own tables are in report-html-seed.c.
 */

#include "config.h"

#include "report-html-seed.h"
#include "report-html-story.h"
#include "report-html.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base-cycles.h"
#include "base-fmt.h"
#include "base-html.h"
#include "ref-compare.h"
#include "ref-select.h"
#include "report-common.h"
#include "report-seed.h"
#include "report-verdict.h"

static const char *const kind_titles[] = {
	[HTML_BATCH] = "batch report",
	[HTML_SEED] = "report",
	[HTML_CHECK] = "check",
	[HTML_SNAPSHOT] = "live snapshot",
};

static const char *const seed_titles[] = {
	[SEED_BYTE] = "BYTE UNIX Benchmarks 3.11 index",
	[SEED_LMBENCH] = "lmbench 2.0 summary",
	[SEED_CTXBENCH] = "ctxbench",
};

void
report_html_init(struct html_page *p, enum html_kind kind,
    const struct report *rep)
{
	memset(p, 0, sizeof *p);
	p->kind = kind;
	p->rep = rep;
	p->seed_machine = SIZE_MAX;
	for (size_t k = 0; rep->ref != NULL && k < SVG_MAX_REFS; k++)
		if (rep->refs[k].kind != REFSEL_NONE)
			p->refs[p->nrefs++] = rep->refs[k];
	p->when_s = (double)time(NULL);
}

static const char *
page_title(const struct html_page *p)
{
	if (p->kind == HTML_SEED && p->seed != SEED_NONE &&
	    p->seed < SEED_COUNT)
		return seed_titles[p->seed];
	return kind_titles[p->kind];
}

/* One argument as a shell would need it: bare, or in single quotes. */
static void
shell_word(FILE *f, const char *a)
{
	if (*a != '\0' &&
	    strspn(a,
	        "abcdefghijklmnopqrstuvwxyz"
	        "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	        "0123456789-_./=:,@+%") == strlen(a)) {
		html_text(f, a);
		return;
	}
	fputc('\'', f);
	for (; *a != '\0'; a++) {
		if (*a == '\'')
			fputs("'\\''", f);
		else {
			char c[2] = { *a, '\0' };

			html_text(f, c);
		}
	}
	fputc('\'', f);
}

static void
dl_item(FILE *f, const char *term, const char *text)
{
	fprintf(f, "<dt>%s</dt><dd>", term);
	html_text(f, text != NULL && *text ? text : "-");
	fputs("</dd>\n", f);
}

/* The placement two-party tests ran with: the first that says. */
static const char *
placement_of(const struct report *r)
{
	for (size_t i = 0; i < r->n; i++)
		if (r->results[i].placement != BENCH_PLACE_SINGLE)
			return bench_placement_name(r->results[i].placement);
	return r->n > 0 ? bench_placement_name(BENCH_PLACE_SINGLE) : NULL;
}

static void
clocks_text(const struct machine *m, char *buf, size_t size)
{
	char core[160];

	(void)snprintf(buf, size, "core %s, TSC %.3f GHz",
	    cycles_core_text(&m->clock, core, sizeof core),
	    m->clock.tsc_hz / 1e9);
}

/* Every fact of the machine's context, folded: the summary above says
 * the few that matter. */
static void
context_section(FILE *f, const struct machine_context *c)
{
	char buf[64];

	fputs("<details><summary>The kernel's and the host's context "
	      "</summary>\n<dl class=\"context\">\n",
	    f);
	for (size_t i = 0; i < c->n; i++) {
		fputs("<dt>", f);
		html_text(f, c->f[i].key);
		fputs("</dt><dd>", f);
		html_text(f, c->f[i].value);
		fputs("</dd>\n", f);
	}
	if (isfinite(c->steal_pct)) {
		(void)snprintf(buf, sizeof buf, "steal %.1f%%, irq %.1f%%",
		    c->steal_pct, c->irq_pct);
		dl_item(f, "CPU time", buf);
	}
	fputs("</dl></details>\n", f);
}

/* How the core clock was read: each chain's time a step. */
static void
clock_note(FILE *f, const struct cycles_info *c)
{
	const struct clock_estimate *e = &c->clock;

	fprintf(f,
	    "<p class=\"dim note\">The core clock is read from chains of "
	    "dependent instructions, each waiting for the one before: a step "
	    "of adding a register took %.4f ns, of multiplying %.4f ns "
	    "(%.2f adds), of adding a constant %.4f ns (which some cores fold "
	    "several to a cycle), of loading a pointer %.4f ns. The clock is "
	    "held when the multiply takes a whole number of adds: ",
	    e->ns_per_step[CLOCK_CHAIN_ADD_REG],
	    e->ns_per_step[CLOCK_CHAIN_MUL], e->mul_ratio,
	    e->ns_per_step[CLOCK_CHAIN_ADD_IMM],
	    e->ns_per_step[CLOCK_CHAIN_LOAD]);
	html_text(f, clock_verdict_name(e->verdict));
	fputs(".</p>\n", f);
}

/*
 * Why the cycles are not the CPU's own counter, in words: the raw
 * reason ("perf_event_open: No such file or directory") as a footnote.
 */
static void
cycles_note(FILE *f, const struct machine *m)
{
	char core[160];

	if (m->clock.pmu_reason[0] == '\0')
		return;
	fprintf(f,
	    "<p class=\"dim note\">Note: the CPU's own cycle counter could "
	    "not be used (a virtual machine often has none), so cycles per "
	    "operation are %s: the time of an operation times the core "
	    "clock measured at start (",
	    m->clock.source == CYCLES_TSC_SCALED
	        ? "the time stamp counter scaled to the core clock"
	        : "the system clock scaled to the core clock");
	html_text(f, cycles_core_text(&m->clock, core, sizeof core));
	fputs(m->clock.core_hz > 0 ? ")" : "; so they are not shown)", f);
	fputs(". The system's answer was: ", f);
	html_text(f, m->clock.pmu_reason);
	fputs(".</p>\n", f);
	clock_note(f, &m->clock);
}

/* CPU, class, clocks, cycle source, kernel, placement, date, version. */
static void
machine_section(FILE *f, const struct html_page *p)
{
	const struct machine *m = p->rep->machine;
	char buf[256];
	time_t t = (time_t)p->when_s;
	struct tm tm;

	if (p->seed_machine == SIZE_MAX)
		fputs("<h2>This machine</h2>\n", f);
	else {
		fputs("<h2>Written on this machine</h2>\n<p>The tables below "
		      "hold the figures of <b>",
		    f);
		html_text(f, p->rep->ref->machines[p->seed_machine].id);
		fputs("</b> (", f);
		html_text(f, p->rep->ref->machines[p->seed_machine].label);
		fputs("), as its source document printed them; nothing in "
		      "them was measured on the machine below, which only "
		      "wrote the page.</p>\n",
		    f);
	}
	fputs("<dl class=\"machine\">\n", f);
	dl_item(f, "Host", m->host);
	(void)snprintf(buf, sizeof buf, "%s (%s), %d CPUs", m->cpu.brand,
	    m->cpu.vendor, m->cpu.cpus_online);
	dl_item(f, "CPU", buf);
	dl_item(f, "Class", m->class_name);
	if (m->cpu.doubts[0] != '\0')
		dl_item(f, "Doubts", m->cpu.doubts);
	clocks_text(m, buf, sizeof buf);
	dl_item(f, "Clocks", buf);
	(void)snprintf(buf, sizeof buf, "%s%s",
	    cycles_source_name(m->clock.source),
	    m->clock.pmu_reason[0] ? " (see the note below)" : "");
	dl_item(f, "Cycles", buf);
	dl_item(f, "Kernel", m->kernel);
	context_summary(report_common_context(p->rep), buf, sizeof buf);
	dl_item(f, "Context", buf);
	dl_item(f, "Placement", placement_of(p->rep));
	(void)strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S UTC",
	    gmtime_r(&t, &tm));
	dl_item(f, "Date", buf);
	dl_item(f, "benchtop", PACKAGE_VERSION);
	fputs("<dt>Command</dt><dd><code>", f);
	for (int i = 0; i < p->argc; i++) {
		fputs(i ? " " : "", f);
		shell_word(f, p->argv[i]);
	}
	fputs("</code></dd>\n</dl>\n", f);
	cycles_note(f, m);
	context_section(f, report_common_context(p->rep));
}

/* The ratio of result r to reference s, NAN when not comparable. */
static double
ratio_to(const struct html_page *p, const struct refsel *s,
    const struct test_result *r)
{
	struct compare_ref c;

	if (r->status != BENCH_OK)
		return NAN;
	compare_sel(p->rep->ref, s, r->test, r->value, r->placement, &c);
	return c.found && c.comparable ? c.ratio : NAN;
}

static void
value_text(const struct test_result *r, char *buf, size_t size)
{
	char v[32];

	if (r->status != BENCH_OK) {
		(void)snprintf(buf, size, "%s", bench_status_name(r->status));
		return;
	}
	(void)snprintf(buf, size, "%s %s",
	    report_common_fmt_value(v, sizeof v, r->value),
	    bench_unit_name(r->test->unit));
}

/* Row i of the charts: this machine's value and its ratio to each
 * reference, a stand-in's marked. */
static void
chart_row(const struct html_page *p, size_t i, struct svg_ratio_row *row)
{
	const struct test_result *r = &p->rep->results[i];

	memset(row, 0, sizeof *row);
	row->label = r->test->title;
	value_text(r, row->value, sizeof row->value);
	for (size_t k = 0; k < p->nrefs; k++) {
		struct compare_ref c;

		compare_sel(p->rep->ref, &p->refs[k], r->test, NAN,
		    r->placement, &c);
		row->stand_in[k] = c.found && c.stand_in;
		row->ratio[k] = ratio_to(p, &p->refs[k], r);
		(void)compare_ratio_text(p->rep->ref, &p->refs[k], r->test,
		    r->status == BENCH_OK ? r->value : NAN, r->placement,
		    row->ratio_text[k], sizeof row->ratio_text[k]);
	}
}

/* One group's chart, or nothing when no test of the run is in it. */
static void
group_chart(FILE *f, const struct html_page *p, int g,
    const struct svg_ratio_row *all, struct svg_ratio_row *rows, int decades)
{
	const char *name = bench_group_name((enum bench_group)g);
	const char *names[SVG_MAX_REFS];
	size_t n = 0;

	for (size_t i = 0; i < p->rep->n; i++)
		if ((int)p->rep->results[i].test->group == g)
			rows[n++] = all[i];
	if (n == 0)
		return;
	fprintf(f, "<h3>%s <span class=\"dim\">against", name);
	for (size_t k = 0; k < p->nrefs; k++) {
		names[k] = ref_select_name(p->rep->ref, &p->refs[k]);
		fprintf(f, "%s", k ? " and " : " ");
		html_text(f, names[k]);
		fputs(k ? " (paler)" : "", f);
	}
	fputs(p->nrefs ? "</span></h3>\n" : " no reference</span></h3>\n", f);
	fputs("<div class=\"scroll\">", f);
	svg_ratio_chart(f, name, rows, n, names, p->nrefs, decades);
	fputs("</div>\n", f);
}

/* How to read the charts (their one scale), and which machine serves
 * each reference. */
static void
refs_legend(FILE *f, const struct html_page *p, int decades)
{
	char served[512];

	fprintf(f,
	    "<p>Each bar: this machine's figure over the reference's, on "
	    "a log scale; right of 1x (green) this machine does better, "
	    "left (red) worse. <b>One scale for every chart below: %gx to "
	    "%gx.</b> After the bars: this machine's median, then the ratio "
	    "to each reference the heading names. "
	    "<svg class=\"swatch\" viewBox=\"0 0 24 10\" width=\"24\">"
	    "<rect class=\"better si\" x=\"1\" y=\"1\" width=\"22\" "
	    "height=\"8\"/></svg> A hollow, dashed bar (and '~' after its "
	    "ratio): a machine of another kind standing in for the class, "
	    "named below.</p>\n<ul>\n",
	    pow(10, -decades), pow(10, decades));
	for (size_t k = 0; k < p->nrefs; k++) {
		ref_select_describe(p->rep->ref, &p->refs[k], served,
		    sizeof served);
		fprintf(f, "<li>%s <b>", k ? "Paler bars:" : "Reference:");
		html_text(f, ref_select_name(p->rep->ref, &p->refs[k]));
		fputs("</b>: ", f);
		html_text(f, served);
		fputs("</li>\n", f);
	}
	fputs("</ul>\n", f);
}

static void
group_charts(FILE *f, const struct html_page *p)
{
	struct svg_ratio_row *all = calloc(p->rep->n, sizeof *all);
	struct svg_ratio_row *rows = calloc(p->rep->n, sizeof *rows);
	int decades;

	if (rows == NULL || all == NULL) {
		free(all);
		free(rows);
		return;
	}
	for (size_t i = 0; i < p->rep->n; i++)
		chart_row(p, i, &all[i]);
	decades = svg_ratio_decades(all, p->rep->n, p->nrefs);
	fputs("<h2>By group</h2>\n", f);
	refs_legend(f, p, decades);
	for (int g = 0; g < BENCH_GROUP_COUNT; g++)
		group_chart(f, p, g, all, rows, decades);
	free(all);
	free(rows);
}

/* A number cell: printf("%.*f") or "%.3g" of v, then `unit`; "-" if
 * v is not finite. decimals < 0 means 3 significant digits. */
static void
cell_num(FILE *f, double v, int decimals, const char *prefix, const char *unit)
{
	fputs("<td class=\"n\">", f);
	if (!isfinite(v))
		fputs("-", f);
	else if (decimals < 0)
		fprintf(f, "%s%.3g%s", prefix, v, unit);
	else
		fprintf(f, "%s%.*f%s", prefix, decimals, v, unit);
	fputs("</td>", f);
}

/* Status, with noisy samples counted and the verdict of --check. */
static void
status_cell(FILE *f, const struct html_page *p, const struct test_result *r)
{
	struct judge_line l;
	char text[64];

	fprintf(f, "<td class=\"st %s\">%s",
	    r->status != BENCH_OK ? "bad"
	        : r->ns.n == 0    ? "dim"
	                          : "ok",
	    r->status == BENCH_OK && r->ns.n == 0
	        ? "waiting"
	        : bench_status_name(r->status));
	if (r->reason[0]) {
		fputs(": ", f);
		html_text(f, r->reason);
	}
	fputs("</td>", f);
	if (p->kind != HTML_CHECK || p->nrefs == 0 ||
	    p->refs[0].kind != REFSEL_MACHINE || p->verdicts == NULL)
		return;
	l = p->verdicts[r - p->rep->results];
	judge_text(&l, p->verdict_why[r - p->rep->results], text, sizeof text);
	fprintf(f, "<td class=\"%s\">%s</td>",
	    l.verdict == JUDGE_SLOWER                                ? "bad"
	        : l.verdict == JUDGE_OK || l.verdict == JUDGE_FASTER ? "ok"
	                                                             : "dim",
	    text);
}

static void
test_row(FILE *f, const struct html_page *p, size_t i)
{
	const struct test_result *r = &p->rep->results[i];
	const double *v = p->samples ? p->samples[i] : NULL;
	size_t n = v ? p->nsamples[i] : 0;
	int ok = r->status == BENCH_OK;
	char buf[64];

	fputs("<tr class=\"test\" data-test=\"", f);
	html_text(f, r->test->id);
	fputs("\"><td>", f);
	html_text(f, r->test->id);
	value_text(r, buf, sizeof buf);
	fprintf(f, "</td><td class=\"n\">%s</td>", buf);
	fprintf(f, "<td class=\"n\">%s</td>",
	    fmt_ns(buf, sizeof buf, ok ? r->ns.median : NAN, 8));
	/* No interval from one or two samples: it would be a guess. */
	cell_num(f,
	    ok && r->ns.median > 0 && r->ns.n >= 3
	        ? r->ns.ci95_median / r->ns.median * 100
	        : NAN,
	    1, "&plusmn;", "%");
	cell_num(f, ok ? r->ns.cv_pct : NAN, 1, "", "%");
	cell_num(f,
	    ok && r->ns.n ? 100.0 * (double)r->noisy / (double)r->ns.n : NAN, 0,
	    "", "%");
	fprintf(f, "<td class=\"n\">%zu</td><td>", r->ns.n);
	svg_sparkline(f, v, n);
	fputs("</td><td>", f);
	if (ok)
		svg_distribution(f, v, n, &r->ns);
	fputs("</td>", f);
	/* As the text report prints it: '~' marks a stand-in machine. */
	for (size_t k = 0; k < p->nrefs; k++)
		fprintf(f, "<td class=\"n\">%s</td>",
		    compare_ratio_text(p->rep->ref, &p->refs[k], r->test,
		        ok ? r->value : NAN, r->placement, buf, sizeof buf));
	status_cell(f, p, r);
	fputs("</tr>\n", f);
}

static void
tests_table(FILE *f, const struct html_page *p)
{
	fputs("<h2>Tests</h2>\n<p>Median over the samples, its 95% "
	      "interval (none from fewer than three samples), the "
	      "coefficient of variation, the share of samples "
	      "disturbed by other load (noisy); each sample's ns/op in order "
	      "and their distribution (the median as a line, its interval "
	      "shaded).</p>\n<div class=\"scroll\"><table>\n<tr><th>test</th>"
	      "<th>median</th><th>ns/op</th><th>95% CI</th><th>CV</th>"
	      "<th>noisy</th><th>samples</th><th>samples (ns/op)</th>"
	      "<th>distribution</th>",
	    f);
	for (size_t k = 0; k < p->nrefs; k++) {
		fputs("<th>vs ", f);
		html_text(f, ref_select_name(p->rep->ref, &p->refs[k]));
		fputs("</th>", f);
	}
	fputs("<th>status</th>", f);
	if (p->kind == HTML_CHECK && p->nrefs > 0 &&
	    p->refs[0].kind == REFSEL_MACHINE)
		fprintf(f, "<th>verdict (tolerance %g%%)</th>",
		    p->tolerance_pct);
	fputs("</tr>\n", f);
	for (size_t i = 0; i < p->rep->n; i++)
		test_row(f, p, i);
	fputs("</table></div>\n", f);
}

/* --check: the verdicts counted, and the exit status they give. */
static void
check_summary(FILE *f, const struct html_page *p)
{
	size_t count[JUDGE_VERDICT_COUNT] = { 0 };
	char shift[32];

	for (size_t i = 0; p->verdicts != NULL && i < p->rep->n; i++)
		count[p->verdicts[i].verdict]++;
	fputs("<h2>Verdict</h2>\n<p>Against <b>", f);
	html_text(f, ref_select_name(p->rep->ref, &p->refs[0]));
	fprintf(f,
	    "</b>, tolerating %g%% slower: <span class=\"ok\">%zu ok</span>, "
	    "<span class=\"%s\">%zu slower</span>, %zu faster, %zu not "
	    "comparable, %zu with too few samples (exit status %d); the "
	    "machine as a whole: %s.</p>\n",
	    p->tolerance_pct, count[JUDGE_OK],
	    count[JUDGE_SLOWER] ? "bad" : "ok", count[JUDGE_SLOWER],
	    count[JUDGE_FASTER], count[JUDGE_NOT_COMPARABLE],
	    count[JUDGE_TOO_FEW], p->check_status,
	    p->verdict_machine != NULL
	        ? judge_ratio_text(p->verdict_machine->shift, shift,
	              sizeof shift)
	        : "-");
}

int
report_html_write(FILE *f, const struct html_page *p)
{
	char title[160];

	errno = 0;
	(void)snprintf(title, sizeof title, "benchtop %s: %s", page_title(p),
	    p->seed_machine == SIZE_MAX
	        ? p->rep->machine->host
	        : p->rep->ref->machines[p->seed_machine].id);
	html_begin(f, title);
	fputs("<h1>", f);
	html_text(f, title);
	fputs("</h1>\n", f);
	/* The comparison is what such a page is for: first, above all. */
	if (p->nrefs == 2 && p->rep->n > 0)
		report_html_story(f, p);
	machine_section(f, p);
	if (p->seed != SEED_NONE)
		report_html_seed(f, p);
	if (p->kind == HTML_CHECK && p->nrefs > 0 &&
	    p->refs[0].kind == REFSEL_MACHINE)
		check_summary(f, p);
	if (p->rep->n > 0) {
		group_charts(f, p);
		tests_table(f, p);
	}
	html_end(f);
	return report_common_finish(f);
}

int
report_html_save(const char *path, const struct html_page *p, char *err,
    size_t errsize)
{
	struct report_save s;

	if (report_common_save_begin(&s, "--html", path, err, errsize) != 0)
		return -1;
	return report_common_save_end(&s, report_html_write(s.f, p) == 0, err,
	    errsize);
}
