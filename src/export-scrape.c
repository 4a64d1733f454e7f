/*
 * export-scrape.c: the store as the screen sees it, for other readers.
 */

#include "config.h"

#include "export-scrape.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base-stats.h"
#include "base-units.h"
#include "export.h"
#include "report-common.h"
#include "report-om.h"

int
scrape_test(struct store *s, size_t i, struct scrape_test *out)
{
	struct ring_entry buf[STORE_WINDOW];
	double cyc[STORE_WINDOW], scratch[STORE_WINDOW];
	struct store_view v;
	size_t noisy = 0;

	memset(out, 0, sizeof *out);
	store_snapshot(s, i, &v, buf, STORE_WINDOW, 0);
	v.n = store_drop_first_looks(buf, v.n);
	out->r.test = v.test;
	out->r.value = NAN;
	if (v.meta.slices == 0)
		return -1;
	export_result_from_view(&out->r, &v);
	out->last_slice_s = export_store_epoch_s(s) + v.meta.last_ms / 1e3;
	out->total = v.total;
	out->nns = v.n;
	for (size_t k = 0; k < v.n; k++) {
		out->ns[k] = buf[k].ns_per_op;
		cyc[k] = buf[k].cycles_per_op;
		noisy += (buf[k].flags & SAMPLE_F_NOISY) != 0;
	}
	out->r.noisy = noisy;
	out->noisy_pct = v.n ? 100.0 * (double)noisy / (double)v.n : 0;
	stats_summarize(out->ns, v.n, scratch, &out->r.ns);
	stats_summarize(cyc, v.n, scratch, &out->r.cyc);
	stats_summary_unknown_unless_positive(&out->r.cyc);
	out->r.value = v.n ? units_value(v.test->unit, v.test->work_per_op,
	                         out->r.ns.median, out->r.cyc.median)
	                   : NAN;
	return 0;
}

static double
noisy_ratio(const struct scrape_test *t)
{
	return t->noisy_pct / 100;
}

static double
samples_ever(const struct scrape_test *t)
{
	return (double)t->total;
}

void
scrape_counter_header(FILE *f, const char *name, const char *help,
    int openmetrics)
{
	fprintf(f, "# HELP %s %s\n", name, help);
	if (!openmetrics)
		fprintf(f, "# TYPE %s counter\n", name);
}

/* A per-test family of the monitor's own, labelled as report_om's are:
 * the test alone. A counter's name ends in _total. */
static void
monitor_family(FILE *f, const char *name, int counter, int openmetrics,
    const char *help, const struct scrape_test *t, size_t n,
    double (*get)(const struct scrape_test *))
{
	if (counter)
		scrape_counter_header(f, name, help, openmetrics);
	else
		fprintf(f, "# HELP %s %s\n# TYPE %s gauge\n", name, help, name);
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%s{test=\"%s\"} %.9g\n", name, t[i].r.test->id,
		    get(&t[i]));
}

int
scrape_write_metrics(FILE *f, struct store *s, const struct machine *m,
    const struct monitor *mon, const struct export_check *check,
    int openmetrics)
{
	int rc;

	size_t n = store_count(s), k = 0;
	struct scrape_test *t = calloc(n ? n : 1, sizeof *t);
	struct test_result *res = calloc(n ? n : 1, sizeof *res);
	double *last = calloc(n ? n : 1, sizeof *last);
	struct report rep = { .machine = m, .results = res };

	if (t == NULL || res == NULL || last == NULL) {
		free(t);
		free(res);
		free(last);
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		if (scrape_test(s, i, &t[k]) == 0) {
			res[k] = t[k].r;
			last[k] = t[k].last_slice_s;
			k++;
		}
	rep.n = k;
	rep.last_slice_s = last;
	report_om(f, &rep);
	monitor_family(f, "benchtop_noisy_ratio", 0, openmetrics,
	    "Share of the test's recent samples disturbed by other load.", t, k,
	    noisy_ratio);
	monitor_family(f, "benchtop_samples_total", 1, openmetrics,
	    "Samples the test has taken since benchtop started.", t, k,
	    samples_ever);
	export_om_self(f, mon);
	free(t);
	free(res);
	free(last);
	rc = check != NULL ? export_check_write(f, s, check) : 0;
	return ferror(f) || rc != 0 ? -1 : 0;
}
