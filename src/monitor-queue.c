/*
 * monitor-queue.c: which test a live worker may take (the choosing; the
 * running is monitor.c's, the screen's borrowing monitor-borrow.c's).
 *
 * Claims (monitor-claims.c): a slice holds its test's claim, the CPUs of every
 * party and the shared resources it loads, in its worker's `claim` under
 * `lock`. A worker takes a test only when its claim overlaps nothing held
 * (other slices', and the CPU the screen has borrowed). When the test at
 * the cursor (the oldest waiting) cannot start, the worker may take a
 * later one that leaves alone everything the waiting test needs besides
 * its own worker's CPU, so the waiting test is never starved; else it
 * waits on `claim_cv`, which every release signals. Each finished slice
 * goes into `log` (a ring) with its start, end and claim: the --watch
 * records that prove no two overlapping slices shared anything.
 */

#include "config.h"

#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <string.h>

#include "monitor-priv.h"
#include "monitor-queue.h"

/* Everything held now: the running slices' claims, the screen's CPU. */
void
queue_held_now(const struct monitor *m, struct claim *u)
{
	*u = m->screen;
	for (int k = 0; k < m->cfg.workers; k++)
		claims_add(u, &m->w[k].claim);
}

/*
 * What test i needs besides the CPU of the worker that will run it, over
 * every worker: a test taken ahead of it must leave this alone.
 */
static void
needs_beyond_worker(const struct monitor *m, size_t i, enum bench_placement p,
    struct claim *out)
{
	struct claim c;

	claims_clear(out);
	for (int k = 0; k < m->cfg.workers; k++) {
		claims_of(store_test(m->store, i), m->w[k].cpu, p, &c);
		if (m->w[k].cpu >= 0)
			CPU_CLR(m->w[k].cpu, &c.cpus);
		claims_add(out, &c);
	}
}

/* Whether test i may be chosen at all now. */
static int
candidate(const struct monitor *m, size_t i)
{
	return !m->busy[i] && store_enabled(m->store, i) &&
	    (!m->focused || m->focus[i]);
}

/* The oldest waiting test: the first candidate from the cursor. */
static size_t
oldest_waiting(const struct monitor *m, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (candidate(m, (m->cursor + k) % n))
			return (m->cursor + k) % n;
	return SIZE_MAX;
}

/* The urgent candidate of the lowest rank (the first of equals), or
 * SIZE_MAX. */
static size_t
most_urgent(const struct monitor *m, size_t n)
{
	size_t best = SIZE_MAX;

	for (size_t i = 0; i < n; i++)
		if (m->urgent[i] && candidate(m, i) &&
		    (best == SIZE_MAX || m->urgent[i] < m->urgent[best]))
			best = i;
	return best;
}

/* Under m->lock: whether an enabled test of the groups `kinds` is
 * urgent: its kind runs again now. */
static int
kind_rerunning(const struct monitor *m, unsigned kinds)
{
	size_t n = store_count(m->store);

	for (size_t i = 0; i < n && kinds != 0; i++)
		if (m->urgent[i] && store_enabled(m->store, i) &&
		    (kinds >> (unsigned)store_test(m->store, i)->group) & 1u)
			return 1;
	return 0;
}

/*
 * Under m->lock: the sentinel whose turn is due now, or SIZE_MAX. Its
 * turn passes when it cannot run (off, busy, out of focus) and while its
 * kind runs again: the re-run's slices tell what the turn would, and
 * with tracing switched on, three turns of 0.2 to 0.9 s came between
 * the system-call rows' first slices (bench/tuner.sh).
 */
static size_t
sentinel_due(struct monitor *m, uint64_t now)
{
	size_t k;

	if (m->nsentinels == 0 || now < m->sentinel_due_ns)
		return SIZE_MAX;
	m->sentinel_due_ns = now + m->sentinel_every_ns;
	k = m->sentinel_next++ % m->nsentinels;
	return candidate(m, m->sentinels[k]) &&
	        !kind_rerunning(m, m->sentinel_kinds[k])
	    ? m->sentinels[k]
	    : SIZE_MAX;
}

/*
 * The test due first: a sentinel's turn, else the most urgent test, else
 * the oldest waiting one. *ahead: it runs ahead of the rotation (the
 * cursor stays).
 */
static size_t
first_due(struct monitor *m, int *ahead, int *sentinel)
{
	size_t n = store_count(m->store), i;

	*sentinel = (i = sentinel_due(m, cycles_now_ns())) != SIZE_MAX;
	if (i == SIZE_MAX)
		i = most_urgent(m, n);
	*ahead = i != SIZE_MAX;
	return i != SIZE_MAX ? i : oldest_waiting(m, n);
}

/*
 * A test to take ahead of the waiting one: free now, and leaving alone
 * what the waiting one needs (`spare`). Such tests take turns, from
 * `ahead` on. SIZE_MAX if none; else its claim is in *c.
 */
static size_t
take_ahead(const struct monitor *m, const struct worker *w, size_t first,
    enum bench_placement p, const struct claim *held, struct claim *c)
{
	size_t n = store_count(m->store);
	struct claim spare;

	needs_beyond_worker(m, first, p, &spare);
	for (size_t k = 0; k < n; k++) {
		size_t i = (m->ahead + k) % n;

		if (i == first || !candidate(m, i))
			continue;
		claims_of(store_test(m->store, i), w->cpu, p, c);
		if (!claims_overlap(c, &spare) && !claims_overlap(c, held))
			return i;
	}
	return SIZE_MAX;
}

/* Under m->lock: a round of the cursor ends; it was the cycle unless
 * tests ran ahead of it for a change. */
static void
round_end(struct monitor *m)
{
	uint64_t now = cycles_now_ns();

	if (m->round_start_ns > 0 && !m->round_rerun)
		m->cycle_ns = now - m->round_start_ns;
	m->round_start_ns = now;
	m->round_rerun = 0;
}

/* Under m->lock: test i is w's, with claim c; move the cursors on (not
 * for a test run ahead of the rotation: `urgent`). */
static void
hand_out(struct monitor *m, struct worker *w, size_t i, size_t first,
    int urgent, enum bench_placement p, const struct claim *c)
{
	size_t n = store_count(m->store);

	m->busy[i] = 1;
	w->first = !m->seen[i] && m->cfg.first_ns > 0;
	if (!urgent && i == first && (i < m->cursor || i + 1 == n))
		round_end(m);
	if (urgent && i == first)
		; /* the rotation resumes where it was */
	else if (i == first)
		m->cursor = (i + 1) % n;
	else
		m->ahead = (i + 1) % n;
	w->claim = *c;
	w->slice = (struct monitor_slice){ .test = i,
		.worker = w->index,
		.start_ns = cycles_now_ns(),
		.placement = p,
		.claim = *c };
}

size_t
queue_claim_next(struct monitor *m, struct worker *w, enum bench_placement p,
    int *blocked)
{
	size_t first, found = SIZE_MAX;
	struct claim held, c;
	int urgent = 0, sentinel = 0;

	(void)pthread_mutex_lock(&m->lock);
	queue_held_now(m, &held);
	first = first_due(m, &urgent, &sentinel);
	m->round_rerun |= urgent && !sentinel;
	if (first != SIZE_MAX) {
		claims_of(store_test(m->store, first), w->cpu, p, &c);
		found = !claims_overlap(&c, &held)
		    ? first
		    : take_ahead(m, w, first, p, &held, &c);
	}
	if (found != SIZE_MAX)
		hand_out(m, w, found, first, urgent, p, &c);
	w->sentinel = sentinel && found == first;
	w->urgent = urgent && !sentinel && found == first;
	w->rotating =
	    found != SIZE_MAX && !w->first && !w->sentinel && !w->urgent;
	(void)atomic_fetch_and(&w->stop, ~MONITOR_STOP_CUT);
	*blocked = first != SIZE_MAX && found == SIZE_MAX;
	(void)pthread_mutex_unlock(&m->lock);
	return found;
}

void
queue_log_slice(struct monitor *m, const struct monitor_slice *s)
{
	struct monitor_slice *e = &m->log[m->logged++ % MONITOR_SLICE_LOG];

	*e = *s;
	e->end_ns = cycles_now_ns();
}

void
queue_give_back(struct monitor *m, struct worker *w, size_t i)
{
	(void)pthread_mutex_lock(&m->lock);
	queue_log_slice(m, &w->slice);
	if (w->result.status != BENCH_STOPPED)
		m->seen[i] = 1;
	/* Cut for a change: its turn comes again as the rotation resumes. */
	else if ((atomic_load(&w->stop) & MONITOR_STOP_CUT) &&
	    m->cursor == (i + 1) % store_count(m->store))
		m->cursor = i;
	w->rotating = 0;
	/* A full slice begun after the urge: the test has told its news. */
	if (m->urgent[i] && w->result.status != BENCH_STOPPED &&
	    w->slice.start_ns >= m->urged_ns[i] && !w->sentinel)
		m->urgent[i] = 0;
	claims_clear(&w->claim);
	m->busy[i] = 0;
	(void)pthread_cond_broadcast(&m->claim_cv);
	(void)pthread_mutex_unlock(&m->lock);
}

void
queue_set_focus(struct monitor *m, const unsigned char *only)
{
	(void)pthread_mutex_lock(&m->lock);
	m->focused = only != NULL;
	/* A focused round is not the cycle: time the next whole one. */
	m->round_start_ns = m->cycle_ns = 0;
	if (only != NULL)
		memcpy(m->focus, only, store_count(m->store));
	(void)pthread_cond_broadcast(&m->claim_cv);
	(void)pthread_mutex_unlock(&m->lock);
}

/*
 * Under m->lock: end the rotation's slices now, at their next sample
 * boundary (an urgent test waits for no slice of 0.5 s to end: with
 * tracing switched on, one began after it and ran 0.5 s before the
 * first system-call row's). A cut slice publishes nothing, and its test
 * has its turn again as the rotation resumes. First looks and the
 * sentinels' turns are short, and urgent slices are a change's own.
 */
static void
cut_rotation(struct monitor *m)
{
	for (int k = 0; k < m->cfg.workers; k++) {
		struct worker *w = &m->w[k];

		if (w->rotating)
			(void)atomic_fetch_or(&w->stop, MONITOR_STOP_CUT);
	}
}

void
queue_urge(struct monitor *m, const unsigned char *rank)
{
	size_t n = store_count(m->store);
	uint64_t now = cycles_now_ns();

	(void)pthread_mutex_lock(&m->lock);
	for (size_t i = 0; i < n; i++) {
		if (rank[i] == 0)
			continue;
		if (m->urgent[i] == 0 || rank[i] < m->urgent[i])
			m->urgent[i] = rank[i];
		m->urged_ns[i] = now;
	}
	cut_rotation(m);
	(void)pthread_cond_broadcast(&m->claim_cv);
	(void)pthread_mutex_unlock(&m->lock);
}

size_t
queue_urgent_left(struct monitor *m)
{
	size_t n = store_count(m->store), left = 0;

	(void)pthread_mutex_lock(&m->lock);
	for (size_t i = 0; i < n; i++)
		left += m->urgent[i] != 0 && store_enabled(m->store, i);
	(void)pthread_mutex_unlock(&m->lock);
	return left;
}

void
queue_set_sentinels(struct monitor *m, const size_t *tests,
    const unsigned *kinds, size_t n, uint64_t every_ns, uint64_t slice_ns)
{
	(void)pthread_mutex_lock(&m->lock);
	m->nsentinels = n < MONITOR_MAX_SENTINELS ? n : MONITOR_MAX_SENTINELS;
	for (size_t k = 0; k < m->nsentinels; k++) {
		m->sentinels[k] = tests[k];
		m->sentinel_kinds[k] = kinds != NULL ? kinds[k] : 0;
	}
	m->sentinel_every_ns = every_ns;
	m->sentinel_slice_ns = slice_ns;
	m->sentinel_due_ns = cycles_now_ns() + every_ns;
	(void)pthread_mutex_unlock(&m->lock);
}

void
queue_pass(struct monitor *m, struct queue_pass *out)
{
	size_t n = store_count(m->store);

	out->done = out->enabled = 0;
	(void)pthread_mutex_lock(&m->lock);
	for (size_t i = 0; i < n; i++)
		if (store_enabled(m->store, i)) {
			out->enabled++;
			out->done += m->seen[i];
		}
	out->cycle_s = m->cycle_ns > 0 ? (double)m->cycle_ns / 1e9 : NAN;
	(void)pthread_mutex_unlock(&m->lock);
}

size_t
queue_slices(struct monitor *m, uint64_t *cursor, struct monitor_slice *out,
    size_t max)
{
	size_t k = 0;

	(void)pthread_mutex_lock(&m->lock);
	if (m->logged - *cursor > MONITOR_SLICE_LOG) /* overwritten: lost */
		*cursor = m->logged - MONITOR_SLICE_LOG;
	for (; k < max && *cursor < m->logged; k++, ++*cursor)
		out[k] = m->log[*cursor % MONITOR_SLICE_LOG];
	(void)pthread_mutex_unlock(&m->lock);
	return k;
}
