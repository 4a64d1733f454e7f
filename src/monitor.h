/*
 * monitor.h: the live monitor's engine: worker threads that run the
 * enabled tests in time slices, round robin, and feed the store.
 *
 * API sketch:
 *   m = monitor_start(store, &cfg, err, sizeof err);
 *   monitor_set_paused(m, 1);           p key: no measurement at all
 *   monitor_set_placement(m, SAME);     u key: from the next slice on
 *   monitor_self(m, &self);             the self row: scheduler overhead
 *   monitor_stop(m);                    quit: ends slices, joins, frees
 */

#ifndef BENCHTOP_MONITOR_H
#define BENCHTOP_MONITOR_H

#include <stddef.h>
#include <stdint.h>

#include "base-cycles.h"
#include "bench.h"
#include "monitor-claims.h"
#include "monitor-store.h"

#define MONITOR_MAX_WORKERS 256
/* Finished slices kept for the exporter: minutes of 1 s slices. */
#define MONITOR_SLICE_LOG 4096

struct monitor_config {
	int workers;                   /* -j N */
	int cpus[MONITOR_MAX_WORKERS]; /* worker i's CPU, -1 = not pinned */
	const char *tmpdir;
	uint64_t slice_ns;  /* one test's turn */
	uint64_t first_ns;  /* its first turn (the first pass), 0: slice_ns */
	uint64_t sample_ns; /* target duration of one sample */
	size_t mem_bytes;
	enum bench_placement placement;
	const struct cycles_info *clock; /* measured once, at start */
};

struct monitor;

/*
 * The scheduler's own cost, summed over the workers: the time a worker
 * spends neither in a test's slice (runner_run) nor in a deliberate nap
 * (paused, nothing to run): choosing the next test, publishing, giving
 * it back. Cumulative since start; slices still running are not in yet.
 */
struct monitor_self {
	int workers;
	uint64_t worker_ns; /* wall time the workers were up, naps excluded */
	uint64_t sched_ns;  /* of which the scheduler's own */
	uint64_t slices;    /* slices run (runner_run calls) */
};

/* One finished slice, or one pass of the screen on a borrowed CPU. */
struct monitor_slice {
	size_t test;       /* store index; SIZE_MAX: the screen */
	int worker;        /* -1: the screen */
	uint64_t start_ns; /* cycles_now_ns(): the claim taken... */
	uint64_t end_ns;   /* ...and given back */
	uint64_t samples;  /* pushed into the store */
	enum bench_placement placement; /* the claim's; single: the screen */
	struct claim claim;
};

struct monitor *monitor_start(struct store *store,
    const struct monitor_config *cfg, char *err, size_t errsize);
void monitor_set_paused(struct monitor *m, int paused);
int monitor_paused(const struct monitor *m);
void monitor_set_placement(struct monitor *m, enum bench_placement p);
enum bench_placement monitor_placement(const struct monitor *m);
int monitor_workers(const struct monitor *m);
/* The CPU worker k was given (-1: not pinned). */
int monitor_worker_cpu(const struct monitor *m, int k);
/*
 * Quiet UI: park every worker at its next sample boundary. Returns 1 once
 * all are parked, 0 if some did not get there within timeout_ms (a slow
 * sample, a setup): they stay asked to. borrow_release lets them go;
 * call it after either outcome.
 */
int borrow_hold(struct monitor *m, long timeout_ms);
void borrow_release(struct monitor *m);
/*
 * The screen, the exporter, anything that runs beside the workers, around
 * each pass (a redraw, an export): begin borrows a CPU that no slice
 * claims and moves the calling thread there, so that it measures
 * nothing; with hold_only (the quiet screen), or when every CPU is
 * claimed, it parks the workers at their next sample boundary for up to
 * wait_ms, and a worker still measuring after that has its sample
 * flagged noisy (SAMPLE_F_SCREEN). Returns the pass for borrow_screen_end:
 * the borrowed CPU, MONITOR_SCREEN_HELD or MONITOR_SCREEN_DISTURBS.
 */
#define MONITOR_SCREEN_HELD     (-1)
#define MONITOR_SCREEN_DISTURBS (-2)
int borrow_screen_begin(struct monitor *m, int hold_only, long wait_ms);
void borrow_screen_end(struct monitor *m, int pass);
/*
 * Finished slices and screen passes from *cursor on (0 at first), up to
 * max; advances *cursor. Entries the ring overwrote are skipped.
 */
size_t queue_slices(struct monitor *m, uint64_t *cursor,
    struct monitor_slice *out, size_t max);
/*
 * The first pass: how many enabled tests have had a slice; once all have,
 * the time of the last full round of the cursor (NAN before one).
 */
struct queue_pass {
	size_t done, enabled;
	double cycle_s;
};
void queue_pass(struct monitor *m, struct queue_pass *out);
/*
 * Focus (key f): from the next slice on, run only the tests whose byte
 * in `only` (one per store test) is set, everything else waits; NULL
 * ends the focus. The store's enabled flags are left as they are.
 */
void queue_set_focus(struct monitor *m, const unsigned char *only);
/*
 * Re-run what a change touched, at once: every test i with rank[i] > 0
 * runs ahead of the rotation, lower ranks first, on whichever worker its
 * claim allows, until one slice of it that began after this call has
 * ended; then the rotation resumes where it was. A test already urgent
 * keeps the lower rank and waits for a slice after this call.
 */
void queue_urge(struct monitor *m, const unsigned char *rank);
/* Tests still waiting for their urgent slice. */
size_t queue_urgent_left(struct monitor *m);
/*
 * Sentinels: every every_ns, the next of tests[0..n) (store indexes) is
 * taken ahead of the rotation for one turn of slice_ns, in turn, so that
 * a change nobody announced shows within seconds on the sentinel of its
 * kind. n = 0 ends them.
 */
#define MONITOR_MAX_SENTINELS 8
#define MONITOR_URGENT_MIN_NS 200000000ull
void queue_set_sentinels(struct monitor *m, const size_t *tests, size_t n,
    uint64_t every_ns, uint64_t slice_ns);
/* Read the self counters; any thread, never blocks the workers. */
void monitor_self(const struct monitor *m, struct monitor_self *out);
/* Scheduler time in % of worker time, NAN before any time. */
double monitor_self_pct(const struct monitor_self *s);
/* Scheduler time per slice in ns, NAN before any slice. */
double monitor_self_slice_ns(const struct monitor_self *s);
/* Stop every slice at its next sample boundary, join, free. */
void monitor_stop(struct monitor *m);

#endif
