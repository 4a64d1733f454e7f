/*
 * ref-index.h: BYTE UNIX Benchmarks 3.11's index, the one computation the
 * live screen and --report byte share. Each of its six items is result /
 * baseline (data/baselines.tsv, index "byte311"), and the index is the
 * arithmetic mean of the six, as BYTE 3.11 computes it. With an item
 * missing there is no index: the missing items are named instead. Pure.
 */

#ifndef BENCHTOP_REF_INDEX_H
#define BENCHTOP_REF_INDEX_H

#include <stddef.h>

#include "ref-data.h"

#define REF_INDEX_ITEMS 6

/* The six tests, in BYTE 3.11's table order. */
extern const char *const ref_index_tests[REF_INDEX_ITEMS];

struct ref_index {
	double item[REF_INDEX_ITEMS]; /* result / baseline; NAN: missing */
	size_t have;                  /* items with a figure */
	double sum;                   /* of the items; NAN unless all six */
	double average;               /* the index; NAN unless all six */
};

/* The position of `test` among the six, or -1. */
int ref_index_position(const char *test);

/* One item: result / test's baseline, NAN without either. */
double ref_index_item(const struct refdata *rd, const char *test,
    double result);

/* The index from the six results (in the tests' units, NAN: none). */
void ref_index_compute(const struct refdata *rd,
    const double result[REF_INDEX_ITEMS], struct ref_index *out);

/* "execl, shell8": the short names of the missing items. */
const char *ref_index_missing(const struct ref_index *x, char *buf,
    size_t size);

#endif
