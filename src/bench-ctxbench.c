/*
 * bench-ctxbench.c: ctxbench's two-process ping-pongs (Bill Davidsen,
 * "IPC performance of recent kernels (ctxbench)").
 *
 * The seed reports loops/sec for six ways in which two processes hand
 * control to each other, on a uniprocessor Pentium II under kernels
 * 2.4.18 to 2.5.54. ctxbench's source is lost: each row is the closest
 * faithful reading of its name, and its definition says so. One loop is
 * one round trip: the worker (A) signals its partner process (B), and B
 * answers A.
 *
 * DESIGN
 *
 * B is forked through bench-partner in setup, placed by the runner
 * (bench_party_cpu(ctx, 1)), and makes async-signal-safe system calls
 * only. Whatever A waits in must end when B dies, or run() would block
 * for ever:
 *
 *  - pipes: A closes B's ends right after the fork, so B's death is EOF.
 *  - spin_yield, spinlock: A asks bench_partner_proc_gone every so many
 *    spins; B reads the shared `stop` word and getppid() as often, and
 *    bench-partner's PR_SET_PDEATHSIG covers the rest.
 *  - sigusr1, msgq, semaphore: nothing the kernel does at B's death wakes
 *    a sigwaitinfo, msgrcv or semop. A watcher thread (a bench-partner
 *    partner thread, asleep in waitid(WNOWAIT) on B) wakes A once B has
 *    exited: it removes the queue or the semaphore set (A gets EIDRM), or
 *    sends A a SIGUSR1 of its own (A sees it is not from B). Teardown
 *    kills B, which wakes the watcher the same way, joins it, then
 *    removes the object unless the watcher did (`removed`, written by the
 *    watcher, read after the join).
 *  - If benchtop itself dies (SIGKILL), the watcher dies with it: B's
 *    parent-death signal is then CB_ORPHAN_SIG, whose handler removes
 *    the queue or the semaphore set before B exits, so no SysV object
 *    outlives benchtop.
 *
 * The signals are thread-directed both ways (tgkill to A's thread; B is
 * single-threaded) and SIGUSR1 stays blocked in A, which waits for it in
 * sigwaitinfo: no process-wide handler is installed, so another worker,
 * or lmbench.sig_handle running beside this test, can neither take these
 * signals nor swap the handler under them.
 *
 * The spin rows' words live in a MAP_SHARED anonymous page mapped before
 * the fork. `flag` is the measured resource; `stop` is the one
 * coordinating word (teardown -> B), on a cache line of its own.
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/msg.h>
#include <sys/prctl.h>
#include <sys/sem.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench-ctxbench-partner.h"
#include "bench-partner.h"
#include "bench.h"

/* ---- SIGUSR1 ---- */

/* B: block SIGUSR1, say it is ready, then answer each signal. */
static int
cb_sig_partner(void *arg)
{
	struct cb_state *st = arg;
	siginfo_t si;

	if (sigprocmask(SIG_BLOCK, &st->usr1, NULL) != 0)
		return 1;
	for (;;) {
		if (syscall(SYS_tgkill, st->tgid, st->tid, SIGUSR1) != 0)
			return 0;
		while (sigwaitinfo(&st->usr1, &si) < 0)
			if (errno != EINTR)
				return 1;
	}
}

/* A: wait for B's SIGUSR1; one from anyone else may be the watcher's. */
static int
cb_sig_wait(struct bench_ctx *ctx, struct cb_state *st)
{
	siginfo_t si;

	for (;;) {
		if (sigwaitinfo(&st->usr1, &si) < 0) {
			if (errno == EINTR)
				continue;
			return bench_fail(ctx, "sigwaitinfo", errno);
		}
		if (si.si_pid == st->partner.pid)
			return BENCH_OK;
		if (bench_partner_proc_gone(ctx, &st->partner))
			return BENCH_FAILED;
	}
}

static int
cb_sig_run(struct bench_ctx *ctx, uint64_t n)
{
	struct cb_state *st = ctx->state;
	int rc;

	while (n-- > 0) {
		/* kill(0) would signal benchtop's whole process group. */
		if (st->partner.pid <= 0)
			return bench_reason(ctx, BENCH_FAILED, "no partner");
		if (kill(st->partner.pid, SIGUSR1) != 0)
			return bench_fail(ctx, "kill", errno);
		if ((rc = cb_sig_wait(ctx, st)) != BENCH_OK)
			return rc;
	}
	return BENCH_OK;
}

/* Keep SIGUSR1 blocked here (workers start with all signals blocked). */
static int
cb_sig_setup(struct bench_ctx *ctx)
{
	struct cb_state *st;
	int rc, err;

	if ((rc = ctxbench_partner_state_new(ctx, &st)) != BENCH_OK)
		return rc;
	err = pthread_sigmask(SIG_BLOCK, &st->usr1, &st->old_mask);
	if (err != 0)
		return bench_fail(ctx, "pthread_sigmask", err);
	st->mask_saved = 1;
	ctxbench_partner_sig_drain(st);
	if ((rc = ctxbench_partner_start(ctx, st, cb_sig_partner, 1)) !=
	        BENCH_OK ||
	    (rc = cb_sig_wait(ctx, st)) != BENCH_OK)
		return rc;
	return cb_sig_run(ctx, 1);
}

/* ---- SysV message queue and semaphores ---- */

/* B: answer each type-1 message with a type-2 one; ends at IPC_RMID. */
static int
cb_msgq_partner(void *arg)
{
	struct cb_state *st = arg;
	struct cb_msg m;

	ctxbench_partner_orphan_guard(st);
	for (;;) {
		if (msgrcv(st->msqid, &m, sizeof m.loop, CB_MSG_PING, 0) < 0) {
			if (errno == EINTR)
				continue;
			return errno == EIDRM || errno == EINVAL ? 0 : 1;
		}
		m.mtype = CB_MSG_PONG;
		if (msgsnd(st->msqid, &m, sizeof m.loop, 0) != 0)
			return errno == EIDRM || errno == EINVAL ? 0 : 1;
	}
}

static int
cb_msgq_run(struct bench_ctx *ctx, uint64_t n)
{
	struct cb_state *st = ctx->state;
	struct cb_msg m;

	while (n-- > 0) {
		m.mtype = CB_MSG_PING;
		m.loop = st->loop++;
		if (msgsnd(st->msqid, &m, sizeof m.loop, 0) != 0)
			return ctxbench_partner_call_failed(ctx, st, "msgsnd",
			    errno);
		if (msgrcv(st->msqid, &m, sizeof m.loop, CB_MSG_PONG, 0) < 0)
			return ctxbench_partner_call_failed(ctx, st, "msgrcv",
			    errno);
	}
	return BENCH_OK;
}

static int
cb_msgq_setup(struct bench_ctx *ctx)
{
	struct cb_state *st;
	int rc;

	if ((rc = ctxbench_partner_state_new(ctx, &st)) != BENCH_OK)
		return rc;
	if ((st->msqid = msgget(IPC_PRIVATE, IPC_CREAT | 0600)) < 0)
		return ctxbench_partner_sysv_fail(ctx, "msgget", errno);
	if ((rc = ctxbench_partner_start(ctx, st, cb_msgq_partner, 1)) !=
	    BENCH_OK)
		return rc;
	return cb_msgq_run(ctx, 1);
}

/* One semop of `delta` on semaphore `num`, retried if interrupted. */
static int
cb_semop(int semid, unsigned short num, short delta)
{
	struct sembuf op = { .sem_num = num, .sem_op = delta, .sem_flg = 0 };
	int r;

	while ((r = semop(semid, &op, 1)) != 0 && errno == EINTR)
		;
	return r;
}

/* B: down semaphore 0, up semaphore 1; ends at IPC_RMID. */
static int
cb_sem_partner(void *arg)
{
	struct cb_state *st = arg;

	ctxbench_partner_orphan_guard(st);
	for (;;)
		if (cb_semop(st->semid, 0, -1) != 0 ||
		    cb_semop(st->semid, 1, 1) != 0)
			return errno == EIDRM || errno == EINVAL ? 0 : 1;
}

static int
cb_sem_run(struct bench_ctx *ctx, uint64_t n)
{
	struct cb_state *st = ctx->state;

	while (n-- > 0) {
		if (cb_semop(st->semid, 0, 1) != 0)
			return ctxbench_partner_call_failed(ctx, st, "semop up",
			    errno);
		if (cb_semop(st->semid, 1, -1) != 0)
			return ctxbench_partner_call_failed(ctx, st,
			    "semop down", errno);
	}
	return BENCH_OK;
}

static int
cb_sem_setup(struct bench_ctx *ctx)
{
	unsigned short zeros[2] = { 0, 0 };
	union cb_semun arg = { .array = zeros };
	struct cb_state *st;
	int rc;

	if ((rc = ctxbench_partner_state_new(ctx, &st)) != BENCH_OK)
		return rc;
	if ((st->semid = semget(IPC_PRIVATE, 2, IPC_CREAT | 0600)) < 0)
		return ctxbench_partner_sysv_fail(ctx, "semget", errno);
	if (semctl(st->semid, 0, SETALL, arg) != 0)
		return bench_fail(ctx, "semctl SETALL", errno);
	if ((rc = ctxbench_partner_start(ctx, st, cb_sem_partner, 1)) !=
	    BENCH_OK)
		return rc;
	return cb_sem_run(ctx, 1);
}

/* ---- Pipes ---- */

/* B: echo each byte from pipe 1 into pipe 2 until EOF. */
static int
cb_pipe_partner(void *arg)
{
	struct cb_state *st = arg;
	ssize_t r;
	char c;

	bench_close_fd(&st->to_peer);
	bench_close_fd(&st->from_peer);
	for (;;) {
		if ((r = read(st->peer_in, &c, 1)) != 1)
			return r == 0 ? 0 : 1;
		if (write(st->peer_out, &c, 1) != 1)
			return 1;
	}
}

static int
cb_pipe_run(struct bench_ctx *ctx, uint64_t n)
{
	struct cb_state *st = ctx->state;
	ssize_t r;
	char c = 'c';

	while (n-- > 0) {
		if ((r = write(st->to_peer, &c, 1)) != 1)
			return ctxbench_partner_call_failed(ctx, st,
			    "write pipe", r < 0 ? errno : 0);
		if ((r = read(st->from_peer, &c, 1)) != 1)
			return ctxbench_partner_call_failed(ctx, st,
			    "read pipe", r < 0 ? errno : 0);
	}
	return BENCH_OK;
}

static int
cb_pipe_setup(struct bench_ctx *ctx)
{
	struct cb_state *st;
	int p1[2], p2[2], rc;

	if ((rc = ctxbench_partner_state_new(ctx, &st)) != BENCH_OK)
		return rc;
	if (pipe2(p1, O_CLOEXEC) != 0)
		return bench_fail(ctx, "pipe", errno);
	st->to_peer = p1[1];
	st->peer_in = p1[0];
	if (pipe2(p2, O_CLOEXEC) != 0)
		return bench_fail(ctx, "pipe", errno);
	st->from_peer = p2[0];
	st->peer_out = p2[1];
	if ((rc = ctxbench_partner_start(ctx, st, cb_pipe_partner, 0)) !=
	    BENCH_OK)
		return rc;
	bench_close_fd(&st->peer_in);
	bench_close_fd(&st->peer_out);
	return cb_pipe_run(ctx, 1);
}

/* ---- Shared-memory flag: spin+yield and spinlock ---- */

/*
 * B: wait for CB_PING, answer CB_PONG. With `yield`, sched_yield() on
 * every unsuccessful look; without, a bare load loop (no pause: "pure
 * spinning", and no PAUSE-loop exits under a hypervisor).
 */
static int
cb_flag_partner(struct cb_state *st, int yield)
{
	unsigned long every = yield ? CB_YIELD_CHECK : CB_SPIN_CHECK;
	struct cb_shared *sh = st->shm;
	unsigned long spins = 0;

	for (;;) {
		while (atomic_load_explicit(&sh->flag, memory_order_acquire) !=
		    CB_PING) {
			if (yield)
				(void)sched_yield();
			if (++spins % every == 0 &&
			    ctxbench_partner_orphaned(st))
				return 0;
		}
		atomic_store_explicit(&sh->flag, CB_PONG, memory_order_release);
	}
}

static int
cb_yield_partner(void *arg)
{
	return cb_flag_partner(arg, 1);
}

static int
cb_spin_partner(void *arg)
{
	return cb_flag_partner(arg, 0);
}

/* A's side of cb_flag_partner; checks that B lives every so often. */
static int
cb_flag_run(struct bench_ctx *ctx, uint64_t n, int yield)
{
	unsigned long every = yield ? CB_YIELD_CHECK : CB_SPIN_CHECK;
	struct cb_state *st = ctx->state;
	struct cb_shared *sh = st->shm;
	unsigned long spins = 0;

	while (n-- > 0) {
		atomic_store_explicit(&sh->flag, CB_PING, memory_order_release);
		while (atomic_load_explicit(&sh->flag, memory_order_acquire) !=
		    CB_PONG) {
			if (yield)
				(void)sched_yield();
			if (++spins % every != 0)
				continue;
			if (bench_partner_proc_gone(ctx, &st->partner))
				return BENCH_FAILED;
			/* On one CPU a loop lasts a timeslice: honour a stop
			 * request between loops, not after n of them. */
			if (ctx->stop != NULL &&
			    atomic_load_explicit(ctx->stop,
			        memory_order_relaxed))
				return BENCH_STOPPED;
		}
	}
	return BENCH_OK;
}

static int
cb_yield_run(struct bench_ctx *ctx, uint64_t n)
{
	return cb_flag_run(ctx, n, 1);
}

static int
cb_spin_run(struct bench_ctx *ctx, uint64_t n)
{
	return cb_flag_run(ctx, n, 0);
}

/* The shared page is mapped before the fork, so B inherits it. */
static int
cb_flag_setup(struct bench_ctx *ctx, int yield)
{
	struct cb_state *st;
	void *p;
	int rc;

	if ((rc = ctxbench_partner_state_new(ctx, &st)) != BENCH_OK)
		return rc;
	p = mmap(NULL, sizeof *st->shm, PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return bench_fail(ctx, "mmap", errno);
	st->shm = p;
	atomic_init(&st->shm->flag, CB_PONG);
	atomic_init(&st->shm->stop, 0);
	rc = ctxbench_partner_start(ctx, st,
	    yield ? cb_yield_partner : cb_spin_partner, 0);
	if (rc != BENCH_OK)
		return rc;
	return cb_flag_run(ctx, 1, yield);
}

static int
cb_yield_setup(struct bench_ctx *ctx)
{
	return cb_flag_setup(ctx, 1);
}

static int
cb_spin_setup(struct bench_ctx *ctx)
{
	return cb_flag_setup(ctx, 0);
}

static const struct bench_test ctxbench_tests[] = {
	{
	    .id = "ctxbench.sigusr1",
	    .title = "SIGUSR1",
	    .origin = BENCH_ORIGIN_CTXBENCH,
	    .group = BENCH_GROUP_IPC,
	    .definition = "one loop = A kill()s B with SIGUSR1, B answers A "
	                  "with SIGUSR1; each waits in sigwaitinfo with the "
	                  "signal blocked, no handler (source lost: reading)",
	    .unit = BENCH_UNIT_LOOPS_S,
	    .work_per_op = 1,
	    .flags = BENCH_F_PARTNER,
	    .setup = cb_sig_setup,
	    .run = cb_sig_run,
	    .teardown = ctxbench_partner_teardown,
	},
	{
	    .id = "ctxbench.msgq",
	    .title = "message queue",
	    .origin = BENCH_ORIGIN_CTXBENCH,
	    .group = BENCH_GROUP_IPC,
	    .definition = "one loop = A msgsnd()s a 4-byte message of type 1 "
	                  "on a SysV queue, B msgrcv()s it and sends it back "
	                  "as type 2 (source lost: closest reading)",
	    .unit = BENCH_UNIT_LOOPS_S,
	    .work_per_op = 1,
	    .flags = BENCH_F_PARTNER,
	    .setup = cb_msgq_setup,
	    .run = cb_msgq_run,
	    .teardown = ctxbench_partner_teardown,
	},
	{
	    .id = "ctxbench.pipes",
	    .title = "pipes",
	    .origin = BENCH_ORIGIN_CTXBENCH,
	    .group = BENCH_GROUP_IPC,
	    .definition = "one loop = A writes 1 byte into pipe 1, B reads it "
	                  "and writes 1 byte into pipe 2, A reads it (source "
	                  "lost: closest reading)",
	    .unit = BENCH_UNIT_LOOPS_S,
	    .work_per_op = 1,
	    .flags = BENCH_F_PARTNER,
	    .setup = cb_pipe_setup,
	    .run = cb_pipe_run,
	    .teardown = ctxbench_partner_teardown,
	},
	{
	    .id = "ctxbench.semaphore",
	    .title = "semaphore",
	    .origin = BENCH_ORIGIN_CTXBENCH,
	    .group = BENCH_GROUP_IPC,
	    .definition = "one loop = A semop()s SysV semaphore 0 up and waits "
	                  "for 1 to go down, B downs 0 and ups 1: four semop() "
	                  "calls (source lost: closest reading)",
	    .unit = BENCH_UNIT_LOOPS_S,
	    .work_per_op = 1,
	    .flags = BENCH_F_PARTNER,
	    .setup = cb_sem_setup,
	    .run = cb_sem_run,
	    .teardown = ctxbench_partner_teardown,
	},
	{
	    .id = "ctxbench.spin_yield",
	    .title = "spin+yield",
	    .origin = BENCH_ORIGIN_CTXBENCH,
	    .group = BENCH_GROUP_IPC,
	    .definition = "one loop = A sets a shared-memory flag, B sees it "
	                  "and clears it; each calls sched_yield() between "
	                  "looks while it waits (source lost: closest reading)",
	    .unit = BENCH_UNIT_LOOPS_S,
	    .work_per_op = 1,
	    .flags = BENCH_F_PARTNER,
	    .setup = cb_yield_setup,
	    .run = cb_yield_run,
	    .teardown = ctxbench_partner_teardown,
	},
	{
	    .id = "ctxbench.spinlock",
	    .title = "spinlock",
	    .origin = BENCH_ORIGIN_CTXBENCH,
	    .group = BENCH_GROUP_IPC,
	    .definition =
	        "one loop = A sets a shared-memory flag, B sees it "
	        "and clears it, both waiting by pure spinning: on one "
	        "CPU a timeslice per handoff (source lost: reading)",
	    .unit = BENCH_UNIT_LOOPS_S,
	    .work_per_op = 1,
	    .flags = BENCH_F_PARTNER,
	    .setup = cb_spin_setup,
	    .run = cb_spin_run,
	    .teardown = ctxbench_partner_teardown,
	},
};

const struct bench_family bench_ctxbench_family = {
	.name = "ctxbench",
	.title = "ctxbench IPC ping-pongs",
	.tests = ctxbench_tests,
	.ntests = sizeof ctxbench_tests / sizeof ctxbench_tests[0],
};
