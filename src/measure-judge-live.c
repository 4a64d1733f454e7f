/*
 * measure-judge-live.c: the live screen's verdict against its baseline
 * (why its bar is as it is: measure-judge-live.h and below).
 */

#include "config.h"

#include "measure-judge-live.h"

#include <math.h>

#include "base-stats.h"

/* ---- The live screen's baseline ---- */

/* log(speed ratio) of a change of pct % in the unit; -inf at -100%. */
static double
log_speed_of_pct(double pct, int higher_better)
{
	double l = pct > -100 ? log1p(pct / 100) : -INFINITY;

	return higher_better ? l : -l;
}

/* A live change of pct +- ci %, in logs of speed as --check judges. */
struct live_change {
	double change, lo, hi;
};

/* 0 when pct or ci is not a number. */
static int
live_change_of(double pct, double ci, int higher, struct live_change *c)
{
	double a = log_speed_of_pct(pct - ci, higher);
	double b = log_speed_of_pct(pct + ci, higher);

	c->change = log_speed_of_pct(pct, higher);
	c->lo = fmin(a, b);
	c->hi = fmax(a, b);
	return isfinite(pct) && isfinite(ci);
}

/* judge_decide on the change's whole interval against a bar of bar %. */
static enum judge_verdict
live_beyond(const struct live_change *c, double bar_pct, int differs)
{
	return judge_decide(differs, c->change, c->lo, c->hi,
	    log1p(bar_pct / 100), 1);
}

/* A verdict on one slice: far beyond `bar` with its cause known. */
static enum judge_verdict
live_far(const struct live_change *now, double bar)
{
	enum judge_verdict v = live_beyond(now, JUDGE_FAR_BARS * bar, 1);

	return v != JUDGE_OK && live_beyond(now, bar, 1) == v ? v : JUDGE_OK;
}

int
judge_live_disturbed(double pct)
{
	return pct >= JUDGE_BUSY_SHARE * 100;
}

/*
 * Beyond `bar`, and the slices before it beyond it the same way: the one
 * before it when the row was asked (a change of the context it senses),
 * the two before it when not. The
 * host's slow minutes (a kind's rows 1.2-1.4x slower for a minute or two,
 * a lock test's partner parked, the journal's bursts) span two of a
 * row's slices 50 s apart with every test on: replayed from 45 minutes of
 * a quiet shared 2-CPU guest (bench/replay.sh, a baseline a minute, each
 * judged for 10 minutes), two slices flagged a row in 27 of 45 rounds
 * and more than one in 11; three, in 2 and 0 (and 0.14 to 0.09 rows a
 * round on another 45 minutes). An unasked change is told one cycle
 * later (its sentinel's line in the header at once). A disturbed slice before
 * it is no evidence: two slices of an outside load in a row, the second half
 * disturbed, are still that load.
 */
static enum judge_verdict
live_lasts(const struct judge_live *c, const struct live_change *now,
    double bar)
{
	struct live_change prev;
	enum judge_verdict v = live_beyond(now, bar, 1);

	if (v == JUDGE_OK)
		return JUDGE_OK;
	/* No earlier slice in the window: the newest is judged alone. */
	if (!live_change_of(c->prev_pct, c->prev_ci_pct, c->higher_better,
	        &prev))
		return v;
	if (judge_live_disturbed(c->prev_noisy_pct) ||
	    live_beyond(&prev, bar, 1) != v)
		return JUDGE_OK;
	/* Asked: two slices. Unasked: three (no third in the history:
	 * two). */
	if (c->cause_known ||
	    !live_change_of(c->prev2_pct, c->prev2_ci_pct, c->higher_better,
	        &prev))
		return v;
	return !judge_live_disturbed(c->prev2_noisy_pct) &&
	        live_beyond(&prev, bar, 1) == v
	    ? v
	    : JUDGE_OK;
}

/*
 * A newest slice mostly disturbed, beyond `bar`: busy (other load's
 * figure), or slower when the test keeps its CPU by itself and its
 * whole interval lies beyond the bar by JUDGE_BUSY_FLOOR times more (as
 * --check judges a CPU-bound row under load). An outside load
 * that took the CPUs for a minute on a shared 2-CPU guest made its
 * two-party rows 2-6x slower, one by one as the rotation reached them
 * (8 and 5 rows in two of four quiet rounds, WORSE each): one fact
 * about the host, not eight regressions.
 */
static enum judge_verdict
live_busy(const struct judge_live *c, const struct live_change *now, double bar)
{
	double busy_bar = (JUDGE_BUSY_FLOOR * (1 + bar / 100) - 1) * 100;

	if (live_beyond(now, bar, 1) == JUDGE_OK)
		return JUDGE_OK;
	if (!c->waits && live_beyond(now, busy_bar, 1) == JUDGE_SLOWER)
		return JUDGE_SLOWER;
	return JUDGE_BUSY;
}

enum judge_verdict
judge_live_row(const struct judge_live *c)
{
	struct live_change now;
	double own = c->cause_known ? c->bar_one_pct : c->bar_pct;
	enum judge_verdict v;

	if (!live_change_of(c->pct, c->ci_pct, c->higher_better, &now))
		return JUDGE_OK;
	if (judge_live_disturbed(c->noisy_pct))
		return live_busy(c, &now, own);
	/* The change it senses: its own bar. */
	if (c->cause_known && (v = live_far(&now, c->bar_one_pct)) != JUDGE_OK)
		return v;
	return live_lasts(c, &now, own);
}

/* Its point beyond the row's own bar, its interval perhaps not: a
 * re-run's half slice of 8 samples has a wide one, and a second look
 * costs one such slice. */
int
judge_live_unsure(const struct judge_live *c, enum judge_verdict v)
{
	struct live_change now;

	return c->cause_known &&
	    live_change_of(c->pct, c->ci_pct, c->higher_better, &now) &&
	    !judge_live_disturbed(c->noisy_pct) &&
	    fabs(now.change) > log1p(c->bar_one_pct / 100) && v == JUDGE_OK;
}

/*
 * How many times wider than one row's the quantile of a bar is when
 * `rows` rows are judged together: the normal quantile of 5% shared
 * among them (Bonferroni, as --check shares its 5% among its tests)
 * over that of 5% alone; 1 for one row (focus), 1.75 for 80 (3.42 /
 * 1.96). Each row's 95% bar let through one slice in 20 of an unchanged
 * row, and with every test on a row gets 12 slices in 10 minutes: with
 * 80 rows, two slices in a row beyond their bars by themselves were
 * bound to come several times a round. Replayed from a quiet recording
 * of a shared 2-CPU guest (bench/replay.sh, 26 rounds of 10 minutes):
 * with each row's own 95%, no row flagged in 3 of them and 3.27 rows a
 * round; shared among 80, none in 24, more than one only in the round
 * whose baseline came two minutes in, when rows had two slices each and
 * the drift was not yet known (0.23 rows a round).
 * A change of the context the row senses does not take it: it asks the
 * row one question, and keeps the row's own bar; with every verdict at
 * the shared bar, tracing switched on was WORSE on 1 to 3 system-call
 * rows after 3 to 21 s (bench/tuner.sh, 3 rounds), where it had been 3
 * to 5 rows within 5 s. A sentinel's step, which comes unasked, takes
 * it: at the row's own bar it and a CPU taken flagged a row in 14 of
 * the 26 replayed rounds.
 */
double
judge_live_rows_scale(size_t rows)
{
	if (rows < 2)
		return 1;
	return stats_z_two_sided(JUDGE_LIVE_ALPHA / (double)rows) /
	    stats_z_two_sided(JUDGE_LIVE_ALPHA);
}

/* A bar of pct % (a ratio), its log made `scale` times wider. */
static double
widened(double pct, double scale)
{
	return expm1(log1p(pct / 100) * scale) * 100;
}

/*
 * The bar, in % of the baseline, that the whole 95% interval of a change
 * must pass to be a verdict: the largest of
 * - JUDGE_BAR_MIN_PCT (5%): the screen calls changes one sees at a glance
 *   (a hog, a governor, a mitigation), not the last percent, which
 *   --check with many samples is for;
 * - the baseline's undisturbed samples' spread (1.4826 MAD): a slice's
 *   median moving less than one sample's typical deviation is no news,
 *   and a test that jitters by 20% gets a 20% bar. With every test on, on a
 *   2-CPU machine loaded by others (load 5 to 7), 414 slices of 49 tests
 *   lay from their test's median a median 0.5 of that spread, 2.1 at
 *   the 95th percentile, 2.7 at the 99th: load moves whole slices, and
 *   the tests that jitter most are the ones it moves most;
 * - the 95% prediction interval of a slice's median from the baseline's
 *   slices (slice_spread): the setups of a test that land apart;
 * - the machine's drift (view_machine_drift), which a row's own few
 *   slices cannot know.
 * The last two at the quantile the rows judged together share
 * (judge_live_rows_scale): 95% for one row, 99.94% each for 80.
 * The floors matter because that interval comes from few medians: from
 * three that happen to agree it is a percent wide, and a quiet focused
 * null_call then turned WORSE by itself.
 */
double
judge_live_bar(const struct judge_baseline *b)
{
	double drift = widened(b->drift_pct, judge_live_rows_scale(b->rows));

	return fmax(fmax(JUDGE_BAR_MIN_PCT, drift),
	    fmax(b->spread_pct, judge_live_slices(b)));
}

/*
 * The prediction interval of a slice (slice_spread) once the machine's
 * drift is known: the row's slice variance pooled with the machine's,
 * this weighing as JUDGE_DRIFT_WEIGHT slices of the row's would, never
 * below the row's own (a row whose slices scatter by themselves keeps
 * its width), and Student's t with the degrees of freedom of both: what
 * the other rows add is how sure that width is. A row's three or four
 * slices alone give t 4.3 or 3.2 times an sd that two host speed states
 * make as large as they happen to: with every test on, null_call's four
 * slices made a 49% bar and a hog's +55% was never WORSE; the machine's
 * drift, from every row, was 16-20% then.
 */
double
judge_live_slices(const struct judge_baseline *b)
{
	double sm = log1p(b->drift_pct / 100) * 100 / 1.96;
	double own = b->slice_sd_pct, var;
	double scale = judge_live_rows_scale(b->rows);
	size_t df;

	if (!(sm > 0) || b->slices < 2)
		return widened(b->slice_pi_pct, scale);
	df = b->slices - 1 + JUDGE_DRIFT_WEIGHT;
	var = ((double)(b->slices - 1) * own * own +
	          JUDGE_DRIFT_WEIGHT * sm * sm) /
	    (double)df;
	/* The sds are of logs (x 100): the bar is their interval's ratio. */
	return expm1(scale * stats_student_t975(df) *
	           sqrt(fmax(var, own * own)) *
	           sqrt(1 + 1.0 / (double)b->slices) / 100) *
	    100;
}
