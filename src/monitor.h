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
 *
 * What runs beside the workers borrows from them: monitor-borrow.h; which
 * test a worker takes next, and the log of slices: monitor-queue.h.
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
/* Read the self counters; any thread, never blocks the workers. */
void monitor_self(const struct monitor *m, struct monitor_self *out);
/* Scheduler time in % of worker time, NAN before any time. */
double monitor_self_pct(const struct monitor_self *s);
/* Scheduler time per slice in ns, NAN before any slice. */
double monitor_self_slice_ns(const struct monitor_self *s);
/* Stop every slice at its next sample boundary, join, free. */
void monitor_stop(struct monitor *m);

#endif
