/*
 * monitor-ring.c: the sample ring.
 *
 * DESIGN
 *
 * Who: exactly one writer at a time (the worker running the test; the
 * scheduler never gives one test to two workers) and any number of
 * readers (the UI thread, a report).
 *
 * Writer: store the entry into slot `head % slots`, then publish with a
 * release store of head + 1. Readers: acquire-load head, copy the slots
 * they want, then acquire-fence and load head again (h2); entries older
 * than h2 + 1 - slots may have been overwritten mid-copy (the writer may
 * already be storing entry h2 over entry h2 - slots) and are dropped. This is a
 * seqlock over the whole ring, with the head as the sequence: the writer never
 * waits, a reader retries nothing.
 *
 * Memory orders: the slot words are themselves relaxed atomics, so a copy
 * racing with an overwrite is not a data race in C11 terms (and TSan stays
 * quiet); the release/acquire pair on head orders the slot contents of
 * published entries before their publication. The second head load after
 * an acquire fence is what detects the overwrite.
 *
 * Each slot is three 64-bit words: (t_ms, cpu, flags) packed, ns/op and
 * cycles/op as double bit patterns.
 */

#include "config.h"

#include "monitor-ring.h"

#include <stdatomic.h>
#include <string.h>
#include <sys/mman.h>

struct ring_slot {
	_Atomic uint64_t meta; /* t_ms | cpu << 32 | flags << 48 */
	_Atomic uint64_t ns;   /* double bits */
	_Atomic uint64_t cyc;  /* double bits */
};

struct ring {
	_Atomic uint64_t head; /* entries ever pushed */
	size_t mask;           /* slots - 1 */
	size_t bytes;          /* of the mapping */
	struct ring_slot slot[];
};

static uint64_t
bits_of(double d)
{
	uint64_t u;

	memcpy(&u, &d, sizeof u);
	return u;
}

static double
double_of(uint64_t u)
{
	double d;

	memcpy(&d, &u, sizeof d);
	return d;
}

struct ring *
ring_new(size_t slots)
{
	size_t n = 1, bytes;
	struct ring *r;

	while (n < slots)
		n <<= 1;
	bytes = sizeof *r + n * sizeof r->slot[0];
	/*
	 * Anonymous zero pages, populated now: the whole history is resident
	 * from the start (about 8.6 MiB for 80 tests), so resident memory
	 * stays flat however long benchtop runs, and any growth is a leak
	 * (lazily touched rings grew RSS by 2.2 MiB over a 30-minute soak).
	 */
	r = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	if (r == MAP_FAILED)
		return NULL;
	atomic_init(&r->head, 0);
	r->mask = n - 1;
	r->bytes = bytes;
	return r;
}

void
ring_free(struct ring *r)
{
	if (r != NULL)
		(void)munmap(r, r->bytes);
}

void
ring_push(struct ring *r, const struct ring_entry *e)
{
	uint64_t h = atomic_load_explicit(&r->head, memory_order_relaxed);
	struct ring_slot *s = &r->slot[h & r->mask];
	uint64_t meta = (uint64_t)e->t_ms | (uint64_t)(uint16_t)e->cpu << 32 |
	    (uint64_t)e->flags << 48;

	atomic_store_explicit(&s->meta, meta, memory_order_relaxed);
	atomic_store_explicit(&s->ns, bits_of(e->ns_per_op),
	    memory_order_relaxed);
	atomic_store_explicit(&s->cyc, bits_of(e->cycles_per_op),
	    memory_order_relaxed);
	atomic_store_explicit(&r->head, h + 1, memory_order_release);
}

uint64_t
ring_count(const struct ring *r)
{
	return atomic_load_explicit(&r->head, memory_order_acquire);
}

static void
read_slot(const struct ring_slot *s, struct ring_entry *e)
{
	uint64_t meta = atomic_load_explicit(&s->meta, memory_order_relaxed);

	e->t_ms = (uint32_t)meta;
	e->cpu = (int16_t)(uint16_t)(meta >> 32);
	e->flags = (uint16_t)(meta >> 48);
	e->ns_per_op =
	    double_of(atomic_load_explicit(&s->ns, memory_order_relaxed));
	e->cycles_per_op =
	    double_of(atomic_load_explicit(&s->cyc, memory_order_relaxed));
}

size_t
ring_copy_tail(const struct ring *r, struct ring_entry *out, size_t max,
    uint64_t *first_seq)
{
	uint64_t h1, h2, from, valid_from, slots = r->mask + 1;
	size_t skip;

	h1 = atomic_load_explicit(&r->head, memory_order_acquire);
	if (max > slots)
		max = slots;
	from = h1 > max ? h1 - max : 0;
	for (uint64_t i = from; i < h1; i++)
		read_slot(&r->slot[i & r->mask], &out[i - from]);
	atomic_thread_fence(memory_order_acquire);
	h2 = atomic_load_explicit(&r->head, memory_order_relaxed);
	/* The writer may be storing entry h2 already, over h2 - slots. */
	valid_from = h2 + 1 > slots ? h2 + 1 - slots : 0;
	skip = valid_from > from ? (size_t)(valid_from - from) : 0;
	if (skip >= h1 - from)
		skip = (size_t)(h1 - from);
	memmove(out, out + skip, (size_t)(h1 - from - skip) * sizeof *out);
	if (first_seq != NULL)
		*first_seq = from + skip;
	return (size_t)(h1 - from - skip);
}
