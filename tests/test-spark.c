/*
 * test-spark.c: golden strings and scale hysteresis for src/ui-spark.c.
 *
 * Most render cases use the fixed scale [0, 24], where a value x is UTF-8
 * level floor(x / 3) and ASCII level floor(x / 4), so every expected glyph
 * can be checked by hand: UTF-8 "▁▂▃▄▅▆▇█" are levels 0..7, ASCII "_.-~^'"
 * levels 0..5. Auto-scaled cases use data whose target range is exact in
 * binary (see the rule in ui-spark.h); the arithmetic is in each comment.
 */

#include "config.h"

#include <float.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "check.h"
#include "ui-spark.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))
#define MAXV     8
#define CANARY   0x5a

/* Which scale a render case draws with. */
enum which_scale {
	AUTO,   /* NULL: scaled by the values shown */
	FIXED,  /* [0, 24] */
	NEGFIX, /* [-24, 0] */
};

struct render_case {
	const char *what;
	double v[MAXV];
	size_t n;
	size_t width;
	enum which_scale scale;
	int utf8;
	unsigned char marks[MAXV]; /* all zero: pass NULL */
	const char *want;
	size_t cols;
};

static const struct render_case render_cases[] = {
	{ "utf8 ramp", { 0, 3, 6, 9, 12, 15, 18, 21 }, 8, 8, FIXED, 1, { 0 },
	    "▁▂▃▄▅▆▇█", 8 },
	{ "ascii ramp", { 0, 4, 8, 12, 16, 20 }, 6, 6, FIXED, 0, { 0 },
	    "_.-~^'", 6 },
	{ "utf8 pads left", { 0, 21 }, 2, 5, FIXED, 1, { 0 }, "   ▁█", 5 },
	{ "ascii pads left", { 0, 21 }, 2, 5, FIXED, 0, { 0 }, "   _'", 5 },
	{ "no values is blank", { 0 }, 0, 3, FIXED, 1, { 0 }, "   ", 3 },
	{ "last width values", { 21, 0, 3, 6 }, 4, 3, FIXED, 1, { 0 }, "▁▂▃",
	    3 },
	{ "width 0", { 0, 21 }, 2, 0, FIXED, 1, { 0 }, "", 0 },
	{ "width 1 is the newest", { 0, 21 }, 2, 1, FIXED, 1, { 0 }, "█", 1 },
	{ "width 1 ascii", { 21, 0 }, 2, 1, FIXED, 0, { 0 }, "_", 1 },
	{ "NaN is a space", { 0, NAN, 21 }, 3, 3, FIXED, 1, { 0 }, "▁ █", 3 },
	{ "NaN ascii", { NAN, 12 }, 2, 2, FIXED, 0, { 0 }, " ~", 2 },
	{ "utf8 mark", { 0, 12, 21 }, 3, 3, FIXED, 1, { 0, 1, 0 }, "▁┃█", 3 },
	{ "ascii mark", { 0, 12, 21 }, 3, 3, FIXED, 0, { 0, 1, 0 }, "_|'", 3 },
	{ "mark on NaN", { 0, NAN }, 2, 2, FIXED, 1, { 0, 1 }, "▁┃", 2 },
	{ "mark scrolled off", { 0, 12, 21 }, 3, 2, FIXED, 0, { 1, 0, 0 }, "~'",
	    2 },
	{ "mark with padding", { 12 }, 1, 3, FIXED, 0, { 1 }, "  |", 3 },
	{ "outside the scale clamps", { -5, 30, INFINITY, -INFINITY }, 4, 4,
	    FIXED, 1, { 0 }, "▁██▁", 4 },
	{ "top edge is the top level", { 24, 23.999 }, 2, 2, FIXED, 1, { 0 },
	    "██", 2 },
	{ "negative scale", { -24, -12, -1 }, 3, 3, NEGFIX, 1, { 0 }, "▁▅█",
	    3 },
	/* -10..10: h = 2, scale [-12, 12]; 0 is exactly mid-height. */
	{ "auto negative", { -10, 0, 10 }, 3, 3, AUTO, 1, { 0 }, "▁▅█", 3 },
	{ "auto negative ascii", { -10, 0, 10 }, 3, 3, AUTO, 0, { 0 }, "_~'",
	    3 },
	/* Flat 5: h = 0.5, scale [4.5, 5.5]: mid-height, not the floor. */
	{ "auto flat", { 5, 5, 5 }, 3, 3, AUTO, 1, { 0 }, "▅▅▅", 3 },
	{ "auto flat ascii", { 5, 5, 5 }, 3, 3, AUTO, 0, { 0 }, "~~~", 3 },
	{ "auto flat zero", { 0, 0 }, 2, 4, AUTO, 1, { 0 }, "  ▅▅", 4 },
	{ "auto flat negative", { -7, -7 }, 2, 2, AUTO, 1, { 0 }, "▅▅", 2 },
	/* Only the values shown set an auto scale: 1000 is off screen. */
	{ "auto scales the window", { 1000, -10, 0, 10 }, 4, 3, AUTO, 1, { 0 },
	    "▁▅█", 3 },
	{ "auto all NaN", { NAN, NAN }, 2, 3, AUTO, 1, { 0 }, "   ", 3 },
	{ "auto huge", { -1e300, 0, 1e300 }, 3, 3, AUTO, 1, { 0 }, "▁▅█", 3 },
	{ "auto tiny", { -1e-300, 0, 1e-300 }, 3, 3, AUTO, 1, { 0 }, "▁▅█", 3 },
	{ "auto flat huge", { 1e300, 1e300 }, 2, 2, AUTO, 0, { 0 }, "~~", 2 },
};

static int
any_mark(const unsigned char *marks)
{
	for (size_t i = 0; i < MAXV; i++)
		if (marks[i])
			return 1;
	return 0;
}

static const struct spark_scale *
pick_scale(enum which_scale which)
{
	static const struct spark_scale fixed = { 0, 24, 1, 0 };
	static const struct spark_scale negfix = { -24, 0, 1, 0 };

	if (which == FIXED)
		return &fixed;
	if (which == NEGFIX)
		return &negfix;
	return NULL;
}

static void
test_render_cases(void)
{
	char out[SPARK_BUFSIZE(MAXV + 4)];

	for (size_t i = 0; i < NELEM(render_cases); i++) {
		const struct render_case *c = &render_cases[i];
		size_t cols = spark_render(out, sizeof out, c->v, c->n,
		    c->width, pick_scale(c->scale), c->utf8,
		    any_mark(c->marks) ? c->marks : NULL);

		if (!CHECK(c->what,
		        strcmp(out, c->want) == 0 && cols == c->cols))
			printf("     got '%s' (%zu columns), want '%s' (%zu)\n",
			    out, cols, c->want, c->cols);
	}
}

/* An unprimed scale is the same as none: the values shown set it. */
static void
test_render_unprimed(void)
{
	static const double v[] = { -10, 0, 10 };
	struct spark_scale unprimed = { 0 };
	char a[SPARK_BUFSIZE(3)], b[SPARK_BUFSIZE(3)];

	spark_render(a, sizeof a, v, 3, 3, &unprimed, 1, NULL);
	spark_render(b, sizeof b, v, 3, 3, NULL, 1, NULL);
	CHECK("unprimed scale acts as NULL", strcmp(a, b) == 0);
	CHECK("render leaves the scale alone", unprimed.primed == 0);
	CHECK("NULL values, n 0",
	    spark_render(a, sizeof a, NULL, 0, 2, NULL, 1, NULL) == 2 &&
	        strcmp(a, "  ") == 0);
	CHECK("NULL values histogram",
	    spark_histogram(a, sizeof a, NULL, 0, 2, 1) == 2 &&
	        strcmp(a, "  ") == 0);
}

/* Extreme values must not overflow into undefined casts. */
static void
test_render_extremes(void)
{
	static const double v[] = { -DBL_MAX, DBL_MAX, DBL_MIN };
	char out[SPARK_BUFSIZE(3)];

	CHECK("DBL_MAX renders 3 columns",
	    spark_render(out, sizeof out, v, 3, 3, NULL, 1, NULL) == 3);
	CHECK("DBL_MAX renders 9 bytes", strlen(out) == 9);
}

struct trunc_case {
	const char *what;
	size_t outsize;
	int utf8;
	const char *want;
	size_t cols;
};

/* Rendering { 0, 21 } at width 4: "  ▁█" (8 bytes) or "  _'" (4). */
static const struct trunc_case trunc_cases[] = {
	{ "utf8 fits exactly", 9, 1, "  ▁█", 4 },
	{ "utf8 one byte short", 8, 1, "  ▁", 3 },
	{ "utf8 no half glyph", 5, 1, "  ", 2 },
	{ "utf8 room for one glyph", 6, 1, "  ▁", 3 },
	{ "ascii fits exactly", 5, 0, "  _'", 4 },
	{ "ascii one short", 4, 0, "  _", 3 },
	{ "only the NUL", 1, 1, "", 0 },
};

static void
test_render_truncation(void)
{
	static const double v[] = { 0, 21 };
	const struct spark_scale fixed = { 0, 24, 1, 0 };
	char out[16];

	for (size_t i = 0; i < NELEM(trunc_cases); i++) {
		const struct trunc_case *c = &trunc_cases[i];
		size_t cols;

		memset(out, CANARY, sizeof out);
		cols = spark_render(out, c->outsize, v, 2, 4, &fixed, c->utf8,
		    NULL);
		CHECK(c->what, strcmp(out, c->want) == 0 && cols == c->cols);
		CHECK("canary after the buffer", out[c->outsize] == CANARY);
	}
	memset(out, CANARY, sizeof out);
	CHECK("outsize 0 writes nothing",
	    spark_render(out, 0, v, 2, 4, &fixed, 1, NULL) == 0 &&
	        out[0] == CANARY);
}

struct hist_case {
	const char *what;
	double v[MAXV * 2 + 1];
	size_t n;
	size_t width;
	int utf8;
	const char *want;
};

static const struct hist_case hist_cases[] = {
	/* Bins over [0, 3]: counts 1, 2, 3, 4 (3 lands in the last bin). */
	{ "utf8 rising", { 0, 1, 1, 2, 2, 2, 3, 3, 3, 3 }, 10, 4, 1, "▂▄▆█" },
	{ "ascii rising", { 0, 1, 1, 2, 2, 2, 3, 3, 3, 3 }, 10, 4, 0, ".-^'" },
	{ "empty bins are blank", { 0, 10 }, 2, 5, 1, "█   █" },
	{ "flat fills the middle", { 7, 7, 7 }, 3, 5, 1, "  █  " },
	{ "flat even width", { 7, 7 }, 2, 4, 0, "  ' " },
	{ "one sample still shows",
	    { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 }, 17, 2, 1,
	    "█▁" },
	{ "NaN ignored", { NAN, 0, NAN, 1, INFINITY }, 5, 2, 1, "██" },
	{ "negative values", { -5, -5, -1 }, 3, 2, 0, "'-" },
	{ "all NaN is blank", { NAN }, 1, 3, 1, "   " },
	{ "no values is blank", { 0 }, 0, 2, 0, "  " },
	{ "width 0", { 1, 2 }, 2, 0, 1, "" },
	{ "width 1", { 1, 2, 3 }, 3, 1, 1, "█" },
	{ "huge magnitudes", { -1e300, 1e300, 1e300 }, 3, 2, 1, "▄█" },
};

static void
test_histogram(void)
{
	char out[SPARK_BUFSIZE(8)];

	for (size_t i = 0; i < NELEM(hist_cases); i++) {
		const struct hist_case *c = &hist_cases[i];
		size_t cols = spark_histogram(out, sizeof out, c->v, c->n,
		    c->width, c->utf8);

		if (!CHECK(c->what,
		        strcmp(out, c->want) == 0 && cols == c->width))
			printf("     got '%s' (%zu columns), want '%s'\n", out,
			    cols, c->want);
	}
	memset(out, CANARY, sizeof out);
	CHECK("histogram truncates to whole glyphs",
	    spark_histogram(out, 7, hist_cases[0].v, 10, 4, 1) == 2 &&
	        strcmp(out, "▂▄") == 0 && out[7] == CANARY);
}

static int
scale_is(const struct spark_scale *s, double lo, double hi)
{
	return s->primed && s->lo == lo && s->hi == hi;
}

/* Priming, NaN, flat series: the target range of the rule in ui-spark.h. */
static void
test_scale_prime(void)
{
	static const double none[] = { NAN, INFINITY };
	static const double mixed[] = { NAN, 0, 100, -INFINITY };
	static const double five[] = { 5 };
	static const double zero[] = { 0, 0 };
	static const double wide[] = { 5, 105 };
	struct spark_scale s = { 0 };

	spark_scale_update(&s, none, NELEM(none));
	CHECK("no finite value leaves it unprimed", !s.primed);
	spark_scale_update(&s, NULL, 0);
	CHECK("no value leaves it unprimed", !s.primed);
	spark_scale_update(&s, mixed, NELEM(mixed));
	CHECK("primed with 10% headroom", scale_is(&s, -10, 110));
	spark_scale_update(&s, none, NELEM(none));
	CHECK("no finite value keeps the scale", scale_is(&s, -10, 110));
	s = (struct spark_scale){ 0 };
	spark_scale_update(&s, five, 1);
	CHECK("flat 5 is 5 +- 0.5", scale_is(&s, 4.5, 5.5));
	s = (struct spark_scale){ 0 };
	spark_scale_update(&s, zero, 2);
	CHECK("flat 0 is 0 +- 1", scale_is(&s, -1, 1));
	s = (struct spark_scale){ 0 };
	spark_scale_update(&s, wide, NELEM(wide));
	CHECK("positive data: headroom stops at 0", scale_is(&s, 0, 115));
}

/* A spike widens the scale in the very update it arrives in. */
static void
test_scale_widen(void)
{
	static const double before[] = { 0, 50, 100 };
	static const double spike[] = { 0, 50, 100, 200 };
	static const double low[] = { -100, 0 };
	struct spark_scale s = { 0 };
	char out[SPARK_BUFSIZE(4)];

	spark_scale_update(&s, before, 3);
	CHECK("primed", scale_is(&s, -10, 110));
	spark_render(out, sizeof out, before, 3, 3, &s, 1, NULL);
	CHECK("before the spike", strcmp(out, "▁▅█") == 0);
	spark_scale_update(&s, spike, 4);
	CHECK("widened at once", scale_is(&s, -20, 220));
	spark_render(out, sizeof out, spike, 4, 4, &s, 1, NULL);
	CHECK("after the spike", strcmp(out, "▁▃▅█") == 0);
	spark_scale_update(&s, low, 2);
	CHECK("widened downwards, the top kept", scale_is(&s, -110, 220));
	CHECK("widening clears the quiet count", s.quiet_n == 0);
}

/* Run n updates with the same data; 1 if the scale never moved. */
static int
hold(struct spark_scale *s, const double *v, size_t nv, int n)
{
	struct spark_scale was = *s;

	for (int i = 0; i < n; i++) {
		spark_scale_update(s, v, nv);
		if (s->lo != was.lo || s->hi != was.hi)
			return 0;
	}
	return 1;
}

/*
 * From [-20, 220] with data 40..50 (target [39, 51]): 8 quiet updates
 * hold, then each moves a quarter of the way; the excess over the target
 * span, 228, shrinks by 0.75 a step and is under 5% of 12 after 21 steps.
 */
static void
test_scale_shrink(void)
{
	static const double wide[] = { 0, 200 };
	static const double calm[] = { 40, 50 };
	struct spark_scale s = { 0 };
	int monotone = 1;

	spark_scale_update(&s, wide, 2);
	CHECK("start", scale_is(&s, -20, 220));
	CHECK("busy data holds", hold(&s, wide, 2, 50));
	CHECK("8 quiet updates hold", hold(&s, calm, 2, SPARK_SHRINK_AFTER));
	spark_scale_update(&s, calm, 2);
	CHECK("9th moves a quarter of the way", scale_is(&s, -5.25, 177.75));
	for (int i = 2; i < 21; i++) {
		struct spark_scale was = s;

		spark_scale_update(&s, calm, 2);
		monotone &= s.lo > was.lo && s.hi < was.hi && s.hi > 51;
	}
	CHECK("zooms in step by step", monotone);
	spark_scale_update(&s, calm, 2);
	CHECK("21st step snaps to the target", scale_is(&s, 39, 51));
	CHECK("and holds there", hold(&s, calm, 2, 100));
}

/* A busy update inside a quiet spell starts the count over. */
static void
test_scale_quiet_reset(void)
{
	static const double wide[] = { 0, 200 };
	static const double calm[] = { 40, 50 };
	struct spark_scale s = { 0 };

	spark_scale_update(&s, wide, 2);
	CHECK("5 quiet updates hold", hold(&s, calm, 2, 5));
	CHECK("a busy one holds", hold(&s, wide, 2, 1));
	CHECK("count started over: 8 more hold",
	    hold(&s, calm, 2, SPARK_SHRINK_AFTER));
	spark_scale_update(&s, calm, 2);
	CHECK("then it shrinks", s.hi < 220);
}

/* A flat series that drops to a lower level zooms to mid-height of it. */
static void
test_scale_flat_shrink(void)
{
	static const double ten[] = { 10 };
	static const double step[] = { 10, 0 };
	struct spark_scale s = { 0 };
	char out[SPARK_BUFSIZE(1)];

	spark_scale_update(&s, step, 2);
	CHECK("step primes", scale_is(&s, -1, 11));
	for (int i = 0; i < 100; i++)
		spark_scale_update(&s, ten, 1);
	CHECK("flat 10 settles at 10 +- 1", scale_is(&s, 9, 11));
	spark_render(out, sizeof out, ten, 1, 1, &s, 1, NULL);
	CHECK("and draws mid-height", strcmp(out, "▅") == 0);
}

int
main(void)
{
	test_render_cases();
	test_render_unprimed();
	test_render_extremes();
	test_render_truncation();
	test_histogram();
	test_scale_prime();
	test_scale_widen();
	test_scale_shrink();
	test_scale_quiet_reset();
	test_scale_flat_shrink();
	return check_summary("test-spark");
}
