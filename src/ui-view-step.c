/*
 * ui-view-step.c: how a sentinel sees a step. Its newest slice is judged
 * against the slices before it of the same state of the machine, by how
 * far the slices of one state move by themselves. Against its whole
 * history, a null_call sentinel that had run traced (757-851 ns) and
 * untraced (214-239 ns) in the last minutes read a hog's 411 ns as no
 * step: the median and spread of that mixture were the bar, and the line
 * about the hog came 8 to more than 30 s late (bench/tuner.sh, after a
 * tracing round). Cut at the changes it senses, that slice is 1.9x the
 * two untraced slices before it.
 */

#include "config.h"

#include "ui-view-step.h"

#include <math.h>

#include "base-stats.h"
#include "measure-harness.h"

/* Slices a history can hold. */
#define STEP_MAX_SLICES (VIEW_HISTORY_MAX / VIEW_SLICE_MIN + 1)

size_t
view_step_state_at(uint32_t t_ms, const struct view_change *c, size_t nc,
    unsigned senses)
{
	size_t state = 0;

	for (size_t i = 0; i < nc; i++)
		if ((c[i].senses & senses) != 0 && c[i].t_ms <= t_ms)
			state++;
	return state;
}

/* Slice h[a..b) as a view_slice; 0 when too short to count. */
static int
slice_of(const struct ring_entry *h, size_t a, size_t b, struct view_slice *s)
{
	double ns[VIEW_HISTORY_MAX], scratch[VIEW_HISTORY_MAX];
	size_t noisy = 0;

	if (b - a < VIEW_SLICE_MIN || b - a > VIEW_HISTORY_MAX)
		return 0;
	for (size_t i = a; i < b; i++) {
		ns[i - a] = h[i].ns_per_op;
		noisy += (h[i].flags & SAMPLE_F_NOISY) != 0;
	}
	s->log_ns = log(stats_median(ns, b - a, scratch));
	s->calm = 2 * noisy < b - a;
	return isfinite(s->log_ns);
}

/* The slices of h[0..n) (the oldest cut too) into s; how many. */
static size_t
step_slices(const struct ring_entry *h, size_t n, const struct view_change *c,
    size_t nc, unsigned senses, struct view_slice *s)
{
	size_t a = 0, m = 0;

	for (size_t i = 1; i <= n; i++) {
		if (i < n && !(h[i].flags & SAMPLE_F_SLICE_START))
			continue;
		if (m < STEP_MAX_SLICES && slice_of(h, a, i, &s[m])) {
			s[m].state =
			    view_step_state_at(h[i - 1].t_ms, c, nc, senses);
			m++;
		}
		a = i;
	}
	return m;
}

/* Whether slice i of s[0..m) may hold two states: the change was seen
 * a refresh after it happened, and a slice beside it can straddle it. */
static int
beside_change(const struct view_slice *s, size_t m, size_t i)
{
	return (i > 0 && s[i - 1].state != s[i].state) ||
	    (i + 1 < m && s[i + 1].state != s[i].state);
}

double
view_step_pooled_sd(const struct view_slice *s, size_t m, size_t *df)
{
	double ss = 0;
	size_t a = 0;

	*df = 0;
	while (a < m) {
		double sum = 0, mean;
		size_t b = a, k = 0;

		for (; b < m && s[b].state == s[a].state; b++)
			if (s[b].calm && !beside_change(s, m, b)) {
				sum += s[b].log_ns;
				k++;
			}
		mean = k > 0 ? sum / (double)k : 0;
		for (size_t i = a; i < b; i++)
			if (s[i].calm && !beside_change(s, m, i))
				ss +=
				    (s[i].log_ns - mean) * (s[i].log_ns - mean);
		*df += k > 0 ? k - 1 : 0;
		a = b;
	}
	return *df > 0 ? sqrt(ss / (double)*df) : NAN;
}

struct view_step
view_step_judge(const struct ring_entry *h, size_t n,
    const struct view_change *changes, size_t nchanges, unsigned senses)
{
	struct view_slice s[STEP_MAX_SLICES];
	double ref[STEP_MAX_SLICES], scratch[STEP_MAX_SLICES], sd, before;
	struct view_step out = { NAN, NAN };
	size_t m = step_slices(h, n, changes, nchanges, senses, s), k = 0, df;

	/* Its state's slices before it: none, and a change the row senses
	 * explains the newest (its own line tells it). */
	while (k + 1 < m && s[m - 2 - k].state == s[m - 1].state) {
		ref[k] = s[m - 2 - k].log_ns;
		k++;
	}
	if (k == 0)
		return out;
	sd = view_step_pooled_sd(s, m - 1, &df);
	if (df < VIEW_STEP_DF || !isfinite(sd))
		return out;
	before = stats_median(ref, k, scratch);
	out.ratio = exp(before - s[m - 1].log_ns);
	out.pi_pct =
	    expm1(stats_student_t975(df) * sd * sqrt(1 + 1.0 / (double)k)) *
	    100;
	return out;
}

int
view_step_same(double q, double said)
{
	if (!(q > 0) || !(said > 0) || (q < 1) != (said < 1))
		return 0;
	return fabs(log(q)) < 2 * fabs(log(said));
}
