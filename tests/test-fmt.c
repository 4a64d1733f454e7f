/*
 * test-fmt.c: golden strings and width properties for src/base-fmt.c.
 *
 * The golden strings were worked out by hand from the rules in base-fmt.h:
 * significant digits counted after rounding, prefixes every 1000, the
 * widest form that fits, '#' when none does. The report_common_fmt_value()
 * cases are test-report.c's, so fmt_value() can take over batch output without
 * changing a digit. A sweep then checks, for many magnitudes and widths,
 * that no output is wider than asked, that the byte after the buffer is
 * never touched, and that the text still reads back close to the value.
 */

#include "config.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base-fmt.h"
#include "check.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))
#define CANARY   0x5a
#define WIDE     31

enum fn {
	SI,
	NS,
	VALUE,
	PCT,     /* no sign */
	PCT_SIGN /* '+' on positive values */
};

struct fmt_case {
	enum fn fn;
	double v;
	int width;
	const char *want;
};

static const struct fmt_case cases[] = {
	/* fmt_si: 3 significant digits, fewer when narrow. */
	{ SI, 1234567, 5, "1.23M" },
	{ SI, 1234567, 4, "1.2M" },
	{ SI, 1234567, 2, "1M" },
	{ SI, 1234567, 1, "#" },
	{ SI, 1234567, 0, "" },
	{ SI, 12345, 8, "12.3k" },
	{ SI, 12345, 3, "12k" },
	{ SI, 12345, 2, "##" },
	{ SI, 456, 3, "456" },
	{ SI, 456, 2, "##" },
	{ SI, 0.123, 5, "0.123" },
	{ SI, 0.123, 4, "0.12" },
	{ SI, 0.123, 3, "0.1" },
	{ SI, 5, 8, "5.00" },
	{ SI, 0, 8, "0" },
	{ SI, -0.0, 8, "0" },
	{ SI, 999.96, 8, "1.00k" },
	{ SI, 999999.5, 8, "1.00M" },
	{ SI, 2.5e9, 8, "2.50G" },
	{ SI, 7.77e15, 8, "7.77P" },
	{ SI, -2.5, 8, "-2.50" },
	{ SI, -2.5, 2, "-2" },
	{ SI, -1234567, 6, "-1.23M" },
	{ SI, -1234567, 5, "-1.2M" },
	{ SI, 1e21, 8, "1000E" },
	{ SI, 1e22, 8, "1.00e22" },
	{ SI, 1e30, 6, "1.0e30" },
	{ SI, 1e30, 4, "1e30" },
	{ SI, 1e30, 3, "###" },
	{ SI, 1e-7, 9, "1.00e-7" },
	{ SI, 1e-7, 4, "1e-7" },
	{ SI, 0.000123456, 12, "0.000123" },
	{ SI, 0.0000123456, 12, "1.23e-5" },
	{ SI, 0.000123456, 6, "1.2e-4" },
	{ SI, NAN, 5, "-" },
	{ SI, INFINITY, 5, "-" },
	{ SI, -INFINITY, 1, "-" },
	{ SI, NAN, 0, "" },
	/* fmt_ns: ns, us, ms, s. */
	{ NS, 123, 8, "123ns" },
	{ NS, 1234, 8, "1.23us" },
	{ NS, 12345678, 8, "12.3ms" },
	{ NS, 1234567890, 8, "1.23s" },
	{ NS, 4567e9, 8, "4567s" },
	{ NS, 45678e9, 9, "4.57e13ns" },
	{ NS, 999.7, 8, "1.00us" },
	{ NS, 0, 8, "0ns" },
	{ NS, 5, 8, "5.00ns" },
	{ NS, 0.5, 8, "0.500ns" },
	{ NS, -2.5, 8, "-2.50ns" },
	{ NS, 1234, 5, "1.2us" },
	{ NS, 1234, 3, "1us" },
	{ NS, 1234, 2, "##" },
	{ NS, 12345678, 4, "12ms" },
	{ NS, 1e-7, 12, "1.00e-7ns" },
	{ NS, NAN, 8, "-" },
	/* fmt_value: report_common_fmt_value()'s text when it fits. */
	{ VALUE, 433741.84, WIDE, "433741.8" },
	{ VALUE, 0.38, WIDE, "0.3800" },
	{ VALUE, 1.5, WIDE, "1.500" },
	{ VALUE, 42.123, WIDE, "42.12" },
	{ VALUE, 0, WIDE, "0.000" },
	{ VALUE, 0.000123456, WIDE, "0.0001235" },
	{ VALUE, NAN, WIDE, "-" },
	{ VALUE, 123.45, WIDE, "123.5" },
	{ VALUE, -2.5, WIDE, "-2.500" },
	{ VALUE, 0.000001234, WIDE, "0.000001234" },
	{ VALUE, 1e-7, WIDE, "1.000e-7" },
	{ VALUE, -1.077e-8, 12, "-1.077e-8" },
	{ VALUE, 1e15, WIDE, "1000000000000000.0" },
	/* fmt_value: SI prefixes only when the plain text does not fit. */
	{ VALUE, 433741.8, 9, "433741.8" },
	{ VALUE, 433741.8, 8, "433741.8" },
	{ VALUE, 433741.8, 7, "433.7k" },
	{ VALUE, 433741.8, 6, "433.7k" },
	{ VALUE, 433741.8, 4, "434k" },
	{ VALUE, 433741.8, 3, "4e5" },
	{ VALUE, 433741.8, 2, "##" },
	{ VALUE, 0.38, 5, "0.380" },
	{ VALUE, 0.38, 3, "0.4" },
	{ VALUE, 12345, 7, "12345.0" },
	{ VALUE, 12345, 6, "12.35k" },
	{ VALUE, 1234567, 9, "1234567.0" },
	{ VALUE, 1234567, 8, "1.235M" },
	{ VALUE, -1234567, 8, "-1.235M" },
	{ VALUE, 0, 1, "0" },
	{ VALUE, -0.0, 8, "0.000" },
	{ VALUE, 1e-12, WIDE, "1.000e-12" },
	{ VALUE, -1e-12, 6, "-1e-12" },
	{ VALUE, 1e30, 9, "1.000e30" },
	{ VALUE, -1e30, 9, "-1.000e30" },
	{ VALUE, 0.000123456, 6, "1.2e-4" },
	{ VALUE, INFINITY, 9, "-" },
	/* fmt_pct: one decimal, then none, then prefixes. */
	{ PCT_SIGN, 12.34, 8, "+12.3%" },
	{ PCT_SIGN, -0.42, 8, "-0.4%" },
	{ PCT, 1.2, 8, "1.2%" },
	{ PCT_SIGN, 1.2, 8, "+1.2%" },
	{ PCT, -12.34, 8, "-12.3%" },
	{ PCT_SIGN, -0.04, 8, "0.0%" },
	{ PCT_SIGN, 0.04, 8, "0.0%" },
	{ PCT_SIGN, 0, 8, "0.0%" },
	{ PCT, -0.0, 8, "0.0%" },
	{ PCT_SIGN, 1234.6, 6, "+1235%" },
	{ PCT_SIGN, 12345, 6, "+12k%" },
	{ PCT, 12345, 5, "12k%" },
	{ PCT, 123456, 6, "123k%" },
	{ PCT, 1234567, 6, "1.23M%" },
	{ PCT, -12.34, 4, "-12%" },
	{ PCT, -12.34, 3, "###" },
	{ PCT_SIGN, 5, 2, "##" },
	{ PCT_SIGN, 1e-9, 8, "0.0%" },
	{ PCT_SIGN, 1e30, 8, "+1.0e30%" },
	{ PCT, NAN, 8, "-" },
	{ PCT_SIGN, 12.34, 0, "" },
};

static const char *const fn_names[] = { "fmt_si", "fmt_ns", "fmt_value",
	"fmt_pct", "fmt_pct+" };

static const char *
call(enum fn fn, char *buf, size_t size, double v, int width)
{
	switch (fn) {
	case SI:
		return fmt_si(buf, size, v, width);
	case NS:
		return fmt_ns(buf, size, v, width);
	case VALUE:
		return fmt_value(buf, size, v, width);
	case PCT:
		return fmt_pct(buf, size, v, width, 0);
	case PCT_SIGN:
		return fmt_pct(buf, size, v, width, 1);
	}
	return NULL;
}

static void
test_golden(void)
{
	char buf[WIDE + 1];

	for (size_t i = 0; i < NELEM(cases); i++) {
		const struct fmt_case *c = &cases[i];
		const char *got = call(c->fn, buf, sizeof buf, c->v, c->width);

		if (!CHECK("golden", got == buf && strcmp(buf, c->want) == 0))
			printf("     %s(%.17g, %d) = '%s', want '%s'\n",
			    fn_names[c->fn], c->v, c->width, buf, c->want);
	}
}

struct small_case {
	enum fn fn;
	double v;
	size_t size;
	int width;
	const char *want;
};

/* A buffer smaller than the width narrows the number, never cuts it. */
static const struct small_case small_cases[] = {
	{ VALUE, 433741.8, 7, 20, "433.7k" },
	{ VALUE, 433741.8, 5, 20, "434k" },
	{ SI, 1234567, 4, 10, "1M" },
	{ NS, 1234, 4, 10, "1us" },
	{ NS, 1234, 1, 10, "" },
	{ PCT_SIGN, 12.34, 3, 9, "##" },
	{ SI, NAN, 1, 5, "" },
	{ SI, 5, 8, -3, "" },
};

static void
test_small_buffer(void)
{
	char buf[32];

	for (size_t i = 0; i < NELEM(small_cases); i++) {
		const struct small_case *c = &small_cases[i];

		memset(buf, CANARY, sizeof buf);
		call(c->fn, buf, c->size, c->v, c->width);
		if (!CHECK("small buffer", strcmp(buf, c->want) == 0))
			printf("     %s(%.17g) in %zu bytes = '%s', want "
			       "'%s'\n",
			    fn_names[c->fn], c->v, c->size, buf, c->want);
		CHECK("canary after the buffer", buf[c->size] == CANARY);
	}
	memset(buf, CANARY, sizeof buf);
	for (int fn = SI; fn <= PCT_SIGN; fn++)
		CHECK("size 0 writes nothing",
		    call((enum fn)fn, buf, 0, 1.5, 10) == buf &&
		        buf[0] == CANARY);
}

/* A small deterministic generator (Knuth's MMIX LCG), for the sweep. */
static uint64_t
next_rand(uint64_t *state)
{
	*state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
	return *state >> 33;
}

/* Read an fmt_si()/fmt_value() string back; NAN if it is not a number. */
static double
read_back(const char *s)
{
	static const char prefixes[] = "kMGTPE";
	char *end;
	double x = strtod(s, &end);
	const char *p;

	if (end == s)
		return NAN;
	if (*end == '\0')
		return x;
	p = strchr(prefixes, *end);
	if (p == NULL || end[1] != '\0')
		return NAN;
	return x * pow(1000, (double)(p - prefixes + 1));
}

/*
 * Random magnitudes from 1e-40 to 1e40, both signs, every width to 14:
 * never wider than asked, never past the buffer, and from width 9 on
 * never '#', and fmt_si/fmt_value keep 3 significant digits (0.5% error).
 */
static void
sweep_one(enum fn fn, double v, int width, int *bad_width, int *bad_read)
{
	char buf[16];

	memset(buf, CANARY, sizeof buf);
	call(fn, buf, (size_t)width + 1, v, width);
	if (buf[width + 1] != CANARY || strlen(buf) > (size_t)width)
		(*bad_width)++;
	if (width >= 9 && buf[0] == '#')
		(*bad_width)++;
	if (width >= 9 && (fn == SI || fn == VALUE) &&
	    !(fabs(read_back(buf) - v) <= fabs(v) * 0.005001)) {
		if (*bad_read == 0)
			printf("     %s(%.17g, %d) = '%s'\n", fn_names[fn], v,
			    width, buf);
		(*bad_read)++;
	}
}

static void
test_sweep(void)
{
	uint64_t state = 42;
	int bad_width = 0, bad_read = 0;

	for (int i = 0; i < 4000; i++) {
		double mant = 1 + (double)(next_rand(&state) % 9000) / 1000;
		int exp10 = (int)(next_rand(&state) % 81) - 40;
		double v = mant * pow(10, exp10);

		if (next_rand(&state) % 2)
			v = -v;
		for (int fn = SI; fn <= PCT_SIGN; fn++)
			for (int w = 0; w <= 14; w++)
				sweep_one((enum fn)fn, v, w, &bad_width,
				    &bad_read);
	}
	CHECK("sweep: within width and buffer", bad_width == 0);
	CHECK("sweep: reads back within 0.5%", bad_read == 0);
}

/* fmt_fit: a cut at a word or field, an ellipsis, never in a number. */
static void
test_fit(void)
{
	static const struct {
		const char *in;
		int width;
		const char *want;
	} fits[] = {
		{ "ok single, noisy 100%", 30, "ok single, noisy 100%" },
		{ "ok single, noisy 100%", 20, "ok single ..." },
		{ "byte p4-2000, lmbench doug-750, ctxbench p2-350-2.4.18~", 45,
		    "byte p4-2000, lmbench doug-750 ..." },
		{ "ok single, noisy 100%", 12, "ok single..." },
		{ "first look single", 9, "first ..." },
		{ "TSC 2.10 GHz", 7, "TSC ..." },
		{ "TSC 2.10 GHz", 11, "TSC 2.10..." },
		{ "TSC 2.10 GHz", 10, "TSC ..." },
		{ "focus: only lmbench.null_io runs (f: all again)", 40,
		    "focus: only lmbench.null_io runs ..." },
		{ "12345678", 5, "..." },
		{ "CPU Oxide Turin [Zen 5, VM], 2 CPUs", 24,
		    "CPU Oxide Turin ..." },
		{ "1.23kx", 5, "..." },
		{ "lmbench.ctx_2p_16k", 16, "lmbench.ctx_..." },
		{ "abcdefghij", 6, "abc..." },
		{ "abc", 2, ".." },
	};
	char buf[64];

	for (size_t i = 0; i < sizeof fits / sizeof fits[0]; i++) {
		fmt_fit(buf, sizeof buf, fits[i].in, fits[i].width, "...");
		if (!CHECK("fit: at a boundary, never in a number",
		        strcmp(buf, fits[i].want) == 0 &&
		            fmt_cells(buf) <= fits[i].width))
			printf("     '%s' in %d: got '%s', want '%s'\n",
			    fits[i].in, fits[i].width, buf, fits[i].want);
	}
	fmt_fit(buf, sizeof buf, "ok single, noisy 100%", 12, "\u2026");
	if (!CHECK("fit: a one-cell ellipsis",
	        strcmp(buf, "ok single \u2026") == 0))
		printf("     got '%s'\n", buf);
}

/* fmt_value4: one format, 4 significant digits, at every size. */
static void
test_value4(void)
{
	static const struct {
		double v;
		const char *want;
	} v4[] = {
		{ 3893329.5, "3.893M" },
		{ 33590000, "33.59M" },
		{ 39861.9, "39.86k" },
		{ 114.1, "114.1" },
		{ 3.543, "3.543" },
		{ 0.38, "0.3800" },
		{ 999.96, "1.000k" },
		{ 1e13, "10.00T" },
	};
	char buf[32];

	for (size_t i = 0; i < sizeof v4 / sizeof v4[0]; i++) {
		fmt_value4(buf, sizeof buf, v4[i].v, 9);
		if (!CHECK("value4: 4 significant digits",
		        strcmp(buf, v4[i].want) == 0))
			printf("     %g: got '%s', want '%s'\n", v4[i].v, buf,
			    v4[i].want);
	}
}

int
main(void)
{
	test_fit();
	test_value4();
	test_golden();
	test_small_buffer();
	test_sweep();
	return check_summary("test-fmt");
}
