/*
 * bench-ctxbench-partner.c: the plumbing of the ctxbench rows: one instance's
 * state and teardown, B's liveness as A sees it (the watcher thread), and
 * B's guard that removes its SysV object if benchtop itself dies.
 */

#include "config.h"

#include "bench-ctxbench-partner.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/msg.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench-partner.h"
#include "bench.h"

/* ---- State ---- */

int
ctxbench_partner_state_new(struct bench_ctx *ctx, struct cb_state **stp)
{
	struct cb_state *st = bench_state_new(ctx, sizeof *st);

	if ((*stp = st) == NULL)
		return BENCH_FAILED;
	st->to_peer = st->from_peer = st->peer_in = st->peer_out = -1;
	st->msqid = st->semid = -1;
	st->tgid = getpid();
	st->tid = (pid_t)syscall(SYS_gettid);
	(void)sigemptyset(&st->usr1);
	(void)sigaddset(&st->usr1, SIGUSR1);
	return BENCH_OK;
}

/* Take every SIGUSR1 pending for this thread, without waiting. */
void
ctxbench_partner_sig_drain(struct cb_state *st)
{
	struct timespec zero = { 0, 0 };

	while (sigtimedwait(&st->usr1, NULL, &zero) > 0)
		;
}

static void
cb_sysv_remove(struct cb_state *st)
{
	if (!st->removed && st->msqid >= 0)
		(void)msgctl(st->msqid, IPC_RMID, NULL);
	if (!st->removed && st->semid >= 0)
		(void)semctl(st->semid, 0, IPC_RMID);
	st->msqid = st->semid = -1;
}

/*
 * B goes first (its end of a pipe closing, `stop` for a spinner, SIGKILL
 * for the rest); the watcher wakes once B is reaped, so it can be joined;
 * only then are the objects it might have touched released.
 */
void
ctxbench_partner_teardown(struct bench_ctx *ctx)
{
	struct cb_state *st = ctx->state;

	if (st == NULL)
		return;
	if (st->shm != NULL)
		atomic_store_explicit(&st->shm->stop, 1, memory_order_relaxed);
	bench_close_fd(&st->to_peer);
	bench_close_fd(&st->from_peer);
	bench_partner_proc_stop(&st->partner);
	bench_partner_thread_join(&st->watch);
	bench_close_fd(&st->peer_in);
	bench_close_fd(&st->peer_out);
	cb_sysv_remove(st);
	if (st->mask_saved) {
		ctxbench_partner_sig_drain(st);
		(void)pthread_sigmask(SIG_SETMASK, &st->old_mask, NULL);
	}
	if (st->shm != NULL)
		(void)munmap(st->shm, sizeof *st->shm);
	free(st);
	ctx->state = NULL;
}

/* ---- Partner liveness ---- */

/*
 * B has gone away (EOF, EPIPE, its object removed by the watcher): it
 * may still be exiting, so give it a moment to be reaped and name its
 * exit status.
 */
static int
cb_lost(struct bench_ctx *ctx, struct cb_state *st, const char *what)
{
	struct timespec ms = { 0, 1000000L };

	for (int i = 0; i < CB_REAP_TRIES; i++) {
		if (bench_partner_proc_gone(ctx, &st->partner))
			return BENCH_FAILED;
		(void)nanosleep(&ms, NULL);
	}
	return bench_reason(ctx, BENCH_FAILED, "%s", what);
}

/* A failed call: a removed object or a broken pipe means B is gone. */
int
ctxbench_partner_call_failed(struct bench_ctx *ctx, struct cb_state *st,
    const char *call, int err)
{
	if (err == EIDRM || err == EINVAL || err == EPIPE || err == 0)
		return cb_lost(ctx, st, call);
	return bench_fail(ctx, call, err);
}

/*
 * The watcher thread: sleeps until B has exited (WNOWAIT leaves B to be
 * reaped by its owner), then wakes A wherever it waits.
 */
static void *
cb_watch(void *arg)
{
	struct cb_state *st = arg;
	siginfo_t si;

	while (
	    waitid(P_PID, (id_t)st->watch_pid, &si, WEXITED | WNOWAIT) != 0 &&
	    errno == EINTR)
		;
	if (st->msqid >= 0) {
		(void)msgctl(st->msqid, IPC_RMID, NULL);
		st->removed = 1;
	} else if (st->semid >= 0) {
		(void)semctl(st->semid, 0, IPC_RMID);
		st->removed = 1;
	} else {
		(void)syscall(SYS_tgkill, st->tgid, st->tid, SIGUSR1);
	}
	return NULL;
}

/* Fork B running fn, then start its watcher if A's waits need one. */
int
ctxbench_partner_start(struct bench_ctx *ctx, struct cb_state *st,
    int (*fn)(void *), int watched)
{
	int rc;

	rc = bench_partner_proc_start(ctx, &st->partner, fn, st,
	    bench_party_cpu(ctx, 1));
	if (rc != BENCH_OK || !watched)
		return rc;
	st->watch_pid = st->partner.pid;
	return bench_partner_thread_start(ctx, &st->watch, cb_watch, st, -1);
}

/* In B: has A gone (teardown's `stop`, or benchtop itself)? */
int
ctxbench_partner_orphaned(const struct cb_state *st)
{
	return atomic_load_explicit(&st->shm->stop, memory_order_relaxed) ||
	    getppid() != st->tgid;
}

/* ---- SysV objects: failures and B's parent-death guard ---- */

int
ctxbench_partner_sysv_fail(struct bench_ctx *ctx, const char *call, int err)
{
	if (err == ENOSYS)
		return bench_reason(ctx, BENCH_UNSUPPORTED,
		    "%s: no SysV IPC in this kernel", call);
	return bench_fail(ctx, call, err);
}

/*
 * B's SysV object, for its parent-death handler, which takes no argument.
 * Written in B only (a forked, single-threaded copy): A's stay -1.
 */
static volatile sig_atomic_t cb_orphan_msqid = -1;
static volatile sig_atomic_t cb_orphan_semid = -1;

/* In B: benchtop is gone, watcher and all; nobody else removes the object. */
static void
cb_orphan_exit(int sig)
{
	(void)sig;
	if (cb_orphan_msqid >= 0)
		(void)msgctl(cb_orphan_msqid, IPC_RMID, NULL);
	if (cb_orphan_semid >= 0)
		(void)semctl(cb_orphan_semid, 0, IPC_RMID);
	_exit(0);
}

/*
 * In B, first thing: trade bench-partner's parent-death SIGKILL for
 * cb_orphan_exit. A parent that died before the prctl is seen by getppid().
 */
void
ctxbench_partner_orphan_guard(const struct cb_state *st)
{
	struct sigaction sa;

	cb_orphan_msqid = st->msqid;
	cb_orphan_semid = st->semid;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = cb_orphan_exit;
	(void)sigfillset(&sa.sa_mask);
	(void)sigaction(CB_ORPHAN_SIG, &sa, NULL);
	(void)prctl(PR_SET_PDEATHSIG, CB_ORPHAN_SIG);
	if (getppid() != st->tgid)
		cb_orphan_exit(CB_ORPHAN_SIG);
}
