/*
 * stats.h: pure statistics over sample arrays.
 *
 * Summaries of a sample array (order statistics, moments, robust spread
 * and confidence intervals), a Welford accumulator, an EWMA and the
 * outlier flag. Nothing here keeps state between calls, does I/O, takes a
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

/* Running mean and variance in O(1) space (Welford 1962). */
struct stats_welford {
	uint64_t n;
	double mean;
	double m2; /* sum of squared deviations from the running mean */
	double min;
	double max;
};

/* Exponentially weighted moving average. */
struct stats_ewma {
	double alpha; /* weight of the newest sample, in (0, 1] */
	double value;
	int primed; /* 0 until the first sample */
};

double stats_min(const double *v, size_t n);
double stats_max(const double *v, size_t n);
double stats_mean(const double *v, size_t n);
double stats_stddev(const double *v, size_t n);
double stats_cv_pct(const double *v, size_t n);

/* scratch: room for n doubles, not overlapping v; its contents are lost. */
double stats_median(const double *v, size_t n, double *scratch);
double stats_percentile(const double *v, size_t n, double p, double *scratch);
double stats_mad(const double *v, size_t n, double *scratch);
double stats_ci95_median(const double *v, size_t n, double *scratch);

double stats_student_t975(size_t df);
double stats_ci95_mean(const double *v, size_t n);

void stats_summarize(const double *v, size_t n, double *scratch,
    struct stats_summary *out);

void stats_welford_init(struct stats_welford *w);
void stats_welford_add(struct stats_welford *w, double x);
double stats_welford_mean(const struct stats_welford *w);
double stats_welford_stddev(const struct stats_welford *w);
double stats_welford_cv_pct(const struct stats_welford *w);

void stats_ewma_init(struct stats_ewma *e, double alpha);
double stats_ewma_add(struct stats_ewma *e, double x);

int stats_is_outlier(double x, double median, double mad);

#endif
