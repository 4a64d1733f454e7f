/*
 * monitor-ring.h: a fixed-size ring of samples per test, written by one worker
 * and read by the UI (or a report) without blocking the worker.
 *
 * API sketch:
 *   r = ring_new(RING_SLOTS);            storage mmap'd: RSS grows only
 *                                        as slots are first written
 *   ring_push(r, &entry);                the worker, after each sample
 *   k = ring_copy_tail(r, out, max, &first_seq);   any reader, any time
 *   ring_free(r);
 */

#ifndef BENCHTOP_RING_H
#define BENCHTOP_RING_H

#include <stddef.h>
#include <stdint.h>

/* One sample as the ring keeps it: 24 bytes. */
struct ring_entry {
	uint32_t t_ms;  /* ms since the store's epoch */
	int16_t cpu;    /* CPU of the sample, or -1 */
	uint16_t flags; /* SAMPLE_F_* */
	double ns_per_op;
	double cycles_per_op;
};

struct ring;

/* A ring of `slots` entries (rounded up to a power of two); NULL on ENOMEM. */
struct ring *ring_new(size_t slots);
void ring_free(struct ring *r);

/* The writer (one thread at a time): append one entry. Wait-free. */
void ring_push(struct ring *r, const struct ring_entry *e);

/* Entries pushed since creation (or the last ring_clear). */
uint64_t ring_count(const struct ring *r);

/*
 * Any reader: copy up to `max` of the most recent entries, oldest first,
 * into `out`; entries the writer overwrote during the copy are dropped.
 * Returns the number copied; *first_seq (if not NULL) receives the
 * sequence number (0-based count) of out[0].
 */
size_t ring_copy_tail(const struct ring *r, struct ring_entry *out, size_t max,
    uint64_t *first_seq);

#endif
