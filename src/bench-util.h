/*
 * bench-util.h: helpers for the test files (src/bench-*.c) only.
 *
 * CPU placement, and the partner thread of a two-party test. The partner
 * is created here so that pthread_create stays in base-threads.c and this file
 * (the only places that may start threads). It starts with every signal blocked
 * (signals belong to the main thread), named "bt-partner" so ps and top show
 * what it is, and already pinned when it runs its first instruction.
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

#ifndef BENCHTOP_BENCH_UTIL_H
#define BENCHTOP_BENCH_UTIL_H

#include <pthread.h>
#include <sched.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct bench_ctx;

/* A partner thread of one test instance; zero it before the first start. */
struct bench_partner_thread {
	pthread_t tid;
	int started; /* 1 from a successful pthread_create until the join */
};

/* Pin the calling thread to `cpu`; cpu < 0 is a no-op. 0, or -1 and errno. */
int bench_pin_self(int cpu);

/* Online CPUs (sysconf), at least 1. */
int bench_online_cpus(void);

/*
 * The process's affinity mask: the main thread's as first read (read it
 * before any thread narrows its own: workers are pinned, and the live
 * screen and exporter move to a CPU of their own while they draw).
 * 0, or -1 and errno.
 */
int bench_process_cpus(cpu_set_t *out);

/*
 * CPUs in the process's affinity mask (bench_process_cpus); the online
 * count if the mask cannot be read.
 */
int bench_usable_cpus(void);

/*
 * The n-th CPU (n >= 0, wrapping around) of the process's affinity mask:
 * n = 0 is the first CPU benchtop may use. -1 if the mask cannot be read.
 */
int bench_allowed_cpu(int n);

/*
 * A CPU of the process's affinity mask other than `cpu`, searching upwards
 * from cpu + 1 so that several workers' partners spread out; -1 if there
 * is none or the mask cannot be read (then errno says why).
 */
int bench_other_cpu(int cpu);

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
 * The CPU for party number `i` of a test (0 = the worker itself):
 * placement same puts every party on ctx->cpu; spread puts party 1 on
 * ctx->partner_cpu and deals the others round-robin over the process's
 * CPUs. -1 when the worker is not pinned.
 */
int bench_party_cpu(const struct bench_ctx *ctx, int i);

/*
 * Record the descriptors open now into ctx->foreign_fds (the runner calls
 * it right before setup); partner processes close them.
 */
void bench_fds_snapshot(struct bench_ctx *ctx);

/*
 * Sum `bytes` of buf as lmbench's bread() sums what bw_file_rd and
 * bw_mmap_rd read: longs, one scalar add each in one dependent chain,
 * 128 to a round (then 16, then 1; a tail under a long is not read).
 * The compiler may not vectorise it: lmbench's, built with -O, is not,
 * and a 16-byte add would make the pass after each read twice as fast.
 */
unsigned long bench_bread(const void *buf, size_t bytes);

/* The chunk the file and mmap tests move: lmbench's XFERSIZE. */
#define BENCH_FILE_CHUNK (64 * 1024)

/*
 * Size of the big file of the file and VM tests (lmbench's $MB): the
 * --mem-size buffer size kept within 1 MiB..1 GiB, in whole chunks.
 */
uint64_t bench_file_bytes(const struct bench_ctx *ctx);

/* The private scratch directory (ctx->tmpdir; /tmp outside a run). */
const char *bench_scratch_dir(const struct bench_ctx *ctx);

/* mkostemp "<scratch>/<stem>.XXXXXX" into path and *fd; the caller
 * records that the file exists. BENCH_OK, or bench_fail("mkstemp"). */
int bench_make_temp(struct bench_ctx *ctx, const char *stem, char *path,
    size_t size, int *fd);

/*
 * Setup's state: `size` zeroed bytes, set as ctx->state and returned; or
 * NULL, with bench_fail("calloc") (then return BENCH_FAILED). Teardown
 * finds ctx->state NULL when this failed.
 */
void *bench_state_new(struct bench_ctx *ctx, size_t size);

/* Close *fd if open, then -1: safe to call again, and on a never-opened
 * descriptor that setup left at -1. */
void bench_close_fd(int *fd);

/* Teardown of a bench_make_temp file: close *fd if open (then -1) and
 * unlink path if *made (then 0). */
void bench_temp_remove(int *fd, int *made, const char *path);

/* A failed transfer of `got` bytes: errno's text, or, for a short one
 * (which has no errno), "CALL: short transfer (N bytes)". */
int bench_io_fail(struct bench_ctx *ctx, const char *call, ssize_t got);

/*
 * A write that moved `got` of `len` bytes: a short write has no errno,
 * but the write of the rest does (on a full filesystem ENOSPC, EDQUOT
 * or EFBIG, where "short" says nothing), so it is tried for the reason.
 */
int bench_write_fail(struct bench_ctx *ctx, int fd, const void *buf, size_t len,
    ssize_t got);

#endif
