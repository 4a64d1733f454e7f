/*
 * report-html-fleet.c: --compare's page: what was found first (the kinds
 * off, the outliers), then the chart in the story's style, the table of
 * cells, the machines and the facts of their context in which they
 * differ. One self-contained page, as report-html.c's.
 */

#include "config.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base-fmt.h"
#include "base-html.h"
#include "ref-data-find.h"
#include "report-common.h"
#include "report-fleet.h"
#include "report-html-fleet.h"
#include "report-svg-fleet.h"

/* A line of text in an element. */
static void
html_line(FILE *f, const char *tag, const char *cls, const char *text)
{
	fprintf(f, "<%s%s%s%s>", tag, cls ? " class=\"" : "", cls ? cls : "",
	    cls ? "\"" : "");
	html_text(f, text);
	fprintf(f, "</%s>\n", tag);
}

static void
summary(FILE *f, const struct fleet_report *r)
{
	const struct fleet_sum *s = &r->judged.sum;
	char line[300];

	(void)snprintf(line, sizeof line,
	    "%zu machines, %zu tests. Outliers: %zu slower and %zu faster "
	    "than the fleet on a test; kinds off as a whole: %zu. Tolerance "
	    "%g%%.",
	    r->nmachines, r->ntests, s->slower, s->faster,
	    s->kinds_slower + s->kinds_faster, r->tolerance_pct);
	html_line(f, "p", NULL, line);
	if (fleet_report_few_text(r) != NULL)
		html_line(f, "p", "warn", fleet_report_few_text(r));
}

static void
kinds_section(FILE *f, const struct fleet_report *r)
{
	const struct fleet_kind *fk;
	char line[300];
	size_t said = 0;

	if (!r->judged.sum.can_tell)
		return;
	fputs("<h2>Kinds off as a whole</h2>\n<ul>\n", f);
	for (size_t at = 0; (fk = fleet_report_kind_off(r, &at)) != NULL;
	     at++, said++) {
		fleet_report_kind_line(r, at, line, sizeof line);
		html_line(f, "li", fk->moved < 0 ? "bad" : "ok", line);
	}
	if (said == 0)
		html_line(f, "li", "dim",
		    "none: on every machine each kind of test is the fleet's");
	fputs("</ul>\n<p class=\"dim\">Said once per machine and kind; the "
	      "rows that moved with such a kind are drawn hollow and judged "
	      "beyond its shift.</p>\n",
	    f);
}

static void
legend(FILE *f, const struct fleet_report *r)
{
	fputs("<p class=\"legend\">", f);
	for (size_t m = 0; m < r->nmachines; m++) {
		fprintf(f,
		    "<svg class=\"swatch\" viewBox=\"0 0 10 10\" width=\"10\">"
		    "<circle cx=\"5\" cy=\"5\" r=\"4\" fill=\"%s\"/></svg> ",
		    svg_fleet_colour(m));
		html_text(f, r->machines[m].label);
		fputs(" &nbsp; ", f);
	}
	fputs("<br>Large red: slower than the fleet; large green: faster; "
	      "hollow: moved with its machine's kind; ringed: one of two "
	      "machines that differ. Shaded: within the tolerance.</p>\n",
	    f);
}

static void
chart_section(FILE *f, const struct fleet_report *r)
{
	const char **tests = calloc(r->ntests + 1, sizeof *tests);
	const char **labels = calloc(r->nmachines + 1, sizeof *labels);
	struct svg_fleet c = { tests, labels, r->judged.cells, r->ntests,
		r->nmachines, r->judged.sum.floor };

	fputs("<h2>Each test against the fleet's median</h2>\n", f);
	legend(f, r);
	fputs("<p class=\"dim\">A machine's speed over the fleet's median for "
	      "the test, on one log scale (left: slower), with its interval "
	      "from the machine's slices. An outlier lies beyond the "
	      "tolerance and 3 robust sigmas of the machines' spread for the "
	      "test, its whole interval beyond the tolerance.</p>\n"
	      "<div class=\"scroll\">",
	    f);
	for (size_t t = 0; tests != NULL && t < r->ntests; t++)
		tests[t] = r->tests[t]->id;
	for (size_t m = 0; labels != NULL && m < r->nmachines; m++)
		labels[m] = r->machines[m].label;
	if (tests != NULL && labels != NULL)
		svg_fleet_chart(f, &c);
	fputs("</div>\n", f);
	free(tests);
	free(labels);
}

/* One cell of the table. */
static void
table_cell(FILE *f, const struct fleet_cell *c)
{
	static const char *const cls[] = { [FLEET_NONE] = "dim",
		[FLEET_IN] = "",
		[FLEET_SLOWER] = "bad",
		[FLEET_FASTER] = "ok",
		[FLEET_WITH_KIND] = "warn",
		[FLEET_DIFFER] = "warn" };

	fprintf(f, "<td class=\"n %s\" data-mark=\"%s\">", cls[c->mark],
	    fleet_mark_name(c->mark));
	if (c->mark == FLEET_NONE)
		fputs("-", f);
	else if (isfinite(c->lo))
		fprintf(f, "%.2f <span class=\"dim\">%.2f&ndash;%.2f</span>",
		    c->ratio, c->lo, c->hi);
	else
		fprintf(f, "%.2f", c->ratio);
	fputs(c->mark == FLEET_WITH_KIND  ? " k"
	        : c->mark == FLEET_DIFFER ? " ~"
	                                  : "",
	    f);
	fputs("</td>", f);
}

/* The rest of a table's header row: a column a machine. */
static void
machine_headers(FILE *f, const struct fleet_report *r)
{
	for (size_t m = 0; m < r->nmachines; m++)
		html_line(f, "th", NULL, r->machines[m].label);
	fputs("</tr>\n", f);
}

static void
table_section(FILE *f, const struct fleet_report *r)
{
	char med[32];

	fputs("<h2>The table</h2>\n<div class=\"scroll\"><table "
	      "class=\"fleet\">\n<tr><th>test</th><th>fleet median</th>",
	    f);
	machine_headers(f, r);
	for (size_t t = 0; t < r->ntests; t++) {
		fputs("<tr><td>", f);
		html_text(f, r->tests[t]->id);
		fprintf(f, "</td><td class=\"n\">%s %s</td>",
		    fmt_value4(med, sizeof med, r->judged.tests[t].median, 9),
		    bench_unit_name(r->tests[t]->unit));
		for (size_t m = 0; m < r->nmachines; m++)
			table_cell(f, fleet_report_cell(r, t, m));
		fputs("</tr>\n", f);
	}
	fputs("</table></div>\n", f);
}

static void
machines_section(FILE *f, const struct fleet_report *r)
{
	char line[400];

	fputs("<h2>Machines</h2>\n<dl class=\"machine\">\n", f);
	for (size_t m = 0; m < r->nmachines; m++) {
		fleet_report_machine_text(r, m, line, sizeof line);
		html_line(f, "dt", NULL, r->machines[m].label);
		fputs("<dd>", f);
		html_text(f, line);
		fputs(" <span class=\"dim\">", f);
		html_text(f, r->machines[m].path);
		fputs("</span></dd>\n", f);
	}
	fputs("</dl>\n", f);
}

/* Whether machines hold context fact `key` otherwise. */
static int
fact_differs(const struct fleet_report *r, const char *key)
{
	const char *first = ref_data_find_context(&r->machines[0].rd, 0, key);

	for (size_t m = 1; m < r->nmachines; m++) {
		const char *v =
		    ref_data_find_context(&r->machines[m].rd, 0, key);

		if ((v == NULL) != (first == NULL) ||
		    (v != NULL && strcmp(v, first) != 0))
			return 1;
	}
	return 0;
}

/* A row of a fact in which the machines differ (not the run's shares,
 * which differ on every run). */
static void
fact_row(FILE *f, const struct fleet_report *r, const char *key)
{
	if (strcmp(key, "steal_pct") == 0 || strcmp(key, "irq_pct") == 0 ||
	    !fact_differs(r, key))
		return;
	fputs("<tr><td>", f);
	html_text(f, key);
	fputs("</td>", f);
	for (size_t m = 0; m < r->nmachines; m++) {
		const char *v =
		    ref_data_find_context(&r->machines[m].rd, 0, key);

		html_line(f, "td", v ? NULL : "dim", v ? v : "-");
	}
	fputs("</tr>\n", f);
}

/* Each fact once: the first machine holding it shows its row. */
static void
context_section(FILE *f, const struct fleet_report *r)
{
	fputs("<h2>Context in which they differ</h2>\n<div "
	      "class=\"scroll\"><table>\n<tr><th>fact</th>",
	    f);
	machine_headers(f, r);
	for (size_t m = 0; m < r->nmachines; m++) {
		const struct refdata *rd = &r->machines[m].rd;

		for (size_t i = 0; i < rd->ncontexts; i++) {
			size_t first = m;

			for (size_t e = 0; e < m && first == m; e++)
				if (ref_data_find_context(&r->machines[e].rd, 0,
				        rd->contexts[i].key) != NULL)
					first = e;
			if (first == m)
				fact_row(f, r, rd->contexts[i].key);
		}
	}
	fputs("</table></div>\n", f);
}

static void
command(FILE *f, int argc, char *const *argv)
{
	fputs("<p class=\"dim\">Made by <code>", f);
	for (int i = 0; i < argc; i++) {
		html_text(f, argv[i]);
		fputs(i + 1 < argc ? " " : "", f);
	}
	fputs("</code></p>\n", f);
}

static int
write_page(FILE *f, const struct fleet_report *r, int argc, char *const *argv)
{
	char title[120];

	errno = 0;
	(void)snprintf(title, sizeof title, "benchtop --compare: %zu machines",
	    r->nmachines);
	html_begin(f, title);
	html_line(f, "h1", NULL, title);
	summary(f, r);
	kinds_section(f, r);
	chart_section(f, r);
	table_section(f, r);
	machines_section(f, r);
	context_section(f, r);
	command(f, argc, argv);
	html_end(f);
	return report_common_finish(f);
}

int
html_fleet_save(const char *path, const struct fleet_report *r, int argc,
    char *const *argv, char *err, size_t size)
{
	struct report_save s;

	if (report_common_save_begin(&s, "--html", path, err, size) != 0)
		return -1;
	return report_common_save_end(&s, write_page(s.f, r, argc, argv) == 0,
	    err, size);
}
