/*
 * measure-fleet.h: --compare's judge, several machines side by side.
 * Pure: no I/O, no locks, no allocation (the caller owns every array).
 *
 * The rule, in order (why each part is there: measure-fleet.c):
 *
 * 1. A machine's figure for a test is the median of its slices' log
 *    speeds (the value, or its inverse for times); the fleet's is the
 *    median of its machines' figures. A cell is the machine against the
 *    fleet: exp(its figure - the fleet's), a speed ratio, > 1 faster.
 * 2. Its interval: the machine's slices' order statistics (5 slices: the
 *    slowest to the fastest, 93.75%; more: the narrowest pair holding at
 *    least 95%), against the fleet's median held fixed.
 * 3. An outlier, with at least FLEET_MIN_TELL machines holding the
 *    test: a cell beyond the test's bar, the larger of the tolerance and
 *    3 robust sigmas (judge_spread) of the machines' log ratios for that
 *    test, whose whole interval lies beyond the tolerance on its side.
 * 4. A kind (judge_kind_of) off on a machine: the median of its cells
 *    of that kind, over at least JUDGE_MIN_LOOPS tests, beyond the
 *    kind's bar (the tolerance, or 3 robust sigmas of every machine's
 *    median of the kind), with more than half of those tests (and at
 *    least JUDGE_MIN_LOOPS) beyond the tolerance its way by themselves.
 *    It is said once; its rows that moved with it are judged beyond its
 *    shift, and marked only when further its way.
 * 5. A test held by two machines (a fleet of two): each against their
 *    midpoint, no outlier, no kind: which of two is off cannot be told.
 *    Where their intervals lie apart by more than the tolerance both
 *    cells say they differ.
 */

#ifndef BENCHTOP_MEASURE_FLEET_H
#define BENCHTOP_MEASURE_FLEET_H

#include <stddef.h>

#include "measure-judge.h"

/* Machines a test needs for an outlier, or a kind to be off. */
#define FLEET_MIN_TELL 3
/* At most this many machines are compared. */
#define FLEET_MAX_MACHINES 128

/* One machine's figures of one test, in the test's unit. */
struct fleet_figure {
	const double *slices; /* its slices' medians; 1: one figure */
	size_t nslices;       /* 0: the machine has none */
};

/* What the judge knows of a test. */
struct fleet_test_in {
	enum judge_kind kind;
	int higher_better;
};

enum fleet_mark {
	FLEET_NONE,      /* no figure */
	FLEET_IN,        /* within the fleet */
	FLEET_SLOWER,    /* an outlier, slower than the fleet */
	FLEET_FASTER,    /* an outlier, faster */
	FLEET_WITH_KIND, /* moved with its machine's kind, said once */
	FLEET_DIFFER,    /* two machines apart; which is off: unknown */
};

struct fleet_cell {
	enum fleet_mark mark;
	double ratio;  /* speed against the fleet's median; NAN: none */
	double lo, hi; /* its interval; NAN with one figure */
	double beyond; /* ratio beyond its kind's shift when by_kind */
	int by_kind;   /* judged beyond its machine's kind's shift */
	size_t slices; /* how many figures the interval is made from */
};

struct fleet_test {
	size_t machines; /* holding a figure */
	double median;   /* the fleet's, in the test's unit; NAN: none */
	double bar;      /* a ratio (>= 1) an outlier lies beyond */
};

/* One machine's kind of test. */
struct fleet_kind {
	size_t tests; /* its cells of the kind */
	double shift; /* their median ratio; NAN: none */
	double bar;   /* the kind's bar across the fleet (ratio >= 1) */
	size_t along; /* of them, beyond the tolerance its way */
	int moved;    /* -1 slower as a whole than the fleet, +1 faster */
};

/* The fleet's totals. */
struct fleet_sum {
	size_t machines, tests;
	double floor;          /* the tolerance, a ratio */
	int can_tell;          /* machines >= FLEET_MIN_TELL */
	size_t slower, faster; /* outlier cells */
	size_t differ;         /* cells of tests held by two, apart */
	size_t kinds_slower, kinds_faster;
};

/* What is judged: fig[t * nmachines + m] is machine m's figures of
 * test t (tests[t]). */
struct fleet_in {
	const struct fleet_figure *fig;
	const struct fleet_test_in *tests;
	size_t ntests, nmachines; /* nmachines <= FLEET_MAX_MACHINES */
	double tolerance_pct;
};

/* Where the verdicts go, arrays the caller owns: tests[ntests],
 * cells[ntests * nmachines] (as fig), kinds[nmachines *
 * JUDGE_KIND_COUNT] (kinds[m * JUDGE_KIND_COUNT + k]). */
struct fleet_judged {
	struct fleet_test *tests;
	struct fleet_cell *cells;
	struct fleet_kind *kinds;
	struct fleet_sum sum;
};

/* Judge the fleet; more than FLEET_MAX_MACHINES: nothing (sum all 0). */
void fleet_judge(const struct fleet_in *in, struct fleet_judged *out);

/* A mark's name, in JSON, CSV and the page: "none", "in", "slower",
 * "faster", "with_kind", "differ". */
const char *fleet_mark_name(enum fleet_mark mark);

/* The coverage of the interval made from n slices (0.9375 for 5; 0
 * under 2). */
double fleet_interval_coverage(size_t n);

#endif
