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

/*
 * Whether two figures of a test were measured alike. A two-party test on
 * one CPU pays a switch for every handoff; spread over two, none
 * (ctxbench's spinlock: 3 loops a second on the one-CPU P-II, millions
 * here), so a ratio is only taken between figures of the same placement.
 */
enum compare_place {
	COMPARE_PLACE_ALIKE,    /* one party, or the same placement */
	COMPARE_PLACE_DIFFERS,  /* two parties, placed differently */
	COMPARE_PLACE_UNSTATED, /* two parties; one placement not stated */
};

/*
 * The rule for test `t` between figures of placements x and y (each a
 * bench_placement or REF_PLACE_UNSTATED).
 */
enum compare_place compare_placement(const struct bench_test *t, int x, int y);

/* "placement differs", "placement not stated", "" when alike. */
const char *compare_place_text(enum compare_place p);

struct compare_ref {
	int found;        /* the reference has this test */
	int comparable;   /* same definition version */
	double value;     /* the reference's value, in the test's unit */
	const char *text; /* as printed */
	double ratio;     /* >1: this machine is better; NAN unless alike */
	size_t machine;   /* the machine that served, or SIZE_MAX */
	int stand_in;     /* a class's machine of another kind */
	int placement;    /* the reference figure's (ref_result) */
	enum compare_place place; /* against the figure compared with it */
};

/*
 * The reference value of test `t` on machine `m` (its result, or its
 * average for ctxbench's low/high/average tables) and the ratio of
 * `value` (this machine, in the test's unit, measured with placement
 * `here`) to it: NAN where the placements do not compare.
 */
void compare_test(const struct refdata *rd, size_t m,
    const struct bench_test *t, double value, int here,
    struct compare_ref *out);

/* compare_test against the machine that serves `t` for reference `s`. */
void compare_sel(const struct refdata *rd, const struct refsel *s,
    const struct bench_test *t, double value, int here,
    struct compare_ref *out);

/*
 * Load the reference data (ref_data_dir(data_opt)) and choose the
 * references: `ref_opt` is "A" or "A,B", each a CPU class, a machine id
 * or a profile (NAME or FILE); without it, ref_select_default's class and no
 * second. Both are REFSEL_NONE when there is no data at all. Returns 0;
 * -1 for bad or unreadable data (exit 1); -2 for an unknown --ref (exit
 * 2). The message is in err.
 */
int compare_load(struct refdata *rd, const char *data_opt, const char *ref_opt,
    const char *class_id, struct refsel refs[COMPARE_REFS], char *err,
    size_t errsize);

/*
 * "12.4x" (2 decimals below 10x; "443kx", "2e-6x" beyond 1000x and
 * below 0.01x), "n/c" (not comparable), "differs" or "unknown" (the
 * placements differ, or the reference's is not stated: no ratio) or
 * "-"; a stand-in's ratio ends in '~' ("0.91x~"). At most 7 columns.
 */
const char *compare_ratio_text(const struct refdata *rd, const struct refsel *s,
    const struct bench_test *t, double value, int here, char *buf, size_t size);

/*
 * Cycles per operation of machine `m` in test `t`, whose figure there is
 * `value` (in the test's unit): the figure itself for a test counted in
 * cycles, else the machine's clock times the time one operation takes
 * (from a rate or a bandwidth: the work one operation carries over the
 * rate). NAN where the source does not state the clock.
 */
double compare_ref_cycles(const struct refdata *rd, size_t m,
    const struct bench_test *t, double value);

/*
 * How compare_ref_cycles got its figure, in words: "850 MHz x 2.306 us",
 * "as printed (cycles)", or "clock not stated".
 */
const char *compare_cycles_how(const struct refdata *rd, size_t m,
    const struct bench_test *t, double value, char *buf, size_t size);

/* Why B against A has no figure (COMPARE_PAIR_SHOWN: it has one). */
enum compare_pair_why {
	COMPARE_PAIR_SHOWN,
	COMPARE_PAIR_NO_B,      /* no second reference */
	COMPARE_PAIR_NO_FIGURE, /* A or B has no figure for the test */
	COMPARE_PAIR_NOT_COMPARABLE,
	COMPARE_PAIR_SAME_MACHINE, /* one machine serves both */
	COMPARE_PAIR_STAND_IN,     /* A's or B's machine is of another kind */
	COMPARE_PAIR_PLACEMENT,    /* A and B placed their parties unalike */
};

/*
 * References A and B side by side for test `t`. B against A means
 * something only when two different machines, each of its own class (not
 * a stand-in), serve them, their figures placed alike: otherwise the
 * ratios are NAN and `why` says which rule failed.
 *
 * B/A is one number wherever it is printed (the tables, the story, the
 * page, JSON, CSV, the screen): what B pays over A, in cycles per
 * operation where both clocks are known, else in time; above 1, B pays
 * more.
 */
struct compare_pair {
	struct compare_ref a, b; /* value: each one's figure */
	double cyc_a, cyc_b;     /* cycles/op; NAN: clock not stated */
	double b_vs_a;           /* B/A: cyc_b_vs_a, else cost_b_vs_a */
	double cost_b_vs_a;      /* B's time per op over A's: >1 B slower */
	double cyc_b_vs_a;       /* B's cycles per op over A's */
	enum compare_pair_why why;
};

void compare_pair(const struct refdata *rd, const struct refsel refs[2],
    const struct bench_test *t, struct compare_pair *out);

/*
 * Why the pair has no B against A, in words for the screen and the
 * pages: "no netburst machine in the lmbench 2.0 summary:
 * doug-750-2.4.19 stands in". "" when it has one.
 */
const char *compare_pair_why_text(const struct refdata *rd,
    const struct refsel refs[2], const struct bench_test *t,
    const struct compare_pair *p, char *buf, size_t size);

/*
 * B/A for test `t` (compare_pair's b_vs_a): above 1, B pays more (the
 * P-4's system call loop costs 4.37 times the P-III's cycles). NaN unless
 * compare_pair shows it.
 */
double compare_b_vs_a(const struct refdata *rd, const struct refsel refs[2],
    const struct bench_test *t);

/* A ratio as compare_ratio_text prints it, without the stand-in mark. */
const char *compare_format_ratio(double ratio, char *buf, size_t size);

/* Per-MHz figure as ctxbench's avg/MHz: value / core MHz. */
double compare_per_mhz(double value, double core_hz);

#endif
