/*
 * monitor-store.c: per-test runtime records for the live monitor.
 *
 * DESIGN
 *
 * Samples go through the rings (monitor-ring.c: one writer, wait-free, readers
 * never block it). The rest of a test's state changes once per slice, so
 * it sits behind a per-test mutex that is taken only to copy a struct in
 * or out: never during a measurement, never while calling out. `enabled`
 * is a relaxed atomic: the UI flips it, workers read it when choosing
 * their next slice; a stale read costs at most one slice.
 *
 * The coarse history (10 s buckets) is built by the writer: the bucket
 * accumulators below are touched by the test's current worker only
 * (slices of one test never overlap), and a finished bucket is pushed
 * into the coarse ring as its mean. A first look's samples (the first
 * pass) stay in the fine ring only, where readers set them aside once a
 * full slice's samples are there (store_drop_first_looks).
 *
 * Clearing (c key) cannot reset a ring under a running writer, so a clear
 * bumps `clear_gen`; the writer swaps in a fresh ring at its next push
 * and the reader hides entries older than the clear meanwhile.
 */

#include "config.h"

#include "monitor-store.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

struct store_test {
	const struct bench_test *test;
	struct ring *fine;
	struct ring *coarse;
	pthread_mutex_t lock; /* guards meta and cleared_at */
	struct store_meta meta;
	uint64_t cleared_at[2]; /* fine/coarse sequence at the last clear */
	atomic_int enabled;
	atomic_uint clear_gen; /* bumped by store_clear */
	/* Writer-only: the bucket being filled. */
	uint32_t bucket_ms;
	double bucket_ns, bucket_cyc;
	uint32_t bucket_n;
	unsigned seen_gen;
};

struct store {
	size_t n;
	uint64_t epoch_ns;
	struct store_test t[];
};

struct store *
store_new(const struct bench_test *const *tests, size_t n, uint64_t epoch_ns)
{
	struct store *s = calloc(1, sizeof *s + n * sizeof s->t[0]);

	if (s == NULL)
		return NULL;
	s->n = n;
	s->epoch_ns = epoch_ns;
	for (size_t i = 0; i < n; i++) {
		struct store_test *st = &s->t[i];

		st->test = tests[i];
		st->fine = ring_new(STORE_FINE_SLOTS);
		st->coarse = ring_new(STORE_COARSE_SLOTS);
		(void)pthread_mutex_init(&st->lock, NULL);
		atomic_init(&st->enabled, 1);
		st->meta.cpu = st->meta.partner_cpu = -1;
		if (st->fine == NULL || st->coarse == NULL) {
			s->n = i + 1;
			store_free(s);
			return NULL;
		}
	}
	return s;
}

void
store_free(struct store *s)
{
	if (s == NULL)
		return;
	for (size_t i = 0; i < s->n; i++) {
		ring_free(s->t[i].fine);
		ring_free(s->t[i].coarse);
		(void)pthread_mutex_destroy(&s->t[i].lock);
	}
	free(s);
}

size_t
store_count(const struct store *s)
{
	return s->n;
}

const struct bench_test *
store_test(const struct store *s, size_t i)
{
	return s->t[i].test;
}

uint64_t
store_epoch_ns(const struct store *s)
{
	return s->epoch_ns;
}

uint32_t
store_ms(const struct store *s, uint64_t t_ns)
{
	return t_ns > s->epoch_ns ? (uint32_t)((t_ns - s->epoch_ns) / 1000000u)
	                          : 0;
}

/*
 * Close the current bucket into the coarse ring when `ms` leaves it. The
 * history is the full slices': a first look's samples stay out of it.
 */
static void
bucket_add(struct store_test *st, const struct ring_entry *e)
{
	uint32_t start = e->t_ms - e->t_ms % STORE_BUCKET_MS;

	if (e->flags & SAMPLE_F_FIRST_LOOK)
		return;

	if (st->bucket_n > 0 && start != st->bucket_ms) {
		struct ring_entry c = {
			.t_ms = st->bucket_ms,
			.cpu = e->cpu,
			.ns_per_op = st->bucket_ns / st->bucket_n,
			.cycles_per_op = st->bucket_cyc / st->bucket_n,
		};

		ring_push(st->coarse, &c);
		st->bucket_n = 0;
		st->bucket_ns = st->bucket_cyc = 0;
	}
	st->bucket_ms = start;
	st->bucket_ns += e->ns_per_op;
	st->bucket_cyc += e->cycles_per_op;
	st->bucket_n++;
}

/* The writer notices a clear: remember where history restarts. */
static void
writer_sync_clear(struct store_test *st)
{
	unsigned gen =
	    atomic_load_explicit(&st->clear_gen, memory_order_acquire);

	if (gen == st->seen_gen)
		return;
	st->seen_gen = gen;
	st->bucket_n = 0;
	st->bucket_ns = st->bucket_cyc = 0;
}

void
store_push(struct store *s, size_t i, const struct sample *smp)
{
	struct store_test *st = &s->t[i];
	struct ring_entry e = {
		.t_ms = store_ms(s, smp->t_ns),
		.cpu = (int16_t)smp->cpu,
		.flags = (uint16_t)smp->flags,
		.ns_per_op = smp->ns_per_op,
		.cycles_per_op = smp->cycles_per_op,
	};

	writer_sync_clear(st);
	ring_push(st->fine, &e);
	bucket_add(st, &e);
}

void
store_publish(struct store *s, size_t i, const struct store_meta *m)
{
	struct store_test *st = &s->t[i];

	(void)pthread_mutex_lock(&st->lock);
	st->meta = *m;
	(void)pthread_mutex_unlock(&st->lock);
}

void
store_clear(struct store *s, size_t i)
{
	struct store_test *st = &s->t[i];

	(void)pthread_mutex_lock(&st->lock);
	st->cleared_at[0] = ring_count(st->fine);
	st->cleared_at[1] = ring_count(st->coarse);
	(void)pthread_mutex_unlock(&st->lock);
	atomic_fetch_add_explicit(&st->clear_gen, 1, memory_order_release);
}

int
store_enabled(const struct store *s, size_t i)
{
	return atomic_load_explicit(&s->t[i].enabled, memory_order_relaxed);
}

void
store_set_enabled(struct store *s, size_t i, int on)
{
	atomic_store_explicit(&s->t[i].enabled, on != 0, memory_order_relaxed);
}

void
store_snapshot(struct store *s, size_t i, struct store_view *v,
    struct ring_entry *buf, size_t max, int coarse)
{
	struct store_test *st = &s->t[i];
	uint64_t cleared;
	size_t skip;

	v->test = st->test;
	v->enabled = store_enabled(s, i);
	(void)pthread_mutex_lock(&st->lock);
	v->meta = st->meta;
	cleared = st->cleared_at[coarse != 0];
	(void)pthread_mutex_unlock(&st->lock);
	v->n = ring_copy_tail(coarse ? st->coarse : st->fine, buf, max,
	    &v->first_seq);
	v->total = ring_count(coarse ? st->coarse : st->fine);
	/* Hide what the user cleared. */
	skip = cleared > v->first_seq ? (size_t)(cleared - v->first_seq) : 0;
	if (skip > v->n)
		skip = v->n;
	memmove(buf, buf + skip, (v->n - skip) * sizeof *buf);
	v->n -= skip;
	v->first_seq += skip;
}

size_t
store_drop_first_looks(struct ring_entry *e, size_t n)
{
	size_t kept = 0, full = 0;

	for (size_t k = 0; k < n; k++)
		full += !(e[k].flags & SAMPLE_F_FIRST_LOOK);
	if (full == 0 || full == n)
		return n;
	for (size_t k = 0; k < n; k++)
		if (!(e[k].flags & SAMPLE_F_FIRST_LOOK))
			e[kept++] = e[k];
	return kept;
}
