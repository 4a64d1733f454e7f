/*
 * test-stats.c: known-answer tests for src/base-stats.c.
 *
 * Every expected number below is a literal, computed outside this program
 * with Python 3's statistics module (median, mean, stdev, and
 * quantiles(method="inclusive"), which is the R-7 percentile), or by hand
 * where noted. The t(0.975, df) values were solved from the Student t CDF
 * with mpmath; the median CI ranks follow the formula in base-stats.c,
 * evaluated in Python from the same sorted data.
 */

#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base-stats.h"
#include "check.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))
#define MAXV     20
#define TOL      1e-9

/* Seven timings with one wild sample. */
static const double skewed7[] = { 12.5, 11.0, 13.25, 10.75, 40.0, 12.0, 11.5 };
/* Ten small integers with ties. */
static const double ties10[] = { 3, 1, 4, 1, 5, 9, 2, 6, 5, 3 };
/* The usual textbook percentile example. */
static const double book5[] = { 15, 20, 35, 40, 50 };
/* Twenty ns/op timings around 100 with two interfered samples. */
static const double timing20[] = { 101, 99, 100, 102, 98, 100, 101, 250, 99,
	100, 103, 97, 100, 101, 99, 100, 102, 98, 100, 120 };
static const double pair2[] = { 1, 3 };
static const double neg3[] = { -2, -4, -6 };

struct median_case {
	const char *what;
	size_t n;
	double v[MAXV];
	double want;
};

static const struct median_case median_cases[] = {
	{ "median single", 1, { 42 }, 42 },
	{ "median odd 3", 3, { 5, 1, 3 }, 3 },
	{ "median odd 5", 5, { 9, 2, 7, 4, 5 }, 5 },
	{ "median even 4", 4, { 4, 1, 3, 2 }, 2.5 },
	{ "median even 8 dups", 8, { 10, 2, 38, 23, 38, 23, 21, 11 }, 22 },
	{ "median all equal", 4, { 1, 1, 1, 1 }, 1 },
	{ "median negative", 4, { -3, -1, -2, -5 }, -2.5 },
	{ "median skewed7", 7, { 12.5, 11.0, 13.25, 10.75, 40.0, 12.0, 11.5 },
	    12 },
	{ "median ties10", 10, { 3, 1, 4, 1, 5, 9, 2, 6, 5, 3 }, 3.5 },
};

struct pct_case {
	const char *what;
	const double *v;
	size_t n;
	double p;
	double want;
};

#define PCT(what, a, p, want)                                                  \
	{                                                                      \
		what, a, NELEM(a), p, want                                     \
	}

static const struct pct_case pct_cases[] = {
	PCT("book5 p0 is min", book5, 0, 15),
	PCT("book5 p5", book5, 5, 16),
	PCT("book5 p12.5", book5, 12.5, 17.5),
	PCT("book5 p25 exact rank", book5, 25, 20),
	PCT("book5 p33.3", book5, 100.0 / 3, 25),
	PCT("book5 p37.5", book5, 37.5, 27.5),
	PCT("book5 p50", book5, 50, 35),
	PCT("book5 p90", book5, 90, 46),
	PCT("book5 p95", book5, 95, 48),
	PCT("book5 p100 is max", book5, 100, 50),
	PCT("ties10 p0", ties10, 0, 1),
	PCT("ties10 p5", ties10, 5, 1),
	PCT("ties10 p12.5", ties10, 12.5, 1.125),
	PCT("ties10 p25", ties10, 25, 2.25),
	PCT("ties10 p50", ties10, 50, 3.5),
	PCT("ties10 p90", ties10, 90, 6.3),
	PCT("ties10 p95", ties10, 95, 7.65),
	PCT("ties10 p100", ties10, 100, 9),
	PCT("skewed7 p5", skewed7, 5, 10.825),
	PCT("skewed7 p12.5", skewed7, 12.5, 10.9375),
	PCT("skewed7 p37.5", skewed7, 37.5, 11.625),
	PCT("skewed7 p90", skewed7, 90, 23.95),
	PCT("skewed7 p95", skewed7, 95, 31.975),
	PCT("timing20 p5", timing20, 5, 97.95),
	PCT("timing20 p95", timing20, 95, 126.5),
	/* By definition: out-of-range p clamps to the extremes. */
	PCT("book5 p-10 clamps", book5, -10, 15),
	PCT("book5 p250 clamps", book5, 250, 50),
};

struct moment_case {
	const char *what;
	const double *v;
	size_t n;
	double mean;
	double stddev;
	double cv_pct;
	double mad;
	double ci95_mean;
	double ci95_median;
};

#define MOM(what, a, mean, sd, cv, mad, cim, cimed)                            \
	{                                                                      \
		what, a, NELEM(a), mean, sd, cv, mad, cim, cimed               \
	}

static const struct moment_case moment_cases[] = {
	MOM("skewed7", skewed7, 15.857142857142858, 10.680840657123255,
	    67.35665279266918, 1.0, 9.878130070202916, 14.625),
	MOM("ties10", ties10, 3.9, 2.4698178070456938, 63.32866171912035, 1.5,
	    1.7668012247594598, 2.5),
	MOM("book5", book5, 32.0, 14.404860290887934, 45.015188409024795, 15.0,
	    17.885996422350555, 17.5),
	MOM("timing20", timing20, 108.5, 33.635038122078655, 31.000035135556363,
	    1.0, 15.741682401616018, 1.0),
	/* By hand: sd = sqrt(2), ci = t(1) * sqrt(2) / sqrt(2). */
	MOM("pair2", pair2, 2.0, 1.4142135623730951, 70.71067811865476, 1.0,
	    12.706204736174705, 1.0),
	/* cv uses |mean|, so it stays positive for a negative mean. */
	MOM("neg3", neg3, -4.0, 2.0, 50.0, 2.0, 4.968275423500662, 2.0),
};

/* The values 1..n: wide enough to reach the t series and the CI ranks. */
struct ramp_case {
	size_t n;
	double mean;
	double stddev;
	double ci95_mean;
	double ci95_median; /* ranks 2..9, 10..22, 40..61, 469..532 */
};

static const struct ramp_case ramp_cases[] = {
	{ 10, 5.5, 3.0276503540974917, 2.1658505896681692, 3.5 },
	{ 31, 16.0, 9.092121131323903, 3.3350169557856595, 6.0 },
	{ 100, 50.5, 29.011491975882016, 5.756509416935843, 10.5 },
	{ 1000, 500.5, 288.8194360957494, 17.92259931411886, 31.5 },
};

struct t_case {
	size_t df;
	double want;
	double tol; /* the table is exact to 1e-10, the series to 4e-8 */
};

static const struct t_case t_cases[] = {
	{ 0, 0.0, 0 },
	{ 1, 12.706204736174705, 1e-9 },
	{ 2, 4.302652729749464, 1e-9 },
	{ 5, 2.5705818356363155, 1e-9 },
	{ 9, 2.2621571627982053, 1e-9 },
	{ 30, 2.042272456301238, 1e-9 },
	{ 31, 2.0395134463964086, 1e-7 },
	{ 40, 2.0210753903062733, 1e-7 },
	{ 60, 2.0002978220142604, 1e-7 },
	{ 120, 1.979930405082441, 1e-7 },
	{ 1000, 1.9623390808264085, 1e-7 },
	{ 100000, 1.9599877075346097, 1e-7 },
};

/* Python statistics on the same 500 LCG values (see lcg_fill()). */
struct lcg_case {
	double base, span;
	double mean, stddev, min, max, cv_pct;
	double tol_mean, tol_sd;
};

static const struct lcg_case lcg_cases[] = {
	{ 1000.0, 100.0, 1049.3264299154678, 29.291221427525524,
	    1000.0922771044777, 1099.9658088820604, 2.79143082576174, 1e-9,
	    1e-9 },
	/* A large offset: the naive sum of squares would lose it all. */
	{ 1e9, 1.0, 1000000000.4932643, 0.292912213353889, 1000000000.0009228,
	    1000000000.9996581, 2.9291221320940587e-08, 1e-6, 1e-7 },
};

static double scratch[1000];
static double ramp[1000];
static double lcg[500];

/* "<case>: <check>" for a failure message; valid until the next call. */
static const char *
label(const char *fmt, ...)
{
	static char buf[128];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return buf;
}

/* 64-bit LCG (Knuth's MMIX constants) mapped to [base, base + span). */
static void
lcg_fill(double *v, size_t n, double base, double span)
{
	uint64_t x = 12345;
	size_t i;

	for (i = 0; i < n; i++) {
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		v[i] = base + (double)(x >> 11) * 0x1p-53 * span;
	}
}

static void
test_median(void)
{
	const struct median_case *c;
	size_t i;

	for (i = 0; i < NELEM(median_cases); i++) {
		c = &median_cases[i];
		CHECK_NEAR(c->what, stats_median(c->v, c->n, scratch), c->want,
		    TOL);
	}
}

static void
test_percentile(void)
{
	const struct pct_case *c;
	size_t i;

	for (i = 0; i < NELEM(pct_cases); i++) {
		c = &pct_cases[i];
		memcpy(scratch, c->v, c->n * sizeof *scratch);
		qsort(scratch, c->n, sizeof *scratch, stats_cmp_double);
		CHECK_NEAR(c->what,
		    stats_sorted_percentile(scratch, c->n, c->p), c->want, TOL);
	}
}

static void
test_moments(void)
{
	const struct moment_case *c;
	struct stats_summary s;
	size_t i;

	for (i = 0; i < NELEM(moment_cases); i++) {
		c = &moment_cases[i];
		stats_summarize(c->v, c->n, scratch, &s);
		CHECK_NEAR(label("%s mean", c->what), stats_mean(c->v, c->n),
		    c->mean, TOL);
		CHECK_NEAR(label("%s stddev", c->what),
		    stats_stddev(c->v, c->n), c->stddev, TOL);
		CHECK_NEAR(label("%s cv_pct", c->what), s.cv_pct, c->cv_pct,
		    TOL);
		CHECK_NEAR(label("%s mad", c->what), s.mad, c->mad, TOL);
		CHECK_NEAR(label("%s ci95_mean", c->what),
		    stats_ci95_mean(c->v, c->n), c->ci95_mean, 1e-6);
		CHECK_NEAR(label("%s ci95_median", c->what), s.ci95_median,
		    c->ci95_median, TOL);
	}
}

static void
test_ramp(void)
{
	const struct ramp_case *c;
	struct stats_summary s;
	size_t i, j;

	for (i = 0; i < NELEM(ramp_cases); i++) {
		c = &ramp_cases[i];
		for (j = 0; j < c->n; j++)
			ramp[j] = (double)(j + 1);
		CHECK_NEAR(label("ramp %zu mean", c->n), stats_mean(ramp, c->n),
		    c->mean, TOL);
		CHECK_NEAR(label("ramp %zu stddev", c->n),
		    stats_stddev(ramp, c->n), c->stddev, TOL);
		CHECK_NEAR(label("ramp %zu ci95_mean", c->n),
		    stats_ci95_mean(ramp, c->n), c->ci95_mean, 1e-6);
		stats_summarize(ramp, c->n, scratch, &s);
		CHECK_NEAR(label("ramp %zu ci95_median", c->n), s.ci95_median,
		    c->ci95_median, TOL);
	}
}

static void
test_student_t(void)
{
	const struct t_case *c;
	size_t i;

	for (i = 0; i < NELEM(t_cases); i++) {
		c = &t_cases[i];
		CHECK_NEAR(label("t975 df %zu", c->df),
		    stats_student_t975(c->df), c->want, c->tol);
	}
}

static void
test_summary(void)
{
	struct stats_summary s;

	stats_summarize(timing20, NELEM(timing20), scratch, &s);
	CHECK("summary n", s.n == 20);
	CHECK("summary min", s.min == 97);
	CHECK("summary max", s.max == 250);
	CHECK_NEAR("summary mean", s.mean, 108.5, TOL);
	CHECK_NEAR("summary median", s.median, 100, TOL);
	CHECK_NEAR("summary stddev", s.stddev, 33.635038122078655, TOL);
	CHECK_NEAR("summary cv_pct", s.cv_pct, 31.000035135556363, TOL);
	CHECK_NEAR("summary mad", s.mad, 1.0, TOL);
	CHECK_NEAR("summary p5", s.p5, 97.95, TOL);
	CHECK_NEAR("summary p95", s.p95, 126.5, TOL);
	CHECK_NEAR("summary ci95_median", s.ci95_median, 1.0, TOL);
	CHECK_NEAR("summary ci95_mean", s.ci95_mean, 15.741682401616018, 1e-6);
}

/* Two-pass moments keep a tiny spread on a huge mean. */
static void
test_lcg(void)
{
	const struct lcg_case *c;
	struct stats_summary s;
	size_t i, n = NELEM(lcg);

	for (i = 0; i < NELEM(lcg_cases); i++) {
		c = &lcg_cases[i];
		lcg_fill(lcg, n, c->base, c->span);
		stats_summarize(lcg, n, scratch, &s);
		CHECK_NEAR(label("base %g: mean", c->base), s.mean, c->mean,
		    c->tol_mean);
		CHECK_NEAR(label("base %g: stddev", c->base), s.stddev,
		    c->stddev, c->tol_sd);
		CHECK_NEAR(label("base %g: cv_pct", c->base), s.cv_pct,
		    c->cv_pct, 1e-6);
		CHECK(label("base %g: min", c->base), s.min == c->min);
		CHECK(label("base %g: max", c->base), s.max == c->max);
	}
}

/* n == 0 gives zeros, even with NULL pointers; n == 1 has no spread. */
static void
test_edges(void)
{
	static const struct stats_summary zero;
	const double one[] = { 7.5 };
	const double sym2[] = { -1, 1 };
	struct stats_summary s;

	CHECK("n0 mean", stats_mean(NULL, 0) == 0);
	CHECK("n0 stddev", stats_stddev(NULL, 0) == 0);
	CHECK("n0 median", stats_median(NULL, 0, NULL) == 0);
	CHECK("n0 ci95_mean", stats_ci95_mean(NULL, 0) == 0);
	memset(&s, 0xff, sizeof s);
	stats_summarize(NULL, 0, NULL, &s);
	CHECK("n0 summary all zero", memcmp(&s, &zero, sizeof s) == 0);

	stats_summarize(one, 1, scratch, &s);
	CHECK("n1 summary",
	    s.n == 1 && s.min == 7.5 && s.max == 7.5 && s.mean == 7.5 &&
	        s.median == 7.5 && s.p5 == 7.5 && s.p95 == 7.5);
	CHECK("n1 no spread",
	    s.stddev == 0 && s.cv_pct == 0 && s.mad == 0 && s.ci95_mean == 0 &&
	        s.ci95_median == 0);
	stats_summarize(sym2, 2, scratch, &s);
	CHECK("zero mean cv is 0", s.cv_pct == 0);
}

/* Every function that sorts must leave the caller's array as it was. */
static void
test_unmodified(void)
{
	double v[NELEM(timing20)];
	struct stats_summary s;
	size_t n = NELEM(v);

	memcpy(v, timing20, sizeof v);
	(void)stats_median(v, n, scratch);
	(void)stats_ci95_mean(v, n);
	stats_summarize(v, n, scratch, &s);
	CHECK("input not modified", memcmp(v, timing20, sizeof v) == 0);
}

/* The normal quantile of a two-sided tail, and a spread that sees two
 * modes: the MAD of {1, 1, 1, 10, 10} around 1 is 0, its middle half
 * is not. */
static void
test_robust(void)
{
	static const double modes[5] = { 1, 1, 1, 10, 10 };
	static const double normal5[5] = { -1, -0.5, 0, 0.5, 1 };

	CHECK_NEAR("z for 5%", stats_z_two_sided(0.05), 1.959964, 1e-5);
	CHECK_NEAR("z for 1%", stats_z_two_sided(0.01), 2.575829, 1e-5);
	CHECK_NEAR("z for 5% over 80", stats_z_two_sided(0.05 / 80), 3.4205,
	    1e-3);
	CHECK("two modes: the middle half's spread, not 0",
	    stats_robust_sd(modes, 5, 1) > 6);
	CHECK_NEAR("five even figures: the MAD's",
	    stats_robust_sd(normal5, 5, 0), 0.5 * 1.4826, 1e-9);
	CHECK("fewer than 3: 0", stats_robust_sd(modes, 2, 1) == 0);
	CHECK_NEAR("a median of 5 of sd 0.12: off by 6.7%",
	    stats_median_se(0.12, 5), 0.0672, 1e-4);
	CHECK("no figure: 0", stats_median_se(1, 0) == 0);
}

int
main(void)
{
	test_median();
	test_percentile();
	test_moments();
	test_ramp();
	test_student_t();
	test_summary();
	test_lcg();
	test_edges();
	test_unmodified();
	test_robust();
	return check_summary("test-stats");
}
