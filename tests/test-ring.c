/*
 * test-ring.c: the sample ring: order, wrap-around, and a writer racing a
 * reader for half a second, where every entry copied must be exactly the
 * one its sequence number says (no torn or overwritten entry slips out).
 */

#include "config.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "base-cycles.h"
#include "check.h"
#include "monitor-ring.h"

static struct ring_entry
entry_of(uint64_t seq)
{
	struct ring_entry e = { 0 };

	e.t_ms = (uint32_t)seq;
	e.cpu = (int16_t)(seq % 7) - 1;
	e.flags = (uint16_t)(seq % 3);
	e.ns_per_op = (double)seq;
	e.cycles_per_op = (double)seq * 2.5;
	return e;
}

static int
entry_is(const struct ring_entry *e, uint64_t seq)
{
	struct ring_entry want = entry_of(seq);

	return e->t_ms == want.t_ms && e->cpu == want.cpu &&
	    e->flags == want.flags && e->ns_per_op == want.ns_per_op &&
	    e->cycles_per_op == want.cycles_per_op;
}

/* 10 slots are rounded up to 16: after a wrap the newest 15 can be
 * read (the writer may be storing over the 16th). */
static void
test_rounding(void)
{
	struct ring *r = ring_new(10);
	struct ring_entry out[64];
	uint64_t first = 0;

	for (uint64_t i = 0; r != NULL && i < 40; i++) {
		struct ring_entry e = entry_of(i);

		ring_push(r, &e);
	}
	CHECK("rounded up to a power of two",
	    r != NULL && ring_copy_tail(r, out, 64, &first) == 15 &&
	        first == 25);
	ring_free(r);
}

static void
test_basics(void)
{
	struct ring *r = ring_new(10);
	struct ring_entry out[64];
	uint64_t first = 99;
	size_t k;

	CHECK("ring allocated", r != NULL);
	CHECK("empty copy", ring_copy_tail(r, out, 8, &first) == 0);
	for (uint64_t i = 0; i < 5; i++) {
		struct ring_entry e = entry_of(i);

		ring_push(r, &e);
	}
	k = ring_copy_tail(r, out, 3, &first);
	CHECK("copies the 3 most recent", k == 3 && first == 2);
	CHECK("oldest first", entry_is(&out[0], 2) && entry_is(&out[2], 4));
	CHECK("negative cpu survives packing", out[0].cpu == entry_of(2).cpu);
	for (uint64_t i = 5; i < 40; i++) {
		struct ring_entry e = entry_of(i);

		ring_push(r, &e);
	}
	k = ring_copy_tail(r, out, 64, &first);
	/* 16 slots; the writer is idle, so the full 16 are valid... minus
	 * the slot the next push would overwrite, which the reader cannot
	 * tell from one being written. */
	CHECK("wrapped: at most a ring's worth", k == 15 && first == 25);
	CHECK("wrapped content",
	    entry_is(&out[0], 25) && entry_is(&out[k - 1], 39));
	CHECK("count", ring_count(r) == 40);
	ring_free(r);
}

static atomic_int writer_done;

static void *
writer(void *arg)
{
	struct ring *r = arg;
	uint64_t t_end = cycles_now_ns() + 500000000u;

	for (uint64_t seq = 0; cycles_now_ns() < t_end; seq++) {
		struct ring_entry e = entry_of(seq);

		ring_push(r, &e);
	}
	atomic_store(&writer_done, 1);
	return NULL;
}

/* Read while the writer laps the ring again and again. */
static void
test_race(void)
{
	struct ring *r = ring_new(64);
	struct ring_entry out[64];
	uint64_t first, last_first = 0, copies = 0, bad = 0, backwards = 0;
	pthread_t t;

	CHECK("thread", pthread_create(&t, NULL, writer, r) == 0);
	while (!atomic_load(&writer_done)) {
		size_t k = ring_copy_tail(r, out, 64, &first);

		for (size_t i = 0; i < k; i++)
			bad += !entry_is(&out[i], first + i);
		backwards += k > 0 && first < last_first;
		if (k > 0)
			last_first = first;
		copies++;
	}
	pthread_join(t, NULL);
	printf("     %llu copies while the writer pushed %llu entries\n",
	    (unsigned long long)copies, (unsigned long long)ring_count(r));
	CHECK("many copies raced the writer", copies > 100);
	CHECK("no torn or overwritten entry copied", bad == 0);
	CHECK("sequence numbers only grow", backwards == 0);
	ring_free(r);
}

int
main(void)
{
	test_basics();
	test_rounding();
	test_race();
	return check_summary("test-ring");
}
