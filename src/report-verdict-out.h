/*
 * report-verdict-out.h: a check's report: its rows judged (the one judge,
 * measure-judge.h) and written as text, JSON, CSV or OpenMetrics.
 */

#ifndef BENCHTOP_REPORT_VERDICT_OUT_H
#define BENCHTOP_REPORT_VERDICT_OUT_H

#include <stddef.h>
#include <stdio.h>

#include "measure-judge.h"
#include "measure-runner.h"
#include "ref-data.h"
#include "report-verdict.h"
#include "report.h"

/* What a check reports, beside the run's results. */
struct verdict_report {
	const struct refdata *rd;
	size_t machine; /* the profile or reference machine */
	const struct test_result *r;
	const double *const *slices; /* per test: this run's slice medians */
	const size_t *nslices;
	size_t n;
	double tolerance_pct;
	enum report_format format; /* text, JSON, CSV or OpenMetrics */
	unsigned context_moved;    /* the context_sense bits that differ */
	/* A quick check (--quick): each row as the sequential rule stopped
	 * it (NULL: a full check), the wall time and its budget, seconds. */
	const enum judge_seq *sequential;
	double quick_s, quick_budget_s;
	/* OpenMetrics: the machine, for the run's families before the
	 * check's (report_om); NULL: the check's alone. */
	const struct machine *host;
};

/* Judge without printing: each row's verdict into out and why it is not
 * comparable into why (both vr->n long), the machine's into *m; returns
 * the exit status, or -1 when out of memory. */
int verdict_out_judge_report(const struct verdict_report *vr,
    struct judge_line *out, const char **why, struct judge_machine *m);

/* Judge and print; returns the exit status (verdict_status), or -1 when
 * out of memory. */
int verdict_out_write(FILE *f, const struct verdict_report *vr);

#endif
