/*
 * report-verdict.h: --check PROFILE: run the tests a profile (or a
 * reference machine) holds, compare each with it, and give a verdict per
 * test and an exit status a cron job or CI can act on.
 *
 * How it decides is measure-judge.h's: the one judge, which the live
 * screen's baseline uses too.
 */

#ifndef BENCHTOP_VERDICT_H
#define BENCHTOP_VERDICT_H

#include <stddef.h>
#include <stdio.h>

#include "measure-judge.h"
#include "measure-runner.h"
#include "ref-data.h"
#include "report.h"

/* Exit status when some test is slower than tolerated beyond the
 * machine's shift. */
#define EXIT_SLOWER 3
/* Exit status when the machine as a whole runs slower than tolerated
 * and no test is slower beyond it. */
#define EXIT_MACHINE_SLOWER 4
/* Exit status when a kind of test (memory bandwidth, say) moved slower as
 * a whole beyond the machine's shift, and no test beyond its kind. */
#define EXIT_KIND_SLOWER 5

/* The exit status of a judged check: EXIT_SLOWER, else EXIT_KIND_SLOWER,
 * else EXIT_MACHINE_SLOWER, else 0. */
int verdict_status(const struct judge_line *l, size_t n,
    const struct judge_machine *m);

/*
 * The comma-separated catalogue ids machine `m` has figures for, into a
 * malloc'd string (NULL if none); an --only list for the run.
 */
char *verdict_test_list(const struct refdata *rd, size_t m);

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

/* After the verdict in buf, " (context: THP)" when a fact among `moved`
 * (context_sense bits) moves test t. */
void verdict_context_note(const struct bench_test *t, unsigned moved, char *buf,
    size_t size);

/*
 * Print the context differences of profile m from `now`; returns the
 * context_sense bits they move (0: none). Pure but for the printing.
 */
unsigned verdict_context_diff(FILE *f, const struct refdata *rd, size_t m,
    const struct machine_context *now);

#endif
