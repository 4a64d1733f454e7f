/*
 * measure-slices.h: one test measured in slices spread over a run, as
 * --save and --check measure (measure-judge.h says why): each slice a
 * runner_run of its own, with its own setup, its median one figure; every
 * sample kept for the test's summary over all its slices.
 *
 *   for (round = 0; round < SLICES_ROUNDS; round++)
 *           for each test i: slices_run(&sl[i], t[i], h, cfg, &r[i], round);
 *   for each test i: slices_finish(&sl[i], &r[i]); ... slices_free(&sl[i]);
 */

#ifndef BENCHTOP_MEASURE_SLICES_H
#define BENCHTOP_MEASURE_SLICES_H

#include <stddef.h>

#include "measure-runner.h"

/* The rounds of a sliced run: slices per test. */
#define SLICES_ROUNDS 5
/* At most this many slice medians are kept per test. */
#define SLICES_MAX 16

/* One test's slices: their medians, and every sample for the summary. */
struct slices {
	double median[SLICES_MAX]; /* slice medians, in the test's unit */
	size_t nslices;
	double noisy_share; /* disturbed samples / samples, NAN unknown */
	double *ns, *cyc;   /* the samples of every slice, in order */
	size_t n, cap;
	size_t noisy;
	int alloc_failed;
};

/*
 * One slice of test t in round `round` into sl; the first round's result
 * (or a later one's that failed) into *r. A test that could not run is
 * not tried again. Sets cfg's observe and n_hint.
 */
void slices_run(struct slices *sl, const struct bench_test *t,
    struct harness *h, struct run_config *cfg, struct test_result *r,
    size_t round);

/* The test's result: the summary of every slice's samples, into *r (a
 * failed allocation fails the test). */
void slices_finish(struct slices *sl, struct test_result *r);

/* The samples' memory. */
void slices_free(struct slices *sl);

#endif
