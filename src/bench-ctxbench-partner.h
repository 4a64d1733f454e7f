/*
 * bench-ctxbench-partner.h: what the ctxbench rows (bench-ctxbench.c) share
 * with their partner plumbing (bench-ctxbench-partner.c): the state of one
 * instance, its teardown, and how A learns that B is gone. See
 * bench-ctxbench.c's DESIGN for why each wait needs what it needs.
 */

#ifndef BENCHTOP_BENCH_CTXBENCH_PARTNER_H
#define BENCHTOP_BENCH_CTXBENCH_PARTNER_H

#include <signal.h>
#include <stdatomic.h>
#include <sys/sem.h>
#include <sys/types.h>

#include "bench-partner.h"
#include "bench.h"

#define CB_LINE_BYTES  64
#define CB_PING        1u          /* A has signalled: B's turn */
#define CB_PONG        0u          /* B has answered: A's turn */
#define CB_SPIN_CHECK  (1ul << 16) /* spins between liveness checks */
#define CB_YIELD_CHECK (1ul << 8)  /* yields between liveness checks */
#define CB_MSG_PING    1L          /* message type A -> B */
#define CB_MSG_PONG    2L          /* message type B -> A */
#define CB_REAP_TRIES  200         /* 1 ms apart: an exiting partner */
#define CB_ORPHAN_SIG  SIGUSR2     /* B's parent-death signal (SysV rows) */

/* The spin rows' shared page. */
struct cb_shared {
	_Alignas(CB_LINE_BYTES) atomic_uint flag; /* CB_PING or CB_PONG */
	_Alignas(CB_LINE_BYTES) atomic_int stop;  /* teardown -> B */
};

struct cb_msg {
	long mtype;
	unsigned int loop; /* A's loop number, echoed by B */
};

/* Linux leaves this union to the caller of semctl. */
union cb_semun {
	int val;
	struct semid_ds *buf;
	unsigned short *array;
};

/* One test instance. -1 marks a closed descriptor or a missing object. */
struct cb_state {
	int to_peer, from_peer; /* pipes: A's ends */
	int peer_in, peer_out;  /* pipes: B's ends, closed in A */
	int msqid, semid;
	int removed;       /* the watcher removed msqid or semid */
	unsigned int loop; /* msgq: the next loop number */
	pid_t tgid, tid;   /* A's process and thread */
	pid_t watch_pid;   /* B, as the watcher waits for it */
	sigset_t usr1;     /* { SIGUSR1 } */
	sigset_t old_mask; /* A's mask before setup */
	int mask_saved;    /* old_mask is to be restored */
	struct cb_shared *shm;
	struct bench_partner_proc partner;
	struct bench_partner_thread watch;
};

/* A new state in ctx->state (and *stp), every descriptor and object -1. */
int ctxbench_partner_state_new(struct bench_ctx *ctx, struct cb_state **stp);
/* Take every SIGUSR1 pending for this thread, without waiting. */
void ctxbench_partner_sig_drain(struct cb_state *st);
void ctxbench_partner_teardown(struct bench_ctx *ctx);
/* A failed call: a removed object or a broken pipe means B is gone. */
int ctxbench_partner_call_failed(struct bench_ctx *ctx, struct cb_state *st,
    const char *call, int err);
/* Fork B running fn, then start its watcher if A's waits need one. */
int ctxbench_partner_start(struct bench_ctx *ctx, struct cb_state *st,
    int (*fn)(void *), int watched);
/* In B: has A gone (teardown's `stop`, or benchtop itself)? */
int ctxbench_partner_orphaned(const struct cb_state *st);
/* A SysV call failed: ENOSYS is "unsupported", the rest a failure. */
int ctxbench_partner_sysv_fail(struct bench_ctx *ctx, const char *call,
    int err);
/* In B, first thing in the SysV rows: remove the object if benchtop dies. */
void ctxbench_partner_orphan_guard(const struct cb_state *st);

#endif
