/*
 * report-om-check.h: a check's verdicts as Prometheus metrics: what
 * `--check PROFILE --openmetrics` prints after the run's families, and
 * what /metrics of `--watch --listen --check PROFILE` adds to the
 * monitor's. Both come from the one judge (measure-judge.h), so a rule
 * written for one reads the other.
 *
 * The families (names and label sets are a contract, listed in the man
 * page under --openmetrics):
 *   per test, labels test and kind (loop, memory, system: the judge's
 *   kind of the test, fixed by its definition, so it never re-keys):
 *     benchtop_check_change_ratio        speed now / the profile's
 *     benchtop_check_beyond_shift_ratio  the same beyond the machine's
 *                                        shift, or its kind's
 *     benchtop_check_verdict             state set, label verdict
 *     benchtop_check_weak, benchtop_check_by_kind   0 or 1
 *   per kind, label kind:
 *     benchtop_check_kind_shift_ratio, benchtop_check_kind_tests,
 *     benchtop_check_kind_moved (-1, 0, 1)
 *   once: benchtop_check_info (label profile), benchtop_check_status
 *   (the exit status), benchtop_check_machine_shift_ratio,
 *   benchtop_check_judged_beyond_ratio, benchtop_check_tolerance_ratio.
 */

#ifndef BENCHTOP_REPORT_OM_CHECK_H
#define BENCHTOP_REPORT_OM_CHECK_H

#include <stdio.h>

#include "measure-judge.h"
#include "report-verdict-out.h"

/* The label value of verdict v ("ok", "slower", "faster", "too_few",
 * "not_comparable"). */
const char *om_check_verdict_id(enum judge_verdict v);

/*
 * The check's families: vr's tests (vr->n of them) with their verdicts
 * l[0..vr->n), the machine's and the kinds' from m, and `status`, the
 * exit status verdict_status gave. Prints nothing else.
 */
void om_check_write(FILE *f, const struct verdict_report *vr,
    const struct judge_line *l, const struct judge_machine *m, int status);

#endif
