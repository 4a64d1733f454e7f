/*
 * monitor-store.h: the live monitor's record of every test: its sample rings
 * and the state its last slice left (status, reason, calibration, placement).
 * Workers write, the UI and reports read snapshots; nobody blocks a
 * measurement.
 *
 * API sketch:
 *   s = store_new(tests, n, epoch_ns);
 *   store_push(s, i, &sample);            worker, after each sample
 *   store_publish(s, i, &meta);           worker, at slice end
 *   store_snapshot(s, i, &view, buf, max) UI, each frame
 *   store_set_enabled(s, i, on)           UI (t key); workers read it
 */

#ifndef BENCHTOP_STORE_H
#define BENCHTOP_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "bench.h"
#include "measure-harness.h"
#include "monitor-claims.h"
#include "monitor-ring.h"

/* Full-resolution slots per test: 4096 x 24 bytes, touched as filled. */
#define STORE_FINE_SLOTS 4096
/* Coarse history: one entry per bucket, an hour of 10 s buckets. */
#define STORE_COARSE_SLOTS 512
#define STORE_BUCKET_MS    10000u
/*
 * The recent samples a live figure summarises: the screen's row
 * (VIEW_WINDOW) and /metrics take this many, so that both say the same.
 */
#define STORE_WINDOW 64

/* What a worker publishes about a test when a slice ends. */
struct store_meta {
	enum bench_status status;
	char reason[BENCH_REASON_MAX];
	enum bench_placement placement;
	int cpu, partner_cpu;
	uint64_t n_per_sample;
	double overhead_ns; /* subtracted per op */
	uint64_t slices;    /* slices run so far */
	uint32_t last_ms;   /* end of the last slice, store time */
	struct claim claim; /* what the last slice occupied */
	int first_pass;     /* it was the short first slice: a first look */
};

/* A copy of one test's state, owned by the reader. */
struct store_view {
	const struct bench_test *test;
	int enabled;
	struct store_meta meta;
	size_t n;           /* entries copied into the caller's buffer */
	uint64_t first_seq; /* sequence of the first copied entry */
	uint64_t total;     /* samples ever pushed */
};

struct store;

struct store *store_new(const struct bench_test *const *tests, size_t n,
    uint64_t epoch_ns);
void store_free(struct store *s);
size_t store_count(const struct store *s);
const struct bench_test *store_test(const struct store *s, size_t i);

/* The store's epoch, on cycles_now_ns()'s clock. */
uint64_t store_epoch_ns(const struct store *s);

/* Milliseconds since the store's epoch for a harness time in ns. */
uint32_t store_ms(const struct store *s, uint64_t t_ns);

/* Worker side. One writer per test at a time (the scheduler's promise). */
void store_push(struct store *s, size_t i, const struct sample *smp);
void store_publish(struct store *s, size_t i, const struct store_meta *m);
/* Forget every sample (c key); the next push starts a fresh history. */
void store_clear(struct store *s, size_t i);

/* Both sides. */
int store_enabled(const struct store *s, size_t i);
void store_set_enabled(struct store *s, size_t i, int on);

/*
 * Reader side: copy test i's meta and up to `max` recent samples (fine,
 * or coarse buckets when `coarse`) into `v` and `buf`.
 */
void store_snapshot(struct store *s, size_t i, struct store_view *v,
    struct ring_entry *buf, size_t max, int coarse);

/*
 * A first look's samples (SAMPLE_F_FIRST_LOOK) stand for a row only
 * until a full slice's are there: once e[0..n) holds one sample that is
 * not a first look, the first looks are set aside (e compacted, order
 * kept). Returns how many entries stay. What the screen, the exporters
 * and /metrics summarise; --log keeps every sample, marked.
 */
size_t store_drop_first_looks(struct ring_entry *e, size_t n);

#endif
