/*
 * report-html-seed.c: the origins' tables in the HTML page. The text of
 * each is report_seed_write()'s, so a reference machine's figures are
 * the seed's own digits; the BYTE index table with bars is read back
 * from that same text, for this machine and every seed machine.
 */

#include "config.h"

#include "report-html-seed.h"
#include "report-html.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base-html.h"
#include "report-seed.h"

/* BYTE 3.11's six index tests and the AVERAGE. */
#define IDX_ROWS 7
/* Where a BYTE row's label ends and its numbers begin. */
#define IDX_LABEL_COLS 40

struct idx_column {
	const char *name; /* machine id, or this host */
	int this_machine;
	char text[IDX_ROWS][16]; /* the index as printed */
	double value[IDX_ROWS];
};

struct idx_table {
	char label[IDX_ROWS][IDX_LABEL_COLS + 1];
	struct idx_column *col;
	size_t ncols;
};

/* Layout s for machine m (SIZE_MAX: this one) as a malloc'd string. */
static char *
seed_text(const struct html_page *p, enum report_seed s, size_t m)
{
	char *text = NULL, err[256];
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	int rc;

	if (f == NULL)
		return NULL;
	rc = report_seed_write(f, s, p->rep->ref, m, p->rep->machine,
	    p->rep->results, p->rep->n, err, sizeof err);
	if (fclose(f) != 0 || rc != 0) {
		free(text);
		return NULL;
	}
	return text;
}

/* The label and index of one line of the table; 0, or -1 if none. */
static int
idx_line(const char *line, size_t len, char *label, char *index)
{
	char base[32], result[32], rest[64];

	if (len > 120 || len <= IDX_LABEL_COLS)
		return -1;
	(void)snprintf(rest, sizeof rest, "%.*s", (int)(len - IDX_LABEL_COLS),
	    line + IDX_LABEL_COLS);
	if (strncmp(line, "     AVERAGE", 12) == 0 &&
	    sscanf(rest, "%15s", index) == 1) {
		strcpy(label, "AVERAGE");
		return 0;
	}
	if (line[0] == ' ' || strncmp(line, "TEST ", 5) == 0 ||
	    sscanf(rest, "%31s %31s %15s", base, result, index) != 3)
		return -1;
	(void)snprintf(label, IDX_LABEL_COLS + 1, "%.*s", IDX_LABEL_COLS, line);
	for (size_t k = strlen(label); k > 0 && label[k - 1] == ' '; k--)
		label[k - 1] = '\0';
	return 0;
}

/* Read the index column of a BYTE table's text; 0 when all rows are.
 * The labels are the first column's (File Copy says which run). */
static int
idx_parse(const char *text, struct idx_table *t, struct idx_column *c)
{
	char other[IDX_LABEL_COLS + 1];
	size_t row = 0;

	for (const char *s = text; *s != '\0' && row < IDX_ROWS;) {
		const char *nl = strchr(s, '\n');
		size_t len = nl ? (size_t)(nl - s) : strlen(s);

		if (idx_line(s, len, t->ncols ? other : t->label[row],
		        c->text[row]) == 0) {
			c->value[row] = strtod(c->text[row], NULL);
			row++;
		}
		s += len + (nl != NULL);
	}
	return row == IDX_ROWS ? 0 : -1;
}

/* Add a column for machine m (SIZE_MAX: this one) if it has the table. */
static void
idx_add(const struct html_page *p, struct idx_table *t, size_t m)
{
	char *text = seed_text(p, SEED_BYTE, m);
	struct idx_column *c = &t->col[t->ncols];

	if (text == NULL)
		return;
	c->this_machine = m == p->seed_machine; /* SIZE_MAX: a run */
	c->name =
	    m == SIZE_MAX ? p->rep->machine->host : p->rep->ref->machines[m].id;
	if (idx_parse(text, t, c) == 0)
		t->ncols++;
	free(text);
}

static void
idx_cell(FILE *f, const struct idx_table *t, size_t col, size_t row)
{
	const struct idx_column *c = &t->col[col];
	double most = 0;

	for (size_t k = 0; k < t->ncols; k++)
		most = fmax(most, t->col[k].value[row]);
	fputs("<td class=\"n\">", f);
	html_text(f, c->text[row]);
	fprintf(f,
	    "<span class=\"track\"><span class=\"bar%s\" "
	    "style=\"width:%.0fpx\"></span></span></td>",
	    c->this_machine ? " this" : "",
	    most > 0 ? c->value[row] / most * 80 : 0);
}

static void
idx_write(FILE *f, const struct idx_table *t)
{
	fputs("<h3>INDEX VALUES beside the seed's machines</h3>\n"
	      "<div class=\"scroll\"><table class=\"index\">\n<tr><th>TEST"
	      "</th>",
	    f);
	for (size_t k = 0; k < t->ncols; k++) {
		fputs("<th>", f);
		html_text(f, t->col[k].name);
		fputs("</th>", f);
	}
	fputs("</tr>\n", f);
	for (size_t row = 0; row < IDX_ROWS; row++) {
		fputs("<tr><td>", f);
		html_text(f, t->label[row]);
		fputs("</td>", f);
		for (size_t k = 0; k < t->ncols; k++)
			idx_cell(f, t, k, row);
		fputs("</tr>\n", f);
	}
	fputs("</table></div>\n<p class=\"legend\">Bars: each index "
	      "against the largest of its row. <span class=\"track\" "
	      "style=\"width:24px\"><span class=\"bar this\" "
	      "style=\"width:24px\"></span></span> ",
	    f);
	html_text(f, t->col[0].this_machine ? t->col[0].name : "-");
	fputs(" (the page's machine) &nbsp; <span class=\"track\" "
	      "style=\"width:24px\"><span class=\"bar\" "
	      "style=\"width:24px\"></span></span> the other machines"
	      "</p>\n<p class=\"dim\">File Copy: the run each "
	      "machine's table indexes (the seeds' 30 or 120 seconds, a run "
	      "here 10); the label is the first column's.</p>\n",
	    f);
}

/* The index table: the page's machine first, then every seed machine. */
static void
byte_index(FILE *f, const struct html_page *p)
{
	const struct refdata *rd = p->rep->ref;
	size_t nm = rd ? rd->nmachines : 0;
	struct idx_table t = { .ncols = 0 };

	t.col = calloc(nm + 1, sizeof *t.col);
	if (t.col == NULL)
		return;
	if (p->rep->n > 0)
		idx_add(p, &t, SIZE_MAX);
	if (p->seed_machine != SIZE_MAX)
		idx_add(p, &t, p->seed_machine);
	for (size_t m = 0; m < nm; m++)
		if (m != p->seed_machine)
			idx_add(p, &t, m);
	if (t.ncols > 0)
		idx_write(f, &t);
	free(t.col);
}

/* The text, with this machine's rows marked among the seed's. */
static void
marked_pre(FILE *f, const char *text, const char *host, int mark)
{
	size_t hl = strlen(host) < 6 ? strlen(host) : 6;

	fputs("<div class=\"scroll\"><pre>", f);
	for (const char *s = text; *s != '\0';) {
		const char *nl = strchr(s, '\n');
		size_t len = nl ? (size_t)(nl - s) + 1 : strlen(s);
		char *line = strndup(s, len);
		int on = mark && hl > 0 && strncmp(s, host, hl) == 0;

		fputs(on ? "<mark>" : "", f);
		html_text(f, line);
		fputs(on ? "</mark>" : "", f);
		free(line);
		s += len;
	}
	fputs("</pre></div>\n", f);
}

/* Has reference machine m a figure of a test of layout s? */
static int
has_figures(const struct refdata *rd, size_t m, enum report_seed s)
{
	const char *prefix = s == SEED_LMBENCH ? "lmbench." : "ctxbench.";

	for (size_t i = 0; i < rd->nresults; i++)
		if (rd->results[i].machine == m &&
		    strncmp(rd->results[i].test, prefix, strlen(prefix)) == 0)
			return 1;
	return 0;
}

void
report_html_seed(FILE *f, const struct html_page *p)
{
	enum report_seed s = p->seed;
	char *text = seed_text(p, s, p->seed_machine);

	fputs("<h2>The origin's table", f);
	if (p->seed_machine != SIZE_MAX) {
		const struct ref_machine *m =
		    &p->rep->ref->machines[p->seed_machine];

		fputs(": ", f);
		html_text(f, m->id);
		fputs(" (", f);
		html_text(f, m->label);
		fputs(")", f);
	}
	fputs("</h2>\n", f);
	if (p->seed_machine != SIZE_MAX && s != SEED_BYTE &&
	    !has_figures(p->rep->ref, p->seed_machine, s))
		fputs("<p class=\"warn\">The seed holds no figures of this "
		      "machine for this table: it shows the machines it has "
		      "figures for.</p>\n",
		    f);
	if (s == SEED_BYTE)
		byte_index(f, p);
	if (text == NULL) {
		fputs("<p class=\"bad\">No figures for this table.</p>\n", f);
		return;
	}
	fputs("<h3>As the origin prints it</h3>\n", f);
	marked_pre(f, text, p->rep->machine->host,
	    p->seed_machine == SIZE_MAX && s != SEED_BYTE);
	free(text);
}
