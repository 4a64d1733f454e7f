/*
 * test-monitor.c: the live monitor's self accounting: slices counted,
 * the scheduler's time a small part of the workers', naps left out; a
 * test's "slices run so far" counts every worker's slices of it.
 * Bounds are loose on purpose: a loaded CI machine stretches everything.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base-cycles.h"
#include "base-threads.h"
#include "bench-registry.h"
#include "check.h"
#include "monitor-queue.h"
#include "monitor-store.h"
#include "monitor.h"

static void
sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	(void)nanosleep(&ts, NULL);
}

static void
test_figures(void)
{
	struct monitor_self s = { 1, 0, 0, 0 };

	CHECK("no time yet: no overhead", isnan(monitor_self_pct(&s)));
	CHECK("no slice yet: no cost", isnan(monitor_self_slice_ns(&s)));
	s = (struct monitor_self){ 1, 2000000000u, 1000000u, 100 };
	CHECK_NEAR("overhead %", monitor_self_pct(&s), 0.05, 1e-12);
	CHECK_NEAR("per slice", monitor_self_slice_ns(&s), 10000, 1e-9);
}

/* Naps are nobody's time: paused, the workers' time stands still. */
static void
check_paused(struct monitor *m)
{
	struct monitor_self a, b;

	monitor_set_paused(m, 1);
	sleep_ms(150); /* the running slice ends at its next sample */
	monitor_self(m, &a);
	sleep_ms(300);
	monitor_self(m, &b);
	CHECK("paused: worker time excludes the naps",
	    b.worker_ns - a.worker_ns < 100000000u);
	CHECK("paused: no slice", b.slices == a.slices);
	monitor_set_paused(m, 0);
}

static void
test_live(void)
{
	const struct bench_test *tests[1] = { registry_find(
	    "lmbench.null_call") };
	struct cycles_info info;
	struct monitor_config cfg = {
		.workers = 1,
		.cpus = { -1 },
		.tmpdir = "/tmp",
		.slice_ns = 20000000u,
		.sample_ns = 2000000u,
	};
	struct store *st = store_new(tests, 1, cycles_now_ns());
	struct monitor_self s;
	struct monitor *m;
	char err[128];

	cycles_measure(&info);
	cfg.clock = &info;
	m = monitor_start(st, &cfg, err, sizeof err);
	CHECK("monitor starts", m != NULL);
	if (m == NULL)
		return;
	/* 20 ms slices: three within 400 ms alone, longer on a loaded host. */
	for (int waited = 0; waited < 10000; waited += 100) {
		sleep_ms(100);
		monitor_self(m, &s);
		if (waited >= 300 && s.slices >= 3)
			break;
	}
	printf("  self: %.4f%% of %.3f s, %.1f us per slice, %llu slices\n",
	    monitor_self_pct(&s), s.worker_ns / 1e9,
	    monitor_self_slice_ns(&s) / 1e3, (unsigned long long)s.slices);
	CHECK("one worker", s.workers == 1);
	CHECK("slices counted", s.slices >= 3);
	CHECK("scheduler time within worker time",
	    s.sched_ns > 0 && s.sched_ns < s.worker_ns);
	CHECK("overhead under 10% even loaded", monitor_self_pct(&s) < 10);
	check_paused(m);
	monitor_stop(m);
	store_free(st);
}

/* The slices of each test the slice log holds, and by which workers. */
static void
count_logged(struct monitor *m, size_t *logged, unsigned *workers)
{
	struct monitor_slice s[64];
	uint64_t cursor = 0;
	size_t k;

	while ((k = queue_slices(m, &cursor, s, 64)) > 0)
		for (size_t j = 0; j < k; j++)
			if (s[j].test != SIZE_MAX) {
				logged[s[j].test]++;
				workers[s[j].test] |= 1u << s[j].worker;
			}
}

/*
 * Two workers, three tests: the workers take turns at each test (the
 * cursor moves on), so each test's slices come from both. Its published
 * "slices run so far" must count them all: at most the last slice of
 * each worker, stopped by the pause, goes unpublished.
 */
static void
test_slices_over_workers(void)
{
	const struct bench_test *tests[3] = { registry_find(
		                                  "lmbench.null_call"),
		registry_find("bsd.gettimeofday"),
		registry_find("extra.clock_gettime") };
	struct cycles_info info;
	struct monitor_config cfg = {
		.workers = 2,
		.cpus = { 0, 1 },
		.tmpdir = "/tmp",
		.slice_ns = 20000000u,
		.sample_ns = 2000000u,
	};
	struct store *st = store_new(tests, 3, cycles_now_ns());
	size_t logged[3] = { 0 };
	unsigned workers[3] = { 0 };
	struct monitor *m;
	char err[128];

	if (sysconf(_SC_NPROCESSORS_ONLN) < 2) {
		printf("  one CPU: no two workers to share a test\n");
		store_free(st);
		return;
	}
	cycles_measure(&info);
	cfg.clock = &info;
	m = monitor_start(st, &cfg, err, sizeof err);
	CHECK("two workers start", m != NULL);
	if (m == NULL)
		return;
	sleep_ms(1500);
	monitor_set_paused(m, 1);
	sleep_ms(200); /* the running slices end at their next sample */
	count_logged(m, logged, workers);
	for (size_t i = 0; i < 3; i++) {
		struct store_view v;
		struct ring_entry e[1];

		store_snapshot(st, i, &v, e, 1, 0);
		printf("  %s: %llu published, %zu logged, workers %#x\n",
		    tests[i]->id, (unsigned long long)v.meta.slices, logged[i],
		    workers[i]);
		CHECK("both workers ran the test", workers[i] == 3);
		CHECK("slices run so far: every worker's",
		    v.meta.slices <= logged[i] &&
		        v.meta.slices + 2 >= logged[i]);
	}
	monitor_stop(m);
	store_free(st);
}

/* Six quick tests on one worker, 20 ms slices, started paused. */
static struct monitor *
start_six_sliced(struct store **st, struct cycles_info *info, uint64_t slice_ns)
{
	static const char *const ids[6] = { "lmbench.null_call",
		"bsd.gettimeofday", "extra.clock_gettime", "bsd.write",
		"lmbench.null_io", "lmbench.stat" };
	const struct bench_test *tests[6];
	struct monitor_config cfg = {
		.workers = 1,
		.cpus = { -1 },
		.tmpdir = "/tmp",
		.slice_ns = slice_ns,
		.sample_ns = 2000000u,
	};
	struct monitor *m;
	char err[128];

	for (int i = 0; i < 6; i++)
		tests[i] = registry_find(ids[i]);
	*st = store_new(tests, 6, cycles_now_ns());
	cycles_measure(info);
	cfg.clock = info;
	m = monitor_start(*st, &cfg, err, sizeof err);
	if (m != NULL)
		monitor_set_paused(m, 1);
	return m;
}

static struct monitor *
start_six(struct store **st, struct cycles_info *info)
{
	return start_six_sliced(st, info, 20000000u);
}

/* The tests of the first `max` slices logged from *cursor on. */
static size_t
logged_order(struct monitor *m, uint64_t *cursor, size_t *order, size_t max)
{
	struct monitor_slice s[64];
	size_t k = 0, got;

	while (k < max && (got = queue_slices(m, cursor, s, 1)) == 1)
		if (s[0].test != SIZE_MAX)
			order[k++] = s[0].test;
	return k;
}

/* Until `max` slices are logged (10 s at most). */
static void
wait_for_slices(struct monitor *m, size_t *order, size_t max)
{
	for (int waited = 0; waited < 10000 &&
	     logged_order(m, &(uint64_t){ 0 }, order, max) < max;
	     waited += 50)
		sleep_ms(50);
}

/*
 * A change touched tests 5 and 3 (ranks 1 and 2): they run next, 5
 * first, ahead of the rotation, and then the rotation goes on where it
 * was. Fails on a monitor that ignores urgency (test 0 comes first).
 */
static void
test_urgent_order(void)
{
	unsigned char rank[6] = { 0, 0, 0, 2, 0, 1 };
	size_t order[8], n;
	uint64_t cursor = 0;
	struct cycles_info info;
	struct store *st;
	struct monitor *m = start_six(&st, &info);

	CHECK("six tests start", m != NULL);
	if (m == NULL)
		return;
	queue_urge(m, rank);
	CHECK("two tests urgent", queue_urgent_left(m) == 2);
	monitor_set_paused(m, 0);
	wait_for_slices(m, order, 4);
	monitor_set_paused(m, 1);
	n = logged_order(m, &cursor, order, 4);
	printf("  urgent: slices of tests %zu %zu %zu %zu\n", order[0],
	    order[1], order[2], order[3]);
	CHECK("four slices", n == 4);
	CHECK("the lowest rank first", n == 4 && order[0] == 5);
	CHECK("then the next urgent", n == 4 && order[1] == 3);
	CHECK("then the rotation from its start",
	    n == 4 && order[2] == 0 && order[3] == 1);
	CHECK("none urgent once run", queue_urgent_left(m) == 0);
	monitor_stop(m);
	store_free(st);
}

/*
 * A sentinel (test 4) every 30 ms for 10 ms turns: over 600 ms it runs
 * far more often than the rotation alone would take it (one 20 ms slice
 * in six).
 */
static void
test_sentinel_turns(void)
{
	size_t sentinel = 4, logged[6] = { 0 };
	unsigned workers[6] = { 0 };
	struct cycles_info info;
	struct store *st;
	struct monitor *m = start_six(&st, &info);

	CHECK("six tests start", m != NULL);
	if (m == NULL)
		return;
	queue_set_sentinels(m, &sentinel, NULL, 1, 30000000u, 10000000u);
	monitor_set_paused(m, 0);
	sleep_ms(600);
	monitor_set_paused(m, 1);
	sleep_ms(100);
	count_logged(m, logged, workers);
	printf("  sentinel: %zu slices of it, %zu of test 0\n", logged[4],
	    logged[0]);
	CHECK("the sentinel runs between the rotation's slices",
	    logged[4] >= 2 * logged[0] && logged[4] >= 4);
	monitor_stop(m);
	store_free(st);
}

/*
 * A sentinel's turn passes while its kind runs again: the five other
 * tests (all system calls, as the sentinel) urged, none of its turns
 * (due every 30 ms) comes before the last of their slices (20 ms each)
 * has ended; its turns resume after. Fails when a turn comes between.
 */
static void
test_sentinel_rests(void)
{
	unsigned char rank[6] = { 1, 1, 1, 1, 0, 1 };
	unsigned kind = 1u << BENCH_GROUP_SYSCALL;
	size_t sentinel = 4, before = 0, after = 0, urged_left = 5;
	struct monitor_slice s;
	uint64_t cursor = 0;
	struct cycles_info info;
	struct store *st;
	struct monitor *m = start_six(&st, &info);

	CHECK("six tests start", m != NULL);
	if (m == NULL)
		return;
	queue_set_sentinels(m, &sentinel, &kind, 1, 30000000u, 10000000u);
	queue_urge(m, rank);
	monitor_set_paused(m, 0);
	/* Until a turn after the re-runs (10 s at most: a slow machine). */
	for (int waited = 0; waited < 10000 && after == 0; waited += 50) {
		sleep_ms(50);
		while (queue_slices(m, &cursor, &s, 1) == 1) {
			if (s.test == sentinel)
				*(urged_left > 0 ? &before : &after) += 1;
			else if (s.test < 6 && urged_left > 0)
				urged_left--;
		}
	}
	monitor_set_paused(m, 1);
	printf("  sentinel: %zu turns among its kind's re-runs, %zu after\n",
	    before, after);
	CHECK("every urged test ran", urged_left == 0);
	CHECK("no turn while its kind runs again", before == 0);
	CHECK("its turns resume after", after >= 1);
	monitor_stop(m);
	store_free(st);
}

/*
 * A change cuts the rotation's slice in progress: with slices of 3 s,
 * the urged test waits for no 3 s slice, and the cut test has its turn
 * again as the rotation resumes. Fails when the urge waits for the end
 * of the slice (or the cut test loses its turn).
 */
static void
test_urge_cuts_rotation(void)
{
	unsigned char rank[6] = { 0, 0, 0, 1, 0, 0 };
	size_t order[3] = { 9, 9, 9 }, n;
	struct monitor_slice s;
	uint64_t cursor = 0, urged, cut_end = 0;
	struct cycles_info info;
	struct store *st;
	struct monitor *m = start_six_sliced(&st, &info, 3000000000u);

	CHECK("six tests start", m != NULL);
	if (m == NULL)
		return;
	monitor_set_paused(m, 0);
	sleep_ms(300); /* test 0's slice of the rotation runs */
	urged = cycles_now_ns();
	queue_urge(m, rank);
	wait_for_slices(m, order, 3);
	monitor_set_paused(m, 1);
	n = logged_order(m, &(uint64_t){ 0 }, order, 3);
	if (queue_slices(m, &cursor, &s, 1) == 1)
		cut_end = s.end_ns;
	printf("  cut: slices of tests %zu %zu %zu, the first ended %.0f ms "
	       "after the urge\n",
	    order[0], order[1], order[2],
	    ((double)cut_end - (double)urged) / 1e6);
	CHECK("the rotation's slice, then the urged test",
	    n >= 2 && order[0] == 0 && order[1] == 3);
	CHECK("the slice was cut, not run to its end",
	    cut_end > 0 && cut_end - urged < 1500000000u);
	CHECK("the cut test's turn comes again", n == 3 && order[2] == 0);
	monitor_stop(m);
	store_free(st);
}

/* Rounds of the rotation from the slice log: a round ends as the last
 * test (5, never urged below) is handed out, and the start of each
 * urged test's first slice after urged_ns (its re-run). */
struct rounds {
	uint64_t start[64], rerun[8];
	size_t n, nrerun;
};

static void
rounds_read(struct monitor *m, const unsigned char *rank, uint64_t urged_ns,
    struct rounds *r)
{
	struct monitor_slice s;
	unsigned char seen[6] = { 0 };
	uint64_t cursor = 0;

	memset(r, 0, sizeof *r);
	while (queue_slices(m, &cursor, &s, 1) == 1) {
		if (s.test == 5 && r->n < 64)
			r->start[r->n++] = s.start_ns;
		if (s.test < 6 && rank[s.test] && !seen[s.test] &&
		    s.start_ns >= urged_ns && r->nrerun < 8) {
			seen[s.test] = 1;
			r->rerun[r->nrerun++] = s.start_ns;
		}
	}
}

/* Whether round k (start[k] to start[k + 1]) held a re-run. */
static int
round_had_rerun(const struct rounds *r, size_t k)
{
	for (size_t j = 0; j < r->nrerun; j++)
		if (r->rerun[j] >= r->start[k] && r->rerun[j] < r->start[k + 1])
			return 1;
	return 0;
}

/*
 * The cycle the header names is the steady one: a round that waited for
 * tests run again after a change is longer (165-199 s against 50 s with
 * every test on after many changes) and is not it. Three tests urged;
 * once the round that ran them has ended, the cycle is the last round
 * without them, not that one. Fails when the cycle is the last round.
 */
static void
test_cycle_steady(void)
{
	unsigned char rank[6] = { 0, 1, 2, 3, 0, 0 };
	struct cycles_info info;
	struct queue_pass p;
	struct rounds r;
	struct store *st;
	struct monitor *m = start_six(&st, &info);
	uint64_t urged;
	size_t k = 0;

	CHECK("six tests start", m != NULL);
	if (m == NULL)
		return;
	monitor_set_paused(m, 0);
	for (int w = 0; w < 10000 && (queue_pass(m, &p), isnan(p.cycle_s));
	     w += 5)
		sleep_ms(5);
	urged = cycles_now_ns();
	queue_urge(m, rank);
	/* Until the round that held the re-runs has ended. */
	for (int w = 0; w < 10000; w += 2, sleep_ms(2)) {
		rounds_read(m, rank, urged, &r);
		if (r.nrerun == 3 && r.n >= 2 && r.start[r.n - 1] > r.rerun[2])
			break;
	}
	monitor_set_paused(m, 1);
	sleep_ms(50);
	rounds_read(m, rank, urged, &r);
	queue_pass(m, &p);
	/* The newest whole round without a re-run. */
	for (k = r.n >= 2 ? r.n - 2 : 0; k > 0 && round_had_rerun(&r, k); k--)
		;
	printf("  cycle %.1f ms; rounds %zu, the last %s re-runs\n",
	    p.cycle_s * 1e3, r.n,
	    round_had_rerun(&r, r.n - 2) ? "with" : "without");
	CHECK("the last round held the re-runs",
	    r.n >= 3 && round_had_rerun(&r, r.n - 2));
	CHECK("the cycle is the last round without them",
	    r.n >= 3 && !round_had_rerun(&r, k) &&
	        fabs(p.cycle_s * 1e9 - (double)(r.start[k + 1] - r.start[k])) <
	            1e6);
	monitor_stop(m);
	store_free(st);
}

/*
 * The child registry is full at THREADS_MAX_CHILDREN and says so, rather
 * than forget a child. Our own pid stands in (nothing here kills).
 */
static void
test_child_registry(void)
{
	int added = 0;

	for (int i = 0; i < THREADS_MAX_CHILDREN; i++)
		added += threads_child_add((int)getpid()) == 0;
	CHECK("the registry takes THREADS_MAX_CHILDREN children",
	    added == THREADS_MAX_CHILDREN);
	CHECK("one more is refused, not dropped",
	    threads_child_add((int)getpid()) == -1);
	threads_child_remove((int)getpid());
	CHECK("room again once they are reaped",
	    threads_child_add((int)getpid()) == 0);
	threads_child_remove((int)getpid());
}

int
main(void)
{
	test_figures();
	test_live();
	test_slices_over_workers();
	test_urgent_order();
	test_sentinel_turns();
	test_sentinel_rests();
	test_urge_cuts_rotation();
	test_cycle_steady();
	test_child_registry();
	return check_summary("test-monitor");
}
