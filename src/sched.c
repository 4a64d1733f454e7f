/*
 * sched.c: worker threads. The only pthread_create for workers.
 */

#include "config.h"

#include "sched.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>

int
sched_worker_start(struct sched_worker *w, int index, void *(*fn)(void *),
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
	{
		char name[16];

		(void)snprintf(name, sizeof name, "bt-worker%d", index);
		(void)pthread_setname_np(w->tid, name);
	}
#else
	(void)index;
#endif
	return 0;
}

void
sched_worker_join(struct sched_worker *w)
{
	if (w->started)
		(void)pthread_join(w->tid, NULL);
	w->started = 0;
}
