/*
 * ref-compare.h: this machine's results beside a reference machine's: the
 * reference's value of a test and the ratio "12.4x p3-850m", where above
 * 1 means this machine does better (faster or more per second).
 */

#ifndef BENCHTOP_COMPARE_H
#define BENCHTOP_COMPARE_H

#include <stddef.h>

#include "bench.h"
#include "ref-data.h"
#include "ref-select.h"

/* --ref A,B: the first reference and the second (or none). */
#define COMPARE_REFS 2

struct compare_ref {
	int found;        /* the reference has this test */
	int comparable;   /* same definition version */
	double value;     /* the reference's value, in the test's unit */
	const char *text; /* as printed */
	double ratio;     /* >1: this machine is better */
	size_t machine;   /* the machine that served, or SIZE_MAX */
	int stand_in;     /* a class's machine of another kind */
};

/*
 * The reference value of test `t` on machine `m` (its result, or its
 * average for ctxbench's low/high/average tables) and the ratio of
 * `value` (this machine, in the test's unit) to it.
 */
void compare_test(const struct refdata *rd, size_t m,
    const struct bench_test *t, double value, struct compare_ref *out);

/* compare_test against the machine that serves `t` for reference `s`. */
void compare_sel(const struct refdata *rd, const struct refsel *s,
    const struct bench_test *t, double value, struct compare_ref *out);

/*
 * Load the reference data (refdata_dir(data_opt)) and choose the
 * references: `ref_opt` is "A" or "A,B", each a CPU class, a machine id
 * or a profile (NAME or FILE); without it, refsel_default's class and no
 * second. Both are REFSEL_NONE when there is no data at all. Returns 0;
 * -1 for bad or unreadable data (exit 1); -2 for an unknown --ref (exit
 * 2). The message is in err.
 */
int compare_load(struct refdata *rd, const char *data_opt, const char *ref_opt,
    const char *class_id, struct refsel refs[COMPARE_REFS], char *err,
    size_t errsize);

/*
 * "12.4x" (2 decimals below 10x; "443kx", "2e-6x" beyond 1000x and
 * below 0.01x), "n/c" (not comparable) or "-"; a stand-in's ratio ends
 * in '~' ("0.91x~").
 */
const char *compare_ratio_text(const struct refdata *rd, const struct refsel *s,
    const struct bench_test *t, double value, char *buf, size_t size);

/*
 * B against A for test `t`: above 1, reference B did better than A (the
 * P-4's syscall rate against the P-III's is below 1). NaN when either
 * has no figure or they are not comparable.
 */
double compare_b_vs_a(const struct refdata *rd, const struct refsel refs[2],
    const struct bench_test *t);

/* A ratio as compare_ratio_text prints it, without the stand-in mark. */
const char *compare_format_ratio(double ratio, char *buf, size_t size);

/* Per-MHz figure as ctxbench's avg/MHz: value / core MHz. */
double compare_per_mhz(double value, double core_hz);

#endif
