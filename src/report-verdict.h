/*
 * report-verdict.h: --check PROFILE: run the tests a profile (or a
 * reference machine) holds, compare each with it, and give a verdict per
 * test and an exit status a cron job or CI can act on.
 *
 * How a check decides (the why of each step is in report-verdict.c):
 *
 * 1. Each test is measured in slices spread over the run (app-batch.c);
 *    each slice's median is one figure. The profile holds the same.
 * 2. The machine's shift: the median, over the CPU-bound loops, of the
 *    log ratio of this run's median to the profile's (over every test
 *    when fewer than 3 loops were run). It is printed on its own line,
 *    with the shift of each kind of test. How far the tests it is taken
 *    from disagree about it (3 robust sigmas: 1.4826 times their median
 *    absolute deviation) is how well it is known: the spread. On a
 *    disturbed run (weak, below), every test's spread when it is wider.
 * 3. Each test's slices are compared with the profile's moved by that
 *    shift: a Mann-Whitney U test (p < 0.05) and the Hodges-Lehmann
 *    estimate of the change with its 95% interval. A test is slower or
 *    faster only when the U test says it differs AND the estimate lies
 *    beyond the tolerance and beyond the spread. On weak evidence (a run or
 * test with more than a fifth of its samples disturbed) the whole interval must
 * lie beyond it.
 * 4. Fewer than VERDICT_MIN_SLICES slices: "too few samples". A profile
 *    of one figure per test (an older benchtop, a reference machine):
 *    judged on this run's spread alone, weak. A test that did not run:
 *    "not comparable: why".
 */

#ifndef BENCHTOP_VERDICT_H
#define BENCHTOP_VERDICT_H

#include <stddef.h>
#include <stdio.h>

#include "measure-runner.h"
#include "ref-data.h"
#include "report.h"

/* Exit status when some test is slower than tolerated beyond the
 * machine's shift. */
#define EXIT_SLOWER 3
/* Exit status when the machine as a whole runs slower than tolerated
 * and no test is slower beyond it. */
#define EXIT_MACHINE_SLOWER 4

/* Fewer slices than this on either side: no verdict. */
#define VERDICT_MIN_SLICES 5
/* The U test's significance level. */
#define VERDICT_ALPHA 0.05
/* A run (or test) with more than this share of disturbed samples gives
 * weak verdicts (a quiet run has none; stress-ng --cpu 2 on 2 CPUs
 * disturbs 40-45%). */
#define VERDICT_WEAK_SHARE 0.2

enum verdict {
	VERDICT_OK,             /* no change beyond the machine's */
	VERDICT_SLOWER,         /* slower: U test and tolerance agree */
	VERDICT_FASTER,         /* faster: U test and tolerance agree */
	VERDICT_TOO_FEW,        /* fewer than VERDICT_MIN_SLICES slices */
	VERDICT_NOT_COMPARABLE, /* no figure, another definition, not run */
};

/* Kinds of test that a change of the machine moves differently. */
enum verdict_kind {
	VERDICT_KIND_LOOP,   /* CPU-bound loops in user space */
	VERDICT_KIND_MEMORY, /* memory bandwidth */
	VERDICT_KIND_SYSTEM, /* system calls, IPC, processes, files, net */
	VERDICT_KIND_COUNT
};

/* One test to judge. Figures are in the test's unit. */
struct verdict_row {
	enum verdict_kind kind;
	const char *not_comparable;   /* NULL, or why ("unsupported") */
	double now_value, then_value; /* the medians printed, or NAN */
	const double *now;            /* this run's slice medians */
	size_t nnow;
	const double *then; /* the profile's slice medians */
	size_t nthen;       /* 1: a profile of one figure */
	int higher_better;
	double noisy_share; /* this run's disturbed share, NAN unknown */
};

/* Its verdict. Ratios are speed now / speed then: > 1 is faster. */
struct verdict_line {
	enum verdict verdict;
	int weak;      /* the evidence is weak (disturbed, one figure) */
	double ratio;  /* the medians' ratio, the profile as it is */
	double beyond; /* the change beyond the machine's shift */
	double lo, hi; /* 95% interval of `beyond`, NAN when none */
	double p;      /* the U test's p-value, NAN when none */
};

/* The machine's shift. */
struct verdict_machine {
	double shift;   /* speed ratio common to the tests, 1 when none */
	int beyond;     /* |shift| beyond the tolerance */
	size_t tests;   /* tests with figures on both sides */
	size_t moved;   /* of them, moved beyond the tolerance its way */
	int from_loops; /* the shift is the CPU-bound loops' (else all's) */
	double spread;  /* how far its tests disagree (ratio >= 1) */
	int spread_all; /* disturbed: the spread is every test's, wider */
	double floor;   /* a row is judged beyond the shift by more than
	                   this: the tolerance, or the spread when wider */
	double kind_shift[VERDICT_KIND_COUNT]; /* NAN: no test of it */
	size_t kind_tests[VERDICT_KIND_COUNT];
	double noisy_share; /* the run's, NAN unknown */
	int weak;           /* disturbed (VERDICT_WEAK_SHARE) */
	int one_figure;     /* the profile holds one figure per test */
};

/* At most this many rows are judged (the catalogue has under 100). */
#define VERDICT_MAX_ROWS 512

/* How far logs of speed v[0..n) disagree about `center`: 3 robust
 * sigmas (STATS_MAD_SIGMA times their median absolute deviation around
 * it), the spread --check and the live screen judge rows beyond.
 * scratch: room for n doubles. */
double verdict_spread(const double *v, size_t n, double center,
    double *scratch);

/* The kind of test t. */
enum verdict_kind verdict_kind_of(const struct bench_test *t);

/*
 * Judge n rows (pure: no I/O, no allocation): the machine's shift into
 * *m, each row's verdict into out[i] (rows past VERDICT_MAX_ROWS are
 * left as they are). `run_noisy_share` is the run's disturbed share (NAN
 * unknown).
 */
void verdict_judge(const struct verdict_row *rows, size_t n,
    double tolerance_pct, double run_noisy_share, struct verdict_line *out,
    struct verdict_machine *m);

/* A speed ratio in words: "1.46x slower", "2.10x faster", "same". */
const char *verdict_ratio_text(double ratio, char *buf, size_t size);

/* "ok", "slower", "faster" (", weak" added when weak), "too few
 * samples", or "not comparable: why". */
void verdict_text(const struct verdict_line *l, const char *why, char *buf,
    size_t size);

/* The exit status of a judged check: EXIT_SLOWER, EXIT_MACHINE_SLOWER or
 * 0. */
int verdict_status(const struct verdict_line *l, size_t n,
    const struct verdict_machine *m);

/*
 * The comma-separated catalogue ids machine `m` has figures for, into a
 * malloc'd string (NULL if none); an --only list for the run.
 */
char *verdict_test_list(const struct refdata *rd, size_t m);

/* What a check reports, beside the run's results. */
struct verdict_report {
	const struct refdata *rd;
	size_t machine; /* the profile or reference machine */
	const struct test_result *r;
	const double *const *slices; /* per test: this run's slice medians */
	const size_t *nslices;
	size_t n;
	double tolerance_pct;
	enum report_format format; /* text, JSON or CSV */
	unsigned context_moved;    /* the context_sense bits that differ */
};

/* Judge without printing: each row's verdict into out and why it is not
 * comparable into why (both vr->n long), the machine's into *m; returns
 * the exit status, or -1 when out of memory. */
int verdict_judge_report(const struct verdict_report *vr,
    struct verdict_line *out, const char **why, struct verdict_machine *m);

/* Judge and print; returns the exit status (verdict_status), or -1 when
 * out of memory. */
int verdict_write(FILE *f, const struct verdict_report *vr);

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
