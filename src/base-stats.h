/*
 * base-stats.h: pure statistics over sample arrays.
 *
 * Summaries of a sample array (order statistics, moments, robust spread
 * and confidence intervals), in one call: stats_summarize. The pieces it
 * is made of are public where another file or the known-answer tests use
 * them. Nothing here keeps state between calls, does I/O, takes a
 * lock or allocates: functions that need to reorder data sort a copy in a
 * scratch buffer the caller owns, so the input is never modified.
 *
 * Inputs must be finite: NaN and infinities give unspecified results (NaN
 * breaks the ordering the sort relies on). The harness never produces
 * them. Values are unitless here; callers keep units in their own names
 * (t_ns, cyc).
 *
 * Every function accepts n == 0 and then returns 0 (or an all-zero
 * summary); v and scratch may be NULL when n == 0.
 */

#ifndef BENCHTOP_STATS_H
#define BENCHTOP_STATS_H

#include <stddef.h>
#include <stdint.h>

/* Everything stats_summarize() computes, in the units of the input. */
struct stats_summary {
	size_t n;
	double min;
	double max;
	double mean;
	double median;
	double stddev;      /* sample standard deviation (n - 1) */
	double cv_pct;      /* stddev / |mean| * 100 */
	double mad;         /* median absolute deviation, unscaled */
	double p5;          /* 5th percentile, R-7 interpolation */
	double p95;         /* 95th percentile, R-7 interpolation */
	double ci95_median; /* half-width of the 95% CI of the median */
	double ci95_mean;   /* half-width of the 95% CI of the mean */
};

/* What a summary of figures that could not be had says (cycles without a
 * known clock, which the harness leaves at 0): every statistic NAN, n
 * kept. A summary whose median is not above 0 is one of those. */
void stats_summary_unknown_unless_positive(struct stats_summary *s);

/* Ascending order of doubles, for qsort(). */
int stats_cmp_double(const void *a, const void *b);

double stats_mean(const double *v, size_t n);
double stats_stddev(const double *v, size_t n);

/* scratch: room for n doubles, not overlapping v; its contents are lost. */
double stats_median(const double *v, size_t n, double *scratch);

/* The median absolute deviation of v around `center`, unscaled; scratch
 * as for stats_median. STATS_MAD_SIGMA times it is a robust standard
 * deviation (of a normal sample). */
double stats_mad(const double *v, size_t n, double center, double *scratch);
#define STATS_MAD_SIGMA 1.4826

/* The p-th percentile (0..100, clamped; R-7) of an array sorted
 * ascending; n > 0. */
double stats_sorted_percentile(const double *sorted, size_t n, double p);

double stats_student_t975(size_t df);
double stats_ci95_mean(const double *v, size_t n);

void stats_summarize(const double *v, size_t n, double *scratch,
    struct stats_summary *out);

/*
 * Rank tests of two independent sets (benchtop compares sets of slice
 * medians with them: no assumption that the figures are normal, and one
 * wild slice moves nothing by more than one rank). At most
 * STATS_RANK_MAX values a side; fewer than 2 a side gives p = 1.
 */
#define STATS_RANK_MAX 32

/*
 * The two-sided p-value of the Mann-Whitney U test that a and b come
 * from one distribution: exact (the Gaussian binomial's coefficients)
 * when no value ties, else the normal approximation with the tie and
 * continuity corrections.
 */
double stats_utest_p(const double *a, size_t na, const double *b, size_t nb);

/*
 * The Hodges-Lehmann estimate of the shift from a to b (the median of
 * every b[j] - a[i]) and its distribution-free 95% interval (the order
 * statistics of those differences the U test's critical value names).
 * scratch: room for na * nb doubles. Returns 0, or -1 when the sets are
 * too small for a 95% interval (then *lo and *hi are NAN, *est is set).
 */
int stats_shift_ci(const double *a, size_t na, const double *b, size_t nb,
    double *scratch, double *est, double *lo, double *hi);

/* A robust standard deviation of v[0..n) (n at most STATS_RANK_MAX)
 * around center: the larger of STATS_MAD_SIGMA times the median absolute
 * deviation and the interquartile range over 1.349, so that figures in
 * two modes are not taken for tight ones; 0 for fewer than 3. */
double stats_robust_sd(const double *v, size_t n, double center);

/* The standard error of the median of n figures of standard deviation
 * sd: sqrt(pi/2) sd / sqrt(n), a median's error against a mean's sd /
 * sqrt(n) for normal figures; 0 for no figure. */
double stats_median_se(double sd, size_t n);

/* z such that a normal variable lies beyond +-z with probability p, in
 * (0, 1): 1.96 for 0.05. */
double stats_z_two_sided(double p);

#endif
