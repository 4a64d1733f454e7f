/*
 * measure-judge.c: the one judge, of --check and of the live
 * baseline (pure; --check's printing is report-verdict-out.c's).
 *
 * Why it is done this way. On a shared or virtual host a test's figure
 * moves by far more from one run to the next than within one run: one
 * run's interval of its median says nothing about the next run, and a
 * check that compared one median with one saved median called 70 of 78
 * tests slower on an unchanged machine. So both sides hold several
 * independent figures per test (slices, each with its own setup, spread
 * over the run), and the question becomes whether two small sets differ:
 * the Mann-Whitney U test answers it without assuming normal figures
 * (Google Benchmark's compare.py does the same over repetitions), and
 * the tolerance keeps a real but small change from being called one
 * (criterion.rs's noise threshold, pyperf's "not significant").
 *
 * Drift of the host (a neighbour's load, another clock, a busy CPU)
 * moves every test at once. The CPU-bound loops measure nothing but the
 * machine's speed, so their median change is taken as the machine's
 * shift and every test is judged beyond it: a slower kernel path then
 * shows on the system-call rows alone, and a busy host shows once, on
 * the machine's line, instead of as 70 regressions. Work is in logs of
 * speed (the value, or its inverse for times), so that 2x slower and 2x
 * faster are the same distance.
 */

#include "config.h"

#include "measure-judge.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base-stats.h"

/* How many of the shift's own standard deviations (from its tests'
 * median absolute deviation) a row must move beyond it to be judged. */
#define JUDGE_SPREAD_Z 3.0

size_t
judge_log_speeds(const double *v, size_t n, int higher_better, double *out)
{
	size_t k = 0;

	for (size_t i = 0; i < n && i < STATS_RANK_MAX; i++)
		if (v[i] > 0 && isfinite(v[i]))
			out[k++] = higher_better ? log(v[i]) : -log(v[i]);
	return k;
}

/* The log ratio of the medians of a row's two sides; NAN when none. */
static double
row_log_ratio(const struct judge_row *r)
{
	double now[STATS_RANK_MAX], then[STATS_RANK_MAX], s[STATS_RANK_MAX];
	size_t nn, nt;

	if (r->not_comparable != NULL)
		return NAN;
	/* The ratio of the figures the row prints, when it has them. */
	if (r->now_value > 0 && r->then_value > 0)
		return r->higher_better ? log(r->now_value / r->then_value)
		                        : log(r->then_value / r->now_value);
	nn = judge_log_speeds(r->now, r->nnow, r->higher_better, now);
	nt = judge_log_speeds(r->then, r->nthen, r->higher_better, then);
	if (nn == 0 || nt == 0)
		return NAN;
	return stats_median(now, nn, s) - stats_median(then, nt, s);
}

/* The median of the finite values of v[0..n) of kind k (or any kind when
 * k is JUDGE_KIND_COUNT); NAN when none. Counts them into *count. */
static double
median_of_kind(const enum judge_kind *kinds, const double *v, size_t n,
    enum judge_kind k, size_t *count, double *scratch)
{
	size_t m = 0;

	for (size_t i = 0; i < n; i++)
		if (isfinite(v[i]) && (k == JUDGE_KIND_COUNT || kinds[i] == k))
			scratch[m++] = v[i];
	*count = m;
	return m > 0 ? stats_median(scratch, m, scratch + n) : NAN;
}

/* Whether row i is one the shift is taken from. */
static int
shift_source(enum judge_kind kind, double lr, int loops_only)
{
	return isfinite(lr) && (!loops_only || kind == JUDGE_KIND_LOOP);
}

/* How far the shift's own tests disagree about it (log, one-sided):
 * JUDGE_SPREAD_Z robust sigmas of their log ratios around it. Tests
 * that measure nothing but the machine moving by different amounts
 * (one loop 1.2x faster, another 1.1x slower, between two runs of one
 * unchanged host) say how well the machine's shift is known; a row that
 * moves by less than that beyond it cannot be told from the machine. */
static double
shift_spread(const enum judge_kind *kinds, const double *lr, size_t n,
    double shift, int loops_only, double *scratch)
{
	size_t m = 0;

	for (size_t i = 0; i < n; i++)
		if (shift_source(kinds[i], lr[i], loops_only))
			scratch[m++] = lr[i];
	return m < JUDGE_MIN_LOOPS
	    ? 0
	    : judge_spread(scratch, m, shift, scratch + n);
}

double
judge_spread(const double *v, size_t n, double center, double *scratch)
{
	return JUDGE_SPREAD_Z * STATS_MAD_SIGMA *
	    stats_mad(v, n, center, scratch);
}

/* The sources of the shift: loops when there are enough, else all. */
static size_t
shift_sources(const double *logs, const enum judge_kind *kinds, size_t n,
    int loops_only, double *out)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		if (isfinite(logs[i]) &&
		    (!loops_only || kinds[i] == JUDGE_KIND_LOOP))
			out[k++] = logs[i];
	return k;
}

void
judge_shift_of(const double *logs, const enum judge_kind *kinds, size_t n,
    struct judge_shift *s, double *scratch)
{
	memset(s, 0, sizeof *s);
	s->from_loops = 1;
	s->sources = shift_sources(logs, kinds, n, 1, scratch);
	if (s->sources < JUDGE_MIN_LOOPS) {
		s->from_loops = 0;
		s->sources = shift_sources(logs, kinds, n, 0, scratch);
	}
	if (s->sources < JUDGE_MIN_LOOPS)
		return; /* one or two tests: no machine to tell */
	s->known = 1;
	s->log_shift = stats_median(scratch, s->sources, scratch + n);
	s->log_spread =
	    judge_spread(scratch, s->sources, s->log_shift, scratch + n);
	/* Their median's error, sigma as the spread reads it (JUDGE_SPREAD_Z
	 * of them). */
	s->log_se = stats_median_se(s->log_spread / JUDGE_SPREAD_Z, s->sources);
}

/* How many rows (of kind k, or any when k is JUDGE_KIND_COUNT) moved
 * from `from` (log) by more than floor_log, up (faster) or down. */
static size_t
moved_from(const enum judge_kind *kinds, const double *lr, size_t n,
    enum judge_kind k, double from, double floor_log, int up)
{
	size_t moved = 0;

	for (size_t i = 0; i < n; i++)
		moved += (k == JUDGE_KIND_COUNT || kinds[i] == k) &&
		    isfinite(lr[i]) && fabs(lr[i] - from) > floor_log &&
		    (lr[i] > from) == (up != 0);
	return moved;
}

/* The machine's shift (log) from every row's log ratio `lr`. */
static double
machine_shift(const enum judge_kind *kinds, const double *lr, size_t n,
    double floor_log, struct judge_machine *m, double *scratch)
{
	struct judge_shift s;
	double shift;

	(void)median_of_kind(kinds, lr, n, JUDGE_KIND_COUNT, &m->tests,
	    scratch);
	judge_shift_of(lr, kinds, n, &s, scratch);
	shift = s.log_shift;
	m->from_loops = s.known && s.from_loops;
	m->spread = exp(s.log_spread);
	/* A disturbed run moves tests unequally (a two-party test waits for
	 * a second CPU, a loop only for its own): then the shift is known
	 * only as well as every test agrees about it. */
	if (m->weak) {
		double all_spread =
		    exp(shift_spread(kinds, lr, n, shift, 0, scratch));

		m->spread_all = all_spread > m->spread;
		m->spread = fmax(m->spread, all_spread);
	}
	m->floor = fmax(exp(floor_log), m->spread);
	m->moved = shift != 0 ? moved_from(kinds, lr, n, JUDGE_KIND_COUNT, 0,
	                            floor_log, shift > 0)
	                      : 0;
	m->shift = exp(shift);
	/* The machine moved when its shift lies beyond the floor and beyond
	 * how well its tests know it (1.96 standard errors of their
	 * median): three loops of a shared guest, 1.67x apart with nothing
	 * changed, read the machine 1.17x slower at one moment, and the
	 * quick check said exit 4 in three checks of eight. */
	m->beyond = fabs(shift) > fmax(floor_log, 1.96 * s.log_se);
	return shift;
}

/*
 * Which kinds moved as a whole. The host's memory bandwidth moves alone
 * (another guest on the host streaming memory): between a save and a
 * check of an unchanged guest, every memory row read 1.5-1.6x slower
 * while the loops and system calls did not move, and each was judged
 * slower beyond the machine, eight "regressions" of one fact. A kind of
 * JUDGE_MIN_LOOPS rows or more whose median lies beyond the floor from
 * the machine's shift, with more than half of them (and at least
 * JUDGE_MIN_LOOPS) beyond it their way by themselves, is that fact; the
 * loops cannot be when the shift is theirs.
 */
void
judge_kinds_of(const double *logs, const enum judge_kind *kinds, size_t n,
    double log_shift, double floor_log, int from_loops, struct judge_kinds *out,
    double *scratch)
{
	for (int k = 0; k < JUDGE_KIND_COUNT; k++) {
		double d;
		size_t along;

		out->shift[k] = exp(median_of_kind(kinds, logs, n,
		    (enum judge_kind)k, &out->tests[k], scratch));
		d = log(out->shift[k]) - log_shift;
		out->moved[k] = 0;
		if (out->tests[k] < JUDGE_MIN_LOOPS || !isfinite(d) ||
		    fabs(d) <= floor_log ||
		    (k == JUDGE_KIND_LOOP && from_loops))
			continue;
		/* As a whole: most of its rows moved its way by themselves. */
		along = moved_from(kinds, logs, n, (enum judge_kind)k,
		    log_shift, floor_log, d > 0);
		if (2 * along > out->tests[k] && along >= JUDGE_MIN_LOOPS)
			out->moved[k] = d < 0 ? -1 : 1;
	}
}

/*
 * Whether a row is judged beyond its kind's shift: its kind moved as a
 * whole and the row itself moved that way. A row of the kind that stayed
 * is judged beyond the machine's shift still: with every system call
 * traced the median of every system path (then one kind) moved 1.18x
 * slower, and fork and page
 * faults, which did not move, read 1.2x "faster" beyond it.
 */
int
judge_moved_with_kind(const struct judge_kinds *k, enum judge_kind kind,
    double lr, double log_shift, double floor_log)
{
	int dir = k->moved[kind];

	return dir != 0 &&
	    moved_from(&kind, &lr, 1, kind, log_shift, floor_log, dir > 0) == 1;
}

enum judge_verdict
judge_decide(int differs, double change, double lo, double hi, double floor_log,
    int whole)
{
	if (!differs || !(fabs(change) > floor_log))
		return JUDGE_OK;
	if (whole && !(lo > floor_log || hi < -floor_log))
		return JUDGE_OK;
	return change < 0 ? JUDGE_SLOWER : JUDGE_FASTER;
}

/* The verdict of a row whose profile holds one figure: this run's slices
 * all on one side of it, and the median beyond the tolerance. */
static void
judge_one_figure(const double *now, size_t nn, double then, double *scratch,
    struct judge_line *l)
{
	double lo = INFINITY, hi = -INFINITY;

	for (size_t i = 0; i < nn; i++) {
		lo = fmin(lo, now[i] - then);
		hi = fmax(hi, now[i] - then);
	}
	l->beyond = stats_median(now, nn, scratch) - then;
	l->lo = lo;
	l->hi = hi;
	l->p = NAN;
	l->weak = 1;
	l->verdict = lo > 0 || hi < 0 ? JUDGE_FASTER : JUDGE_OK;
}

/*
 * Whether the medians of two sets of slices (logs) lie further apart
 * than z_crit standard errors of their difference: each side's robust
 * spread over the root of its count, times the ratio of a median's
 * error to a mean's (pi/2 in variance).
 */
static int
sets_apart(const double *now, size_t nn, const double *then, size_t nt,
    double z_crit, double *scratch)
{
	double mn = stats_median(now, nn, scratch);
	double mt = stats_median(then, nt, scratch);
	double sn = stats_robust_sd(now, nn, mn);
	double st = stats_robust_sd(then, nt, mt);
	double se = hypot(stats_median_se(sn, nn), stats_median_se(st, nt));

	return !(fabs(mn - mt) < z_crit * se);
}

/*
 * Slices on both sides: the U test and the shift's interval. The U test
 * alone, at 5% a test, called about one test in twenty of an unchanged
 * machine changed whenever its slices moved beyond the tolerance between
 * two runs, as a shared guest's do: two full checks of 80 tests, nothing
 * changed, exit 3 both, 5 and 4 tests judged. So the figures must also
 * lie apart beyond z_crit standard errors, the 5% of a whole check split
 * among its tests (judge_rows).
 */
static void
judge_sets(const double *now, size_t nn, const double *then, size_t nt,
    double z_crit, double *scratch, struct judge_line *l)
{
	l->p = stats_utest_p(then, nt, now, nn);
	(void)stats_shift_ci(then, nt, now, nn, scratch, &l->beyond, &l->lo,
	    &l->hi);
	l->verdict =
	    l->p < JUDGE_ALPHA && sets_apart(now, nn, then, nt, z_crit, scratch)
	    ? JUDGE_FASTER
	    : JUDGE_OK;
}

/* One row, judged beyond the machine's shift (log) `shift`. */
static void
judge_one_row(const struct judge_row *r, double shift, double floor_log,
    int run_weak, double z_crit, struct judge_line *l)
{
	double now[STATS_RANK_MAX], then[STATS_RANK_MAX];
	double scratch[STATS_RANK_MAX * STATS_RANK_MAX];
	size_t nn = judge_log_speeds(r->now, r->nnow, r->higher_better, now);
	size_t nt = judge_log_speeds(r->then, r->nthen, r->higher_better, then);

	l->lo = l->hi = l->p = l->beyond = NAN;
	l->weak = run_weak;
	if (r->not_comparable != NULL || nn == 0 || nt == 0) {
		l->verdict = JUDGE_NOT_COMPARABLE;
		return;
	}
	for (size_t i = 0; i < nt; i++)
		then[i] += shift;
	if ((nn < JUDGE_MIN_SLICES && r->sequential == JUDGE_SEQ_NONE) ||
	    r->sequential == JUDGE_SEQ_UNDECIDED ||
	    (nt > 1 && nt < JUDGE_MIN_SLICES)) {
		l->beyond = l->ratio * exp(-shift);
		l->verdict = JUDGE_TOO_FEW;
		return;
	}
	if (nt == 1)
		judge_one_figure(now, nn, then[0], scratch, l);
	else
		judge_sets(now, nn, then, nt, z_crit, scratch, l);
	if (r->sequential != JUDGE_SEQ_NONE) /* the rule said, not the U */
		l->verdict = r->sequential == JUDGE_SEQ_DIFFERS ? JUDGE_FASTER
		                                                : JUDGE_OK;
	l->weak |= r->noisy_share > JUDGE_WEAK_SHARE;
	/* On weak evidence the whole interval must lie beyond the floor: a
	 * disturbed run moves two-party and process tests by more than the
	 * loops, and that is load, not a change. */
	l->verdict = judge_decide(l->verdict == JUDGE_FASTER, l->beyond, l->lo,
	    l->hi, floor_log, l->weak);
	l->beyond = exp(l->beyond);
	l->lo = exp(l->lo);
	l->hi = exp(l->hi);
}

/* Whether row r's own samples were mostly disturbed. */
static int
row_disturbed(const struct judge_row *r)
{
	return r->noisy_share >= JUDGE_BUSY_SHARE;
}

/* The CPUs other load kept busy (why: JUDGE_BUSY_SHARE). */
static uint64_t
busy_cpus_of(const struct judge_row *rows, size_t n)
{
	size_t ran[64] = { 0 }, taken[64] = { 0 };
	uint64_t busy = 0;

	for (size_t i = 0; i < n; i++) {
		uint64_t c = rows[i].cpus;

		if (c == 0 || (c & (c - 1)) != 0 ||
		    rows[i].not_comparable != NULL ||
		    !isfinite(rows[i].noisy_share))
			continue;
		ran[__builtin_ctzll(c)]++;
		taken[__builtin_ctzll(c)] += row_disturbed(&rows[i]);
	}
	for (int b = 0; b < 64; b++)
		if (taken[b] > 0 && 3 * taken[b] >= ran[b])
			busy |= UINT64_C(1) << b;
	return busy;
}

/* Whether row r's figure under load says nothing of the test: it waits
 * by design, or ran on more than one CPU (a partner on another). */
static int
waits_on_others(const struct judge_row *r)
{
	return r->waits || (r->cpus & (r->cpus - 1)) != 0;
}

/*
 * What a taken CPU-bound row is judged beyond (after the machine's
 * shift): the median and spread of those rows when there are three or
 * more; else the machine's shift (one disturbed test alone), or with
 * no row left to give one, the taken rows' median; never a row's own
 * median. JUDGE_BUSY_FLOOR at least.
 */
static void
busy_shift_of(const struct judge_row *rows, size_t n, const double *lr,
    const int *taken, struct judge_machine *m, double *scratch)
{
	double v[JUDGE_MAX_ROWS];
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		if (taken[i] && !waits_on_others(&rows[i]))
			v[k++] = lr[i];
	m->busy_log_floor = fmax(log(m->floor), log(JUDGE_BUSY_FLOOR));
	if (k < JUDGE_MIN_LOOPS) {
		m->busy_log_shift =
		    log(m->tests > 0 ? m->shift : m->busy_shift);
		return;
	}
	m->busy_log_shift = stats_median(v, k, scratch);
	m->busy_log_floor = fmax(m->busy_log_floor,
	    judge_spread(v, k, m->busy_log_shift, scratch));
}

/* The rows other load moved: taken[i], their log ratios left out of
 * kept (NAN) so that the shift and the kinds are the others'; what
 * they say together into m. */
static void
busy_rows(const struct judge_row *rows, size_t n, const double *lr,
    double floor_log, double *kept, int *taken, struct judge_machine *m,
    double *scratch)
{
	double v[JUDGE_MAX_ROWS];
	size_t k = 0;

	m->busy_cpus = busy_cpus_of(rows, n);
	for (size_t i = 0; i < n; i++) {
		taken[i] = isfinite(lr[i]) &&
		    (row_disturbed(&rows[i]) ||
		        (rows[i].cpus & m->busy_cpus) != 0);
		kept[i] = taken[i] ? NAN : lr[i];
		if (!taken[i])
			continue;
		v[k++] = lr[i];
		m->busy_disturbed += (size_t)row_disturbed(&rows[i]);
	}
	m->busy_tests = k;
	m->busy_shift = k ? exp(stats_median(v, k, scratch)) : NAN;
	m->busy_slower = k > 0 && log(m->busy_shift) < -floor_log;
}

/* A row other load moved: slower beyond the load's shift (one CPU), or
 * not judged. */
static void
judge_busy_row(const struct judge_row *r, const struct judge_machine *m,
    struct judge_line *l)
{
	if (!waits_on_others(r)) {
		judge_one_row(r, m->busy_log_shift, m->busy_log_floor, 1,
		    m->z_crit, l);
		/* Slower beyond the load, or too few samples to say. */
		if (l->verdict == JUDGE_SLOWER || l->verdict >= JUDGE_TOO_FEW)
			return;
	}
	l->verdict = JUDGE_BUSY;
	l->weak = 0;
	l->beyond = l->lo = l->hi = l->p = NAN;
}

/* How many of rows[0..n) are judged on two sets of slices (at least 1):
 * the check's false alarms are shared among them. */
static size_t
sets_judged(const struct judge_row *rows, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		k += rows[i].not_comparable == NULL &&
		    rows[i].sequential == JUDGE_SEQ_NONE &&
		    rows[i].nnow >= JUDGE_MIN_SLICES &&
		    rows[i].nthen >= JUDGE_MIN_SLICES;
	return k > 0 ? k : 1;
}

void
judge_rows(const struct judge_row *rows, size_t n, double tolerance_pct,
    double run_noisy_share, struct judge_line *out, struct judge_machine *m)
{
	double floor_log = log1p(tolerance_pct / 100), shift;
	double lr[JUDGE_MAX_ROWS], kept[JUDGE_MAX_ROWS];
	double scratch[2 * JUDGE_MAX_ROWS];
	enum judge_kind kinds[JUDGE_MAX_ROWS];
	int taken[JUDGE_MAX_ROWS];
	struct judge_kinds k;

	memset(m, 0, sizeof *m);
	m->noisy_share = run_noisy_share;
	m->weak = run_noisy_share > JUDGE_WEAK_SHARE;
	if (n > JUDGE_MAX_ROWS)
		n = JUDGE_MAX_ROWS;
	for (size_t i = 0; i < n; i++) {
		lr[i] = row_log_ratio(&rows[i]);
		kinds[i] = rows[i].kind;
		m->one_figure |= isfinite(lr[i]) && rows[i].nthen == 1;
	}
	m->z_crit =
	    stats_z_two_sided(JUDGE_ALPHA / (double)sets_judged(rows, n));
	busy_rows(rows, n, lr, floor_log, kept, taken, m, scratch);
	shift = machine_shift(kinds, kept, n, floor_log, m, scratch);
	busy_shift_of(rows, n, lr, taken, m, scratch);
	judge_kinds_of(kept, kinds, n, shift, log(m->floor), m->from_loops, &k,
	    scratch);
	memcpy(m->kind_shift, k.shift, sizeof m->kind_shift);
	memcpy(m->kind_tests, k.tests, sizeof m->kind_tests);
	memcpy(m->kind_moved, k.moved, sizeof m->kind_moved);
	/* Rows are judged beyond the tolerance or beyond how well the
	 * machine's shift is known, whichever is wider; beyond their kind's
	 * shift when the kind moved as a whole. */
	for (size_t i = 0; i < n; i++) {
		int kd = rows[i].kind;

		memset(&out[i], 0, sizeof out[i]);
		out[i].ratio = exp(lr[i]);
		if (taken[i]) {
			judge_busy_row(&rows[i], m, &out[i]);
			continue;
		}
		out[i].by_kind = judge_moved_with_kind(&k, rows[i].kind, lr[i],
		    shift, log(m->floor));
		judge_one_row(&rows[i],
		    out[i].by_kind ? log(m->kind_shift[kd]) : shift,
		    log(m->floor), m->weak, m->z_crit, &out[i]);
		/* A row that moved with its kind but less far is no better:
		 * traced, bw_file_reread read 1.25x slower, its kind 1.55x,
		 * and "faster" beyond it. Beyond its kind, only further. */
		if (out[i].by_kind &&
		    out[i].verdict ==
		        (m->kind_moved[kd] < 0 ? JUDGE_FASTER : JUDGE_SLOWER))
			out[i].verdict = JUDGE_OK;
		if (out[i].verdict >= JUDGE_TOO_FEW)
			out[i].weak = 0;
	}
}

const char *
judge_ratio_text(double ratio, char *buf, size_t size)
{
	double x = ratio >= 1 ? ratio : 1 / ratio;

	if (!(ratio > 0) || !isfinite(ratio))
		(void)snprintf(buf, size, "-");
	else if (x < 1.005)
		(void)snprintf(buf, size, "same");
	else
		(void)snprintf(buf, size, x < 10 ? "%.2fx %s" : "%.3gx %s", x,
		    ratio >= 1 ? "faster" : "slower");
	return buf;
}

void
judge_text(const struct judge_line *l, const char *why, char *buf, size_t size)
{
	static const char *const words[] = {
		[JUDGE_OK] = "ok",
		[JUDGE_SLOWER] = "slower",
		[JUDGE_FASTER] = "faster",
		[JUDGE_TOO_FEW] = "too few samples",
		[JUDGE_BUSY] = "not judged: other load took its CPU",
	};

	if (l->verdict == JUDGE_NOT_COMPARABLE)
		(void)snprintf(buf, size, "not comparable: %s",
		    why ? why : "no figure");
	else
		(void)snprintf(buf, size, "%s%s", words[l->verdict],
		    l->weak ? ", weak" : "");
}
