/*
 * base-fmt.h: numbers for humans, fitted to a column width.
 *
 * Every function writes into buf (size bytes) and returns buf. The text
 * is ASCII, so its length in bytes is its width in columns (durations say
 * "us", never the two-byte micro sign). It is never wider than `width`,
 * nor longer than size - 1: a small buffer narrows the width rather than
 * cutting a number in half. It is always NUL-terminated unless size is 0,
 * when nothing is written. A negative width counts as 0.
 *
 * Each function tries its forms in order and keeps the first that fits:
 * the most digits first, then fewer; at each number of digits, scientific
 * notation ("1.23e21", "1e-7": no '+', no exponent zero padding) when the
 * plain form is too wide. Plain forms stop, as with printf's %g, below
 * 1e-4 ("0.000123") and at 4 digits in the top unit ("4567s", "1000E").
 * A value no form fits is `width` '#' characters (a spreadsheet's "too
 * narrow"), since any shorter number would misstate it. NaN and
 * infinities are "-".
 *
 * Significant digits are counted after rounding, so the prefix is chosen
 * on the rounded value: 999.96 is "1.00k", not "1000".
 */

#ifndef BENCHTOP_FMT_H
#define BENCHTOP_FMT_H

#include <stddef.h>

/*
 * A count or rate with an SI prefix (k, M, G, T, P, E; none below 1):
 * 3 significant digits, fewer when the width needs it ("1.23M", "12.3k",
 * "456", "5.00", "0.123", "12k"). Zero is "0".
 */
const char *fmt_si(char *buf, size_t size, double v, int width);

/*
 * A duration given in ns, in ns, us, ms or s, with 3 significant digits,
 * fewer when the width needs it ("123ns", "1.23us", "12.3ms", "1.23s",
 * "4567s"). Zero is "0ns".
 */
const char *fmt_ns(char *buf, size_t size, double ns, int width);

/*
 * A value in a test's own unit (lps, us, MB/s, cycles...). When it fits
 * it is report_common_fmt_value()'s text: one decimal from 100 up, two from 10,
 * three from 1 (and for 0), and 4 significant digits below 1 ("433741.8",
 * "42.12", "0.3800"). When not, SI prefixes with 4 significant digits,
 * then fewer ("433.7k", "434k"). Below 1e-6, where report_common_fmt_value's
 * cap of 9 decimals would cost digits, it is scientific ("1.000e-7").
 */
const char *fmt_value(char *buf, size_t size, double v, int width);

/*
 * A value in a test's own unit with 4 significant digits whatever its
 * size, so that a screen's column has one format: fmt_value below 1000
 * ("114.1", "3.543", "0.3800"), SI prefixes from 1000 ("39.86k",
 * "3.893M"); fewer digits only when the width needs them.
 */
const char *fmt_value4(char *buf, size_t size, double v, int width);

/*
 * A percentage with one decimal ("12.3%", "-0.4%"), or none when the
 * width needs it ("1234%"), then SI prefixes ("12.3k%"). With sign set,
 * positive values get a '+' ("+12.3%"). A value that rounds to zero
 * shows no sign ("0.0%", never "-0.0%").
 */
const char *fmt_pct(char *buf, size_t size, double pct, int width, int sign);

/*
 * Text fitted to `width` cells (UTF-8: one cell a character): as it is
 * when it fits; else cut at a word or field boundary (before a space or
 * a comma, the separators dropped) and `ellipsis` put after it, never
 * inside a number. A single word too long is cut inside only when it is
 * not a number; a number that cannot be whole is left out. Returns buf.
 */
const char *fmt_fit(char *buf, size_t size, const char *s, int width,
    const char *ellipsis);

/* The number of cells of UTF-8 text `s` (a character one cell). */
int fmt_cells(const char *s);

#endif
