/*
 * base-threads.c: worker threads. The only pthread_create for workers.
 */

#include "config.h"

#include "base-threads.h"

#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

int
threads_start(struct threads_worker *w, const char *name, void *(*fn)(void *),
    void *arg, char *err, size_t errsize)
{
	sigset_t all, old;
	int rc;

	memset(w, 0, sizeof *w);
	/* The new thread inherits the mask: signals stay with main. */
	sigfillset(&all);
	(void)pthread_sigmask(SIG_SETMASK, &all, &old);
	rc = pthread_create(&w->tid, NULL, fn, arg);
	(void)pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc != 0) {
		(void)snprintf(err, errsize, "pthread_create: %s",
		    strerror(rc));
		return -1;
	}
	w->started = 1;
#ifdef HAVE_PTHREAD_SETNAME_NP
	(void)pthread_setname_np(w->tid, name);
#else
	(void)name;
#endif
	return 0;
}

int
threads_worker_start(struct threads_worker *w, int index, void *(*fn)(void *),
    void *arg, char *err, size_t errsize)
{
	char name[16];

	(void)snprintf(name, sizeof name, "bt-worker%d", index);
	return threads_start(w, name, fn, arg, err, errsize);
}

void
threads_worker_private_files(void)
{
	/*
	 * ThreadSanitizer models descriptors as one process-wide table: with
	 * per-thread tables it sees fd 3 of one worker "race" with fd 3 of
	 * another. Its builds keep the shared table.
	 */
#if defined(CLONE_FILES) && !defined(__SANITIZE_THREAD__)
	(void)unshare(CLONE_FILES);
#endif
}

void
threads_worker_join(struct threads_worker *w)
{
	if (w->started)
		(void)pthread_join(w->tid, NULL);
	w->started = 0;
}

/* ---- The child registry ---- */

/*
 * DESIGN: a small array under a mutex. Writers are the worker threads
 * (add after fork, remove after reaping); the main thread kills on its
 * exit path. Never held across a measurement: add/remove happen in setup
 * and teardown, or around a fork that is itself the measured operation,
 * where a lock would be part of the cost, so fork tests register once per
 * sample, not per fork.
 */
static pthread_mutex_t children_lock = PTHREAD_MUTEX_INITIALIZER;
static int children[THREADS_MAX_CHILDREN];

int
threads_child_add(int pid)
{
	int rc = -1;

	(void)pthread_mutex_lock(&children_lock);
	for (int i = 0; i < THREADS_MAX_CHILDREN; i++) {
		if (children[i] == 0) {
			children[i] = pid;
			rc = 0;
			break;
		}
	}
	(void)pthread_mutex_unlock(&children_lock);
	return rc;
}

void
threads_child_remove(int pid)
{
	(void)pthread_mutex_lock(&children_lock);
	for (int i = 0; i < THREADS_MAX_CHILDREN; i++)
		if (children[i] == pid)
			children[i] = 0;
	(void)pthread_mutex_unlock(&children_lock);
}

void
threads_children_kill(void)
{
	(void)pthread_mutex_lock(&children_lock);
	for (int i = 0; i < THREADS_MAX_CHILDREN; i++)
		if (children[i] > 0)
			(void)kill(children[i], SIGKILL);
	(void)pthread_mutex_unlock(&children_lock);
}

struct timespec
threads_deadline_in(long ms)
{
	struct timespec ts;

	(void)clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_sec += ms / 1000;
	ts.tv_nsec += (ms % 1000) * 1000000L;
	if (ts.tv_nsec >= 1000000000L) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000L;
	}
	return ts;
}

/* How often a stoppable join looks at the stop flag once it is set:
 * short beside the grace a worker gets. */
#define SCHED_JOIN_POLL_MS 50
/*
 * And before: rarely. The join returns as soon as the worker ends, so a
 * stop costs no more than this before the grace starts counting. Every
 * wake-up of the waiting thread lands on the worker's CPU when the
 * process is pinned to one (taskset -c 0) and preempts it: at 50 ms, a
 * 3 s batch run made 63 timed waits, a wake-up in every other 25 ms
 * sample; at 1 s, 5.
 */
#define SCHED_JOIN_IDLE_MS 1000

int
threads_worker_join_stoppable(struct threads_worker *w, const atomic_int *stop,
    int grace_ms)
{
	struct timespec until;
	int waited_ms = 0, killed = 0;

	if (!w->started)
		return 0;
	for (;;) {
		until = threads_deadline_in(atomic_load(stop) != 0
		        ? SCHED_JOIN_POLL_MS
		        : SCHED_JOIN_IDLE_MS);
		if (pthread_timedjoin_np(w->tid, NULL, &until) == 0)
			break;
		if (atomic_load(stop) != 0)
			waited_ms += SCHED_JOIN_POLL_MS;
		if (waited_ms > grace_ms && !killed) {
			threads_children_kill();
			killed = 1;
		}
		/* Blocked on something no kill can wake: let exit end it. */
		if (waited_ms > 3 * grace_ms)
			return -1;
	}
	w->started = 0;
	return 0;
}
