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

#endif
