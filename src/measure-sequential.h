/*
 * measure-sequential.h: when a quick check may stop measuring a test.
 * Pure: no I/O, no locks, no allocation.
 *
 * A check that stops a test "when it looks significant" calls far more
 * changes than its level says: every look is another chance. The rule
 * here is Wald's sequential probability ratio test, its error rates
 * fixed before the first slice: each slice's median is one observation
 * x (the log speed change against the profile's slices, beyond the
 * machine's shift, or its kind's when the kind moved as a whole), taken
 * as normal with the slices' spread sigma: the wider of the median
 * absolute deviation's and the middle half's, so that a test whose
 * slices fall in two modes is not taken for a tight one, and each
 * observation bounded at 3 sigma (or twice delta), so that one slice far
 * off cannot decide alone. Three hypotheses: no change
 * (mean 0), slower (-delta), faster (+delta), delta twice the judge's
 * floor, so that the rule's boundary, half-way, is the floor itself.
 * After each slice, with S the sum of the n observations:
 *
 *   slower: delta/sigma^2 * (-S - n delta/2) >= log((1-beta)/(alpha/2))
 *   faster: delta/sigma^2 * ( S - n delta/2) >= log((1-beta)/(alpha/2))
 *   same:   both <= log(beta/(1-alpha/2))
 *
 * so that an unchanged test is called slower or faster with probability
 * at most about alpha, and a change of delta called the same with
 * probability at most about beta, however many slices it takes. No
 * verdict before min_n slices (one disturbed slice decides nothing);
 * none after max_n (the budget): undecided.
 */

#ifndef BENCHTOP_MEASURE_SEQUENTIAL_H
#define BENCHTOP_MEASURE_SEQUENTIAL_H

#include <stddef.h>

#include "measure-judge.h"

enum seq_state {
	SEQ_GOING,     /* not decided: one more slice */
	SEQ_SAME,      /* no change beyond the floor */
	SEQ_SLOWER,    /* slower by delta rather than the same */
	SEQ_FASTER,    /* faster by delta rather than the same */
	SEQ_UNDECIDED, /* the budget ran out first, or nothing to compare */
};

struct seq_rule {
	double alpha;       /* an unchanged test called changed (both ways) */
	double beta;        /* a change of delta called the same */
	size_t min_n;       /* slices before any verdict */
	size_t max_n;       /* the budget: undecided after this many */
	double sigma_floor; /* log: the slices' spread is never below it */
};

/* The quick check's: 5% false alarms a check (sequential_rows splits
 * them among its tests), 5% misses a test, 3 to 12 slices, a spread of
 * at least 1%. */
#define SEQ_RULE_QUICK                                                         \
	{                                                                      \
		0.05, 0.05, 3, 12, 0.01                                        \
	}

/* The state after the n observations x[0..n), of spread sigma, for a
 * change of delta (log, > 0). center_var: the variance of the center the
 * observations were taken from (the profile's median), an error common
 * to all of them (0: known exactly). */
enum seq_state sequential_decide(const struct seq_rule *r, const double *x,
    size_t n, double sigma, double center_var, double delta);

/*
 * One look at every row still going (state[i] == SEQ_GOING), with the
 * rule's alpha split among the rows that can be compared (Bonferroni),
 * and the profile's median taken as known only as well as its slices
 * tell (their spread over their count): the
 * machine's shift and the kinds as the judge takes them
 * (judge_shift_of, judge_kinds_of, judge_moved_with_kind) from the rows'
 * medians so far, then each going row's slices beyond its shift through
 * sequential_decide, delta twice the floor (the tolerance, or the shift's
 * spread when wider). sigma is the robust spread of the profile's
 * slices, or of this run's when wider, never below the rule's floor. A
 * row that cannot be compared stops undecided.
 */
void sequential_rows(const struct seq_rule *r, const struct judge_row *rows,
    size_t n, double tolerance_pct, enum seq_state *state);

/* The judge's word for a stopped row (a row still going: undecided). */
enum judge_seq sequential_judge_of(enum seq_state s);

/* "same", "slower", "faster", "undecided", "going". */
const char *sequential_state_name(enum seq_state s);

#endif
