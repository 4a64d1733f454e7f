/*
 * ui-html.c: key H, the live screen's figures as an HTML page: the same
 * window of samples each row shows, against the screen's reference.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "export-scrape.h"
#include "report-html.h"
#include "ui-html.h"
#include "ui-priv.h"

/* --html FILE, else benchtop-YYYYmmdd-HHMMSS.html in the directory. */
static const char *
snapshot_path(const struct ui *ui, char *buf, size_t size)
{
	time_t now = time(NULL);
	struct tm tm;

	if (ui->cfg.html != NULL)
		return ui->cfg.html;
	(void)strftime(buf, size, "benchtop-%Y%m%d-%H%M%S.html",
	    localtime_r(&now, &tm));
	return buf;
}

/* Write the page from tests t[0..k); the message says where, or why not. */
static void
snapshot_write(struct ui *ui, const struct scrape_test *t, size_t k,
    const double **ns, size_t *nns, struct test_result *res)
{
	struct report rep = {
		.machine = ui->cfg.machine,
		.results = res,
		.n = k,
		.ref = ui->cfg.ref,
		.refs = { ui->refs[0], ui->refs[1] },
	};
	struct html_page p;
	char name[64], err[300];
	const char *path = snapshot_path(ui, name, sizeof name);

	for (size_t i = 0; i < k; i++) {
		res[i] = t[i].r;
		ns[i] = t[i].ns;
		nns[i] = t[i].nns;
	}
	report_html_init(&p, HTML_SNAPSHOT, &rep);
	p.samples = ns;
	p.nsamples = nns;
	p.argc = ui->cfg.argc;
	p.argv = ui->cfg.argv;
	if (report_html_save(path, &p, err, sizeof err) == 0)
		(void)snprintf(ui->message, sizeof ui->message,
		    "snapshot written to %.100s", path);
	else
		(void)snprintf(ui->message, sizeof ui->message, "%.120s", err);
}

void
ui_html_snapshot(struct ui *ui)
{
	size_t n = ui->nrows, k = 0;
	struct scrape_test *t = calloc(n + 1, sizeof *t);
	struct test_result *res = calloc(n + 1, sizeof *res);
	const double **ns = calloc(n + 1, sizeof *ns);
	size_t *nns = calloc(n + 1, sizeof *nns);

	if (t && res && ns && nns) {
		/* Every row the screen has, those waiting for a slice too. */
		for (size_t i = 0; i < n; i++)
			(void)scrape_test(ui->cfg.store, i, &t[k++]);
		snapshot_write(ui, t, k, ns, nns, res);
	} else {
		(void)snprintf(ui->message, sizeof ui->message,
		    "snapshot: out of memory");
	}
	free(t);
	free(res);
	free(ns);
	free(nns);
}
