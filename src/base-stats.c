/*
 * base-stats.c: pure statistics over sample arrays (see base-stats.h).
 *
 * Order statistics sort a copy of the input in the caller's scratch
 * buffer with qsort(): the sample rings are a few thousand entries at
 * most and a summary is computed a few times per second, so O(n log n)
 * is cheap and simpler to trust than a selection algorithm.
 */

#include "config.h"

#include "base-stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The 0.975 quantile of the standard normal distribution. */
#define STATS_Z975 1.959963984540054

static void sort_copy(const double *, size_t, double *);
static double sorted_median(const double *, size_t);
static double sorted_ci95_median(const double *, size_t);
static double cv_pct(double, double);
static double t975_series(double);

/*
 * t(0.975, df) for df = 1..30, from the Student t CDF solved to 12
 * significant digits (they agree with the printed tables in every
 * statistics textbook). Index 0 is unused.
 */
static const double t975_table[31] = {
	0.0,
	12.7062047362,
	4.30265272975,
	3.18244630528,
	2.7764451052,
	2.57058183564,
	2.44691185114,
	2.36462425159,
	2.3060041352,
	2.2621571628,
	2.22813885199,
	2.20098516009,
	2.17881282967,
	2.16036865646,
	2.14478668792,
	2.13144954556,
	2.11990529922,
	2.10981557783,
	2.10092204024,
	2.09302405441,
	2.08596344727,
	2.07961384473,
	2.0738730679,
	2.06865761042,
	2.06389856163,
	2.05953855275,
	2.05552943864,
	2.05183051648,
	2.0484071418,
	2.04522964213,
	2.0422724563,
};

/* Ascending order for qsort(); inputs are finite, so this is total. */
int
stats_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Copy v into out and sort out, leaving v untouched. */
static void
sort_copy(const double *v, size_t n, double *out)
{
	memcpy(out, v, n * sizeof *out);
	qsort(out, n, sizeof *out, stats_cmp_double);
}

/* The median of a sorted array; the mean of the middle pair if n is even. */
static double
sorted_median(const double *s, size_t n)
{
	if (n % 2 == 1)
		return s[n / 2];
	return (s[n / 2 - 1] + s[n / 2]) / 2.0;
}

/*
 * The p-th percentile of a sorted array, by linear interpolation between
 * the closest ranks: position h = (n - 1) * p / 100, counted from 0
 * (Hyndman and Fan's definition 7, the default of R and numpy).
 */
double
stats_sorted_percentile(const double *s, size_t n, double p)
{
	double h, frac;
	size_t lo;

	if (p <= 0.0)
		return s[0];
	if (p >= 100.0)
		return s[n - 1];
	h = (double)(n - 1) * p / 100.0;
	lo = (size_t)h;
	frac = h - (double)lo;
	if (lo + 1 >= n)
		return s[n - 1];
	return s[lo] + frac * (s[lo + 1] - s[lo]);
}

/*
 * Half-width of the distribution-free 95% CI of the median of a sorted
 * array (Campbell and Gardner, BMJ 1988): the number of samples below the
 * median is Binomial(n, 1/2), so the 1-based ranks
 *
 *	r = n/2 - z * sqrt(n) / 2	and	s = 1 + n/2 + z * sqrt(n) / 2,
 *
 * rounded to the nearest integer, bound the median with about 95%
 * confidence (z = 1.96). They are clamped to 1..n, which makes the
 * interval the whole range, hence conservative, for n < 6. The
 * interval is not symmetric about the median; half its span is a single
 * "+/-" number to show next to the median.
 */
static double
sorted_ci95_median(const double *s, size_t n)
{
	double half = STATS_Z975 * sqrt((double)n) / 2.0;
	long r = lround((double)n / 2.0 - half);
	long t = lround(1.0 + (double)n / 2.0 + half);

	if (r < 1)
		r = 1;
	if (t > (long)n)
		t = (long)n;
	return (s[t - 1] - s[r - 1]) / 2.0;
}

/* Median of |v[i] - center|, built and sorted in scratch. */
double
stats_mad(const double *v, size_t n, double center, double *scratch)
{
	size_t i;

	for (i = 0; i < n; i++)
		scratch[i] = fabs(v[i] - center);
	qsort(scratch, n, sizeof *scratch, stats_cmp_double);
	return sorted_median(scratch, n);
}

/*
 * Coefficient of variation in percent. |mean| keeps it non-negative for
 * overhead-corrected values that dip below zero; a zero mean has no
 * meaningful relative spread, so it reports 0 instead of infinity.
 */
static double
cv_pct(double stddev, double mean)
{
	if (mean == 0.0)
		return 0.0;
	return stddev / fabs(mean) * 100.0;
}

/*
 * t(0.975, df) for df > 30 by the Cornish-Fisher expansion of Student's t
 * around the normal quantile (Abramowitz and Stegun 26.7.5), to 1/df^4:
 * its error is under 4e-8 from df = 30 on, far below what a 95% CI needs.
 */
static double
t975_series(double df)
{
	double z = STATS_Z975, z2 = z * z;
	double g1, g2, g3, g4;

	g1 = (z2 + 1.0) * z / 4.0;
	g2 = ((5.0 * z2 + 16.0) * z2 + 3.0) * z / 96.0;
	g3 = (((3.0 * z2 + 19.0) * z2 + 17.0) * z2 - 15.0) * z / 384.0;
	g4 =
	    ((((79.0 * z2 + 776.0) * z2 + 1482.0) * z2 - 1920.0) * z2 - 945.0) *
	    z / 92160.0;
	return z + (g1 + (g2 + (g3 + g4 / df) / df) / df) / df;
}

/* Arithmetic mean; 0 for n == 0. */
double
stats_mean(const double *v, size_t n)
{
	double sum = 0.0;
	size_t i;

	if (n == 0)
		return 0.0;
	for (i = 0; i < n; i++)
		sum += v[i];
	return sum / (double)n;
}

/*
 * Sample standard deviation (divisor n - 1), in two passes: summing
 * squared deviations from the mean avoids the cancellation of the
 * sum-of-squares formula when the spread is tiny next to the mean, as
 * with nanosecond timings. 0 for n < 2, where there is no spread to see.
 */
double
stats_stddev(const double *v, size_t n)
{
	double mean, d, ss = 0.0;
	size_t i;

	if (n < 2)
		return 0.0;
	mean = stats_mean(v, n);
	for (i = 0; i < n; i++) {
		d = v[i] - mean;
		ss += d * d;
	}
	return sqrt(ss / (double)(n - 1));
}

/*
 * Median; the mean of the middle pair for even n. Sorts a copy in scratch
 * (n doubles, not overlapping v) so the caller's samples keep their order.
 */
double
stats_median(const double *v, size_t n, double *scratch)
{
	if (n == 0)
		return 0.0;
	sort_copy(v, n, scratch);
	return sorted_median(scratch, n);
}

/*
 * The 0.975 quantile of Student's t with df degrees of freedom, the factor
 * of a two-sided 95% interval: a table for df <= 30, a series beyond it.
 * df == 0 has no t distribution; it returns 0.
 */
double
stats_student_t975(size_t df)
{
	if (df == 0)
		return 0.0;
	if (df <= 30)
		return t975_table[df];
	return t975_series((double)df);
}

/*
 * Half-width of the 95% confidence interval of the mean,
 * t(0.975, n - 1) * stddev / sqrt(n). Student's t rather than 1.96 keeps
 * small runs honest. It assumes roughly normal means, which holds for
 * large n whatever the timing distribution. 0 for n < 2.
 */
double
stats_ci95_mean(const double *v, size_t n)
{
	if (n < 2)
		return 0.0;
	return stats_student_t975(n - 1) * stats_stddev(v, n) / sqrt((double)n);
}

/*
 * Fill out with every summary of v, sorting only once. scratch as for
 * stats_median(). n == 0 gives an all-zero summary.
 */
void
stats_summarize(const double *v, size_t n, double *scratch,
    struct stats_summary *out)
{
	memset(out, 0, sizeof *out);
	if (n == 0)
		return;
	out->n = n;
	out->mean = stats_mean(v, n);
	out->stddev = stats_stddev(v, n);
	out->cv_pct = cv_pct(out->stddev, out->mean);
	out->ci95_mean = stats_ci95_mean(v, n);

	sort_copy(v, n, scratch);
	out->min = scratch[0];
	out->max = scratch[n - 1];
	out->median = sorted_median(scratch, n);
	out->p5 = stats_sorted_percentile(scratch, n, 5.0);
	out->p95 = stats_sorted_percentile(scratch, n, 95.0);
	out->ci95_median = sorted_ci95_median(scratch, n);

	/* Last: this overwrites the sorted copy. */
	out->mad = stats_mad(v, n, out->median, scratch);
}

void
stats_summary_unknown_unless_positive(struct stats_summary *s)
{
	size_t n = s->n;

	if (s->median > 0)
		return;
	s->min = s->max = s->mean = s->median = s->stddev = NAN;
	s->cv_pct = s->mad = s->p5 = s->p95 = NAN;
	s->ci95_median = s->ci95_mean = NAN;
	s->n = n;
}

/*
 * The number of ways to interleave na and nb distinct values so that U
 * (the count of pairs with the a value first) is u, for u = 0..na*nb:
 * the coefficients of the Gaussian binomial [na+nb choose na]_q, built
 * as the power series prod (1 - q^(nb+i)) / (1 - q^i), i = 1..na,
 * truncated at degree na*nb (below which truncation changes nothing).
 */
static void
u_counts(size_t na, size_t nb, double *c)
{
	size_t top = na * nb;

	memset(c, 0, (top + 1) * sizeof *c);
	c[0] = 1;
	for (size_t i = 1; i <= na; i++) {
		for (size_t u = top; u >= nb + i && u <= top; u--)
			c[u] -= c[u - (nb + i)];
		for (size_t u = i; u <= top; u++)
			c[u] += c[u - i];
	}
}

/* P(U <= u) of the exact distribution for na, nb distinct values. */
static double
u_cdf(size_t na, size_t nb, double u)
{
	double c[STATS_RANK_MAX * STATS_RANK_MAX + 1], below = 0, all = 0;

	u_counts(na, nb, c);
	for (size_t k = 0; k <= na * nb; k++) {
		all += c[k];
		below += (double)k <= u + 1e-9 ? c[k] : 0;
	}
	return below / all;
}

/* U of a (pairs a < b count 1, ties 1/2) and whether any value ties. */
static double
u_statistic(const double *a, size_t na, const double *b, size_t nb, int *ties)
{
	double u = 0;

	*ties = 0;
	for (size_t i = 0; i < na; i++)
		for (size_t j = 0; j < nb; j++) {
			u += a[i] < b[j] ? 1.0 : a[i] == b[j] ? 0.5 : 0.0;
			*ties |= a[i] == b[j];
		}
	for (size_t i = 0; i < na; i++)
		for (size_t k = i + 1; k < na; k++)
			*ties |= a[i] == a[k];
	for (size_t j = 0; j < nb; j++)
		for (size_t k = j + 1; k < nb; k++)
			*ties |= b[j] == b[k];
	return u;
}

/* The tie term of U's variance: sum over tied groups of t^3 - t. */
static double
tie_term(const double *a, size_t na, const double *b, size_t nb)
{
	double sum = 0;

	for (size_t i = 0; i < na + nb; i++) {
		double x = i < na ? a[i] : b[i - na], t = 0;
		int first = 1;

		for (size_t k = 0; k < na + nb; k++) {
			double y = k < na ? a[k] : b[k - na];

			t += y == x;
			first &= !(y == x && k < i);
		}
		sum += first ? t * t * t - t : 0;
	}
	return sum;
}

double
stats_utest_p(const double *a, size_t na, const double *b, size_t nb)
{
	double u, n = (double)(na + nb), mean, var, z;
	int ties;

	if (na < 2 || nb < 2 || na > STATS_RANK_MAX || nb > STATS_RANK_MAX)
		return 1.0;
	u = u_statistic(a, na, b, nb, &ties);
	mean = (double)(na * nb) / 2;
	if (!ties) {
		double p = 2 * u_cdf(na, nb, u < mean ? u : 2 * mean - u);

		return p < 1 ? p : 1;
	}
	var = (double)(na * nb) / 12 *
	    (n + 1 - tie_term(a, na, b, nb) / (n * (n - 1)));
	if (!(var > 0))
		return 1.0;
	z = (fabs(u - mean) - 0.5) / sqrt(var);
	return z > 0 ? erfc(z / sqrt(2)) : 1.0;
}

/* The number c of differences left out at each end of a 95% interval
 * (the largest with P(U < c) <= 2.5%), or 0 when none can be. */
static size_t
shift_ci_depth(size_t na, size_t nb)
{
	size_t c = 0;

	if (na <= STATS_RANK_MAX && nb <= STATS_RANK_MAX) {
		while (c < na * nb / 2 && u_cdf(na, nb, (double)c) <= 0.025)
			c++;
		return c;
	}
	return (size_t)fmax(0,
	    floor((double)(na * nb) / 2 -
	        STATS_Z975 * sqrt((double)(na * nb * (na + nb + 1)) / 12)));
}

int
stats_shift_ci(const double *a, size_t na, const double *b, size_t nb,
    double *scratch, double *est, double *lo, double *hi)
{
	size_t n = na * nb, c;

	*est = *lo = *hi = NAN;
	if (n == 0)
		return -1;
	for (size_t i = 0; i < na; i++)
		for (size_t j = 0; j < nb; j++)
			scratch[i * nb + j] = b[j] - a[i];
	qsort(scratch, n, sizeof *scratch, stats_cmp_double);
	*est = sorted_median(scratch, n);
	if ((c = shift_ci_depth(na, nb)) == 0)
		return -1;
	*lo = scratch[c - 1];
	*hi = scratch[n - c];
	return 0;
}

/* Both spreads: the median absolute deviation alone misses a test whose
 * slices fall in two modes (a file creation that waits for the journal
 * in one slice of three: 22 us or 250), and a rule taking such a side
 * for a tight one called one slow slice a change. */
double
stats_robust_sd(const double *v, size_t n, double center)
{
	double scratch[STATS_RANK_MAX], sorted[STATS_RANK_MAX], iqr;

	if (n < 3 || n > STATS_RANK_MAX)
		return 0;
	memcpy(sorted, v, n * sizeof *v);
	qsort(sorted, n, sizeof *sorted, stats_cmp_double);
	iqr = stats_sorted_percentile(sorted, n, 75) -
	    stats_sorted_percentile(sorted, n, 25);
	return fmax(STATS_MAD_SIGMA * stats_mad(v, n, center, scratch),
	    iqr / 1.349);
}

double
stats_median_se(double sd, size_t n)
{
	return n > 0 ? sqrt(M_PI / 2) * sd / sqrt((double)n) : 0;
}

/* Bisection on erfc: a hundred halvings of [0, 40] leave no error a
 * double can hold. */
double
stats_z_two_sided(double p)
{
	double lo = 0, hi = 40;

	for (int i = 0; i < 100; i++) {
		double mid = (lo + hi) / 2;

		if (erfc(mid / M_SQRT2) > p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}
