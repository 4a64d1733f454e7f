/*
 * bench-net-ns.h: a private network namespace for one worker thread, so that
 * the loopback tests leave no socket behind on the host.
 *
 * A network namespace is a per-thread attribute on Linux: unshare() in a
 * worker moves that thread alone, the partner processes it forks inherit
 * the new namespace, and the rest of benchtop stays where it was. When
 * the last socket and process of a namespace are gone, the kernel
 * destroys it with every connection still waiting in TIME_WAIT.
 *
 *   setup:     netns_enter(&ns) before the first socket (1: private);
 *   teardown:  after the partners are stopped, netns_leave(&ns).
 */

#ifndef BENCHTOP_NETNS_H
#define BENCHTOP_NETNS_H

struct netns {
	int home;    /* the thread's own namespace while away, else -1 */
	int private; /* 1 while the thread is in a namespace of its own */
};

/* Nowhere yet: what netns_leave copes with. */
void netns_init(struct netns *);

/*
 * Move the calling thread into a new network namespace with its loopback
 * interface up. Returns 1 if it did; 0 if the kernel or the thread's
 * privileges do not allow it (without CAP_SYS_ADMIN; a user namespace
 * would need a single-threaded process), and the thread is where it was.
 */
int netns_enter(struct netns *);

/* Back to the thread's own namespace; a no-op unless netns_enter did. */
void netns_leave(struct netns *);

#endif
