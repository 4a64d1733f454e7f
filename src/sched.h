/*
 * sched.h: the worker threads that run the tests. Batch mode runs one
 * worker; the live monitor will run one per CPU it is given.
 *
 * Workers, not the main thread, run tests so that the main thread keeps
 * the signals and the terminal, stays unpinned (its affinity mask is the
 * process's: partners are placed from it), and so that the C library is
 * in its multi-threaded mode from the first test on (glibc takes cheaper
 * paths while a process has one thread, which would skew bsd.mutex).
 */

#ifndef BENCHTOP_SCHED_H
#define BENCHTOP_SCHED_H

#include <pthread.h>
#include <stddef.h>

struct sched_worker {
	pthread_t tid;
	int started;
};

/*
 * Start fn(arg) in worker thread number `index`, named "bt-worker<index>",
 * with every signal blocked. Returns 0, or -1 with a message in err.
 */
int sched_worker_start(struct sched_worker *w, int index, void *(*fn)(void *),
    void *arg, char *err, size_t errsize);

/* Wait for the worker to finish; a no-op if it never started. */
void sched_worker_join(struct sched_worker *w);

#endif
