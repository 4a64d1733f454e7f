/*
 * ui-spark.c: sparklines and one-line histograms rendered to strings.
 *
 * See ui-spark.h for the glyphs and the scale rule. Everything writes
 * through put(), which refuses a glyph that would not leave room for the
 * NUL, so no output can overflow or end in half a UTF-8 sequence.
 */

#include "config.h"

#include "ui-spark.h"

#include <math.h>
#include <string.h>

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* Block elements U+2581..U+2588, lowest first. */
static const char *const bars_utf8[] = { "▁", "▂", "▃", "▄", "▅", "▆", "▇",
	"█" };
/* The ASCII twin: glyphs whose ink sits higher and higher in the cell. */
static const char *const bars_ascii[] = { "_", ".", "-", "~", "^", "'" };

#define MARK_UTF8  "┃" /* U+2503 */
#define MARK_ASCII "|"

/* Level slack for rounding noise, in levels (see level_of). */
#define LEVEL_EPS 1e-9

/* An output buffer being filled: bytes used and columns drawn. */
struct sink {
	char *out;
	size_t size;
	size_t len;
	size_t cols;
};

static void sink_init(struct sink *k, char *out, size_t outsize);
static int put(struct sink *k, const char *glyph);
static int data_range(const double *v, size_t n, double *lo, double *hi);
static void target_range(double lo, double hi, double *tlo, double *thi);
static void scale_settle(struct spark_scale *s, double dlo, double dhi,
    double tlo, double thi);
static size_t level_of(double frac, size_t nlev);
static const char *value_glyph(double x, const struct spark_scale *s, int utf8);
static size_t bin_of(double x, double lo, double hi, size_t nbins);
static size_t bin_count(const double *v, size_t n, double lo, double hi,
    size_t nbins, size_t bin);
static size_t bin_peak(const double *v, size_t n, double lo, double hi,
    size_t nbins);

static void
sink_init(struct sink *k, char *out, size_t outsize)
{
	k->out = out;
	k->size = outsize;
	k->len = 0;
	k->cols = 0;
	if (outsize > 0)
		out[0] = '\0';
}

/* Append one glyph (one column), or return 0 when it would not fit. */
static int
put(struct sink *k, const char *glyph)
{
	size_t n = strlen(glyph);

	if (k->size == 0 || n > k->size - 1 - k->len)
		return 0;
	memcpy(k->out + k->len, glyph, n + 1);
	k->len += n;
	k->cols++;
	return 1;
}

/* The min and max of the finite values; 0 when there are none. */
static int
data_range(const double *v, size_t n, double *lo, double *hi)
{
	int found = 0;

	for (size_t i = 0; i < n; i++) {
		if (!isfinite(v[i]))
			continue;
		if (!found || v[i] < *lo)
			*lo = v[i];
		if (!found || v[i] > *hi)
			*hi = v[i];
		found = 1;
	}
	return found;
}

/* The range the scale would like: the data plus headroom (see ui-spark.h). */
static void
target_range(double lo, double hi, double *tlo, double *thi)
{
	double h = (hi - lo) * SPARK_HEADROOM;

	if (hi == lo) {
		/* Symmetric, so a flat line sits mid-height, not at the floor.
		 */
		h = fabs(lo) * SPARK_FLAT_FRAC;
		if (h == 0)
			h = 1;
	}
	*tlo = lo - h;
	*thi = hi + h;
	/* Every figure benchtop plots is a cost or a rate: positive data
	 * never gets a scale that reads as a negative rate. */
	if (lo > 0 && *tlo < 0)
		*tlo = 0;
}

/*
 * The data fits: count a quiet spell, or once it has lasted, zoom in a
 * step towards the target (the shrinking half of the hysteresis).
 */
static void
scale_settle(struct spark_scale *s, double dlo, double dhi, double tlo,
    double thi)
{
	double range = s->hi - s->lo;

	if (s->quiet_n < SPARK_SHRINK_AFTER) {
		if (dhi - dlo < SPARK_SHRINK_USE * range)
			s->quiet_n++;
		else
			s->quiet_n = 0;
		return;
	}
	s->lo += (tlo - s->lo) * SPARK_SHRINK_STEP;
	s->hi += (thi - s->hi) * SPARK_SHRINK_STEP;
	if (s->hi - s->lo <= (thi - tlo) * (1 + SPARK_SHRINK_DONE)) {
		s->lo = tlo;
		s->hi = thi;
		s->quiet_n = 0;
	}
}

void
spark_scale_update(struct spark_scale *s, const double *v, size_t n)
{
	double dlo, dhi, tlo, thi;

	if (!data_range(v, n, &dlo, &dhi))
		return;
	target_range(dlo, dhi, &tlo, &thi);
	if (!s->primed) {
		s->lo = tlo;
		s->hi = thi;
		s->primed = 1;
		s->quiet_n = 0;
	} else if (dlo < s->lo || dhi > s->hi) {
		/* Widen at once: a spike must be visible the frame it lands. */
		s->lo = fmin(s->lo, tlo);
		s->hi = fmax(s->hi, thi);
		s->quiet_n = 0;
	} else {
		scale_settle(s, dlo, dhi, tlo, thi);
	}
}

/*
 * Map a fraction of the range to one of nlev levels, clamping outliers.
 * A value within LEVEL_EPS of a boundary counts as on it: a flat line's
 * scale (7 +- 0.7) is not exact in binary, and rounding noise must not
 * drop it from mid-height to the level below.
 */
static size_t
level_of(double frac, size_t nlev)
{
	double lev;

	/* !(frac > 0) also catches the NaN of an overflowed range. */
	if (!(frac > 0))
		return 0;
	lev = frac * (double)nlev + LEVEL_EPS;
	if (lev >= (double)nlev)
		return nlev - 1;
	return (size_t)lev;
}

static const char *
value_glyph(double x, const struct spark_scale *s, int utf8)
{
	const char *const *bars = utf8 ? bars_utf8 : bars_ascii;
	size_t nlev = utf8 ? NELEM(bars_utf8) : NELEM(bars_ascii);
	size_t lev = nlev / 2;

	if (isnan(x))
		return " ";
	if (s->hi > s->lo)
		lev = level_of((x - s->lo) / (s->hi - s->lo), nlev);
	return bars[lev];
}

size_t
spark_render(char *out, size_t outsize, const double *v, size_t n, size_t width,
    const struct spark_scale *s, int utf8, const unsigned char *marks)
{
	size_t shown = n < width ? n : width;
	size_t first = n - shown;
	struct spark_scale fresh = { 0 };
	struct sink k;

	sink_init(&k, out, outsize);
	if (s == NULL || !s->primed) {
		/* Not v + first: v may be NULL when n is 0. */
		if (shown > 0)
			spark_scale_update(&fresh, &v[first], shown);
		s = &fresh;
	}
	for (size_t i = shown; i < width; i++)
		if (!put(&k, " "))
			return k.cols;
	for (size_t i = first; i < n; i++) {
		const char *g = value_glyph(v[i], s, utf8);

		if (marks != NULL && marks[i])
			g = utf8 ? MARK_UTF8 : MARK_ASCII;
		if (!put(&k, g))
			break;
	}
	return k.cols;
}

/* The bin of x among nbins equal bins over [lo, hi]; hi is in the last. */
static size_t
bin_of(double x, double lo, double hi, size_t nbins)
{
	if (!(hi > lo))
		return nbins / 2;
	return level_of((x - lo) / (hi - lo), nbins);
}

static size_t
bin_count(const double *v, size_t n, double lo, double hi, size_t nbins,
    size_t bin)
{
	size_t count = 0;

	for (size_t i = 0; i < n; i++)
		if (isfinite(v[i]) && bin_of(v[i], lo, hi, nbins) == bin)
			count++;
	return count;
}

/* The count of the fullest bin, which the top level stands for. */
static size_t
bin_peak(const double *v, size_t n, double lo, double hi, size_t nbins)
{
	size_t peak = 0;

	for (size_t b = 0; b < nbins; b++) {
		size_t c = bin_count(v, n, lo, hi, nbins, b);

		if (c > peak)
			peak = c;
	}
	return peak;
}

size_t
spark_histogram(char *out, size_t outsize, const double *v, size_t n,
    size_t width, int utf8)
{
	const char *const *bars = utf8 ? bars_utf8 : bars_ascii;
	size_t nlev = utf8 ? NELEM(bars_utf8) : NELEM(bars_ascii);
	size_t peak = 0;
	double lo = 0, hi = 0;
	struct sink k;

	sink_init(&k, out, outsize);
	if (data_range(v, n, &lo, &hi))
		peak = bin_peak(v, n, lo, hi, width);
	for (size_t b = 0; b < width; b++) {
		size_t c = peak ? bin_count(v, n, lo, hi, width, b) : 0;
		/* Round up, so one sample still shows above an empty bin. */
		const char *g = c ? bars[(c * nlev - 1) / peak] : " ";

		if (!put(&k, g))
			break;
	}
	return k.cols;
}
