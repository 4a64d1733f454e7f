/*
 * monitor-borrow.c: what the screen and the exporter take from the live
 * workers while they draw: a CPU nothing claims, or the workers
 * themselves, parked at a sample boundary.
 *
 * Quiet UI (borrow_hold/borrow_release): the UI sets `hold`; every
 * worker parks at its next sample boundary (after pushing the sample, or
 * between slices) on `park_cv`, counted in `parked` under `park_lock`,
 * so that the UI draws while nothing is measured. The wait is outside
 * any timed interval. Release, quit and stop wake them.
 *
 * The screen and the exporter (borrow_screen_begin/end) borrow a CPU
 * nothing claims, as a claim of their own (`screen`, which the
 * choosing counts as held);
 * when every CPU is claimed they park the workers as the quiet screen
 * does, and when some worker does not get to a sample boundary in time
 * they draw anyway and the sample it was measuring is flagged noisy
 * (SAMPLE_F_SCREEN): `disturb_active` counts passes under way,
 * `disturb_gen` counts them begun.
 */

#include "config.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>

#include "base-threads.h"
#include "bench.h"
#include "monitor-borrow.h"
#include "monitor-priv.h"
#include "monitor-queue.h"

/* A sample boundary: wait here while the quiet UI draws. */
void
borrow_park_if_held(struct monitor *m)
{
	if (!atomic_load(&m->hold))
		return;
	(void)pthread_mutex_lock(&m->park_lock);
	m->parked++;
	(void)pthread_cond_broadcast(&m->park_cv);
	while (atomic_load(&m->hold) && !atomic_load(&m->quit))
		(void)pthread_cond_wait(&m->park_cv, &m->park_lock);
	m->parked--;
	(void)pthread_mutex_unlock(&m->park_lock);
}

int
borrow_hold(struct monitor *m, long timeout_ms)
{
	struct timespec until = threads_deadline_in(timeout_ms);
	int all, rc = 0;

	atomic_store(&m->hold, 1);
	(void)pthread_mutex_lock(&m->park_lock);
	while ((all = m->parked >= m->cfg.workers) == 0 && rc == 0)
		rc = pthread_cond_timedwait(&m->park_cv, &m->park_lock, &until);
	(void)pthread_mutex_unlock(&m->park_lock);
	return all;
}

void
borrow_release(struct monitor *m)
{
	(void)pthread_mutex_lock(&m->park_lock);
	atomic_store(&m->hold, 0);
	(void)pthread_cond_broadcast(&m->park_cv);
	(void)pthread_mutex_unlock(&m->park_lock);
}

/* Under m->lock: an allowed CPU nothing claims, borrowed; or -1. */
static int
borrow_free_cpu(struct monitor *m)
{
	cpu_set_t allowed;
	struct claim held;

	if (bench_process_cpus(&allowed) != 0)
		return -1;
	queue_held_now(m, &held);
	for (int c = 0; c < CPU_SETSIZE; c++)
		if (CPU_ISSET(c, &allowed) && !CPU_ISSET(c, &held.cpus)) {
			CPU_SET(c, &m->screen.cpus);
			return c;
		}
	return -1;
}

/* Give the borrowed CPU back, logged as the screen's pass. */
static void
return_cpu(struct monitor *m, int cpu, uint64_t since_ns)
{
	struct monitor_slice s = { .test = SIZE_MAX,
		.worker = -1,
		.start_ns = since_ns,
		.placement = BENCH_PLACE_SINGLE };

	claims_clear(&s.claim);
	CPU_SET(cpu, &s.claim.cpus);
	(void)pthread_mutex_lock(&m->lock);
	CPU_CLR(cpu, &m->screen.cpus);
	queue_log_slice(m, &s);
	(void)pthread_cond_broadcast(&m->claim_cv);
	(void)pthread_mutex_unlock(&m->lock);
}

/*
 * The calling thread, whatever affinity it had, may run on any allowed
 * CPU (pid 0 of sched_getaffinity is the calling thread: a borrowed CPU
 * narrowed it), so the next pass can find a free one.
 */
static void
widen_self(void)
{
	cpu_set_t all;

	if (bench_process_cpus(&all) == 0)
		(void)sched_setaffinity(0, sizeof all, &all);
}

int
borrow_screen_try(struct monitor *m)
{
	int cpu;

	widen_self();
	(void)pthread_mutex_lock(&m->lock);
	cpu = borrow_free_cpu(m);
	m->screen_since_ns = cycles_now_ns();
	(void)pthread_mutex_unlock(&m->lock);
	if (cpu >= 0 && bench_pin_self(cpu) == 0)
		return cpu;
	if (cpu >= 0)
		return_cpu(m, cpu, m->screen_since_ns);
	return MONITOR_SCREEN_NONE;
}

int
borrow_screen_begin(struct monitor *m, int hold_only, long wait_ms)
{
	int cpu;

	if (!hold_only && (cpu = borrow_screen_try(m)) >= 0)
		return cpu;
	if (borrow_hold(m, wait_ms))
		return MONITOR_SCREEN_HELD;
	atomic_fetch_add(&m->disturb_active, 1);
	atomic_fetch_add(&m->disturb_gen, 1);
	return MONITOR_SCREEN_DISTURBS;
}

void
borrow_screen_end(struct monitor *m, int pass)
{
	if (pass >= 0) {
		return_cpu(m, pass, m->screen_since_ns);
		return;
	}
	if (pass == MONITOR_SCREEN_DISTURBS)
		atomic_fetch_sub(&m->disturb_active, 1);
	borrow_release(m);
}
