/*
 * bench-proc-client.h: the worker's side of benchtop-proc, the small process
 * the process tests time their loops in (proc-proto.h says why).
 *
 *   setup:     proc_client_init(&c);
 *              proc_client_arg(&c, "fork") ... (its command line);
 *              rc = proc_client_start(ctx, &c, cpu);
 *   run(n):    return proc_client_run(ctx, &c, n);
 *   teardown:  proc_client_stop(&c);
 *
 * proc_client_run sets ctx->untimed_ns to the time of the exchange that
 * is not the helper's own loop, so the harness's sample is the helper's
 * n operations.
 */

#ifndef BENCHTOP_PROC_CLIENT_H
#define BENCHTOP_PROC_CLIENT_H

#include <stddef.h>
#include <stdint.h>

#include "bench-partner.h"
#include "bench.h"
#include "proc-proto.h"

#define PROC_CLIENT_ARGS 24

struct proc_client {
	struct bench_partner_proc proc;
	int req_fd;     /* ours: requests; -1 when closed */
	int rep_fd;     /* ours: replies */
	int kid_fds[3]; /* the helper's stdin, stdout, stderr until started */
	char *argv[PROC_CLIENT_ARGS + 1]; /* argv[0]: the helper's path */
	int argc;
	int stop_sent;
	struct proc_reply hello; /* its footprint */
};

void proc_client_init(struct proc_client *c);

/*
 * The helper's path: benchtop-proc next to this program (the build tree),
 * else in the configured libexec directory. 0, or -1 when neither is a
 * program (`path` then holds the installed path, for the reason).
 */
int proc_client_find(char *path, size_t size);

/* Append one argument (copied); BENCH_OK, or a reason in ctx. */
int proc_client_arg(struct bench_ctx *ctx, struct proc_client *c,
    const char *arg);

/*
 * Find the helper, start it pinned to `cpu` (< 0: not pinned) with the
 * arguments given, and read its hello. BENCH_UNSUPPORTED when there is no
 * helper (the reason names the path), BENCH_FAILED when it cannot start.
 */
int proc_client_start(struct bench_ctx *ctx, struct proc_client *c, int cpu);

/* Exactly n operations in the helper; see above for the time. */
int proc_client_run(struct bench_ctx *ctx, struct proc_client *c, uint64_t n);

/* End the helper (EOF, then SIGKILL if it lingers) and reap it. */
void proc_client_stop(struct proc_client *c);

/* "1 thread, 1180 KiB resident, 26 mappings", from the hello. */
const char *proc_client_footprint(const struct proc_client *c, char *buf,
    size_t size);

/*
 * For `benchtop --list`: "PATH: <footprint>" of a helper started to
 * fork, and 0; or why none can start, and -1. Starts and ends one.
 */
int proc_client_describe(char *buf, size_t size);

#endif
