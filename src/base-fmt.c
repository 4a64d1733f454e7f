/*
 * base-fmt.c: numbers for humans, fitted to a column width.
 *
 * Each public function lists its candidate forms, most precise first;
 * every form is printed into a scratch buffer and kept by keep() only if
 * it fits, so buf never holds a number cut in half. See base-fmt.h for the
 * forms and the overflow rule.
 */

#include "config.h"

#include "base-fmt.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))
/* Scratch for one candidate; a longer form is too wide for any column. */
#define FMT_TMP 64
/* Digits before the point allowed in the top unit: "4567s", "1234E". */
#define FMT_TOP_DIGITS 4
/* Smaller exponents go scientific, as with printf's %g: "0.000123". */
#define FMT_MIN_EXP -4
/* report_common_fmt_value() caps its decimals here (a tiny value loses
 * digits). */
#define FMT_MAX_DECIMALS 9

/* A family of units, each 1000 times the one before. */
struct ladder {
	const char *const *units;
	int n;
};

static const char *const si_units[] = { "", "k", "M", "G", "T", "P", "E" };
static const char *const ns_units[] = { "ns", "us", "ms", "s" };
static const char *const pct_units[] = { "%", "k%", "M%", "G%" };

static const struct ladder si_ladder = { si_units, (int)NELEM(si_units) };
static const struct ladder ns_ladder = { ns_units, (int)NELEM(ns_units) };
static const struct ladder pct_ladder = { pct_units, (int)NELEM(pct_units) };

static int start(char *buf, size_t size, int width, int *w);
static int keep(char *buf, int w, const char *tmp, int len);
static int dash(char *buf, int w, double v);
static void too_narrow(char *buf, int w);
static int round_exp(double mag, int sig);
static int put_fixed(char *tmp, double v, int dec, const char *unit, int plus);
static int put_scaled(char *tmp, double v, int sig, const struct ladder *l,
    int plus);
static int put_sci(char *tmp, double v, int sig, const char *unit, int plus);
static int try_ladder(char *buf, int w, double v, int sig,
    const struct ladder *l, int plus);
static int report_decimals(double v);

/*
 * The usable width: width, but no more than the buffer holds. Returns 0
 * when there is no buffer to write to at all.
 */
static int
start(char *buf, size_t size, int width, int *w)
{
	if (size == 0)
		return 0;
	*w = width < 0 ? 0 : width;
	if ((size_t)*w > size - 1)
		*w = (int)(size - 1);
	buf[0] = '\0';
	return 1;
}

/* Copy a candidate of len bytes into buf if it fits w columns. */
static int
keep(char *buf, int w, const char *tmp, int len)
{
	if (len < 0 || len >= FMT_TMP || len > w)
		return 0;
	memcpy(buf, tmp, (size_t)len + 1);
	return 1;
}

/* NaN and infinities are "-" (or nothing at width 0); 0 for numbers. */
static int
dash(char *buf, int w, double v)
{
	if (isfinite(v))
		return 0;
	if (w > 0)
		(void)keep(buf, w, "-", 1);
	return 1;
}

/* No form fits: fill the column so it cannot be read as a number. */
static void
too_narrow(char *buf, int w)
{
	memset(buf, '#', (size_t)w);
	buf[w] = '\0';
}

/* The decimal exponent of mag once rounded to sig significant digits. */
static int
round_exp(double mag, int sig)
{
	char t[32];

	if (mag == 0)
		return 0;
	/* printf rounds correctly, and 9.996 becomes "1.00e+01". */
	(void)snprintf(t, sizeof t, "%.*e", sig - 1, mag);
	return (int)strtol(strchr(t, 'e') + 1, NULL, 10);
}

/* Fixed point; a value that rounds to all zeros loses its sign. */
static int
put_fixed(char *tmp, double v, int dec, const char *unit, int plus)
{
	int len;

	if (plus)
		len = snprintf(tmp, FMT_TMP, "%+.*f%s", dec, v, unit);
	else
		len = snprintf(tmp, FMT_TMP, "%.*f%s", dec, v, unit);
	if (strpbrk(tmp, "123456789") == NULL)
		len = snprintf(tmp, FMT_TMP, "%.*f%s", dec, 0.0, unit);
	return len;
}

/*
 * v in the largest unit of the ladder that keeps a digit before the point,
 * with sig significant digits (more when the integer part has more).
 * Returns -1, leaving it to scientific notation, past the top unit's
 * FMT_TOP_DIGITS or below FMT_MIN_EXP.
 */
static int
put_scaled(char *tmp, double v, int sig, const struct ladder *l, int plus)
{
	int e = round_exp(fabs(v), sig);
	int p = e > 0 ? e / 3 : 0;
	int dec;

	if (p > l->n - 1)
		p = l->n - 1;
	if (e - 3 * p >= FMT_TOP_DIGITS || e < FMT_MIN_EXP)
		return -1;
	dec = sig - 1 - (e - 3 * p);
	if (dec < 0)
		dec = 0;
	return put_fixed(tmp, v / pow(1000, p), dec, l->units[p], plus);
}

/* "1.23e21", "-1e-7": printf's %e without '+' or exponent zero padding. */
static int
put_sci(char *tmp, double v, int sig, const char *unit, int plus)
{
	char t[32];
	char *e;

	if (plus)
		(void)snprintf(t, sizeof t, "%+.*e", sig - 1, v);
	else
		(void)snprintf(t, sizeof t, "%.*e", sig - 1, v);
	e = strchr(t, 'e');
	return snprintf(tmp, FMT_TMP, "%.*se%d%s", (int)(e - t), t,
	    (int)strtol(e + 1, NULL, 10), unit);
}

/*
 * From sig significant digits down to 1: the scaled form, else scientific
 * with as many digits (which beats "0.0001" for 0.000123 at width 6).
 */
static int
try_ladder(char *buf, int w, double v, int sig, const struct ladder *l,
    int plus)
{
	char tmp[FMT_TMP];

	for (int s = sig; s >= 1; s--) {
		if (keep(buf, w, tmp, put_scaled(tmp, v, s, l, plus)))
			return 1;
		if (keep(buf, w, tmp, put_sci(tmp, v, s, l->units[0], plus)))
			return 1;
	}
	return 0;
}

const char *
fmt_si(char *buf, size_t size, double v, int width)
{
	int w;

	if (!start(buf, size, width, &w) || dash(buf, w, v))
		return buf;
	if (v == 0 && keep(buf, w, "0", 1))
		return buf;
	if (!try_ladder(buf, w, v, 3, &si_ladder, 0))
		too_narrow(buf, w);
	return buf;
}

const char *
fmt_ns(char *buf, size_t size, double ns, int width)
{
	int w;

	if (!start(buf, size, width, &w) || dash(buf, w, ns))
		return buf;
	if (ns == 0 && keep(buf, w, "0ns", 3))
		return buf;
	if (!try_ladder(buf, w, ns, 3, &ns_ladder, 0))
		too_narrow(buf, w);
	return buf;
}

/*
 * report_common_fmt_value()'s decimals, kept identical so batch reports read
 * the same once they move to fmt_value(): BYTE prints rates with one decimal,
 * and small values keep 4 significant digits. Not capped here.
 */
static int
report_decimals(double v)
{
	double mag = fabs(v);

	if (mag >= 100)
		return 1;
	if (mag >= 10)
		return 2;
	if (mag >= 1 || mag == 0)
		return 3;
	return 3 - (int)floor(log10(mag));
}

const char *
fmt_value(char *buf, size_t size, double v, int width)
{
	char tmp[FMT_TMP];
	int w, dec;

	if (!start(buf, size, width, &w) || dash(buf, w, v))
		return buf;
	dec = report_decimals(v);
	if (dec <= FMT_MAX_DECIMALS &&
	    keep(buf, w, tmp, put_fixed(tmp, v, dec, "", 0)))
		return buf;
	if (!try_ladder(buf, w, v, 4, &si_ladder, 0))
		too_narrow(buf, w);
	return buf;
}

const char *
fmt_value4(char *buf, size_t size, double v, int width)
{
	int w;

	/* From 999.95 up the fixed form would have 5 digits or more. */
	if (!isfinite(v) || fabs(v) < 999.95)
		return fmt_value(buf, size, v, width);
	if (start(buf, size, width, &w) &&
	    !try_ladder(buf, w, v, 4, &si_ladder, 0))
		too_narrow(buf, w);
	return buf;
}

const char *
fmt_pct(char *buf, size_t size, double pct, int width, int sign)
{
	char tmp[FMT_TMP];
	int w;

	if (!start(buf, size, width, &w) || dash(buf, w, pct))
		return buf;
	for (int dec = 1; dec >= 0; dec--)
		if (keep(buf, w, tmp, put_fixed(tmp, pct, dec, "%", sign)))
			return buf;
	if (!try_ladder(buf, w, pct, 3, &pct_ladder, sign))
		too_narrow(buf, w);
	return buf;
}

int
fmt_cells(const char *s)
{
	int n = 0;

	for (; *s != '\0'; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* Bytes of the first `cells` characters of s. */
static size_t
cells_bytes(const char *s, int cells)
{
	size_t b = 0;

	while (s[b] != '\0' && cells-- > 0)
		for (b++; ((unsigned char)s[b] & 0xc0) == 0x80; b++)
			;
	return b;
}

/* A character of a token such as "2.10", "1.23k", "100%". */
static int
in_token(char c)
{
	return isalnum((unsigned char)c) || c == '.' || c == '%';
}

/* p moved back to the start of the number it would cut, if any: a
 * token that starts with a digit is a number, with its unit. */
static size_t
outside_number(const char *s, size_t p)
{
	size_t t = p;

	if (p == 0 || !in_token(s[p]) || !in_token(s[p - 1]))
		return p;
	while (t > 0 && in_token(s[t - 1]))
		t--;
	return isdigit((unsigned char)s[t]) ? t : p;
}

/*
 * A cut at p leaving a field's label without its value ("ctxbench" of
 * "ctxbench p2-350", "noisy" of "noisy 100%"): cut at the field's comma
 * instead, if there is one.
 */
static size_t
whole_field(const char *s, size_t p)
{
	size_t q = p, start;

	while (q > 0 && s[q - 1] == ' ')
		q--;
	start = q;
	while (start > 0 && s[start - 1] != ',' && s[start - 1] != ' ')
		start--;
	if (start == 0 || s[start - 1] != ' ')
		return p; /* the field's first word is not alone */
	while (start > 0 && s[start - 1] == ' ')
		start--;
	return start > 0 && s[start - 1] == ',' ? start - 1 : p;
}

/* Where to cut s (bytes, at most `max`): before a separator, else
 * inside a word that is not a number; 0 when nothing can stay. */
static size_t
cut_point(const char *s, size_t max)
{
	size_t p = max;

	while (p > 0 && s[p] != ' ' && s[p] != ',')
		p--;
	if (p == 0) /* one long word: cut inside, not in a number */
		p = outside_number(s, max);
	else
		p = whole_field(s, p);
	/* Not inside brackets: before the '(' or '[' that is not closed. */
	for (size_t q = p; q > 0; q--)
		if (s[q - 1] == ')' || s[q - 1] == ']')
			break;
		else if (s[q - 1] == '(' || s[q - 1] == '[') {
			p = q - 1;
			break;
		}
	while (p > 0 &&
	    (s[p - 1] == ' ' || s[p - 1] == ',' || s[p - 1] == ':' ||
	        s[p - 1] == '(' || s[p - 1] == '['))
		p--;
	return p;
}

const char *
fmt_fit(char *buf, size_t size, const char *s, int width, const char *ellipsis)
{
	int room = width - fmt_cells(ellipsis);
	size_t keep;

	if (size == 0)
		return buf;
	if (fmt_cells(s) <= width) {
		(void)snprintf(buf, size, "%s", s);
		return buf;
	}
	if (room <= 0) {
		(void)snprintf(buf, size, "%.*s",
		    width > 0 ? (int)cells_bytes(ellipsis, width) : 0,
		    ellipsis);
		return buf;
	}
	keep = cut_point(s, cells_bytes(s, room));
	(void)snprintf(buf, size, "%.*s%s%s", (int)keep, s,
	    keep > 0 && (s[keep] == ' ' || s[keep] == ',') ? " " : "",
	    ellipsis);
	/* The space before the ellipsis may not fit: drop it then. */
	if (fmt_cells(buf) > width)
		(void)snprintf(buf, size, "%.*s%s", (int)keep, s, ellipsis);
	return buf;
}
