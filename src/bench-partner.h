/*
 * bench-partner.h: the partners of two-party tests, for the test files
 * (src/bench-*.c), and the descriptors the runner records before setup.
 *
 * A partner thread is created here so that pthread_create stays in
 * base-threads.c and this file (the only places that may start threads).
 * It starts with every signal blocked (signals belong to the main
 * thread), named "bt-partner" so ps and top show what it is, and already
 * pinned when it runs its first instruction.
 *
 * The test owns the flag that ends its partner's loop:
 *
 *   setup:     rc = bench_partner_thread_start(ctx, &st->partner, fn, st,
 *                  cpu);
 *              if (rc != BENCH_OK) the teardown below, then return rc;
 *   fn:        spins or blocks, checking the test's stop flag while it
 *              waits, and returns once the flag is set;
 *   teardown:  set the stop flag; bench_partner_thread_join(&st->partner);
 */

#ifndef BENCHTOP_BENCH_PARTNER_H
#define BENCHTOP_BENCH_PARTNER_H

#include <pthread.h>
#include <sched.h>
#include <stddef.h>

struct bench_ctx;

/* A partner thread of one test instance; zero it before the first start. */
struct bench_partner_thread {
	pthread_t tid;
	int started; /* 1 from a successful pthread_create until the join */
};

/*
 * Start fn(arg) in a partner thread pinned to `cpu` (cpu < 0: not pinned).
 * Returns BENCH_OK, or bench_fail()'s status with the failed call in
 * ctx->reason. A failure leaves no thread running unless p->started is set
 * (the caller's own affinity could not be restored after the create), so
 * a setup's failure path is simply its teardown.
 */
int bench_partner_thread_start(struct bench_ctx *ctx,
    struct bench_partner_thread *p, void *(*fn)(void *), void *arg, int cpu);

/* Wait for the partner to return; a no-op if it was never started. */
void bench_partner_thread_join(struct bench_partner_thread *p);

/*
 * Partner PROCESSES (ping-pongs between processes, rings, servers).
 *
 * The child runs fn(arg) and _exits with its return value. Before fn it
 * arranges to die with its parent (PR_SET_PDEATHSIG, and a getppid check
 * for the race), renames itself "bt-partner", restores default signal
 * dispositions, unblocks every signal and pins itself to `cpu` (< 0: not
 * pinned). benchtop is multi-threaded: fn may call only async-signal-safe
 * functions (read, write, select, sched_yield, semop, kill, _exit...),
 * never malloc or stdio. Its pid is in the scheduler's registry until
 * bench_partner_proc_stop, so no exit path can leave it behind.
 *
 * A partner that dies mid-test shows as EOF on its pipes or sockets (close
 * the ends it owns after the fork) or through bench_partner_proc_gone().
 */
struct bench_partner_proc {
	int pid; /* > 0 while the child may be alive */
};

int bench_partner_proc_start(struct bench_ctx *ctx,
    struct bench_partner_proc *p, int (*fn)(void *), void *arg, int cpu);

/* SIGKILL and reap the partner; a no-op if it was never started. */
void bench_partner_proc_stop(struct bench_partner_proc *p);

/*
 * Has the partner exited? Reaps it and sets a reason such as "partner
 * exited with status 1" or "partner killed by signal 9"; returns 1 then,
 * 0 while it runs.
 */
int bench_partner_proc_gone(struct bench_ctx *ctx,
    struct bench_partner_proc *p);

/*
 * Record the descriptors open now into ctx->foreign_fds (the runner calls
 * it right before setup); partner processes close them.
 */
void bench_partner_fds_snapshot(struct bench_ctx *ctx);

#endif
