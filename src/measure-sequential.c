/*
 * measure-sequential.c: the quick check's stopping rule (why it is
 * Wald's test: measure-sequential.h).
 */

#include "config.h"

#include "measure-sequential.h"

#include <math.h>

#include "base-stats.h"

enum seq_state
sequential_decide(const struct seq_rule *r, const double *x, size_t n,
    double sigma, double center_var, double delta)
{
	double sum = 0, k, up, down;
	double accept = log((1 - r->beta) / (r->alpha / 2));
	double reject = log(r->beta / (1 - r->alpha / 2));

	if (n < r->min_n || !(delta > 0))
		return n >= r->max_n ? SEQ_UNDECIDED : SEQ_GOING;
	for (size_t i = 0; i < n; i++)
		sum += x[i];
	sigma = fmax(sigma, r->sigma_floor);
	/* The sum's variance is n sigma^2 + n^2 center_var: the error of
	 * the center is common to every observation, and more slices of
	 * this run do not shrink it. */
	k = delta / (sigma * sigma + (double)n * fmax(center_var, 0));
	up = k * (sum - (double)n * delta / 2);
	down = k * (-sum - (double)n * delta / 2);
	if (down >= accept)
		return SEQ_SLOWER;
	if (up >= accept)
		return SEQ_FASTER;
	if (up <= reject && down <= reject)
		return SEQ_SAME;
	return n >= r->max_n ? SEQ_UNDECIDED : SEQ_GOING;
}

/* A row's two sides in logs of speed, with their medians. */
struct sides {
	double now[STATS_RANK_MAX], then[STATS_RANK_MAX];
	size_t nn, nt;
	double now_med, then_med; /* NAN when a side is empty */
};

static void
sides_of(const struct judge_row *r, struct sides *s)
{
	double scratch[STATS_RANK_MAX];

	s->nn = r->not_comparable
	    ? 0
	    : judge_log_speeds(r->now, r->nnow, r->higher_better, s->now);
	s->nt = judge_log_speeds(r->then, r->nthen, r->higher_better, s->then);
	s->now_med = s->nn ? stats_median(s->now, s->nn, scratch) : NAN;
	s->then_med = s->nt ? stats_median(s->then, s->nt, scratch) : NAN;
}

/*
 * An observation's weight is bounded (Huber's way): beyond 3 sigma, or
 * twice the change sought when wider, a slice counts as that far and no
 * farther, so that one slice far off among many steady ones cannot
 * decide alone, while a real change, every slice beyond the bound, still
 * decides within a few.
 */
static double
bounded(double x, double sigma, double delta)
{
	double bound = fmax(3 * sigma, 2 * delta);

	return x > bound ? bound : x < -bound ? -bound : x;
}

/*
 * How well the profile's median is known (a variance, in logs): its
 * slices' spread over their count, times pi/2, the variance of a median
 * of normal figures against a mean's. A quick profile's median of 5
 * slices whose spread is 12% (this guest's system-call rows in 0.1 s
 * slices) is itself off by 6.7% (one sd): taken as exact, an unchanged
 * test's check settled on that error, and a tolerance of 10% was beyond
 * it in about one test of six (ten quick checks of an unchanged guest:
 * 1.6 tests judged each, 'faster' or 'slower', at 1% a test).
 */
static double
then_median_var(const struct sides *s, double floor)
{
	double se =
	    stats_median_se(fmax(stats_robust_sd(s->then, s->nt, s->then_med),
	                        floor),
	        s->nt);

	return se * se;
}

/* One going row's look: its slices beyond `center` (log). */
static enum seq_state
row_look(const struct seq_rule *r, const struct sides *s, double center,
    double delta)
{
	double x[STATS_RANK_MAX];
	double sigma = fmax(fmax(stats_robust_sd(s->then, s->nt, s->then_med),
	                        stats_robust_sd(s->now, s->nn, s->now_med)),
	    r->sigma_floor);

	if (s->nn == 0 || s->nt < 2)
		return SEQ_UNDECIDED;
	for (size_t i = 0; i < s->nn; i++)
		x[i] = bounded(s->now[i] - s->then_med - center, sigma, delta);
	return sequential_decide(r, x, s->nn, sigma,
	    then_median_var(s, r->sigma_floor), delta);
}

/* How many of rows[0..n) can be compared: the check's false alarms are
 * shared among them. */
static size_t
rows_comparable(const struct judge_row *rows, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		k += rows[i].not_comparable == NULL && rows[i].nthen >= 2;
	return k;
}

void
sequential_rows(const struct seq_rule *r, const struct judge_row *rows,
    size_t n, double tolerance_pct, enum seq_state *state)
{
	double lr[JUDGE_MAX_ROWS] = { 0 }, scratch[2 * JUDGE_MAX_ROWS],
	       floor_log;
	enum judge_kind kinds[JUDGE_MAX_ROWS] = { 0 };
	struct seq_rule each;
	size_t comparable;
	struct judge_shift shift;
	struct judge_kinds k;
	struct sides s;

	n = n > JUDGE_MAX_ROWS ? JUDGE_MAX_ROWS : n;
	/* Bonferroni: the check's alpha split among its rows, so that an
	 * unchanged machine is called changed in at most alpha of checks,
	 * not alpha of tests (22 tests at 1% each: one check in five). */
	each = *r;
	comparable = rows_comparable(rows, n);
	if (comparable > 1)
		each.alpha = r->alpha / (double)comparable;
	for (size_t i = 0; i < n; i++) {
		sides_of(&rows[i], &s);
		lr[i] = s.now_med - s.then_med;
		kinds[i] = rows[i].kind;
	}
	judge_shift_of(lr, kinds, n, &shift, scratch);
	floor_log = fmax(log1p(tolerance_pct / 100), shift.log_spread);
	judge_kinds_of(lr, kinds, n, shift.log_shift, floor_log,
	    shift.known && shift.from_loops, &k, scratch);
	for (size_t i = 0; i < n; i++) {
		double center;

		if (state[i] != SEQ_GOING)
			continue;
		center = judge_moved_with_kind(&k, kinds[i], lr[i],
		             shift.log_shift, floor_log)
		    ? log(k.shift[kinds[i]])
		    : shift.log_shift;
		sides_of(&rows[i], &s);
		state[i] = row_look(&each, &s, center, 2 * floor_log);
	}
}

enum judge_seq
sequential_judge_of(enum seq_state s)
{
	switch (s) {
	case SEQ_SAME:
		return JUDGE_SEQ_SAME;
	case SEQ_SLOWER:
	case SEQ_FASTER:
		return JUDGE_SEQ_DIFFERS;
	default:
		return JUDGE_SEQ_UNDECIDED;
	}
}

const char *
sequential_state_name(enum seq_state s)
{
	static const char *const names[] = {
		[SEQ_GOING] = "going",
		[SEQ_SAME] = "same",
		[SEQ_SLOWER] = "slower",
		[SEQ_FASTER] = "faster",
		[SEQ_UNDECIDED] = "undecided",
	};

	return s <= SEQ_UNDECIDED ? names[s] : "?";
}
