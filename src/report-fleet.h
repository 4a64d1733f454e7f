/*
 * report-fleet.h: --compare PROFILE...: the profiles of several machines
 * side by side, one table of tests by machines, each cell the machine
 * against the fleet's median for that test (how it is judged:
 * measure-fleet.h). report-fleet.c gathers and checks the profiles,
 * report-fleet-out.c writes text, JSON and CSV, report-html-fleet.c the
 * HTML page.
 */

#ifndef BENCHTOP_REPORT_FLEET_H
#define BENCHTOP_REPORT_FLEET_H

#include <stddef.h>
#include <stdio.h>

#include "measure-fleet.h"
#include "ref-data.h"
#include "report-profile.h"
#include "report.h"

#define FLEET_LABEL_MAX 40

/* One profile: a column. */
struct fleet_machine {
	char *path;        /* the file it was read from */
	struct refdata rd; /* its tables; its machine is rd.machines[0] */
	struct profile_run run;
	char label[FLEET_LABEL_MAX]; /* its column's name, unique */
};

struct fleet_report {
	struct fleet_machine *machines;
	size_t nmachines;
	double tolerance_pct;
	/* Set by fleet_report_judge: the tests compared (held by two
	 * machines or more), in catalogue order, and the verdicts. */
	const struct bench_test **tests;
	size_t ntests;
	size_t single;             /* tests held by one machine: left out */
	struct profile_test *figs; /* ntests * nmachines, as cells */
	struct fleet_figure *fig;
	struct fleet_test_in *tin;
	struct fleet_judged judged;
};

/*
 * Read the profile at `path` into a new column. Returns 0, EXIT_USAGE
 * with one line in err (not a file, not one profile), or EXIT_RUNTIME
 * (out of memory).
 */
int fleet_report_add(struct fleet_report *r, const char *path, char *err,
    size_t size);

/*
 * Check the fleet and judge it: the tests that `only` and `skip` select
 * (--only, --skip globs, NULL: every test). Returns 0, EXIT_USAGE with
 * one line in err (one profile only, no test in common, a profile with
 * none the others have, mixed options), or EXIT_RUNTIME.
 */
int fleet_report_judge(struct fleet_report *r, const char *only,
    const char *skip, char *err, size_t size);

void fleet_report_free(struct fleet_report *r);

/* The cell of test t on machine m. */
const struct fleet_cell *fleet_report_cell(const struct fleet_report *r,
    size_t t, size_t m);
/* Machine m's kind k. */
const struct fleet_kind *fleet_report_kind(const struct fleet_report *r,
    size_t m, enum judge_kind k);

/* The exit status: EXIT_SLOWER (3) when a machine is slower than the
 * fleet on a test beyond its kind, else EXIT_KIND_SLOWER (5) when a
 * machine's kind is slower as a whole, else 0 (report-verdict.h). */
int fleet_report_status(const struct fleet_report *r);

/* The next kind off as a whole at or after *at (machine *at /
 * JUDGE_KIND_COUNT, kind *at % JUDGE_KIND_COUNT), *at moved to it; NULL
 * when there is none. */
const struct fleet_kind *fleet_report_kind_off(const struct fleet_report *r,
    size_t *at);
/* "srv4: system calls 2.00x slower than the fleet (...)" of kind *at. */
void fleet_report_kind_line(const struct fleet_report *r, size_t at, char *buf,
    size_t size);

/* "system calls 2.00x slower than the fleet (6 tests, 6 beyond 10%)". */
void fleet_report_kind_text(const struct fleet_report *r,
    const struct fleet_kind *k, enum judge_kind kind, char *buf, size_t size);

/* Machine m's kinds against the fleet: "kinds against the fleet: CPU-bound
 * loops 0.94, memory bandwidth 0.93, system calls -" (- : too few tests). */
void fleet_report_shifts_text(const struct fleet_report *r, size_t m, char *buf,
    size_t size);

/* What a fleet of fewer than FLEET_MIN_TELL machines can tell, or NULL. */
const char *fleet_report_few_text(const struct fleet_report *r);

/* Machine m in words: "AMD EPYC (zen), 2 CPUs, Linux 6.18, saved ...". */
void fleet_report_machine_text(const struct fleet_report *r, size_t m,
    char *buf, size_t size);

#endif
