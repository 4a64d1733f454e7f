/*
 * measure-judge.h: the one judge of benchtop's figures, below the screen
 * and the reports: --check (against a profile's slices) and the live
 * screen's baseline (against the figures frozen by b) both compare a
 * test's figures beyond the machine's shift, and both do it here. Pure:
 * no I/O, no locks, no allocation.
 *
 * How a check decides (the why of each step is in measure-judge.c):
 *
 * 1. Each test is measured in slices spread over the run; each slice's
 *    median is one figure. The profile holds the same.
 * 2. The machine's shift: the median, over the CPU-bound loops, of the
 *    log ratio of this run's median to the profile's (over every test
 *    when fewer than 3 loops were run). How far the tests it is taken
 *    from disagree about it (3 robust sigmas: 1.4826 times their median
 *    absolute deviation) is how well it is known: the spread. On a
 *    disturbed run (weak, below), every test's spread when it is wider.
 * 3. Each test's slices are compared with the profile's moved by that
 *    shift: a Mann-Whitney U test (p < 0.05) and the Hodges-Lehmann
 *    estimate of the change with its 95% interval. A test is slower or
 *    faster only when the U test says it differs, the medians lie apart
 *    by more standard errors than 5% of the whole check split among its
 *    tests allows (z_crit), AND the estimate lies beyond the tolerance
 *    and beyond the spread (judge_decide). On weak
 *    evidence (a run or test with more than a fifth of its samples
 *    disturbed) the whole interval must lie beyond it.
 * 4. Fewer than JUDGE_MIN_SLICES slices: "too few samples". A profile
 *    of one figure per test (an older benchtop, a reference machine):
 *    judged on this run's spread alone, weak. A test that did not run:
 *    "not comparable: why".
 */

#ifndef BENCHTOP_MEASURE_JUDGE_H
#define BENCHTOP_MEASURE_JUDGE_H

#include <stddef.h>
#include <stdint.h>

#include "bench.h"
#include "measure-judge-kind.h"

/* Fewer slices than this on either side: no verdict. */
#define JUDGE_MIN_SLICES 5
/* The U test's significance level. */
#define JUDGE_ALPHA 0.05
/* A run (or test) with more than this share of disturbed samples gives
 * weak verdicts (a quiet run has none; stress-ng --cpu 2 on 2 CPUs
 * disturbs 40-45%). */
#define JUDGE_WEAK_SHARE 0.2
/*
 * A row whose samples were disturbed this much or more (share) moved for
 * that: something else took its CPU, and its figure is that load's, not
 * the test's. A CPU is busy when a third or more (one at least) of the
 * rows that ran on it alone were (only CPU-bound rows can show it: the
 * others wait by design). Its rows moved with that load: a memory hog on
 * one CPU of a quick check made its lane's eleven tests 1.9-2.5x slower,
 * and lock_pingpong, whose partner shared that CPU, 17x, while the other
 * lane's did not move. So a row that waits by design on a busy CPU is
 * not judged (a partner, the journal's thread or a child parked for a
 * time slice costs it any multiple: lat_ctx of two processes on the
 * hogged CPU read 2.5x, a file creation 10x), and a CPU-bound one of one
 * CPU only beyond the load's own shift and spread (the median and
 * spread of those rows, as a kind's), slower only: a test 100x slower
 * under load is still a regression.
 */
#define JUDGE_BUSY_SHARE 0.5
/* Load moves the rows on a busy CPU unequally (1.66-2.54x under one
 * hog): a row of them is judged only beyond this factor from their
 * median, or their spread when wider. */
#define JUDGE_BUSY_FLOOR 4.0

enum judge_verdict {
	JUDGE_OK,             /* no change beyond the machine's */
	JUDGE_SLOWER,         /* slower: U test and tolerance agree */
	JUDGE_FASTER,         /* faster: U test and tolerance agree */
	JUDGE_TOO_FEW,        /* fewer than JUDGE_MIN_SLICES slices */
	JUDGE_NOT_COMPARABLE, /* no figure, another definition, not run */
	JUDGE_BUSY,           /* not judged: other load took its CPU */
	JUDGE_VERDICT_COUNT
};

/* A row a sequential rule stopped (measure-sequential.h): the rule,
 * not the U test, says whether its figures differ, from fewer slices
 * than JUDGE_MIN_SLICES on this run's side. */
enum judge_seq {
	JUDGE_SEQ_NONE,      /* not sequential: the U test decides */
	JUDGE_SEQ_SAME,      /* stopped: no change */
	JUDGE_SEQ_DIFFERS,   /* stopped: a change */
	JUDGE_SEQ_UNDECIDED, /* stopped at its budget: JUDGE_TOO_FEW */
};

/* One test to judge. Figures are in the test's unit. */
struct judge_row {
	enum judge_kind kind;
	const char *not_comparable;   /* NULL, or why ("unsupported") */
	double now_value, then_value; /* the medians printed, or NAN */
	const double *now;            /* this run's slice medians */
	size_t nnow;
	const double *then; /* the profile's slice medians */
	size_t nthen;       /* 1: a profile of one figure */
	int higher_better;
	double noisy_share; /* this run's disturbed share, NAN unknown */
	enum judge_seq sequential;
	uint64_t cpus; /* the CPUs it ran on, bit i CPU i; 0 unknown */
	int waits;     /* it waits by design (a partner, a file, a child):
	                  not bench_cpu_bound */
};

/* Its verdict. Ratios are speed now / speed then: > 1 is faster. */
struct judge_line {
	enum judge_verdict verdict;
	int weak;      /* the evidence is weak (disturbed, one figure) */
	double ratio;  /* the medians' ratio, the profile as it is */
	double beyond; /* the change beyond the machine's shift (its kind's,
	                  when the kind moved as a whole) */
	int by_kind;   /* judged beyond its kind's shift */
	double lo, hi; /* 95% interval of `beyond`, NAN when none */
	double p;      /* the U test's p-value, NAN when none */
};

/* The machine's shift. */
struct judge_machine {
	double shift;   /* speed ratio common to the tests, 1 when none */
	int beyond;     /* |shift| beyond the tolerance */
	size_t tests;   /* tests with figures on both sides */
	size_t moved;   /* of them, moved beyond the tolerance its way */
	int from_loops; /* the shift is the CPU-bound loops' (else all's) */
	double spread;  /* how far its tests disagree (ratio >= 1) */
	int spread_all; /* disturbed: the spread is every test's, wider */
	double floor;   /* a row is judged beyond the shift by more than
	                   this: the tolerance, or the spread when wider */
	double kind_shift[JUDGE_KIND_COUNT]; /* NAN: no test of it */
	size_t kind_tests[JUDGE_KIND_COUNT];
	/* A kind that moved as a whole beyond the machine's shift (its
	 * median, of at least JUDGE_MIN_LOOPS tests, beyond the floor from
	 * it): -1 slower, +1 faster, 0 not. Its rows are judged beyond the
	 * kind's own shift: one fact about the host (its memory bandwidth),
	 * said once, not as one regression per row. */
	int kind_moved[JUDGE_KIND_COUNT];
	double noisy_share; /* the run's, NAN unknown */
	int weak;           /* disturbed (JUDGE_WEAK_SHARE) */
	int one_figure;     /* the profile holds one figure per test */
	/* Other load (JUDGE_BUSY_SHARE): the CPUs it kept busy, the rows
	 * not judged for it (busy_disturbed of them mostly disturbed
	 * themselves), their median speed ratio, and whether that is slower
	 * beyond the floor (then the machine is busy: exit status 4). */
	uint64_t busy_cpus;
	size_t busy_tests, busy_disturbed;
	double busy_shift;
	int busy_slower;
	/* What a CPU-bound row among them is judged beyond (logs): the
	 * load's shift and floor (busy_shift_of in measure-judge.c). */
	double busy_log_shift, busy_log_floor;
	/* The standard errors two sets of slices must lie apart to differ:
	 * JUDGE_ALPHA of the whole check split among its tests. */
	double z_crit;
};

/* At most this many rows are judged (the catalogue has under 100). */
#define JUDGE_MAX_ROWS 512

/* How far logs of speed v[0..n) disagree about `center`: 3 robust
 * sigmas (STATS_MAD_SIGMA times their median absolute deviation around
 * it), the spread --check and the live screen judge rows beyond.
 * scratch: room for n doubles. */
double judge_spread(const double *v, size_t n, double center, double *scratch);

/* log(speed) of each of v[0..n) (n at most STATS_RANK_MAX), into out:
 * the number kept (finite, > 0). Both judges' and the sequential
 * rule's figures. */
size_t judge_log_speeds(const double *v, size_t n, int higher_better,
    double *out);

/*
 * Judge n rows (pure: no I/O, no allocation): the machine's shift into
 * *m, each row's verdict into out[i] (rows past JUDGE_MAX_ROWS are
 * left as they are). `run_noisy_share` is the run's disturbed share (NAN
 * unknown).
 */
void judge_rows(const struct judge_row *rows, size_t n, double tolerance_pct,
    double run_noisy_share, struct judge_line *out, struct judge_machine *m);

/*
 * The decision --check and the live screen both end in. `change` is
 * log(speed now / speed then) beyond the machine's shift, [lo, hi] its
 * 95% interval (NAN: none), `differs` whether the evidence says the
 * figures differ (--check: the U test; live: the change is far, its
 * cause seen, or it lasted). A verdict (JUDGE_SLOWER or JUDGE_FASTER)
 * only when they differ and the change lies beyond floor_log (log of the
 * tolerance, or of the shift's spread when wider), and, when `whole`, its
 * whole interval does; else JUDGE_OK.
 */
enum judge_verdict judge_decide(int differs, double change, double lo,
    double hi, double floor_log, int whole);

/* Fewer CPU-bound loops than this: the shift is every test's median;
 * fewer tests: there is none. */
#define JUDGE_MIN_LOOPS 3

/* The machine's shift from tests' log speed changes (NAN: none). */
struct judge_shift {
	int known;         /* enough tests (JUDGE_MIN_LOOPS) to tell */
	int from_loops;    /* from the CPU-bound loops (else every test) */
	size_t sources;    /* the tests it comes from */
	double log_shift;  /* their median, 0 when not known */
	double log_spread; /* how far they disagree (judge_spread), 0 none */
	double log_se;     /* the standard error of their median (log) */
};

/* The shift both judges use: the median log change of the CPU-bound
 * loops, of every test when fewer than JUDGE_MIN_LOOPS loops have one;
 * none from fewer tests. scratch: room for 2n doubles. */
void judge_shift_of(const double *logs, const enum judge_kind *kinds, size_t n,
    struct judge_shift *s, double *scratch);

/* The kinds' own shifts, and which moved as a whole beyond the
 * machine's: -1 slower, +1 faster, 0 not (see judge_machine). */
struct judge_kinds {
	double shift[JUDGE_KIND_COUNT]; /* speed ratio, NAN: no test of it */
	size_t tests[JUDGE_KIND_COUNT];
	int moved[JUDGE_KIND_COUNT];
};
/* Both judges' rule for kinds, from logs of speed change v[0..n) and the
 * machine's log shift: a kind of JUDGE_MIN_LOOPS tests or more whose
 * median lies beyond floor_log from the shift, with most of its tests
 * (and JUDGE_MIN_LOOPS) beyond it its way, moved as a whole; never the
 * loops when the shift is theirs (from_loops). scratch: room for 2n. */
void judge_kinds_of(const double *logs, const enum judge_kind *kinds, size_t n,
    double log_shift, double floor_log, int from_loops, struct judge_kinds *out,
    double *scratch);
/* Whether a row of `kind` with log change lr is judged beyond its kind's
 * shift: the kind moved as a whole, and the row moved its way. */
int judge_moved_with_kind(const struct judge_kinds *k, enum judge_kind kind,
    double lr, double log_shift, double floor_log);
/* A speed ratio in words: "1.46x slower", "2.10x faster", "same". */
const char *judge_ratio_text(double ratio, char *buf, size_t size);

/* "ok", "slower", "faster" (", weak" added when weak), "too few
 * samples", or "not comparable: why". */
void judge_text(const struct judge_line *l, const char *why, char *buf,
    size_t size);

#endif
