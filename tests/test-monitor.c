/*
 * test-monitor.c: the live monitor's self accounting: slices counted,
 * the scheduler's time a small part of the workers', naps left out.
 * Bounds are loose on purpose: a loaded CI machine stretches everything.
 */

#include "config.h"

#include <math.h>
#include <time.h>
#include <unistd.h>

#include "base-cycles.h"
#include "base-threads.h"
#include "bench-registry.h"
#include "check.h"
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

/*
 * The child registry is full at SCHED_MAX_CHILDREN and says so, rather
 * than forget a child. Our own pid stands in (nothing here kills).
 */
static void
test_child_registry(void)
{
	int added = 0;

	for (int i = 0; i < SCHED_MAX_CHILDREN; i++)
		added += sched_child_add((int)getpid()) == 0;
	CHECK("the registry takes SCHED_MAX_CHILDREN children",
	    added == SCHED_MAX_CHILDREN);
	CHECK("one more is refused, not dropped",
	    sched_child_add((int)getpid()) == -1);
	sched_child_remove((int)getpid());
	CHECK("room again once they are reaped",
	    sched_child_add((int)getpid()) == 0);
	sched_child_remove((int)getpid());
}

int
main(void)
{
	test_figures();
	test_live();
	test_child_registry();
	return check_summary("test-monitor");
}
