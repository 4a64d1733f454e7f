/*
 * bench-context.h: what of the machine's context each test is sensitive
 * to (machine-context.h's senses): one small table by group, and the few
 * tests that differ from their group.
 */

#ifndef BENCHTOP_BENCH_CONTEXT_H
#define BENCHTOP_BENCH_CONTEXT_H

#include "bench.h"
#include "machine-context.h"

/* The context_sense bits of test t; every test has CONTEXT_SENSE_CPU. */
unsigned bench_context_senses(const struct bench_test *t);

/*
 * How soon test t runs again after a change of `senses` (context_sense
 * bits): 0 when the change does not touch it, else its rank, lower
 * first: the system calls, then the groups after them in their order.
 */
unsigned char bench_context_rank(const struct bench_test *t, unsigned senses);

/* A sentinel: a quick test whose move says its groups moved. */
/* Its step is news beyond JUDGE_FAR_BARS of the larger of its own
 * slices' prediction interval and this (%): an unchanged guest's slices
 * scatter 5-15%, and a step only queues re-runs and says one line, so it
 * may be told early. */
#define BENCH_SENTINEL_BAR_MIN_PCT 10.0
/* The same step again (the same way) is news after this long (ms). */
#define BENCH_SENTINEL_AGAIN_MS 30000u
struct bench_sentinel {
	const char *id;
	unsigned groups; /* bit per enum bench_group */
};
/* The k-th sentinel, NULL past the last. */
const struct bench_sentinel *bench_context_sentinel(size_t k);
/* Whether test t is a sentinel. */
int bench_context_is_sentinel(const struct bench_test *t);
/* Test t's rank when sentinel s moved (as bench_context_rank), 0 when
 * t is not of its groups, or is the sentinel itself: it runs again
 * every few seconds as it is. */
unsigned char bench_context_sentinel_rank(const struct bench_sentinel *s,
    const struct bench_test *t);

#endif
