/*
 * ui-spark.h: sparklines and one-line histograms rendered to strings.
 *
 * The idea is redis's sparkline.c: a renderer returns text and never
 * touches curses, so the UI only places the string and the unit tests
 * compare it with golden strings. Nothing here allocates, locks or keeps
 * state; the display scale is state the caller owns (one per sparkline)
 * and advances once per frame with spark_scale_update().
 *
 * Glyphs, from low to high (one display column each):
 *   UTF-8: 8 levels, the block elements U+2581..U+2588 "▁▂▃▄▅▆▇█"
 *          (3 bytes each);
 *   ASCII: 6 levels, "_.-~^'" (1 byte each).
 * A NaN value is a space. A marked value (the user's `m` key) is a mark
 * glyph whatever its value, even NaN, so a mark lines up in every
 * sparkline drawn for the same time: UTF-8 "┃" (U+2503, heavy vertical,
 * 3 bytes; a full-height line thinner than "█", so it reads as a tick),
 * ASCII "|".
 * Infinities are clamped to the bottom or top level.
 */

#ifndef BENCHTOP_SPARK_H
#define BENCHTOP_SPARK_H

#include <stddef.h>

/* Bytes of the widest glyph: a UTF-8 block element or the mark. */
#define SPARK_GLYPH_MAX 3
/* An output buffer that holds `width` columns in either mode. */
#define SPARK_BUFSIZE(width) ((width)*SPARK_GLYPH_MAX + 1)

/*
 * The scale rule, applied by spark_scale_update() to the finite values it
 * is given (the values on screen):
 *  - the target range is [min - h, max + h], with the headroom h the data
 *    span times SPARK_HEADROOM; a flat series (min == max == x) gets
 *    h = |x| * SPARK_FLAT_FRAC, or 1 when x is 0, so it draws mid-height;
 *    positive data never gets a target below 0 (a rate or a cost read
 *    as negative on the scale would be nonsense);
 *  - the first update takes the target as it is;
 *  - data outside [lo, hi] widens the scale at once: lo and hi become the
 *    lower and the higher of their value and the target's;
 *  - otherwise the scale holds, and counts the updates in a row whose data
 *    spans less than SPARK_SHRINK_USE of hi - lo (a busier update starts
 *    the count over). After SPARK_SHRINK_AFTER of them, each further
 *    update moves lo and hi SPARK_SHRINK_STEP of the way to the target,
 *    until hi - lo is within SPARK_SHRINK_DONE of the target's span; then
 *    the scale snaps to the target and the count starts over.
 * So a spike redraws the picture once, and a quieter series zooms in over
 * seconds instead of jumping every frame.
 */
#define SPARK_HEADROOM     0.10
#define SPARK_FLAT_FRAC    0.10
#define SPARK_SHRINK_USE   0.5
#define SPARK_SHRINK_AFTER 8
#define SPARK_SHRINK_STEP  0.25
#define SPARK_SHRINK_DONE  0.05

/* A display scale with hysteresis; zero-initialise it before first use. */
struct spark_scale {
	double lo;   /* the value drawn at the bottom of the lowest level */
	double hi;   /* the value drawn at the top of the highest level */
	int primed;  /* 0 until an update has seen a finite value */
	int quiet_n; /* updates in a row that used under half the range */
};

/*
 * Advance the scale by one frame with the n values on screen. NaN and
 * infinite values are ignored; with no finite value the scale is left
 * as it is.
 */
void spark_scale_update(struct spark_scale *s, const double *v, size_t n);

/*
 * Render the last `width` of the n values into out, right-aligned: with
 * fewer values than width, the line is padded on the left with spaces.
 * A value maps to level floor((x - lo) / (hi - lo) * levels), clamped to
 * the levels. s may be NULL or unprimed: the line is then scaled by a
 * fresh scale updated once with the values shown. marks may be NULL, or
 * n flags parallel to v.
 *
 * Returns the display columns written (width when out is big enough:
 * SPARK_BUFSIZE(width) always is). A smaller out gets the left part of
 * the line cut at a whole glyph. out is NUL-terminated unless outsize is
 * 0, when nothing is written.
 */
size_t spark_render(char *out, size_t outsize, const double *v, size_t n,
    size_t width, const struct spark_scale *s, int utf8,
    const unsigned char *marks);

/*
 * A one-line histogram of the finite values among the n: `width` equal
 * bins over [min, max], each drawn with the glyph levels scaled so the
 * fullest bin is the top level and any non-empty bin at least the lowest;
 * an empty bin is a space. A flat series fills the middle bin (width / 2).
 * No finite value gives a blank line. Returns and truncates as
 * spark_render(). It scans the values once per bin (O(n * width)), which
 * keeps it free of allocation; a detail view draws one per frame.
 */
size_t spark_histogram(char *out, size_t outsize, const double *v, size_t n,
    size_t width, int utf8);

#endif
