/*
 * bench-lock.c: what a simple lock costs, in cycles (FreeBSD thread "4.7
 * vs 5.2.1 SMP/UP bridging performance", Gerrit Nagelhout, Bruce Evans
 * and Andrew Gallatin on freebsd-current, May 2004).
 *
 * Bruce Evans timed a lock/unlock pair built from atomic_cmpset_int and
 * atomic_store_rel_int: 6 cycles on an Athlon XP 2600 without the lock
 * prefix (the UP kernel's cmpxchg) and 37 with it (SMP). Andrew Gallatin
 * saw 212 cycles on a 2.53 GHz Pentium 4 when the release was the xchg of
 * the "pessimized" atomic_store_rel_int, and 18 with a plain store. The
 * rows rebuild those pairs from the same instructions, then add a default
 * pthread mutex and a lock word bounced between two CPUs, the two mutex
 * cases of the thread.
 *
 * DESIGN
 *
 * The lock word is the measured resource. Its inline asm (x86) and its
 * C11 atomics (elsewhere) are the operations being timed, not
 * coordination, which is why they may live outside monitor-ring.c,
 * monitor-store.c and base-threads.c (the files that otherwise own every atomic
 * and lock). asm volatile with the word as a memory operand and a "memory"
 * clobber keeps every pair in the loop: the compiler can neither merge two
 * pairs nor hoist one out. The word sits alone in a 64-byte line of ctx->state.
 *
 * bsd.lock_pingpong adds a partner thread (bench-partner.c) pinned to
 * another CPU. The word then says whose turn it is: PP_WORKER or
 * PP_PARTNER, or LOCK_HELD while one side holds it. Each side spins with
 * pause until the turn is its own, takes the word with lock cmpxchg and
 * releases it to the other side with a plain store: one handoff. run(n)
 * counts the worker's handoffs and the partner's it waits for, so it does
 * exactly n handoffs and a round trip is 2; `worker_turn` carries the
 * parity from one run to the next and only the worker touches it.
 *
 * The partner ends when teardown sets `stop`. It reads `stop` on every
 * spin, and it only ever waits in that spin, so it cannot be left stuck.
 * `stop` is the one coordinating atomic here; it has its own line so the
 * worker's traffic on the word never evicts it.
 *
 * Define BENCH_LOCK_PORTABLE to build the C11 fallback on x86 as well
 * (to run it under ThreadSanitizer, which does not see inline asm).
 */

#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bench-partner.h"
#include "bench.h"

#if (defined(__x86_64__) || defined(__i386__)) && !defined(BENCH_LOCK_PORTABLE)
#define LOCK_X86 1
#else
#define LOCK_X86 0
#endif

#define LOCK_LINE_BYTES 64 /* a cache line on every x86 since the P4 */

/* Values of the lock word. */
#define LOCK_FREE  0u /* the single-thread rows: nobody holds it */
#define LOCK_HELD  1u /* taken, by either side */
#define PP_WORKER  0u /* ping-pong: free, and the worker's turn */
#define PP_PARTNER 2u /* ping-pong: free, and the partner's turn */

/* The measured lock word. */
struct lock_word {
#if LOCK_X86
	unsigned int v; /* touched only by the asm below */
#else
	atomic_uint v; /* measured atomics, not coordination */
#endif
};

/* One test instance; each group of fields owns its cache line. */
struct lock_state {
	_Alignas(LOCK_LINE_BYTES) struct lock_word word;
	_Alignas(LOCK_LINE_BYTES) atomic_int stop; /* teardown -> partner */
	_Alignas(LOCK_LINE_BYTES) pthread_mutex_t mutex; /* bsd.mutex */
	int worker_turn; /* ping-pong: 1 if the worker passes next */
	struct bench_partner_thread partner;
};

static int lock_setup(struct bench_ctx *);
static void lock_teardown(struct bench_ctx *);
static int lock_up_run(struct bench_ctx *, uint64_t);
static int lock_smp_run(struct bench_ctx *, uint64_t);
static int lock_xchg_run(struct bench_ctx *, uint64_t);
static int lock_mutex_run(struct bench_ctx *, uint64_t);
static int lock_pingpong_setup(struct bench_ctx *);
static int lock_pingpong_run(struct bench_ctx *, uint64_t);
static void lock_pingpong_teardown(struct bench_ctx *);

/* ---- The measured operations ------------------------------------------ */

/* Tell the CPU we are spinning (x86 pause); nothing elsewhere. */
static inline void
lock_pause(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#endif
}

#if LOCK_X86
#define LOCK_DEF_UP                                                            \
	"one lock/unlock pair: cmpxchg without lock prefix takes the word "    \
	"(UP atomic_cmpset_int), a plain mov releases it"
#define LOCK_DEF_SMP                                                           \
	"one lock/unlock pair: lock cmpxchg takes the word (SMP "              \
	"atomic_cmpset_int), a plain mov releases it"
#define LOCK_DEF_XCHG                                                          \
	"one lock/unlock pair: lock cmpxchg takes the word, xchg "             \
	"(implicitly locked: the pessimized atomic_store_rel_int) "            \
	"releases it"
#define LOCK_DEF_PINGPONG                                                      \
	"one handoff of a lock word between threads on two CPUs: lock "        \
	"cmpxchg takes it on its turn, a plain mov passes it on; a round "     \
	"trip is 2"

static inline void
lock_word_init(struct lock_word *w, unsigned int val)
{
	w->v = val;
}

/* cmpxchg with no lock prefix, as the UP kernel's atomic_cmpset_int. */
static inline int
lock_cas_up(struct lock_word *w, unsigned int old, unsigned int want)
{
	unsigned char ok;

	__asm__ __volatile__("cmpxchgl %3, %1\n\tsete %0"
	                     : "=q"(ok), "+m"(w->v), "+a"(old)
	                     : "r"(want)
	                     : "memory", "cc");
	return ok;
}

/* lock cmpxchg, as the SMP kernel's atomic_cmpset_int. */
static inline int
lock_cas_smp(struct lock_word *w, unsigned int old, unsigned int want)
{
	unsigned char ok;

	__asm__ __volatile__("lock cmpxchgl %3, %1\n\tsete %0"
	                     : "=q"(ok), "+m"(w->v), "+a"(old)
	                     : "r"(want)
	                     : "memory", "cc");
	return ok;
}

/* A plain mov: every x86 store is a release, so UP and SMP share it. */
static inline void
lock_store_rel(struct lock_word *w, unsigned int val)
{
	__asm__ __volatile__("movl %1, %0" : "=m"(w->v) : "r"(val) : "memory");
}

static inline void
lock_store_up(struct lock_word *w, unsigned int val)
{
	lock_store_rel(w, val);
}

/* xchg with memory locks the bus whether or not it says "lock". */
static inline void
lock_xchg_rel(struct lock_word *w, unsigned int val)
{
	__asm__ __volatile__("xchgl %1, %0"
	                     : "+m"(w->v), "+r"(val)
	                     :
	                     : "memory");
}

/* A plain mov load: x86 loads are acquires. */
static inline unsigned int
lock_load(struct lock_word *w)
{
	unsigned int val;

	__asm__ __volatile__("movl %1, %0" : "=r"(val) : "m"(w->v) : "memory");
	return val;
}
#else
#define LOCK_DEF_UP                                                            \
	"one lock/unlock pair: relaxed C11 compare-exchange takes the "        \
	"word, a relaxed store releases it (no lock prefix exists on "         \
	"this CPU)"
#define LOCK_DEF_SMP                                                           \
	"one lock/unlock pair: acquire C11 compare-exchange takes the "        \
	"word, a release store releases it (no lock prefix exists on "         \
	"this CPU)"
#define LOCK_DEF_XCHG                                                          \
	"one lock/unlock pair: acquire C11 compare-exchange takes the "        \
	"word, a release exchange releases it (no implicitly locked "          \
	"xchg on this CPU)"
#define LOCK_DEF_PINGPONG                                                      \
	"one handoff of a lock word between threads on two CPUs: "             \
	"acquire compare-exchange takes it on its turn, a release store "      \
	"passes it on; a round trip is 2"

static inline void
lock_word_init(struct lock_word *w, unsigned int val)
{
	atomic_init(&w->v, val);
}

/* With no lock prefix to drop, "UP" can only mean no ordering at all. */
static inline int
lock_cas_up(struct lock_word *w, unsigned int old, unsigned int want)
{
	return atomic_compare_exchange_strong_explicit(&w->v, &old, want,
	    memory_order_relaxed, memory_order_relaxed);
}

static inline int
lock_cas_smp(struct lock_word *w, unsigned int old, unsigned int want)
{
	return atomic_compare_exchange_strong_explicit(&w->v, &old, want,
	    memory_order_acquire, memory_order_relaxed);
}

static inline void
lock_store_rel(struct lock_word *w, unsigned int val)
{
	atomic_store_explicit(&w->v, val, memory_order_release);
}

static inline void
lock_store_up(struct lock_word *w, unsigned int val)
{
	atomic_store_explicit(&w->v, val, memory_order_relaxed);
}

static inline void
lock_xchg_rel(struct lock_word *w, unsigned int val)
{
	(void)atomic_exchange_explicit(&w->v, val, memory_order_release);
}

static inline unsigned int
lock_load(struct lock_word *w)
{
	return atomic_load_explicit(&w->v, memory_order_acquire);
}
#endif

/* Take the word when it reads `old`; uncontended, the first try wins. */
static inline void
lock_take_up(struct lock_word *w, unsigned int old)
{
	while (!lock_cas_up(w, old, LOCK_HELD))
		lock_pause();
}

static inline void
lock_take_smp(struct lock_word *w, unsigned int old)
{
	while (!lock_cas_smp(w, old, LOCK_HELD))
		lock_pause();
}

/* ---- The single-thread rows ------------------------------------------- */

/* Allocate the state; the word and the mutex each own a cache line. */
static int
lock_setup(struct bench_ctx *ctx)
{
	struct lock_state *st;
	int err;

	/* calloc cannot promise the 64-byte alignment; sizeof is a multiple. */
	st = aligned_alloc(LOCK_LINE_BYTES, sizeof(*st));
	if (st == NULL)
		return bench_fail(ctx, "aligned_alloc", errno);
	memset(st, 0, sizeof(*st));
	lock_word_init(&st->word, LOCK_FREE);
	atomic_init(&st->stop, 0);
	err = pthread_mutex_init(&st->mutex, NULL);
	if (err != 0) {
		free(st);
		return bench_fail(ctx, "pthread_mutex_init", err);
	}
	ctx->state = st;
	return BENCH_OK;
}

static void
lock_teardown(struct bench_ctx *ctx)
{
	struct lock_state *st = ctx->state;

	if (st == NULL) /* setup failed before allocating */
		return;
	(void)pthread_mutex_destroy(&st->mutex);
	free(st);
	ctx->state = NULL;
}

static int
lock_up_run(struct bench_ctx *ctx, uint64_t n)
{
	struct lock_state *st = ctx->state;

	while (n-- > 0) {
		lock_take_up(&st->word, LOCK_FREE);
		lock_store_up(&st->word, LOCK_FREE);
	}
	return BENCH_OK;
}

static int
lock_smp_run(struct bench_ctx *ctx, uint64_t n)
{
	struct lock_state *st = ctx->state;

	while (n-- > 0) {
		lock_take_smp(&st->word, LOCK_FREE);
		lock_store_rel(&st->word, LOCK_FREE);
	}
	return BENCH_OK;
}

static int
lock_xchg_run(struct bench_ctx *ctx, uint64_t n)
{
	struct lock_state *st = ctx->state;

	while (n-- > 0) {
		lock_take_smp(&st->word, LOCK_FREE);
		lock_xchg_rel(&st->word, LOCK_FREE);
	}
	return BENCH_OK;
}

/*
 * The calls are opaque to the compiler, so nothing needs sinking. glibc
 * skips the atomics while a process has one thread; benchtop always has
 * several, so this is the locked path the seed's SMP numbers measure.
 */
static int
lock_mutex_run(struct bench_ctx *ctx, uint64_t n)
{
	struct lock_state *st = ctx->state;
	int err;

	while (n-- > 0) {
		err = pthread_mutex_lock(&st->mutex);
		if (err != 0)
			return bench_fail(ctx, "pthread_mutex_lock", err);
		err = pthread_mutex_unlock(&st->mutex);
		if (err != 0)
			return bench_fail(ctx, "pthread_mutex_unlock", err);
	}
	return BENCH_OK;
}

/* ---- The ping-pong ---------------------------------------------------- */

/* One handoff by the side whose turn it is: take the word, pass it on. */
static inline void
pp_pass(struct lock_word *w, unsigned int mine, unsigned int theirs)
{
	lock_take_smp(w, mine);
	lock_store_rel(w, theirs);
}

/*
 * Spin until the word is passed back. Plain loads keep the line shared
 * while waiting; a cmpxchg per spin would steal it from its holder.
 */
static inline int
pp_wait(const struct bench_ctx *ctx, struct lock_word *w, unsigned int mine)
{
	unsigned spins = 0;

	while (lock_load(w) != mine) {
		lock_pause();
		/* A partner starved of its CPU makes a handoff last a whole
		 * timeslice: a stop request must not wait for n of them. */
		if ((++spins & 1023u) == 0 && ctx->stop != NULL &&
		    atomic_load_explicit(ctx->stop, memory_order_relaxed))
			return -1;
	}
	return 0;
}

/* The partner's wait: 1 when its turn comes, 0 once stop is set. */
static int
pp_partner_wait(struct lock_state *st)
{
	while (lock_load(&st->word) != PP_PARTNER) {
		if (atomic_load_explicit(&st->stop, memory_order_relaxed))
			return 0;
		lock_pause();
	}
	return 1;
}

/* The partner thread: pass the word back each time it arrives. */
static void *
pp_partner(void *arg)
{
	struct lock_state *st = arg;

	while (pp_partner_wait(st))
		pp_pass(&st->word, PP_PARTNER, PP_WORKER);
	return NULL;
}

/*
 * The partner's CPU: the user's, else another CPU of the process. Both
 * sides spin, so on one CPU each handoff would cost a scheduler tick.
 */
static int
pp_pick_cpu(struct bench_ctx *ctx, int *cpu)
{
	int ncpus = bench_usable_cpus();

	*cpu = -1;
	if (ncpus < 2)
		return bench_reason(ctx, BENCH_UNSUPPORTED,
		    "needs two CPUs, %d available", ncpus);
	*cpu = ctx->partner_cpu;
	if (*cpu < 0 && (*cpu = bench_other_cpu(ctx->cpu)) < 0)
		return bench_fail(ctx, "sched_getaffinity", errno);
	if (*cpu == ctx->cpu)
		return bench_reason(ctx, BENCH_UNSUPPORTED,
		    "needs two CPUs, partner placed on CPU %d too", *cpu);
	return BENCH_OK;
}

static int
lock_pingpong_setup(struct bench_ctx *ctx)
{
	struct lock_state *st;
	int cpu, rc;

	if ((rc = pp_pick_cpu(ctx, &cpu)) != BENCH_OK)
		return rc;
	if ((rc = lock_setup(ctx)) != BENCH_OK)
		return rc;
	st = ctx->state;
	lock_word_init(&st->word, PP_WORKER);
	st->worker_turn = 1;
	rc = bench_partner_thread_start(ctx, &st->partner, pp_partner, st, cpu);
	/* On failure the runner's teardown joins the partner if it started. */
	return rc;
}

/* n handoffs: the worker's passes alternate with waits for the partner's. */
static int
lock_pingpong_run(struct bench_ctx *ctx, uint64_t n)
{
	struct lock_state *st = ctx->state;
	int worker_turn = st->worker_turn;

	while (n-- > 0) {
		if (worker_turn)
			pp_pass(&st->word, PP_WORKER, PP_PARTNER);
		else if (pp_wait(ctx, &st->word, PP_WORKER) != 0) {
			st->worker_turn = 0; /* still waiting for the word */
			return BENCH_STOPPED;
		}
		worker_turn = !worker_turn;
	}
	st->worker_turn = worker_turn;
	return BENCH_OK;
}

static void
lock_pingpong_teardown(struct bench_ctx *ctx)
{
	struct lock_state *st = ctx->state;

	if (st == NULL)
		return;
	atomic_store_explicit(&st->stop, 1, memory_order_relaxed);
	bench_partner_thread_join(&st->partner);
	lock_teardown(ctx);
}

/* ---- The table -------------------------------------------------------- */

static const struct bench_test lock_tests[] = {
	{
	    .id = "bsd.lock_up",
	    .title = "lock, UP cmpxchg",
	    .origin = BENCH_ORIGIN_BSD,
	    .group = BENCH_GROUP_LOCK,
	    .definition = LOCK_DEF_UP,
	    .unit = BENCH_UNIT_CYCLES,
	    .work_per_op = 1,
	    .flags = 0,
	    .setup = lock_setup,
	    .run = lock_up_run,
	    .teardown = lock_teardown,
	},
	{
	    .id = "bsd.lock_smp",
	    .title = "lock, SMP lock cmpxchg",
	    .origin = BENCH_ORIGIN_BSD,
	    .group = BENCH_GROUP_LOCK,
	    .definition = LOCK_DEF_SMP,
	    .unit = BENCH_UNIT_CYCLES,
	    .work_per_op = 1,
	    .flags = 0,
	    .setup = lock_setup,
	    .run = lock_smp_run,
	    .teardown = lock_teardown,
	},
	{
	    .id = "bsd.lock_xchg",
	    .title = "lock, xchg release",
	    .origin = BENCH_ORIGIN_BSD,
	    .group = BENCH_GROUP_LOCK,
	    .definition = LOCK_DEF_XCHG,
	    .unit = BENCH_UNIT_CYCLES,
	    .work_per_op = 1,
	    .flags = 0,
	    .setup = lock_setup,
	    .run = lock_xchg_run,
	    .teardown = lock_teardown,
	},
	{
	    .id = "bsd.mutex",
	    .title = "mutex, uncontended",
	    .origin = BENCH_ORIGIN_BSD,
	    .group = BENCH_GROUP_LOCK,
	    .definition = "one pthread_mutex_lock + pthread_mutex_unlock on "
	                  "an uncontended default mutex",
	    .unit = BENCH_UNIT_CYCLES,
	    .work_per_op = 1,
	    .flags = 0,
	    .setup = lock_setup,
	    .run = lock_mutex_run,
	    .teardown = lock_teardown,
	},
	{
	    .id = "bsd.lock_pingpong",
	    .title = "lock ping-pong, 2 CPUs",
	    .origin = BENCH_ORIGIN_BSD,
	    .group = BENCH_GROUP_LOCK,
	    .definition = LOCK_DEF_PINGPONG,
	    .unit = BENCH_UNIT_CYCLES,
	    .work_per_op = 1,
	    .flags = BENCH_F_PARTNER | BENCH_F_TWO_CPUS,
	    .setup = lock_pingpong_setup,
	    .run = lock_pingpong_run,
	    .teardown = lock_pingpong_teardown,
	},
};

const struct bench_family bench_lock_family = {
	.name = "lock",
	.title = "Locks (FreeBSD SMP/UP thread)",
	.tests = lock_tests,
	.ntests = sizeof(lock_tests) / sizeof(lock_tests[0]),
};
