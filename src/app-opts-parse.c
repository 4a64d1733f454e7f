/*
 * app-opts-parse.c: the values options take, parsed strictly: plain
 * decimal numbers in a range, CPU lists. Pure; app-opts.c says what was
 * wrong.
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "app-opts-parse.h"
#include "app-opts.h"

/*
 * Plain decimal: digits with at most one '.', and a digit somewhere. No
 * sign, space, exponent, hex, inf or nan: strtod takes every one of
 * them, and "-t 0x10" ran each test for 16 s.
 */
static int
is_plain_decimal(const char *s)
{
	int digits = 0, dots = 0;

	for (; *s != '\0'; s++) {
		if (*s >= '0' && *s <= '9')
			digits++;
		else if (*s != '.' || ++dots > 1)
			return 0;
	}
	return digits > 0;
}

/* Parse a plain decimal number in [lo, hi] (lo exclusive when open). */
int
opts_parse_number(const char *s, double lo, double hi, int lo_open, double *out)
{
	double v;

	if (!is_plain_decimal(s))
		return -1;
	v = strtod(s, NULL);
	if (!isfinite(v) || v > hi || v < lo || (lo_open && v == lo))
		return -1;
	*out = v;
	return 0;
}

/* One element of a CPU list: N or N-M; advances *p. */
static int
parse_cpu_range(const char **p, int *lo, int *hi)
{
	char *end;
	long a, b;

	if (**p < '0' || **p > '9')
		return -1;
	a = strtol(*p, &end, 10);
	b = a;
	if (*end == '-') {
		if (end[1] < '0' || end[1] > '9')
			return -1;
		b = strtol(end + 1, &end, 10);
	}
	if (a > b || b >= 4096)
		return -1;
	*lo = (int)a;
	*hi = (int)b;
	*p = end;
	return 0;
}

/* "0,2-3" into o->cpus; no check that they exist (pinning says so). */
int
opts_parse_cpu_list(const char *s, struct opts *o)
{
	int lo, hi;

	o->ncpus = 0;
	for (const char *p = s;;) {
		if (parse_cpu_range(&p, &lo, &hi) != 0)
			return -1;
		for (int c = lo; c <= hi; c++) {
			if (o->ncpus == OPTS_MAX_CPUS)
				return -1;
			o->cpus[o->ncpus++] = c;
		}
		if (*p == '\0')
			return 0;
		if (*p++ != ',')
			return -1;
	}
}
