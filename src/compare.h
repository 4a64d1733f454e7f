/*
 * compare.h: this machine's results beside a reference machine's: the
 * reference's value of a test and the ratio "12.4x p3-850m", where above
 * 1 means this machine does better (faster or more per second).
 */

#ifndef BENCHTOP_COMPARE_H
#define BENCHTOP_COMPARE_H

#include <stddef.h>

#include "bench.h"
#include "refdata.h"

struct compare_ref {
	int found;        /* the reference has this test */
	int comparable;   /* same definition version */
	double value;     /* the reference's value, in the test's unit */
	const char *text; /* as printed */
	double ratio;     /* >1: this machine is better */
};

/*
 * The reference value of test `t` on machine `m` (its result, or its
 * average for ctxbench's low/high/average tables) and the ratio of
 * `value` (this machine, in the test's unit) to it.
 */
void compare_test(const struct refdata *rd, size_t m,
    const struct bench_test *t, double value, struct compare_ref *out);

/*
 * The default reference: the first machine of this CPU's class, else
 * p3-850m, else the first machine; SIZE_MAX when there is no data.
 */
size_t compare_default_ref(const struct refdata *rd, const char *class_id);

/*
 * Load the reference data (refdata_dir(data_opt)) and, with `ref_opt`, a
 * machine id or a profile (NAME or FILE), and choose the reference into
 * *ref (SIZE_MAX when there is no data at all). Returns 0; -1 for bad or
 * unreadable data (exit 1); -2 for an unknown --ref (exit 2). The message
 * is in err.
 */
int compare_load(struct refdata *rd, const char *data_opt, const char *ref_opt,
    const char *class_id, size_t *ref, char *err, size_t errsize);

/* "12.4x" (2 decimals below 10x), "n/c" (not comparable) or "-". */
const char *compare_ratio_text(const struct refdata *rd, size_t m,
    const struct bench_test *t, double value, char *buf, size_t size);

/* Per-MHz figure as ctxbench's avg/MHz: value / core MHz. */
double compare_per_mhz(double value, double core_hz);

#endif
