/*
 * report-seed.h: the source documents' own layouts (--report): BYTE 3.11's
 * INDEX VALUES table, lmbench 2.0's summary tables and ctxbench's table,
 * for a reference machine or with this machine beside the references.
 */

#ifndef BENCHTOP_REPORT_SEED_H
#define BENCHTOP_REPORT_SEED_H

#include <stddef.h>
#include <stdio.h>

#include "machine.h"
#include "measure-runner.h"
#include "ref-data.h"

/* An origin's own table; SEED_NONE (0, what zeroed options hold): none. */
enum report_seed {
	SEED_NONE,
	SEED_BYTE,
	SEED_LMBENCH,
	SEED_CTXBENCH,
	SEED_COUNT
};

/* "byte", "lmbench", "ctxbench" -> 0 and *out; -1 if unknown. */
int report_seed_parse(const char *name, enum report_seed *out);

/* The --only list of the tests a layout needs from a live run. */
const char *report_seed_tests(enum report_seed s);

/*
 * Print layout `s`. `machine` is a reference machine index, or SIZE_MAX
 * for this machine's live results (r, n; m describes it). Returns 0, or
 * -1 with a message in err (e.g. the machine has no figures for it).
 */
int report_seed_write(FILE *f, enum report_seed s, const struct refdata *rd,
    size_t machine, const struct machine *m, const struct test_result *r,
    size_t n, char *err, size_t errsize);

#endif
