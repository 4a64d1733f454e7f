/*
 * report-verdict.h: --check PROFILE: run the tests a profile (or a reference
 * machine) holds, compare each median with it, and give a verdict per
 * test and an exit status a cron job or CI can act on.
 */

#ifndef BENCHTOP_VERDICT_H
#define BENCHTOP_VERDICT_H

#include <stddef.h>
#include <stdio.h>

#include "measure-runner.h"
#include "ref-data.h"

/* Exit status when some test is significantly slower than tolerated. */
#define EXIT_SLOWER 3

enum verdict {
	VERDICT_OK,             /* within the tolerance */
	VERDICT_SLOWER,         /* slower beyond tolerance + confidence */
	VERDICT_FASTER,         /* faster beyond tolerance + confidence */
	VERDICT_NOT_COMPARABLE, /* no figure, another definition, not run */
};

struct verdict_line {
	enum verdict verdict;
	double change_pct; /* + slower, - faster, relative to the profile */
	double ci_pct;     /* 95% CI of our median, % */
};

/*
 * The comma-separated catalogue ids machine `m` has figures for, into a
 * malloc'd string (NULL if none); an --only list for the run.
 */
char *verdict_test_list(const struct refdata *rd, size_t m);

/* The verdict of one result against machine m, with `tolerance_pct`. */
void verdict_judge(const struct refdata *rd, size_t m,
    const struct test_result *r, double tolerance_pct,
    struct verdict_line *out);

/* "ok", "slower by 12.3%", "faster by 4.0%" or "not comparable". */
void verdict_text(const struct verdict_line *l, char *buf, size_t size);

/* Print the verdicts; returns EXIT_SLOWER if any test is slower, else 0. */
int verdict_write(FILE *f, const struct refdata *rd, size_t m,
    const struct test_result *r, size_t n, double tolerance_pct);

/*
 * The same, with this machine's context `now` (may be NULL): first the
 * facts in which it differs from what profile m recorded (a reference
 * machine predates every mitigation and THP), then the table, each row
 * that such a fact moves saying so ("context: THP").
 */
int verdict_write_context(FILE *f, const struct refdata *rd, size_t m,
    const struct test_result *r, size_t n, double tolerance_pct,
    const struct machine_context *now);

/*
 * Print the context differences of profile m from `now`; returns the
 * context_sense bits they move (0: none). Pure but for the printing.
 */
unsigned verdict_context_diff(FILE *f, const struct refdata *rd, size_t m,
    const struct machine_context *now);

#endif
