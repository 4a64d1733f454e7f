/*
 * test-sequential.c: the quick check's stopping rule on planted streams
 * of slice medians: unchanged streams stop at "same" with their false
 * alarms within the rate fixed in advance, across many seeded streams; a
 * 1.5x step stops at "slower" within a slice of the first look; a stream
 * that sits where both answers are equally likely stops at the budget,
 * undecided; a test whose slices fall in two modes, or one outlier among
 * steady slices, is not called changed; and a round over planted rows
 * judges a row beyond the machine's shift, and a kind that moved as a
 * whole beyond its own.
 */

#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "measure-sequential.h"

#define STREAMS 4000
#define LONGEST 64

/* A seeded normal stream: xorshift64 and Box-Muller. */
static uint64_t rng_state;

static double
uniform(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return ((double)(rng_state >> 11) + 0.5) / 9007199254740992.0;
}

static double
normal(double mean, double sd)
{
	double u = uniform(), v = uniform();

	return mean + sd * sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

/* Feed a stream slice by slice until the rule stops; its state, and the
 * slices it took into *used. */
static enum seq_state
run_stream(const struct seq_rule *r, double mean, double sd, double delta,
    size_t *used)
{
	double x[LONGEST];
	enum seq_state s = SEQ_GOING;
	size_t n = 0;

	while (s == SEQ_GOING && n < LONGEST) {
		x[n] = normal(mean, sd);
		s = sequential_decide(r, x, ++n, sd, 0, delta);
	}
	*used = n;
	return s;
}

/* Unchanged streams whose noise is as wide as the change sought: the
 * rule must take several slices, and its false alarms stay within alpha
 * (plus three binomial standard errors of STREAMS streams). */
static void
unchanged_streams(void)
{
	struct seq_rule r = { 0.01, 0.05, 3, LONGEST, 0.001 };
	double delta = 2 * log(1.10), bound;
	size_t same = 0, alarms = 0, undecided = 0, slices = 0, used;

	rng_state = 88172645463325252ull;
	for (int i = 0; i < STREAMS; i++) {
		enum seq_state s = run_stream(&r, 0, delta, delta, &used);

		same += s == SEQ_SAME;
		alarms += s == SEQ_SLOWER || s == SEQ_FASTER;
		undecided += s == SEQ_UNDECIDED;
		slices += used;
	}
	bound = r.alpha + 3 * sqrt(r.alpha * (1 - r.alpha) / STREAMS);
	printf("  unchanged: %zu same, %zu alarms (%.4f, bound %.4f), %zu "
	       "undecided, %.1f slices each\n",
	    same, alarms, (double)alarms / STREAMS, bound, undecided,
	    (double)slices / STREAMS);
	CHECK("unchanged: false alarms within alpha",
	    (double)alarms / STREAMS <= bound);
	CHECK("unchanged: nearly all stop at same", same >= STREAMS * 0.97);
	CHECK("unchanged: the noise made it look more than once",
	    slices > 4 * STREAMS);
}

/* The median of 5 draws of N(0, sd): a quick profile's center. */
static double
median_of_five(double sd)
{
	double v[5], t;

	for (int i = 0; i < 5; i++)
		v[i] = normal(0, sd);
	for (int i = 1; i < 5; i++)
		for (int j = i; j > 0 && v[j - 1] > v[j]; j--)
			t = v[j], v[j] = v[j - 1], v[j - 1] = t;
	return v[2];
}

/* Alarms among STREAMS unchanged streams measured against a profile's
 * median of 5 slices (its error common to the whole stream), slices of
 * spread sd, the rule told the center's variance or not. */
static size_t
alarms_against_profile(const struct seq_rule *r, double sd, double delta,
    int told)
{
	double x[LONGEST], center_var = M_PI / 2 * sd * sd / 5;
	size_t alarms = 0;

	for (int i = 0; i < STREAMS; i++) {
		double err = median_of_five(sd);
		enum seq_state s = SEQ_GOING;
		size_t n = 0;

		while (s == SEQ_GOING && n < (size_t)r->max_n) {
			x[n] = normal(0, sd) - err;
			s = sequential_decide(r, x, ++n, sd,
			    told ? center_var : 0, delta);
		}
		alarms += s == SEQ_SLOWER || s == SEQ_FASTER;
	}
	return alarms;
}

/* Against a profile: the profile's median is off by its own error, the
 * same for every slice of the check, and more slices do not shrink it.
 * Told its variance, the rule keeps its false alarms within alpha;
 * taking the median for exact (as it did), it called an unchanged test
 * changed far more often (slices of 12%, as this guest's system calls in
 * 0.1 s slices, against a tolerance of 10%). */
static void
profile_streams(void)
{
	struct seq_rule r = { 0.01, 0.05, 3, 12, 0.01 };
	double delta = 2 * log(1.10), sd = 0.12, bound;
	size_t told, untold;

	rng_state = 362436069ull;
	told = alarms_against_profile(&r, sd, delta, 1);
	untold = alarms_against_profile(&r, sd, delta, 0);
	bound = r.alpha + 3 * sqrt(r.alpha * (1 - r.alpha) / STREAMS);
	printf("  against a profile of 5 slices: %zu alarms told its error "
	       "(%.4f, bound %.4f), %zu taking it for exact\n",
	    told, (double)told / STREAMS, bound, untold);
	CHECK("against a profile: false alarms within alpha",
	    (double)told / STREAMS <= bound);
	CHECK("against a profile: for exact, many more",
	    untold > 5 * told && (double)untold / STREAMS > bound);
}

/* A 1.5x slower step with 5% slice noise: slower at the first look. */
static void
step_streams(void)
{
	struct seq_rule r = SEQ_RULE_QUICK;
	double delta = 2 * log(1.10);
	size_t slower = 0, early = 0, used;

	rng_state = 2463534242ull;
	for (int i = 0; i < STREAMS; i++) {
		enum seq_state s =
		    run_stream(&r, -log(1.5), 0.05, delta, &used);

		slower += s == SEQ_SLOWER;
		early += s == SEQ_SLOWER && used <= r.min_n + 1;
	}
	CHECK("1.5x step: slower", slower == STREAMS);
	CHECK("1.5x step: within a slice of the first look", early == STREAMS);
	/* And never before the first look. */
	double x[2] = { -1, -1 };
	CHECK("no verdict before min_n",
	    sequential_decide(&r, x, 2, 0.05, 0, delta) == SEQ_GOING);
}

/* Every slice where the same and faster are equally likely: the rule
 * never decides, and stops at the budget. */
static void
undecided_stream(void)
{
	struct seq_rule r = SEQ_RULE_QUICK;
	double delta = 2 * log(1.10), x[LONGEST];
	enum seq_state s = SEQ_GOING;
	size_t n = 0;

	while (s == SEQ_GOING && n < LONGEST) {
		x[n] = delta / 2;
		s = sequential_decide(&r, x, ++n, 0.05, 0, delta);
	}
	CHECK("half-way stream: undecided", s == SEQ_UNDECIDED);
	CHECK("half-way stream: at the budget", n == r.max_n);
	CHECK("no change sought: undecided, not same",
	    sequential_decide(&r, x, r.max_n, 0.05, 0, 0) == SEQ_UNDECIDED);
}

#define ROWS 9

/* 4 loops, 1 system row, 4 memory rows; their slices `nnow` long. */
struct planted {
	double now[ROWS][8], then[ROWS][6];
	struct judge_row rows[ROWS];
	enum seq_state state[ROWS];
};

static void
plant(struct planted *p, double sys, double mem, size_t nnow)
{
	static const double wiggle[8] = { -0.02, 0.01, 0, 0.015, -0.01, 0.02,
		-0.015, 0.005 };

	memset(p, 0, sizeof *p);
	for (int i = 0; i < ROWS; i++) {
		enum judge_kind k = i < 4 ? JUDGE_KIND_LOOP
		    : i == 4              ? JUDGE_KIND_SYSCALL
		                          : JUDGE_KIND_MEMORY;
		double f = k == JUDGE_KIND_SYSCALL ? sys
		    : k == JUDGE_KIND_MEMORY       ? mem
		                                   : 1;

		for (int j = 0; j < 6; j++)
			p->then[i][j] = 1000 * (1 + wiggle[(i + j) % 8]);
		for (int j = 0; j < 8; j++)
			p->now[i][j] = 1000 * f * (1 + wiggle[(i + 3 * j) % 8]);
		p->rows[i] = (struct judge_row){
			.kind = k,
			.now_value = NAN,
			.then_value = NAN,
			.now = p->now[i],
			.nnow = nnow,
			.then = p->then[i],
			.nthen = 6,
			.higher_better = 1,
		};
	}
}

/* The judge takes the rule's word for rows it stopped: with 3 slices
 * a row is judged (not "too few samples"), and one stopped at its
 * budget is not. */
static void
judged(struct planted *p)
{
	struct judge_line out[ROWS];
	struct judge_machine m;

	judge_rows(p->rows, ROWS, 10, 0, out, &m);
	CHECK("not sequential, 3 slices: too few",
	    out[4].verdict == JUDGE_TOO_FEW);
	for (int i = 0; i < ROWS; i++)
		p->rows[i].sequential = sequential_judge_of(p->state[i]);
	judge_rows(p->rows, ROWS, 10, 0, out, &m);
	CHECK("stopped slower: judged slower", out[4].verdict == JUDGE_SLOWER);
	CHECK("stopped same: ok", out[0].verdict == JUDGE_OK);
	p->rows[4].sequential = JUDGE_SEQ_UNDECIDED;
	judge_rows(p->rows, ROWS, 10, 0, out, &m);
	CHECK("undecided: too few", out[4].verdict == JUDGE_TOO_FEW);
	p->rows[4].sequential = JUDGE_SEQ_SAME;
	judge_rows(p->rows, ROWS, 10, 0, out, &m);
	CHECK("said the same: ok", out[4].verdict == JUDGE_OK);
	for (int i = 0; i < ROWS; i++)
		p->rows[i].sequential = JUDGE_SEQ_NONE;
}

static void
planted_rows(void)
{
	struct seq_rule r = SEQ_RULE_QUICK;
	struct planted p;

	plant(&p, 1, 1, 2);
	sequential_rows(&r, p.rows, ROWS, 10, p.state);
	CHECK("two slices: every row going",
	    p.state[0] == SEQ_GOING && p.state[4] == SEQ_GOING &&
	        p.state[8] == SEQ_GOING);
	plant(&p, 1, 1, 3);
	sequential_rows(&r, p.rows, ROWS, 10, p.state);
	CHECK("unchanged rows: same",
	    p.state[0] == SEQ_SAME && p.state[4] == SEQ_SAME &&
	        p.state[8] == SEQ_SAME);
	/* A system row 1.5x slower, the rest unchanged: that row alone. */
	plant(&p, 1 / 1.5, 1, 3);
	sequential_rows(&r, p.rows, ROWS, 10, p.state);
	CHECK("a row 1.5x slower: slower", p.state[4] == SEQ_SLOWER);
	CHECK("the loops beside it: same", p.state[0] == SEQ_SAME);
	judged(&p);
	/* Memory 1.5x slower as a whole: its rows beyond their kind. */
	plant(&p, 1, 1 / 1.5, 3);
	sequential_rows(&r, p.rows, ROWS, 10, p.state);
	CHECK("a kind moved as a whole: its rows the same beyond it",
	    p.state[5] == SEQ_SAME && p.state[8] == SEQ_SAME);
	/* A row already stopped is not looked at again. */
	p.state[4] = SEQ_FASTER;
	sequential_rows(&r, p.rows, ROWS, 10, p.state);
	CHECK("stopped rows stay", p.state[4] == SEQ_FASTER);
	CHECK("the judge's words",
	    sequential_judge_of(SEQ_SLOWER) == JUDGE_SEQ_DIFFERS &&
	        sequential_judge_of(SEQ_SAME) == JUDGE_SEQ_SAME &&
	        sequential_judge_of(SEQ_GOING) == JUDGE_SEQ_UNDECIDED);
}

/* Row 4's slices replaced by a test whose slices fall in two modes
 * (a file creation that now and then waits for the journal: 22 us or
 * 10x that), as measured; nothing changed between the two sides. */
static void
plant_two_modes(struct planted *p, const double *now, size_t nnow)
{
	static const double then[5] = { 22.19, 297.3, 22.26, 20.54, 258.0 };

	plant(p, 1, 1, nnow);
	memcpy(p->then[4], then, sizeof then);
	memcpy(p->now[4], now, nnow * sizeof *now);
	p->rows[4].nthen = 5;
	p->rows[4].higher_better = 0;
}

/* A spread from the middle half of the slices, not only from their
 * median: one slice in three or four far off is not a change, whichever
 * side it is on, nor an outlier among many steady slices. */
static void
heavy_tails(void)
{
	static const double fast_mode[4] = { 22.3, 20.0, 19.9, 22.0 };
	static const double one_slow[4] = { 22.3, 21.0, 258.0, 22.1 };
	struct seq_rule r = SEQ_RULE_QUICK;
	struct planted p;
	enum seq_state s;

	for (size_t n = 3; n <= 4; n++) {
		plant_two_modes(&p, fast_mode, n);
		sequential_rows(&r, p.rows, ROWS, 10, p.state);
		CHECK("two modes, the fast one now: not faster",
		    p.state[4] != SEQ_FASTER && p.state[4] != SEQ_SLOWER);
		plant_two_modes(&p, one_slow, n);
		sequential_rows(&r, p.rows, ROWS, 10, p.state);
		CHECK("two modes, one slow slice now: not slower",
		    p.state[4] != SEQ_FASTER && p.state[4] != SEQ_SLOWER);
	}
	/* One slice of eight 3x slow on a steady row. */
	plant(&p, 1, 1, 8);
	p.now[4][5] /= 3;
	sequential_rows(&r, p.rows, ROWS, 10, p.state);
	CHECK("one outlier of eight: not slower", p.state[4] != SEQ_SLOWER);
	/* The same row 2x slower throughout: still found at once. */
	plant(&p, 0.5, 1, 3);
	sequential_rows(&r, p.rows, ROWS, 10, p.state);
	s = p.state[4];
	CHECK("2x slower: slower at 3 slices", s == SEQ_SLOWER);
}

int
main(void)
{
	unchanged_streams();
	profile_streams();
	step_streams();
	undecided_stream();
	planted_rows();
	heavy_tails();
	return check_summary("test-sequential");
}
