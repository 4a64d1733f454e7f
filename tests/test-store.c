/*
 * test-store.c: the live store: samples in, snapshots out, clearing,
 * coarse buckets, and a worker publishing while a reader snapshots.
 */

#include "config.h"

#include <pthread.h>
#include <stdatomic.h>

#include "base-cycles.h"
#include "bench-registry.h"
#include "check.h"
#include "monitor-store.h"

#define EPOCH UINT64_C(1000000000)

static struct sample
sample_at(uint64_t ms, double ns)
{
	struct sample s = { 0 };

	s.t_ns = EPOCH + ms * 1000000u;
	s.ns_per_op = ns;
	s.cycles_per_op = ns * 3;
	s.cpu = 1;
	return s;
}

static void
test_basics(void)
{
	const struct bench_test *tests[2] = { registry_at(0), registry_at(1) };
	struct store *s = store_new(tests, 2, EPOCH);
	struct ring_entry buf[64];
	struct store_view v;
	struct store_meta m = { 0 };

	CHECK("store", s != NULL && store_count(s) == 2);
	for (uint64_t k = 0; k < 30; k++) {
		struct sample smp = sample_at(k * 1000, (double)k);

		store_push(s, 0, &smp);
	}
	store_snapshot(s, 0, &v, buf, 64, 0);
	CHECK("30 fine samples", v.n == 30 && v.total == 30);
	CHECK("times in ms since the epoch", buf[29].t_ms == 29000);
	CHECK("values kept", buf[29].ns_per_op == 29 && buf[29].cpu == 1);
	store_snapshot(s, 0, &v, buf, 64, 1);
	/* Buckets of 10 s: [0,10) and [10,20) are closed, [20,30) open. */
	CHECK("two closed coarse buckets", v.n == 2);
	CHECK("bucket mean",
	    v.n == 2 && buf[0].ns_per_op == 4.5 && buf[1].ns_per_op == 14.5 &&
	        buf[1].t_ms == 10000);
	store_snapshot(s, 1, &v, buf, 64, 0);
	CHECK("other test empty", v.n == 0 && v.enabled);
	m.status = BENCH_FAILED;
	(void)snprintf(m.reason, sizeof m.reason, "fork: boom");
	store_publish(s, 1, &m);
	store_set_enabled(s, 1, 0);
	store_snapshot(s, 1, &v, buf, 64, 0);
	CHECK("meta published",
	    v.meta.status == BENCH_FAILED && v.meta.reason[0] == 'f' &&
	        !v.enabled);
	store_clear(s, 0);
	store_snapshot(s, 0, &v, buf, 64, 0);
	CHECK("clear hides history", v.n == 0 && v.total == 30);
	{
		struct sample smp = sample_at(40000, 7);

		store_push(s, 0, &smp);
	}
	store_snapshot(s, 0, &v, buf, 64, 0);
	CHECK("after clear: new samples only",
	    v.n == 1 && buf[0].ns_per_op == 7);
	store_free(s);
}

/*
 * A first look's samples stand for the row until a full slice's are
 * there, then they are set aside; the coarse history never has them.
 */
static void
test_first_looks(void)
{
	const struct bench_test *tests[1] = { registry_at(0) };
	struct store *s = store_new(tests, 1, EPOCH);
	struct ring_entry buf[64];
	struct store_view v;
	size_t n;

	for (uint64_t k = 0; k < 3; k++) {
		struct sample smp = sample_at(k * 1000, 50);

		smp.flags = SAMPLE_F_FIRST_LOOK;
		store_push(s, 0, &smp);
	}
	store_snapshot(s, 0, &v, buf, 64, 0);
	n = store_drop_first_looks(buf, v.n);
	CHECK("first looks alone: all stay", n == 3 && buf[2].ns_per_op == 50);
	for (uint64_t k = 3; k < 25; k++) {
		struct sample smp = sample_at(k * 1000, (double)k);

		store_push(s, 0, &smp);
	}
	store_snapshot(s, 0, &v, buf, 64, 0);
	n = store_drop_first_looks(buf, v.n);
	CHECK("with full samples: the first looks go, order kept",
	    v.n == 25 && n == 22 && buf[0].ns_per_op == 3 &&
	        buf[21].ns_per_op == 24);
	store_snapshot(s, 0, &v, buf, 64, 1);
	/* [0,10) holds first looks 0..2 and full 3..9: its mean is 6. */
	CHECK("coarse history of full samples only",
	    v.n == 2 && buf[0].ns_per_op == 6 && buf[1].ns_per_op == 14.5);
	store_free(s);
}

/*
 * The race proves something only when the two overlap: the worker starts
 * once the reader is in its loop, and goes on past its 200000 samples
 * (to 50 million at most) until the reader has looked 100 times while it
 * wrote. The reader counts a look as such when the worker had pushed
 * before it and had not finished after it.
 */
#define RACE_LOOKS 100
static atomic_int done, reader_ready, looks_mid;

static void *
worker(void *arg)
{
	struct store *s = arg;
	struct store_meta m = { 0 };

	while (!atomic_load(&reader_ready))
		;
	for (uint64_t k = 0; k < 200000 ||
	     (atomic_load(&looks_mid) < RACE_LOOKS && k < 50000000);
	     k++) {
		struct sample smp = sample_at(k, (double)k);

		store_push(s, 0, &smp);
		if (k % 1000 == 0) {
			m.slices = k;
			store_publish(s, 0, &m);
		}
	}
	atomic_store(&done, 1);
	return NULL;
}

/* A reader racing the worker sees growing, consistent histories. */
static void
test_race(void)
{
	const struct bench_test *tests[1] = { registry_at(0) };
	struct store *s = store_new(tests, 1, EPOCH);
	static struct ring_entry buf[STORE_FINE_SLOTS];
	struct store_view v;
	uint64_t last_total = 0, bad = 0;
	pthread_t t;

	CHECK("thread", pthread_create(&t, NULL, worker, s) == 0);
	atomic_store(&reader_ready, 1);
	while (!atomic_load(&done)) {
		store_snapshot(s, 0, &v, buf, STORE_FINE_SLOTS, 0);
		if (v.total > 0 && !atomic_load(&done))
			atomic_fetch_add(&looks_mid, 1);
		bad += v.total < last_total;
		for (size_t i = 0; i < v.n; i++)
			bad += buf[i].ns_per_op != (double)(v.first_seq + i);
		last_total = v.total;
		store_set_enabled(s, 0, (int)(v.total & 1));
	}
	pthread_join(t, NULL);
	printf("  %d looks while the worker wrote\n", atomic_load(&looks_mid));
	CHECK("the reader and the worker overlapped",
	    atomic_load(&looks_mid) >= RACE_LOOKS);
	CHECK("consistent snapshots under a racing worker", bad == 0);
	store_free(s);
}

int
main(void)
{
	test_basics();
	test_first_looks();
	test_race();
	return check_summary("test-store");
}
