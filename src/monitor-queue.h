/*
 * monitor-queue.h: which test a live monitor's worker takes next (the
 * rotation, focus, urgent re-runs, sentinels) and the log of finished
 * slices.
 */

#ifndef BENCHTOP_MONITOR_QUEUE_H
#define BENCHTOP_MONITOR_QUEUE_H

#include <stddef.h>
#include <stdint.h>

#include "bench.h"
#include "monitor.h"

/*
 * Finished slices and screen passes from *cursor on (0 at first), up to
 * max; advances *cursor. Entries the ring overwrote are skipped.
 */
size_t queue_slices(struct monitor *m, uint64_t *cursor,
    struct monitor_slice *out, size_t max);
/*
 * The first pass: how many enabled tests have had a slice; once all have,
 * the time of the last full round of the cursor with no test run ahead
 * of it for a change (queue_urge; NAN before one): the steady cycle.
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
 * kind. kinds[k] (NULL: none) is the groups sentinel k stands for (bit
 * 1 << BENCH_GROUP_*): its turn passes while a test of them is urgent,
 * for that re-run measures its kind already. n = 0 ends them.
 */
#define MONITOR_MAX_SENTINELS 8
#define MONITOR_URGENT_MIN_NS 200000000ull
void queue_set_sentinels(struct monitor *m, const size_t *tests,
    const unsigned *kinds, size_t n, uint64_t every_ns, uint64_t slice_ns);

/* For the monitor's own files (monitor-priv.h's structs). */
struct claim;
struct worker;

/*
 * Take the oldest waiting test if its claim is free, else a later one
 * that can start without delaying it. SIZE_MAX if none; then *blocked
 * says whether some test waits for a claim.
 */
size_t queue_claim_next(struct monitor *m, struct worker *w,
    enum bench_placement p, int *blocked);
/* Slice of test i done: log it, give its claim and the test back. */
void queue_give_back(struct monitor *m, struct worker *w, size_t i);
/* Under m->lock: everything held now (the running slices' claims, the
 * screen's CPU), into *u. */
void queue_held_now(const struct monitor *m, struct claim *u);
/* Under m->lock: one more finished slice (or screen pass), ending now. */
void queue_log_slice(struct monitor *m, const struct monitor_slice *s);

#endif
