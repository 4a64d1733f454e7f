/*
 * test-verdict.c: --check's judgement on planted data (no change with a
 * wide spread is ok; 30% with a tight spread is slower; every row 50%
 * slower is the machine's shift and no test's; loops that disagree widen
 * what counts as beyond it), weak evidence said so,
 * the rank statistics against known answers, and a profile with slices
 * that round-trips through its file.
 */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base-stats.h"
#include "bench-registry.h"
#include "check.h"
#include "machine.h"
#include "ref-data-find.h"
#include "ref-data.h"
#include "report-profile.h"
#include "report-verdict.h"
#include "ui-view-machine.h"
#include "ui-view.h"

#define ROWS 8

/* Five figures around `mid`, spread by +-`spread` (a share of mid). */
static void
five(double *v, double mid, double spread)
{
	static const double at[5] = { -1, -0.5, 0, 0.5, 1 };

	for (int i = 0; i < 5; i++)
		v[i] = mid * (1 + spread * at[i]);
}

/* ROWS rows: 4 CPU-bound loops and 4 system calls, higher is better. */
struct planted {
	double now[ROWS][5], then[ROWS][5];
	struct judge_row rows[ROWS];
	struct judge_line out[ROWS];
	struct judge_machine m;
};

static void
plant(struct planted *p, double spread, size_t nnow)
{
	memset(p, 0, sizeof *p);
	for (int i = 0; i < ROWS; i++) {
		five(p->then[i], 1000, spread);
		five(p->now[i], 1000, spread);
		p->rows[i] = (struct judge_row){
			.kind = i < 4 ? JUDGE_KIND_LOOP : JUDGE_KIND_SYSCALL,
			.now_value = NAN,
			.then_value = NAN,
			.now = p->now[i],
			.nnow = nnow,
			.then = p->then[i],
			.nthen = 5,
			.higher_better = 1,
			.noisy_share = 0,
		};
	}
}

static size_t
count(const struct planted *p, enum judge_verdict v)
{
	size_t n = 0;

	for (int i = 0; i < ROWS; i++)
		n += p->out[i].verdict == v;
	return n;
}

static void
test_no_change_wide(void)
{
	struct planted p;

	/* Wide spread, the sets interleaved: no verdict. */
	plant(&p, 0.4, 5);
	for (int i = 0; i < ROWS; i++)
		five(p.now[i], i % 2 ? 1050 : 950, 0.4);
	judge_rows(p.rows, ROWS, 10, 0, p.out, &p.m);
	CHECK("wide spread, no change: all ok", count(&p, JUDGE_OK) == ROWS);
	CHECK("... exit 0", verdict_status(p.out, ROWS, &p.m) == 0);
	CHECK("... no machine shift beyond the floor", !p.m.beyond);
}

static void
test_thirty_pct_tight(void)
{
	struct planted p;
	char buf[64];

	plant(&p, 0.01, 5);
	five(p.now[5], 700, 0.01); /* a system path 30% lower */
	judge_rows(p.rows, ROWS, 10, 0, p.out, &p.m);
	CHECK("30% lower, tight: slower", p.out[5].verdict == JUDGE_SLOWER);
	CHECK("... the others ok", count(&p, JUDGE_OK) == ROWS - 1);
	CHECK_NEAR("... its change beyond the machine", p.out[5].beyond, 0.7,
	    0.01);
	CHECK("... an interval below 1",
	    p.out[5].lo < p.out[5].hi && p.out[5].hi < 1);
	CHECK("... p < 0.05", p.out[5].p < 0.05);
	CHECK("... exit 3", verdict_status(p.out, ROWS, &p.m) == EXIT_SLOWER);
	judge_ratio_text(p.out[5].ratio, buf, sizeof buf);
	CHECK("... in words, '1.43x slower'", strcmp(buf, "1.43x slower") == 0);
	judge_text(&p.out[5], NULL, buf, sizeof buf);
	CHECK("... verdict 'slower'", strcmp(buf, "slower") == 0);
	/* The same within the tolerance: the U test alone is not enough. */
	plant(&p, 0.01, 5);
	five(p.now[5], 950, 0.01);
	judge_rows(p.rows, ROWS, 10, 0, p.out, &p.m);
	CHECK("5% lower, tight: ok (below the floor)",
	    p.out[5].verdict == JUDGE_OK && p.out[5].p < 0.05);
}

static void
test_machine_shift(void)
{
	struct planted p;
	char buf[64];

	plant(&p, 0.02, 5);
	for (int i = 0; i < ROWS; i++)
		five(p.now[i], 500, 0.02);
	judge_rows(p.rows, ROWS, 10, 0, p.out, &p.m);
	CHECK_NEAR("every row 50% lower: the machine's shift", p.m.shift, 0.5,
	    1e-9);
	CHECK("... beyond the floor, every test moved",
	    p.m.beyond && p.m.moved == ROWS && p.m.tests == ROWS);
	CHECK("... no per-test verdict", count(&p, JUDGE_OK) == ROWS);
	CHECK_NEAR("... each row's change as the profile is", p.out[0].ratio,
	    0.5, 1e-9);
	CHECK("... exit 4",
	    verdict_status(p.out, ROWS, &p.m) == EXIT_MACHINE_SLOWER);
	judge_ratio_text(p.m.shift, buf, sizeof buf);
	CHECK("... '2.00x slower'", strcmp(buf, "2.00x slower") == 0);
	/* The loops unchanged, the system calls 50% lower: those rows. */
	plant(&p, 0.02, 5);
	for (int i = 4; i < ROWS; i++)
		five(p.now[i], 500, 0.02);
	judge_rows(p.rows, ROWS, 10, 0, p.out, &p.m);
	CHECK("system calls alone: no machine shift",
	    fabs(p.m.shift - 1) < 1e-9);
	CHECK("... their kind moved as a whole, slower",
	    p.m.kind_moved[JUDGE_KIND_SYSCALL] == -1 &&
	        p.m.kind_moved[JUDGE_KIND_LOOP] == 0);
	CHECK("... said once: no row slower beyond its kind",
	    count(&p, JUDGE_SLOWER) == 0 && p.out[4].by_kind &&
	        !p.out[0].by_kind);
	CHECK("... exit 5",
	    verdict_status(p.out, ROWS, &p.m) == EXIT_KIND_SLOWER);
	/* One of them moved beyond its kind: a test's verdict, exit 3. */
	five(p.now[7], 200, 0.02);
	judge_rows(p.rows, ROWS, 10, 0, p.out, &p.m);
	CHECK("a row beyond its moved kind: slower, exit 3",
	    p.out[7].verdict == JUDGE_SLOWER && count(&p, JUDGE_SLOWER) == 1 &&
	        verdict_status(p.out, ROWS, &p.m) == EXIT_SLOWER);
	/* Three of four moved: the one that stayed is judged beyond the
	 * machine, not "faster" beyond its kind. */
	plant(&p, 0.02, 5);
	for (int i = 4; i < 7; i++)
		five(p.now[i], 500, 0.02);
	judge_rows(p.rows, ROWS, 10, 0, p.out, &p.m);
	CHECK("three of four system rows: the kind moved, the fourth is ok",
	    p.m.kind_moved[JUDGE_KIND_SYSCALL] == -1 && !p.out[7].by_kind &&
	        p.out[7].verdict == JUDGE_OK && count(&p, JUDGE_FASTER) == 0);
	/* One moved with its kind but less far (1.25x against 2x): no
	 * better for it, ok. */
	five(p.now[7], 800, 0.02);
	judge_rows(p.rows, ROWS, 10, 0, p.out, &p.m);
	CHECK("a row moved with its kind, less far: ok, not faster",
	    p.out[7].by_kind && p.out[7].verdict == JUDGE_OK &&
	        count(&p, JUDGE_FASTER) == 0);
	/* Two system rows moved: no kind of three to move as a whole. */
	plant(&p, 0.02, 5);
	five(p.now[4], 500, 0.02);
	five(p.now[5], 500, 0.02);
	judge_rows(p.rows, ROWS, 10, 0, p.out, &p.m);
	CHECK("two of four system rows: the kind's median did not move, "
	      "both rows slower",
	    count(&p, JUDGE_SLOWER) == 2 &&
	        p.m.kind_moved[JUDGE_KIND_SYSCALL] == 0);
}

/* The loops disagree among themselves (one 1.25x faster, one 1.2x
 * slower, each tight): the machine's shift is known only that well, so
 * neither they nor a system path moved by as much are judged; a system
 * path moved far beyond it is. */
static void
test_loops_disagree(void)
{
	static const double loops[4] = { 1250, 833, 1000, 1050 };
	struct planted p;

	plant(&p, 0.01, 5);
	for (int i = 0; i < 4; i++)
		five(p.now[i], loops[i], 0.01);
	five(p.now[4], 820, 0.01);
	five(p.now[5], 400, 0.01);
	judge_rows(p.rows, ROWS, 10, 0, p.out, &p.m);
	CHECK("loops disagreeing: a spread wider than the tolerance",
	    p.m.spread > 1.1 && p.m.floor == p.m.spread && p.m.from_loops);
	CHECK("... no loop judged",
	    p.out[0].verdict == JUDGE_OK && p.out[1].verdict == JUDGE_OK);
	CHECK("... a system path 1.2x slower: within it, ok",
	    p.out[4].verdict == JUDGE_OK && p.out[4].p < 0.05);
	CHECK("... one 2.5x slower: slower", p.out[5].verdict == JUDGE_SLOWER);
	/* Loops that agree: the tolerance is the floor. */
	plant(&p, 0.01, 5);
	judge_rows(p.rows, ROWS, 10, 0, p.out, &p.m);
	CHECK_NEAR("loops agreeing: the floor is the tolerance", p.m.floor, 1.1,
	    1e-9);
}

/*
 * The machine slower only beyond how well its loops know it: four
 * loops 1.15x slower together are the machine slower (exit 4); four
 * loops whose median is 1.18x slower but which lie 1.8x apart (a shared
 * guest's loops at one moment, nothing changed) are not.
 */
static void
test_shift_known(void)
{
	static const double apart[4] = { 1100, 600, 800, 900 };
	struct planted p;

	plant(&p, 0.01, 5);
	for (int i = 0; i < ROWS; i++)
		five(p.now[i], 870, 0.01);
	judge_rows(p.rows, ROWS, 10, 0, p.out, &p.m);
	CHECK("loops agreeing on 1.15x slower: the machine moved",
	    p.m.beyond && verdict_status(p.out, ROWS, &p.m) == 4);
	plant(&p, 0.01, 5);
	for (int i = 0; i < 4; i++)
		five(p.now[i], apart[i], 0.01);
	for (int i = 4; i < ROWS; i++)
		five(p.now[i], 870, 0.01);
	judge_rows(p.rows, ROWS, 10, 0, p.out, &p.m);
	CHECK("loops 1.8x apart, median 1.18x slower: not told, exit 0",
	    p.m.shift < 0.9 && !p.m.beyond &&
	        verdict_status(p.out, ROWS, &p.m) == 0);
}

/*
 * Slices apart by ranks but not by their spread: every slice of a row
 * below the profile's (the U test's smallest p for 5 and 5, 0.008) and
 * its median 1.17x slower, but the slices scatter by 10% and more: the
 * medians lie 2.2 standard errors apart, within the 2.7 that 5% of a
 * check of 8 tests allows a test. The same row 1.6x slower is judged.
 */
static void
test_familywise(void)
{
	static const double then[5] = { 950, 1000, 1050, 1100, 1300 };
	static const double now[5] = { 700, 800, 900, 920, 940 };
	struct planted p;

	plant(&p, 0.01, 5);
	memcpy(p.then[5], then, sizeof then);
	memcpy(p.now[5], now, sizeof now);
	judge_rows(p.rows, ROWS, 10, 0, p.out, &p.m);
	CHECK("apart by ranks, not by spread: the U test says differ",
	    p.out[5].p < 0.01);
	CHECK("... but not beyond 5% of the whole check: ok",
	    p.out[5].verdict == JUDGE_OK);
	for (int i = 0; i < 5; i++)
		p.now[5][i] = now[i] * 0.7;
	judge_rows(p.rows, ROWS, 10, 0, p.out, &p.m);
	CHECK("... 1.6x slower: slower", p.out[5].verdict == JUDGE_SLOWER);
}

/* Two CPU hogs on two CPUs: the loops agree on 2x slower, the system
 * paths scatter around it (load moves each its own way), a two-party
 * row is 7x slower. Disturbed (40%), only that row is judged; the same
 * figures from an undisturbed run judge the scattered rows too. */
static void
test_disturbed_spread(void)
{
	static const double loops[4] = { 450, 520, 480, 560 };
	static const double sys[4] = { 1000, 350, 650, 70 };
	struct planted p;

	for (int noisy = 0; noisy <= 1; noisy++) {
		plant(&p, 0.01, 5);
		for (int i = 0; i < 4; i++) {
			five(p.now[i], loops[i], 0.01);
			five(p.now[4 + i], sys[i], 0.01);
		}
		judge_rows(p.rows, ROWS, 10, noisy ? 0.4 : 0, p.out, &p.m);
		if (noisy) {
			CHECK("disturbed: the spread is every test's",
			    p.m.weak && p.m.spread_all && p.m.floor > 2);
			CHECK("... only the 7x row judged",
			    count(&p, JUDGE_SLOWER) == 1 &&
			        p.out[7].verdict == JUDGE_SLOWER &&
			        count(&p, JUDGE_FASTER) == 0);
		} else {
			CHECK("undisturbed: the loops' spread",
			    !p.m.weak && !p.m.spread_all);
			CHECK("... the scattered rows judged too",
			    count(&p, JUDGE_FASTER) + count(&p, JUDGE_SLOWER) ==
			        3);
		}
	}
}

static void
test_weak_evidence(void)
{
	struct planted p;
	char buf[64];

	plant(&p, 0.01, 4);
	five(p.now[5], 700, 0.01);
	judge_rows(p.rows, ROWS, 10, 0, p.out, &p.m);
	CHECK("4 slices: too few samples", count(&p, JUDGE_TOO_FEW) == ROWS);
	CHECK("... no interval, no p",
	    isnan(p.out[5].lo) && isnan(p.out[5].hi) && isnan(p.out[5].p));
	judge_text(&p.out[5], NULL, buf, sizeof buf);
	CHECK("... says 'too few samples'",
	    strcmp(buf, "too few samples") == 0);
	CHECK("... exit 0", verdict_status(p.out, ROWS, &p.m) == 0);

	plant(&p, 0.01, 5);
	p.rows[2].not_comparable = "unsupported";
	judge_rows(p.rows, ROWS, 10, 0.9, p.out, &p.m);
	judge_text(&p.out[2], p.rows[2].not_comparable, buf, sizeof buf);
	CHECK("unsupported: 'not comparable: unsupported'",
	    strcmp(buf, "not comparable: unsupported") == 0);
	judge_ratio_text(p.out[2].ratio, buf, sizeof buf);
	CHECK("... its change is '-', never nan", strcmp(buf, "-") == 0);
	CHECK("a run 90% disturbed: weak", p.m.weak && p.out[0].weak);
	judge_text(&p.out[0], NULL, buf, sizeof buf);
	CHECK("... 'ok, weak'", strcmp(buf, "ok, weak") == 0);

	/* Weak evidence needs the whole interval beyond the tolerance:
	 * 20% lower with a 10% spread (interval 0.69-0.93x) is slower on a
	 * quiet run and not on a disturbed one. */
	plant(&p, 0.1, 5);
	five(p.now[5], 800, 0.1);
	judge_rows(p.rows, ROWS, 10, 0, p.out, &p.m);
	CHECK("20% lower, 10% spread, quiet: slower",
	    p.out[5].verdict == JUDGE_SLOWER);
	judge_rows(p.rows, ROWS, 10, 0.9, p.out, &p.m);
	CHECK("... disturbed: ok, weak",
	    p.out[5].verdict == JUDGE_OK && p.out[5].weak);

	/* A profile of one figure a test: judged, weak. */
	plant(&p, 0.01, 5);
	for (int i = 0; i < ROWS; i++)
		p.rows[i].nthen = 1;
	five(p.now[6], 600, 0.01);
	judge_rows(p.rows, ROWS, 10, 0, p.out, &p.m);
	CHECK("one figure: said", p.m.one_figure);
	CHECK("... a 40% drop found, weak",
	    p.out[6].verdict == JUDGE_SLOWER && p.out[6].weak);
	CHECK("... the rest ok", count(&p, JUDGE_OK) == ROWS - 1);
}

static void
test_words(void)
{
	char buf[32];

	CHECK("2.1 faster",
	    strcmp(judge_ratio_text(2.1, buf, sizeof buf), "2.10x faster") ==
	        0);
	CHECK("10x slower",
	    strcmp(judge_ratio_text(0.1, buf, sizeof buf), "10x slower") == 0);
	CHECK("47x faster",
	    strcmp(judge_ratio_text(47, buf, sizeof buf), "47x faster") == 0);
	CHECK("NAN is '-'",
	    strcmp(judge_ratio_text(NAN, buf, sizeof buf), "-") == 0);
	CHECK("1.001 is 'same'",
	    strcmp(judge_ratio_text(1.001, buf, sizeof buf), "same") == 0);
}

static void
test_rank_statistics(void)
{
	double a[5] = { 1, 2, 3, 4, 5 }, b[5] = { 6, 7, 8, 9, 10 };
	double c[5] = { 1.5, 2.5, 3.5, 4.5, 5.5 }, s[25], est, lo, hi;

	/* Known answers: scipy.stats.mannwhitneyu(a, b, method="exact"). */
	CHECK_NEAR("U test, 5 v 5 apart: 2/252", stats_utest_p(a, 5, b, 5),
	    2.0 / 252, 1e-12);
	CHECK_NEAR("U test, interleaved by halves: 0.69048",
	    stats_utest_p(a, 5, c, 5), 0.6904761904761905, 1e-12);
	CHECK_NEAR("U test, one side of 1: p 1", stats_utest_p(a, 1, b, 5), 1,
	    0);
	CHECK("U test with ties: normal approximation, in (0, 1]",
	    stats_utest_p(a, 5, a, 5) == 1);
	CHECK("shift 5 v 5: an interval",
	    stats_shift_ci(a, 5, b, 5, s, &est, &lo, &hi) == 0);
	CHECK_NEAR("... Hodges-Lehmann estimate 5", est, 5, 1e-12);
	/* c = 3 (P(U <= 2) = 4/252 <= 2.5%): the 3rd from each end. */
	CHECK("... from the 3rd to the 23rd difference", lo == 2 && hi == 8);
	CHECK("shift 2 v 2: no 95% interval",
	    stats_shift_ci(a, 2, b, 2, s, &est, &lo, &hi) == -1 && isnan(lo));
}

/* A profile with slices and a noisy share is saved and read back. */
static void
test_profile_round_trip(void)
{
	char dir[] = "/tmp/bt-verdict.XXXXXX", path[256], err[256];
	const struct bench_test *t = registry_find("byte.dhry2");
	struct test_result r = { 0 };
	struct profile_test per = { { 1e6, 1.1e6, 0.9e6, 1.05e6, 0.95e6 }, 5,
		0.25 };
	struct profile_run run = { .seconds = 1, .slices = 5 };
	struct machine m;
	struct refdata rd = { 0 };
	struct profile_test back;

	if (mkdtemp(dir) == NULL || t == NULL) {
		CHECK("scratch directory and byte.dhry2", 0);
		return;
	}
	setenv("XDG_DATA_HOME", dir, 1);
	memset(&m, 0, sizeof m);
	strcpy(m.host, "host");
	strcpy(m.kernel, "Linux 1.0");
	r.test = t;
	r.status = BENCH_OK;
	r.value = 1e6;
	CHECK("save",
	    profile_save("p1", &m, "zen", &r, &per, &run, 1, err, sizeof err) ==
	        0);
	CHECK("load", ref_data_load_profile(&rd, "p1", err, sizeof err) == 0);
	CHECK("five slices back",
	    profile_test_get(&rd, 0, "byte.dhry2", &back) == 5);
	CHECK("... the same figures",
	    memcmp(back.slice, per.slice, sizeof per.slice) == 0);
	CHECK_NEAR("... the noisy share", back.noisy_share, 0.25, 0);
	CHECK("... and the median as before",
	    ref_data_find_result(&rd, 0, "byte.dhry2", REF_RESULT) != NULL);
	ref_data_free(&rd);
	(void)snprintf(path, sizeof path, "%s/benchtop/p1.tsv", dir);
	(void)unlink(path);
	(void)snprintf(path, sizeof path, "%s/benchtop", dir);
	(void)rmdir(path);
	(void)rmdir(dir);
}

/* A profile of an older benchtop (one figure a test) still loads. */
static void
test_old_profile(void)
{
	static const char text[] =
	    "id\tlabel\tvendor\tclass\tmhz\tcpus\tkernel\thost\tsource\t"
	    "date\tversion\tplacement\n"
	    "old\tCPU\t-\tzen\t3000\t2\tLinux\th\tbenchtop\t2026-01-01\t0.1.0"
	    "\tper-test\n"
	    "machine\ttest\tstat\tvalue\tunit\tsource\tversion\n"
	    "old\tbyte.dhry2\tresult\t1e+06\tlps\tbenchtop single median\t1\n";
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	struct refdata rd = { 0 };
	struct profile_test back;
	char err[256];

	CHECK("an old profile parses",
	    ref_data_parse(&rd, f, "old.tsv", err, sizeof err) == 0);
	fclose(f);
	CHECK("... one figure, as one slice",
	    profile_test_get(&rd, 0, "byte.dhry2", &back) == 1 &&
	        back.slice[0] == 1e6 && isnan(back.noisy_share));
	ref_data_free(&rd);
}

/* Live: rows that all moved are the machine's; one that moved alone is
 * WORSE. */
static void
test_live_machine(void)
{
	static const char *const ids[6] = { "byte.dhry2", "byte.arith_int",
		"byte.arith_double", "byte.hanoi", "byte.syscall",
		"lmbench.null_call" };
	struct view_row rows[6];
	struct judge_baseline base[6];
	struct view_machine m;

	memset(rows, 0, sizeof rows);
	memset(base, 0, sizeof base);
	for (int i = 0; i < 6; i++) {
		rows[i].test = registry_find(ids[i]);
		if (rows[i].test == NULL) {
			CHECK("catalogue ids", 0);
			return;
		}
		rows[i].has_delta = 1;
		rows[i].machine_shift = 1;
		rows[i].recent_ci_pct = 1;
		base[i] = (struct judge_baseline){ .set = 1,
			.value = 100,
			.ci_pct = 1 };
		/* Every row half as fast: lps halves, us doubles. */
		rows[i].recent_value = i == 5 ? 200 : 50;
	}
	view_machine_judge_rows(rows, 6, base, &m);
	CHECK_NEAR("live: every row half as fast: the machine's", m.shift, 0.5,
	    1e-9);
	CHECK("... beyond the bar, from the loops", m.beyond && m.rows == 4);
	CHECK("... no row WORSE",
	    !rows[0].significant && !rows[4].significant &&
	        !rows[5].significant);
	for (int i = 0; i < 6; i++) {
		rows[i].recent_value = i == 5 ? 200 : 100;
		rows[i].machine_shift = 1;
	}
	view_machine_judge_rows(rows, 6, base, &m);
	CHECK("live: null_call alone 2x slower: no machine shift",
	    !m.beyond && m.shift == 1);
	CHECK("... null_call WORSE", rows[5].significant && !rows[5].better);
	CHECK("... the others not",
	    !rows[0].significant && !rows[4].significant);
	/* The loops drift apart (dhry2 1.3x faster, hanoi 1.25x slower):
	 * null_call 1.3x slower is within how well the machine is known. */
	{
		static const double loops[4] = { 130, 100, 100, 80 };

		for (int i = 0; i < 4; i++)
			rows[i].recent_value = loops[i];
		rows[5].recent_value = 130;
		view_machine_judge_rows(rows, 6, base, &m);
		CHECK("live: loops drifting apart: a spread over 20%",
		    m.known && m.spread_pct > 20 &&
		        rows[5].machine_spread_pct == m.spread_pct);
		CHECK("... null_call 1.3x slower not WORSE, nor dhry2 better",
		    !rows[5].significant && !rows[0].significant);
		rows[5].recent_value = 300;
		view_machine_judge_rows(rows, 6, base, &m);
		CHECK("... 3x slower is", rows[5].significant);
	}
	view_machine_judge_rows(rows, 1, base, &m);
	CHECK("live: one row (focus): no machine to tell, its own verdict",
	    !m.known && rows[0].machine_shift == 1);
}

/* The decision both judges end in, and the shift both take. */
static void
test_one_judge(void)
{
	double f = log(1.05);
	double logs[5] = { log(1.2), log(1.21), log(1.19), log(2), NAN };
	enum judge_kind kinds[5] = { JUDGE_KIND_LOOP, JUDGE_KIND_LOOP,
		JUDGE_KIND_LOOP, JUDGE_KIND_SYSCALL, JUDGE_KIND_LOOP };
	double scratch[10];
	struct judge_shift sh;

	CHECK("decide: differs and beyond: slower",
	    judge_decide(1, log(0.5), log(0.4), log(0.6), f, 1) ==
	        JUDGE_SLOWER);
	CHECK("decide: not said to differ: ok",
	    judge_decide(0, log(0.5), log(0.4), log(0.6), f, 1) == JUDGE_OK);
	CHECK("decide: within the floor: ok",
	    judge_decide(1, log(1.03), log(1.01), log(1.04), f, 0) == JUDGE_OK);
	CHECK("decide: the interval across the floor, whole asked: ok",
	    judge_decide(1, log(1.3), log(1.01), log(1.6), f, 1) == JUDGE_OK);
	CHECK("decide: the same, whole not asked: faster",
	    judge_decide(1, log(1.3), log(1.01), log(1.6), f, 0) ==
	        JUDGE_FASTER);
	judge_shift_of(logs, kinds, 5, &sh, scratch);
	CHECK("shift: from the three loops, the system row left out",
	    sh.known && sh.from_loops && sh.sources == 3 &&
	        fabs(exp(sh.log_shift) - 1.2) < 1e-9);
	judge_shift_of(logs, kinds, 2, &sh, scratch);
	CHECK("shift: two tests tell no machine", !sh.known);
	kinds[1] = kinds[2] = JUDGE_KIND_SYSCALL;
	judge_shift_of(logs, kinds, 4, &sh, scratch);
	CHECK("shift: under three loops, every test's",
	    sh.known && !sh.from_loops && sh.sources == 4);
}

/* Rows 0, 1, 4, 5 ran on CPU 0, 2, 3, 6 on CPU 1, 7 on both (a
 * partner). Other load on CPU 0: its CPU-bound rows mostly disturbed and
 * all its rows 2x slower, the partner's 10x; CPU 1's unchanged. */
static void
plant_busy(struct planted *p, int loaded)
{
	static const uint64_t cpus[ROWS] = { 1, 1, 2, 2, 1, 1, 2, 3 };

	plant(p, 0.01, 5);
	for (int i = 0; i < ROWS; i++)
		p->rows[i].cpus = cpus[i];
	if (!loaded)
		return;
	for (int i = 0; i < ROWS; i++)
		if (cpus[i] & 1)
			five(p->now[i], i == 7 ? 100 : 500, 0.01);
	p->rows[0].noisy_share = p->rows[1].noisy_share = 0.9;
	p->rows[4].noisy_share = 0.95;
}

static void
test_busy_cpu(void)
{
	struct planted p;
	int taken = 1;

	plant_busy(&p, 1);
	judge_rows(p.rows, ROWS, 10, 0.3, p.out, &p.m);
	for (int i = 0; i < ROWS; i++)
		taken &= (p.out[i].verdict == JUDGE_BUSY) ==
		    ((i & 2) == 0 || i == 7);
	CHECK("a busy CPU: its rows, the partner's too, not judged", taken);
	CHECK("the other CPU's judged: ok", count(&p, JUDGE_OK) == 3);
	CHECK("CPU 0 named busy",
	    p.m.busy_cpus == 1 && p.m.busy_tests == 5 &&
	        p.m.busy_disturbed == 3);
	CHECK_NEAR("their median change", p.m.busy_shift, 0.5, 0.01);
	CHECK("the shift is the other CPU's", fabs(p.m.shift - 1) < 0.01);
	CHECK("exit 4: a busy machine, not a test's regression",
	    verdict_status(p.out, ROWS, &p.m) == EXIT_MACHINE_SLOWER);
	/* A test of one CPU 100x slower under that load: still slower,
	 * beyond the load's own shift. */
	plant_busy(&p, 1);
	five(p.now[5], 10, 0.01);
	judge_rows(p.rows, ROWS, 10, 0.3, p.out, &p.m);
	CHECK("100x slower on the busy CPU: slower beyond the load",
	    p.out[5].verdict == JUDGE_SLOWER &&
	        p.out[4].verdict == JUDGE_BUSY &&
	        verdict_status(p.out, ROWS, &p.m) == EXIT_SLOWER);
	/* One that waits by design (two processes on the hogged CPU): any
	 * multiple is the load's. */
	plant_busy(&p, 1);
	five(p.now[5], 200, 0.01);
	p.rows[5].waits = 1;
	judge_rows(p.rows, ROWS, 10, 0.3, p.out, &p.m);
	CHECK("5x slower, waiting on the busy CPU: not judged",
	    p.out[5].verdict == JUDGE_BUSY &&
	        verdict_status(p.out, ROWS, &p.m) == EXIT_MACHINE_SLOWER);
	plant_busy(&p, 0);
	judge_rows(p.rows, ROWS, 10, 0, p.out, &p.m);
	CHECK("quiet: no CPU busy",
	    p.m.busy_cpus == 0 && count(&p, JUDGE_BUSY) == 0 &&
	        verdict_status(p.out, ROWS, &p.m) == 0);
	/* One row mostly disturbed, unchanged, where its CPU is unknown:
	 * not judged, and nothing slower. */
	plant(&p, 0.01, 5);
	p.rows[5].noisy_share = 0.8;
	judge_rows(p.rows, ROWS, 10, 0.1, p.out, &p.m);
	CHECK("a disturbed row alone: not judged, exit 0",
	    p.out[5].verdict == JUDGE_BUSY && p.m.busy_cpus == 0 &&
	        verdict_status(p.out, ROWS, &p.m) == 0);
	/* Every row on one busy CPU, all 100x slower, two of them CPU-bound:
	 * the load's shift, not a test's (no machine's shift is left). */
	plant(&p, 0.01, 5);
	for (int i = 0; i < ROWS; i++) {
		five(p.now[i], 10, 0.01);
		p.rows[i].cpus = 1;
		p.rows[i].waits = i >= 2;
		p.rows[i].noisy_share = i < 3 ? 0.9 : 0;
	}
	judge_rows(p.rows, ROWS, 200, 0.3, p.out, &p.m);
	CHECK("all on a busy CPU, 100x: none slower, exit 4",
	    count(&p, JUDGE_BUSY) == ROWS &&
	        verdict_status(p.out, ROWS, &p.m) == EXIT_MACHINE_SLOWER);
	plant(&p, 0.01, 5);
	p.rows[5].noisy_share = 0.8;
	five(p.now[5], 10, 0.01);
	/* A disturbed row alone 100x slower: beyond the machine's shift,
	 * not beyond its own median (make check, two scripts at once). */
	judge_rows(p.rows, ROWS, 10, 0.1, p.out, &p.m);
	CHECK("a disturbed row alone, 100x slower: slower",
	    p.out[5].verdict == JUDGE_SLOWER &&
	        verdict_status(p.out, ROWS, &p.m) == EXIT_SLOWER);
}

int
main(void)
{
	test_one_judge();
	test_live_machine();
	test_rank_statistics();
	test_no_change_wide();
	test_thirty_pct_tight();
	test_machine_shift();
	test_loops_disagree();
	test_shift_known();
	test_familywise();
	test_disturbed_spread();
	test_weak_evidence();
	test_words();
	test_profile_round_trip();
	test_old_profile();
	test_busy_cpu();
	return check_summary("test-verdict");
}
