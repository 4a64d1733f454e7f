/*
 * base-threads.h: the worker threads that run the tests. Batch mode runs one
 * worker; the live monitor runs -j N of them, one per CPU it is given.
 *
 * Workers, not the main thread, run tests so that the main thread keeps
 * the signals and the terminal, stays unpinned (its affinity mask is the
 * process's: partners are placed from it), and so that the C library is
 * in its multi-threaded mode from the first test on (glibc takes cheaper
 * paths while a process has one thread, which would skew bsd.mutex).
 */

#ifndef BENCHTOP_BASE_THREADS_H
#define BENCHTOP_BASE_THREADS_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <time.h>

struct threads_worker {
	pthread_t tid;
	int started;
};

/*
 * Start fn(arg) in worker thread number `index`, named "bt-worker<index>",
 * with every signal blocked. Returns 0, or -1 with a message in err.
 */
int threads_worker_start(struct threads_worker *w, int index,
    void *(*fn)(void *), void *arg, char *err, size_t errsize);

/* Start any other thread (the UI's "bt-ui") the same way. */
int threads_start(struct threads_worker *w, const char *name,
    void *(*fn)(void *), void *arg, char *err, size_t errsize);

/*
 * Called first thing in a worker: give the thread its own descriptor
 * table (unshare CLONE_FILES). While threads share one table, the kernel
 * takes a reference on the file at every read() and write() (a shared
 * table can change under the call): null I/O measured 1.2x a
 * single-threaded probe. With its own table a worker measures what a
 * single-threaded lmbench does, and no other thread's descriptors reach
 * its partners. Best effort: on failure the table stays shared.
 */
void threads_worker_private_files(void);

/*
 * The CLOCK_REALTIME time `ms` from now: the deadline that
 * pthread_cond_timedwait and pthread_timedjoin_np take.
 */
struct timespec threads_deadline_in(long ms);

/* Wait for the worker to finish; a no-op if it never started. */
void threads_worker_join(struct threads_worker *w);

/*
 * Wait for the worker; once `*stop` is set, give it `grace_ms` to finish
 * its sample and teardown, then SIGKILL every registered child (a test
 * blocked on a dead or stuck partner then sees EOF) and keep waiting up to
 * twice as long again. Returns 0 when joined, -1 when the worker was
 * abandoned (the process is about to exit; exit ends the thread).
 */
int threads_worker_join_stoppable(struct threads_worker *w,
    const atomic_int *stop, int grace_ms);

/*
 * The grace both batch mode and the monitor give: a sample lasts 25 ms
 * by default and a slow test's setup or teardown (a file of up to 1 GiB
 * to remove, partners to reap) well under a second, so 2 s is never cut
 * short by a working test, and a stuck one costs the user at most 6 s.
 */
#define THREADS_STOP_GRACE_MS 2000

/*
 * The registry of child processes (partners, forked tests). Every child
 * benchtop starts is registered until reaped, so that every exit path can
 * kill what is left. Safe to call from any thread, not from a signal
 * handler.
 */
/*
 * Room for the children of every test at once (a test runs on one worker
 * at a time): the context switch rows need 47 together, the shell rows
 * 15, every other test one or none, under 100 in all. When it is full
 * (a new test with many parties), add returns
 * -1: the caller kills and reaps the child it just made and fails the
 * test ("too many child processes"), as an unregistered child could
 * outlive benchtop.
 */
#define THREADS_MAX_CHILDREN 256

int threads_child_add(int pid);
void threads_child_remove(int pid);
/* SIGKILL every registered child; they stay registered until reaped. */
void threads_children_kill(void);

#endif
