/*
 * report-verdict-context.h: the context's differences from a profile's,
 * and the rows they move.
 */

#ifndef BENCHTOP_REPORT_VERDICT_CONTEXT_H
#define BENCHTOP_REPORT_VERDICT_CONTEXT_H

#include <stddef.h>
#include <stdio.h>

#include "bench.h"
#include "machine-context.h"
#include "ref-data.h"

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
