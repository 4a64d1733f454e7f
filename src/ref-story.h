/*
 * ref-story.h: the demo view's rows. For two CPU classes (or machines) A
 * and B: the tests where each has a machine of its own (not a stand-in),
 * sorted by how far B and A differ, with both machines' cycles per
 * operation; and per group the geometric mean of B's cycles over A's.
 * The caller adds this machine's cycles per operation (its own figures:
 * the screen's medians or a batch run's). Pure: no I/O, no locks; the
 * rows are the caller's.
 */

#ifndef BENCHTOP_REF_STORY_H
#define BENCHTOP_REF_STORY_H

#include <stddef.h>

#include "bench.h"
#include "ref-compare.h"

struct story_row {
	const struct bench_test *test;
	struct compare_pair pair;
	double this_cyc; /* this machine's cycles/op; NAN: none yet */
	int this_place;  /* the placement this_cyc was measured with */
};

struct story_group {
	int group;          /* enum bench_group */
	size_t rows;        /* of the story */
	size_t ncyc;        /* of them with both machines' cycles */
	double cyc_b_vs_a;  /* geometric mean: B's cycles over A's */
	double cost_b_vs_a; /* geometric mean: B's time over A's */
	size_t nthis;       /* rows with this machine's and A's cycles,
	                       placed alike */
	double this_vs_a;   /* geometric mean: this machine's over A's */
};

/*
 * The catalogue's tests where B against A is shown (compare_pair), into
 * rows[0..max), sorted by how far apart B and A are (in cycles where both
 * clocks are known, else in time), farthest first. this_cyc is NAN.
 * Returns the count.
 */
size_t story_select(const struct refdata *rd, const struct refsel refs[2],
    struct story_row *rows, size_t max);

/* Per group, in group order, of the groups the rows have; the count. */
size_t story_groups(const struct story_row *rows, size_t n,
    struct story_group *groups, size_t max);

/*
 * "syscall: netburst pays 4.37x the cycles of p6 (2 tests); this machine
 * 1.93x p6". In time where no row has both clocks.
 */
const char *story_group_text(const struct refdata *rd,
    const struct refsel refs[2], const struct story_group *g, char *buf,
    size_t size);

/*
 * "p6 and k8 share no test: no test has a machine of each class of its
 * own" (for a pair with no row).
 */
const char *story_empty_text(const struct refdata *rd,
    const struct refsel refs[2], char *buf, size_t size);

/* Cycles per operation as the view prints them: "8,560", "18", "0.52";
 * "-" when not finite. */
const char *story_cycles_text(double cyc, char *buf, size_t size);

/* The rows' test ids joined by commas (an --only list); NULL if none or
 * out of memory. Free it. */
char *story_test_list(const struct refdata *rd, const struct refsel refs[2]);

#endif
