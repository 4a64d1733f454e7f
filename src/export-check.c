/*
 * export-check.c: the live figures in --check's shape (slice medians of
 * the newest slices that ended), judged by --check's judge.
 */

#include "config.h"

#include "export-check.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base-stats.h"
#include "base-units.h"
#include "measure-judge.h"
#include "report-om-check.h"
#include "report-verdict-out.h"
#include "report-verdict.h"

_Static_assert(EXPORT_CHECK_SLICES >= JUDGE_MIN_SLICES,
    "a live check must be able to reach a verdict");

/* One test as --check would have measured it. */
struct live_row {
	double slice[EXPORT_CHECK_SLICES]; /* oldest first */
	size_t nslices;
};

/* Room for one test's fine ring, reused test after test. */
struct room {
	struct ring_entry e[STORE_FINE_SLOTS];
	double ns[STORE_FINE_SLOTS], cyc[STORE_FINE_SLOTS];
	double scratch[STORE_FINE_SLOTS];
};

/* Entries of e[0..n) up to the end of the last slice that ended: the
 * samples of the slice running now would be judged half-taken. */
static size_t
ended_only(const struct ring_entry *e, size_t n, uint32_t last_ms)
{
	while (n > 0 && e[n - 1].t_ms > last_ms)
		n--;
	return n;
}

/* Where the newest `want` slices of e[0..n) begin (the oldest of them
 * may be cut by the ring). */
static size_t
slices_start(const struct ring_entry *e, size_t n, size_t want)
{
	size_t i = n, got = 0;

	while (i > 0 && got < want)
		if (e[--i].flags & SAMPLE_F_SLICE_START)
			got++;
	return i;
}

/* The median of slice [a, b) in the test's unit, as a --check slice's. */
static double
slice_value(const struct bench_test *t, struct room *w, size_t a, size_t b)
{
	double ns = stats_median(w->ns + a, b - a, w->scratch);
	double cyc = stats_median(w->cyc + a, b - a, w->scratch);

	return units_value(t->unit, t->work_per_op, ns, cyc);
}

/* Test i of the store: its result over the judged slices into *r, their
 * medians into *row. */
static void
live_row_of(struct store *s, size_t i, struct room *w, struct test_result *r,
    struct live_row *row)
{
	struct store_view v;
	size_t n, a, noisy = 0;

	memset(r, 0, sizeof *r);
	memset(row, 0, sizeof *row);
	store_snapshot(s, i, &v, w->e, STORE_FINE_SLOTS, 0);
	r->test = v.test;
	r->status = v.meta.status;
	r->value = NAN;
	if (v.meta.slices == 0)
		return;
	n = ended_only(w->e, store_drop_first_looks(w->e, v.n), v.meta.last_ms);
	a = slices_start(w->e, n, EXPORT_CHECK_SLICES);
	for (size_t k = a; k < n; k++) {
		w->ns[k - a] = w->e[k].ns_per_op;
		w->cyc[k - a] = w->e[k].cycles_per_op;
		noisy += (w->e[k].flags & SAMPLE_F_NOISY) != 0;
	}
	for (size_t k = a, from = a; k <= n && n > a; k++)
		if (k == n ||
		    (k > from && (w->e[k].flags & SAMPLE_F_SLICE_START))) {
			row->slice[row->nslices++] =
			    slice_value(v.test, w, from - a, k - a);
			from = k;
		}
	if (n > a)
		runner_summarise(r, w->ns, w->cyc, n - a, w->scratch);
	r->noisy = noisy;
}

/* Judge the rows and write the families; the exit status, or -1. */
static int
judge_and_write(FILE *f, const struct verdict_report *vr)
{
	struct judge_line *l = calloc(vr->n + 1, sizeof *l);
	const char **why = calloc(vr->n + 1, sizeof *why);
	struct judge_machine m;
	int status = -1;

	if (l != NULL && why != NULL &&
	    (status = verdict_out_judge_report(vr, l, why, &m)) >= 0)
		om_check_write(f, vr, l, &m, status);
	free(l);
	free(why);
	return status;
}

int
export_check_write(FILE *f, struct store *s, const struct export_check *c)
{
	size_t n = store_count(s);
	struct room *w = malloc(sizeof *w);
	struct test_result *r = calloc(n + 1, sizeof *r);
	struct live_row *rows = calloc(n + 1, sizeof *rows);
	const double **slices = calloc(n + 1, sizeof *slices);
	size_t *nslices = calloc(n + 1, sizeof *nslices);
	int rc = -1;

	if (w != NULL && r != NULL && rows != NULL && slices != NULL &&
	    nslices != NULL) {
		for (size_t i = 0; i < n; i++) {
			live_row_of(s, i, w, &r[i], &rows[i]);
			slices[i] = rows[i].slice;
			nslices[i] = rows[i].nslices;
		}
		rc = judge_and_write(f,
		         &(struct verdict_report){ .rd = c->rd,
		             .machine = c->machine,
		             .r = r,
		             .slices = slices,
		             .nslices = nslices,
		             .n = n > JUDGE_MAX_ROWS ? JUDGE_MAX_ROWS : n,
		             .tolerance_pct = c->tolerance_pct }) < 0
		    ? -1
		    : 0;
	}
	free(w);
	free(r);
	free(rows);
	free(slices);
	free(nslices);
	return rc;
}
