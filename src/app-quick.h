/*
 * app-quick.h: --save --quick and --check --quick, the operator's sanity
 * check: a few tests of every kind, in 0.1 s slices, run on every CPU
 * the claims allow at once, each stopped as soon as the sequential rule
 * (measure-sequential.h) has its verdict, the whole check within
 * QUICK_BUDGET_S.
 *
 * How the figures stay true with two tests measuring at once: the
 * lanes, one a CPU, run only tests whose claims (monitor-claims.c) hold
 * their lane's CPU alone and no resource another lane's tests load; a
 * test that claims more runs alone, every other lane idle. While any
 * lane still measures, a lane done with its round runs its own tests
 * as ballast, untimed: a test's neighbour is then always the same kind
 * of load, in the save as in the check, however early its other tests
 * stopped.
 */

#ifndef BENCHTOP_APP_QUICK_H
#define BENCHTOP_APP_QUICK_H

#include <stddef.h>

#include "bench.h"

struct batch;

/* The wall time a quick check may take, measuring, in seconds. */
#define QUICK_BUDGET_S 14.0
/*
 * A quick slice, and the slices of each test a quick profile holds. A
 * check compares its slices with the profile's median, which is itself
 * known only to its spread over the root of its count (measure-
 * sequential.c): of 5 slices whose spread is 12%, to 6.7%, and the
 * sequential rule, told so, could call no unchanged test the same
 * within its budget; of 15, to 3.9%. A save takes three times as long
 * (about 25 s); a check does not.
 */
#define QUICK_SLICE_MS    100
#define QUICK_SAVE_SLICES 15
/* A quick sample: ten of them in a slice. */
#define QUICK_SAMPLE_MS 10.0

/* The quick set, comma-separated (an --only list). */
const char *quick_test_list(void);

/* Where the parties of t go in a quick run: the quick set's placement
 * (one CPU, or across two), else `other`. */
enum bench_placement quick_placement(const struct bench_test *t,
    enum bench_placement other);

/* Measure b's tests the quick way (from b's worker, its harness ready);
 * b->seq says each test's state at the end, b->quick_s the time. */
void quick_run(struct batch *b);

#endif
