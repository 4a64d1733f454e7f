/*
 * check.h: a tiny table-friendly test helper for benchtop's unit tests.
 *
 * API sketch:
 *   CHECK("median of odd count", stats_median(a, 3) == 2.0);
 *   CHECK_NEAR("cv", got, want, 1e-9);
 *   return check_summary("test-stats");
 *
 * Exit codes follow Automake: 0 pass, 1 fail, 77 skip, 99 hard error.
 */

#ifndef BENCHTOP_CHECK_H
#define BENCHTOP_CHECK_H

#include <math.h>
#include <stdio.h>

#define CHECK_SKIP 77

static int check_run;
static int check_failed;

static inline int
check_cond(const char *file, int line, const char *what, int ok)
{
	check_run++;
	if (!ok) {
		check_failed++;
		printf("FAIL %s:%d: %s\n", file, line, what);
	}
	return ok;
}

static inline int
check_near(const char *file, int line, const char *what, double got,
    double want, double tol)
{
	int ok = fabs(got - want) <= tol || (isnan(got) && isnan(want));

	if (!ok)
		printf("     got %.17g, want %.17g (tolerance %g)\n", got, want,
		    tol);
	return check_cond(file, line, what, ok);
}

#define CHECK(what, expr) check_cond(__FILE__, __LINE__, (what), !!(expr))
#define CHECK_NEAR(what, got, want, tol)                                       \
	check_near(__FILE__, __LINE__, (what), (got), (want), (tol))

/*
 * Print "N passed, N failed" (a line CI reads) and return the exit code.
 * A test program that ran no check at all proved nothing: that is a
 * failure too (a skip returns CHECK_SKIP before it gets here).
 */
static inline int
check_summary(const char *name)
{
	printf("%s: %d passed, %d failed\n", name, check_run - check_failed,
	    check_failed);
	if (check_run == 0) {
		printf("FAIL %s: no check ran\n", name);
		return 1;
	}
	return check_failed ? 1 : 0;
}

#endif
