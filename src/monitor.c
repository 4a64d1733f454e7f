/*
 * monitor.c: worker threads for the live monitor.
 *
 * DESIGN
 *
 * N workers (threads_worker_start: named bt-worker<i>, signals blocked),
 * each pinned to its CPU, each with its own harness and cycle counter.
 * A worker takes the next enabled test nobody else runs (a cursor and a
 * `busy` array under `lock`, held only to choose), runs one slice of it
 * through runner_run with a callback that pushes every sample into the
 * store, publishes the slice's status, and gives the test back. No lock is
 * held during a slice. Which test a worker may take is monitor-queue.c's
 * business; what the screen may use meanwhile, monitor-borrow.c's.
 *
 * `interrupt` (atomic) ends slices at their next sample boundary: set on
 * pause and on quit, in every worker's `stop` too (the runner reads that
 * one); queue_urge cuts a rotation's slice alone the same way, through
 * its worker's `stop`. `paused`, `quit` and `placement` are atomics the
 * UI writes and workers read between slices. A slice that was interrupted
 * or cut keeps the test's previous status (it did not fail).
 *
 * The self row: a worker's time is cut into stretches at each boundary
 * (before and after runner_run, before and after a nap) with one
 * monotonic clock read per boundary. A slice stretch is the test's; a nap
 * (paused, nothing to run) is nobody's; every other stretch (choosing,
 * publishing, giving the test back, waiting for `lock`) is the
 * scheduler's own. Wall time, not thread CPU time: a scheduler preempted
 * or blocked on the lock costs the worker that time all the same, and
 * CLOCK_THREAD_CPUTIME_ID would be a system call where the monotonic
 * clock is a vDSO read.
 *
 * Each worker is the only writer of its three counters, so it adds with
 * a plain load and store (no locked read-modify-write on the path) and
 * the UI and the exporter read them without a lock. Order: `busy_ns` and
 * `slices` are stored relaxed, then `sched_ns` with release; a reader
 * loads `sched_ns` with acquire first, so the busy time and slice count
 * it then reads are at least as new: the overhead it computes never
 * exceeds 100%, and a reader at worst counts one slice the time of which
 * it has not yet seen. No other data is published through them.
 */

#include "config.h"

#include "monitor-borrow.h"
#include "monitor-queue.h"
#include "monitor.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base-threads.h"
#include "bench.h"
#include "measure-harness.h"
#include "measure-runner.h"
#include "monitor-claims.h"
#include "monitor-priv.h"

/*
 * Naps of a worker with nothing to do. Paused: short, so that p resumes
 * within a frame of the screen's 100 ms input loop. Nothing to claim
 * (every enabled test runs elsewhere or is blocked by a claim, or none
 * is enabled): the nap ends early when a claim is given back, so 100 ms
 * only bounds how long a worker sleeps with nothing to wake it.
 */
#define MONITOR_PAUSED_NAP_MS 50
#define MONITOR_IDLE_NAP_MS   100

struct push_arg {
	struct worker *w;
	size_t i;
};

/* A sample begins: note the screen passes so far. */
static void
sample_begins(struct worker *w)
{
	w->seen_active = atomic_load(&w->m->disturb_active) > 0;
	w->seen_gen = atomic_load(&w->m->disturb_gen);
}

/* Whether a screen pass drew, with no CPU of its own, during the sample. */
static int
sample_disturbed(const struct worker *w)
{
	return w->seen_active || atomic_load(&w->m->disturb_active) > 0 ||
	    atomic_load(&w->m->disturb_gen) != w->seen_gen;
}

static void
push_sample(void *arg, const struct sample *s)
{
	struct push_arg *p = arg;
	struct sample copy = *s;

	if (sample_disturbed(p->w))
		copy.flags |= SAMPLE_F_NOISY | SAMPLE_F_SCREEN;
	if (p->w->slice.samples == 0)
		copy.flags |= SAMPLE_F_SLICE_START;
	store_push(p->w->m->store, p->i, &copy);
	p->w->slice.samples++; /* read under m->lock once the slice ends */
	borrow_park_if_held(p->w->m);
	sample_begins(p->w);
}

/* Single writer: a plain load and store, no locked add. */
static void
counter_add(_Atomic uint64_t *c, uint64_t d, memory_order order)
{
	atomic_store_explicit(c,
	    atomic_load_explicit(c, memory_order_relaxed) + d, order);
}

/* End the current stretch of w's time, charging it to `kind`. */
static void
account(struct worker *w, enum stretch kind)
{
	uint64_t now = cycles_now_ns(), d = now - w->mark_ns;

	w->mark_ns = now;
	if (kind == STRETCH_NAP)
		return;
	counter_add(&w->busy_ns, d, memory_order_relaxed);
	if (kind == STRETCH_SLICE)
		counter_add(&w->slices, 1, memory_order_relaxed);
	/* Last and with release: see DESIGN. */
	counter_add(&w->sched_ns, kind == STRETCH_SCHED ? d : 0,
	    memory_order_release);
}

/*
 * A deliberate pause: neither the test's time nor the scheduler's. The
 * worker counts as parked meanwhile (it measures nothing), and does not
 * leave the pause while the screen holds the workers.
 */
static void
nap_ms(struct worker *w, long ms, int for_claim)
{
	struct monitor *m = w->m;
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	account(w, STRETCH_SCHED);
	(void)pthread_mutex_lock(&m->park_lock);
	m->parked++;
	(void)pthread_cond_broadcast(&m->park_cv);
	(void)pthread_mutex_unlock(&m->park_lock);
	if (for_claim) {
		ts = threads_deadline_in(ms);
		(void)pthread_mutex_lock(&m->lock);
		(void)pthread_cond_timedwait(&m->claim_cv, &m->lock, &ts);
		(void)pthread_mutex_unlock(&m->lock);
	} else {
		(void)nanosleep(&ts, NULL);
	}
	(void)pthread_mutex_lock(&m->park_lock);
	while (atomic_load(&m->hold) && !atomic_load(&m->quit))
		(void)pthread_cond_wait(&m->park_cv, &m->park_lock);
	m->parked--;
	(void)pthread_mutex_unlock(&m->park_lock);
	account(w, STRETCH_NAP);
}

/* Publish what the slice learned; an interrupted slice changes nothing. */
static void
publish(struct monitor *m, size_t i, const struct test_result *r,
    const struct claim *claim, int first)
{
	struct store_meta meta = { 0 };

	if (r->status == BENCH_STOPPED)
		return;
	meta.status = r->status;
	(void)snprintf(meta.reason, sizeof meta.reason, "%s", r->reason);
	meta.placement = r->placement;
	meta.cpu = r->cpu;
	meta.partner_cpu = r->partner_cpu;
	meta.n_per_sample = r->n_per_sample;
	meta.overhead_ns = isfinite(r->overhead_ns) ? r->overhead_ns : 0;
	meta.slices = ++m->slices_run[i]; /* test i is ours alone now */
	meta.last_ms = store_ms(m->store, cycles_now_ns());
	meta.claim = *claim;
	meta.first_pass = first;
	store_publish(m->store, i, &meta);
}

/*
 * How long w's slice runs: a first look's, a sentinel's turn, a slice.
 * An urgent slice (a change touched its test) runs half a slice, at
 * least MONITOR_URGENT_MIN_NS: the tests a change touched tell it sooner,
 * and a quarter second holds dozens of samples of any quick test.
 */
static uint64_t
slice_length(const struct worker *w)
{
	uint64_t half = w->m->cfg.slice_ns / 2;

	if (w->first)
		return w->m->cfg.first_ns;
	if (w->sentinel)
		return w->m->sentinel_slice_ns;
	if (w->urgent)
		return half > MONITOR_URGENT_MIN_NS ? half
		    : w->m->cfg.slice_ns < MONITOR_URGENT_MIN_NS
		    ? w->m->cfg.slice_ns
		    : MONITOR_URGENT_MIN_NS;
	return w->m->cfg.slice_ns;
}

/* One slice of test i on worker w, with the placement it was claimed for. */
static void
run_slice(struct worker *w, size_t i, enum bench_placement place)
{
	struct monitor *m = w->m;
	struct push_arg pa = { w, i };
	struct run_config cfg = {
		.duration_ns = slice_length(w),
		.tmpdir = m->cfg.tmpdir,
		.cpu = w->cpu,
		.placement = place,
		.mem_bytes = m->cfg.mem_bytes,
		.stop = &w->stop,
		.n_hint = m->hint_place[i] == place ? m->n_hint[i] : 0,
		.first_look = w->first,
		.on_sample = push_sample,
		.on_sample_arg = &pa,
	};
	struct test_result *r = &w->result;

	account(w, STRETCH_SCHED);
	sample_begins(w);
	(void)runner_run(store_test(m->store, i), &w->harness, &cfg, r);
	account(w, STRETCH_SLICE);
	if (r->status == BENCH_OK) {
		m->n_hint[i] = r->n_per_sample;
		m->hint_place[i] = place;
	}
	publish(m, i, r, &w->claim, w->first);
}

static void
worker_prepare(struct worker *w)
{
	int cpu = runner_thread_pin(w->cpu);

	(void)pthread_mutex_lock(&w->m->lock); /* other workers read it */
	w->cpu = cpu;
	(void)pthread_mutex_unlock(&w->m->lock);
	runner_thread_harness(&w->harness, &w->counter, w->m->cfg.clock,
	    w->m->cfg.sample_ns);
}

static void *
worker_main(void *arg)
{
	struct worker *w = arg;
	struct monitor *m = w->m;
	enum bench_placement place;
	size_t i;
	int blocked;

	worker_prepare(w);
	w->mark_ns = cycles_now_ns();
	while (!atomic_load(&m->quit)) {
		borrow_park_if_held(m);
		if (atomic_load(&m->paused)) {
			nap_ms(w, MONITOR_PAUSED_NAP_MS, 0);
			continue;
		}
		place = atomic_load(&m->placement);
		if ((i = queue_claim_next(m, w, place, &blocked)) == SIZE_MAX) {
			nap_ms(w, MONITOR_IDLE_NAP_MS, blocked);
			continue;
		}
		run_slice(w, i, place);
		queue_give_back(m, w, i);
	}
	cycles_counter_close(&w->counter);
	return NULL;
}

static void
monitor_free(struct monitor *m)
{
	(void)pthread_mutex_destroy(&m->lock);
	(void)pthread_cond_destroy(&m->claim_cv);
	(void)pthread_mutex_destroy(&m->park_lock);
	(void)pthread_cond_destroy(&m->park_cv);
	free(m->busy);
	free(m->slices_run);
	free(m->n_hint);
	free(m->hint_place);
	free(m->log);
	free(m->seen);
	free(m->focus);
	free(m->urgent);
	free(m->urged_ns);
	free(m);
}

static struct monitor *
monitor_alloc(struct store *store, const struct monitor_config *cfg)
{
	size_t n = store_count(store);
	struct monitor *m =
	    calloc(1, sizeof *m + (size_t)cfg->workers * sizeof m->w[0]);

	if (m == NULL)
		return NULL;
	m->store = store;
	m->cfg = *cfg;
	m->busy = calloc(n ? n : 1, 1);
	m->slices_run = calloc(n ? n : 1, sizeof *m->slices_run);
	m->n_hint = calloc(n ? n : 1, sizeof *m->n_hint);
	m->hint_place = calloc(n ? n : 1, sizeof *m->hint_place);
	m->log = calloc(MONITOR_SLICE_LOG, sizeof *m->log);
	m->seen = calloc(n ? n : 1, 1);
	m->focus = calloc(n ? n : 1, 1);
	m->urgent = calloc(n ? n : 1, 1);
	m->urged_ns = calloc(n ? n : 1, sizeof *m->urged_ns);
	claims_clear(&m->screen);
	(void)pthread_mutex_init(&m->lock, NULL);
	(void)pthread_cond_init(&m->claim_cv, NULL);
	(void)pthread_mutex_init(&m->park_lock, NULL);
	(void)pthread_cond_init(&m->park_cv, NULL);
	atomic_init(&m->placement, cfg->placement);
	if (m->busy == NULL || m->slices_run == NULL || m->n_hint == NULL ||
	    m->hint_place == NULL || m->log == NULL || m->seen == NULL ||
	    m->focus == NULL || m->urgent == NULL || m->urged_ns == NULL) {
		monitor_free(m);
		return NULL;
	}
	return m;
}

struct monitor *
monitor_start(struct store *store, const struct monitor_config *cfg, char *err,
    size_t errsize)
{
	struct monitor *m = monitor_alloc(store, cfg);

	if (m == NULL) {
		(void)snprintf(err, errsize, "out of memory");
		return NULL;
	}
	for (int k = 0; k < cfg->workers; k++) {
		struct worker *w = &m->w[k];

		w->m = m;
		w->index = k;
		w->cpu = cfg->cpus[k];
		w->counter.fd = -1;
		claims_clear(&w->claim);
		if (threads_worker_start(&w->thread, k, worker_main, w, err,
		        errsize) != 0) {
			monitor_stop(m);
			return NULL;
		}
	}
	return m;
}

/* Set or clear `interrupt`, and every worker's MONITOR_STOP_ALL. */
static void
interrupt_all(struct monitor *m, int on)
{
	atomic_store(&m->interrupt, on != 0);
	for (int k = 0; k < m->cfg.workers; k++)
		if (on)
			(void)atomic_fetch_or(&m->w[k].stop, MONITOR_STOP_ALL);
		else
			(void)atomic_fetch_and(&m->w[k].stop,
			    ~MONITOR_STOP_ALL);
}

void
monitor_set_paused(struct monitor *m, int paused)
{
	atomic_store(&m->paused, paused != 0);
	interrupt_all(m, paused);
}

int
monitor_paused(const struct monitor *m)
{
	return atomic_load(&m->paused);
}

void
monitor_set_placement(struct monitor *m, enum bench_placement p)
{
	atomic_store(&m->placement, p);
}

enum bench_placement
monitor_placement(const struct monitor *m)
{
	return atomic_load(&m->placement);
}

int
monitor_workers(const struct monitor *m)
{
	return m->cfg.workers;
}

int
monitor_worker_cpu(const struct monitor *m, int k)
{
	return k >= 0 && k < m->cfg.workers ? m->cfg.cpus[k] : -1;
}

void
monitor_self(const struct monitor *m, struct monitor_self *out)
{
	memset(out, 0, sizeof *out);
	out->workers = m->cfg.workers;
	for (int k = 0; k < m->cfg.workers; k++) {
		const struct worker *w = &m->w[k];

		/* Acquire first: see DESIGN. */
		out->sched_ns +=
		    atomic_load_explicit(&w->sched_ns, memory_order_acquire);
		out->worker_ns +=
		    atomic_load_explicit(&w->busy_ns, memory_order_relaxed);
		out->slices +=
		    atomic_load_explicit(&w->slices, memory_order_relaxed);
	}
}

double
monitor_self_pct(const struct monitor_self *s)
{
	return s->worker_ns > 0
	    ? (double)s->sched_ns * 100.0 / (double)s->worker_ns
	    : NAN;
}

double
monitor_self_slice_ns(const struct monitor_self *s)
{
	return s->slices > 0 ? (double)s->sched_ns / (double)s->slices : NAN;
}

void
monitor_stop(struct monitor *m)
{
	int abandoned = 0;

	if (m == NULL)
		return;
	atomic_store(&m->quit, 1);
	interrupt_all(m, 1);
	borrow_release(m);
	for (int k = 0; k < m->cfg.workers; k++)
		abandoned |= threads_worker_join_stoppable(&m->w[k].thread,
		                 &m->interrupt, THREADS_STOP_GRACE_MS) != 0;
	if (abandoned) /* a worker may still use m: exit will end it */
		return;
	monitor_free(m);
}
