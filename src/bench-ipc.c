/*
 * bench-ipc.c: moving bytes and tokens between processes through pipes
 * and AF_UNIX stream sockets.
 *
 * BYTE UNIX Benchmarks 3.11's Pipe Throughput (pipe.c: 512 bytes written
 * and read back by one process) and Pipe-based Context Switching
 * (context1.c: a loop counter passed back and forth through two pipes),
 * and lmbench 2.0's lat_pipe and lat_unix (a 1-byte token's round trip)
 * and bw_pipe and bw_unix (64 KiB chunks streamed from a child to its
 * parent). Seeds 000 and 004.
 *
 * DESIGN
 *
 * A two-party row forks one partner process through bench-partner, placed
 * by the runner (bench_party_cpu(ctx, 1)), and talks to it only through
 * the descriptors made in setup. Right after the fork each side closes
 * the ends it does not own: a dead partner then shows in run() as EOF or
 * EPIPE, and the worker's ends closing (teardown) as EOF in the partner,
 * which returns. The partner calls read, write and close only: it is a
 * fork of a multi-threaded process (bench-partner.h).
 *
 * The bandwidth rows keep lmbench 2.0's roles: the parent reads, the
 * child writes what the parent asks for on a control pipe. lmbench asked
 * for 10 MB per timed call; run(n) asks for n chunks of XFERSIZE (64 KiB)
 * in one request and reads exactly n * 64 KiB, so one operation is one
 * chunk and the harness's calibration takes the place of the fixed total.
 *
 * Setup ends with one operation, as lmbench's "one time around to make
 * sure both processes are started": a partner that cannot start fails
 * setup, not the first sample.
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "bench-partner.h"
#include "bench.h"

#define IPC_BYTE_BYTES  512         /* BYTE pipe.c's buffer */
#define IPC_CHUNK_BYTES (64 * 1024) /* lmbench's XFERSIZE */
#define IPC_REAP_TRIES  200         /* 1 ms apart: an exiting partner */

/* How a two-party row connects its parties; the records' `arg`. */
struct ipc_kind {
	int socket; /* data over an AF_UNIX socketpair instead of a pipe */
	int bulk;   /* bandwidth: a control pipe and 64 KiB buffers */
	int (*partner)(void *);
};

/* One test instance. A descriptor is -1 when closed. */
struct ipc_state {
	int to_peer;   /* the worker writes tokens or requests here */
	int from_peer; /* and reads answers or data here (may be to_peer) */
	int peer_in;   /* the partner's ends, closed in the worker */
	int peer_out;  /* after the fork (may be peer_in) */
	unsigned long loop; /* byte.context1: the next loop number */
	char *rbuf;         /* the worker's chunk (bandwidth rows) */
	char *wbuf;         /* the partner's chunk, filled before the fork */
	char small[IPC_BYTE_BYTES]; /* byte.pipe's buffer */
	struct bench_partner_proc partner;
};

static int ipc_echo_partner(void *);
static int ipc_context1_partner(void *);
static int ipc_bw_partner(void *);

/* ---- State ---- */

static int
ipc_state_new(struct bench_ctx *ctx, struct ipc_state **stp)
{
	struct ipc_state *st = bench_state_new(ctx, sizeof *st);

	if ((*stp = st) == NULL)
		return BENCH_FAILED;
	st->to_peer = st->from_peer = st->peer_in = st->peer_out = -1;
	return BENCH_OK;
}

/* Close a pair of descriptors that may be one socket. */
static void
ipc_close_pair(int *a, int *b)
{
	if (*b == *a)
		*b = -1;
	if (*a >= 0)
		(void)close(*a);
	if (*b >= 0)
		(void)close(*b);
	*a = *b = -1;
}

/*
 * Closing the worker's ends first lets the partner see EOF and return;
 * bench_partner_proc_stop then makes sure of it and reaps it.
 */
static void
ipc_teardown(struct bench_ctx *ctx)
{
	struct ipc_state *st = ctx->state;

	if (st == NULL)
		return;
	ipc_close_pair(&st->to_peer, &st->from_peer);
	bench_partner_proc_stop(&st->partner);
	ipc_close_pair(&st->peer_in, &st->peer_out);
	free(st->rbuf);
	free(st->wbuf);
	free(st);
	ctx->state = NULL;
}

/*
 * The partner's end went away (EOF, EPIPE, ECONNRESET): its fds close
 * before it becomes a zombie, so give it a moment to be reaped and name
 * its exit status. Any other errno is a failure of the call itself.
 */
static int
ipc_lost(struct bench_ctx *ctx, struct ipc_state *st, const char *call, int err)
{
	struct timespec ms = { 0, 1000000L };

	if (err != 0 && err != EPIPE && err != ECONNRESET)
		return bench_fail(ctx, call, err);
	for (int i = 0; i < IPC_REAP_TRIES; i++) {
		if (bench_partner_proc_gone(ctx, &st->partner))
			return BENCH_FAILED;
		(void)nanosleep(&ms, NULL);
	}
	return bench_reason(ctx, BENCH_FAILED, "%s: partner closed its end",
	    call);
}

/* errno for a failed transfer; 0 means EOF or a short transfer. */
static int
ipc_errno(ssize_t r)
{
	return r < 0 ? errno : 0;
}

/* ---- BYTE 3.11: Pipe Throughput ---- */

/* One process holds both ends: a short transfer cannot be a partner. */
static int
ipc_short(struct bench_ctx *ctx, const char *call, ssize_t r)
{
	if (r < 0)
		return bench_fail(ctx, call, errno);
	return bench_reason(ctx, BENCH_FAILED, "%s: %zd bytes moved, not %d",
	    call, r, IPC_BYTE_BYTES);
}

static int
byte_pipe_setup(struct bench_ctx *ctx)
{
	struct ipc_state *st;
	int fds[2], rc;

	if ((rc = ipc_state_new(ctx, &st)) != BENCH_OK)
		return rc;
	if (pipe2(fds, O_CLOEXEC) != 0)
		return bench_fail(ctx, "pipe", errno);
	st->from_peer = fds[0];
	st->to_peer = fds[1];
	return BENCH_OK;
}

/* 512 bytes fit the pipe and PIPE_BUF: the write never blocks. */
static int
byte_pipe_run(struct bench_ctx *ctx, uint64_t n)
{
	struct ipc_state *st = ctx->state;
	ssize_t r;

	while (n-- > 0) {
		r = write(st->to_peer, st->small, sizeof st->small);
		if (r != (ssize_t)sizeof st->small)
			return ipc_short(ctx, "write pipe", r);
		r = read(st->from_peer, st->small, sizeof st->small);
		if (r != (ssize_t)sizeof st->small)
			return ipc_short(ctx, "read pipe", r);
	}
	return BENCH_OK;
}

/* ---- The partners (child processes: async-signal-safe calls only) ---- */

/* In the partner: drop the worker's ends so that its EOF reaches us. */
static void
ipc_child_close(struct ipc_state *st)
{
	ipc_close_pair(&st->to_peer, &st->from_peer);
}

/* lat_pipe's and lat_unix's partner: echo each byte until EOF. */
static int
ipc_echo_partner(void *arg)
{
	struct ipc_state *st = arg;
	ssize_t r;
	char c;

	ipc_child_close(st);
	for (;;) {
		if ((r = read(st->peer_in, &c, 1)) != 1)
			return r == 0 ? 0 : 1;
		if (write(st->peer_out, &c, 1) != 1)
			return 1;
	}
}

/*
 * context1.c's child: check that the parent's counter is the loop it
 * expects (exit 2 on a "sync error", as BYTE exits 2), answer with its
 * own counter.
 */
static int
ipc_context1_partner(void *arg)
{
	struct ipc_state *st = arg;
	unsigned long want = st->loop, got;
	ssize_t r;

	ipc_child_close(st);
	for (;; want++) {
		if ((r = read(st->peer_in, &got, sizeof got)) != sizeof got)
			return r == 0 ? 0 : 1;
		if (got != want)
			return 2;
		if (write(st->peer_out, &want, sizeof want) != sizeof want)
			return 1;
	}
}

static int
ipc_write_all(int fd, const char *buf, size_t len)
{
	ssize_t r;

	while (len > 0) {
		if ((r = write(fd, buf, len)) <= 0)
			return -1;
		buf += r;
		len -= (size_t)r;
	}
	return 0;
}

/* bw_pipe's and bw_unix's writer: each request is a count of chunks. */
static int
ipc_bw_partner(void *arg)
{
	struct ipc_state *st = arg;
	uint64_t chunks;
	ssize_t r;

	ipc_child_close(st);
	while ((r = read(st->peer_in, &chunks, sizeof chunks)) == sizeof chunks)
		for (; chunks > 0; chunks--)
			if (ipc_write_all(st->peer_out, st->wbuf,
			        IPC_CHUNK_BYTES) != 0)
				return 1;
	return r == 0 ? 0 : 1;
}

/* ---- Two-party setup ---- */

/* A pipe from the worker to the partner: tokens or requests. */
static int
ipc_open_request(struct bench_ctx *ctx, struct ipc_state *st)
{
	int fds[2];

	if (pipe2(fds, O_CLOEXEC) != 0)
		return bench_fail(ctx, "pipe", errno);
	st->peer_in = fds[0];
	st->to_peer = fds[1];
	return BENCH_OK;
}

/* The way back, from the partner to the worker: a pipe or a socket. */
static int
ipc_open_reply(struct bench_ctx *ctx, struct ipc_state *st, int socket)
{
	int fds[2];

	if (socket) {
		if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds))
			return bench_fail(ctx, "socketpair", errno);
	} else if (pipe2(fds, O_CLOEXEC) != 0) {
		return bench_fail(ctx, "pipe", errno);
	}
	st->from_peer = fds[0];
	st->peer_out = fds[1];
	return BENCH_OK;
}

/*
 * lat_unix's one socketpair carries both ways; the other rows have a
 * pipe each way, or a control pipe one way and the data the other.
 */
static int
ipc_open_channels(struct bench_ctx *ctx, struct ipc_state *st,
    const struct ipc_kind *k)
{
	int rc;

	if (k->socket && !k->bulk) {
		if ((rc = ipc_open_reply(ctx, st, 1)) != BENCH_OK)
			return rc;
		st->to_peer = st->from_peer;
		st->peer_in = st->peer_out;
		return BENCH_OK;
	}
	if ((rc = ipc_open_request(ctx, st)) != BENCH_OK)
		return rc;
	return ipc_open_reply(ctx, st, k->socket);
}

/* A page-aligned chunk, touched, as lmbench's valloc + touch. */
static int
ipc_alloc_chunk(struct bench_ctx *ctx, char **buf, int fill)
{
	long page = sysconf(_SC_PAGESIZE);
	void *p;
	int err;

	err =
	    posix_memalign(&p, page > 0 ? (size_t)page : 4096, IPC_CHUNK_BYTES);
	if (err != 0)
		return bench_fail(ctx, "posix_memalign", err);
	memset(p, fill, IPC_CHUNK_BYTES);
	*buf = p;
	return BENCH_OK;
}

static int
ipc_partner_setup(struct bench_ctx *ctx)
{
	const struct ipc_kind *k = ctx->test->arg;
	struct ipc_state *st;
	int rc;

	if ((rc = ipc_state_new(ctx, &st)) != BENCH_OK ||
	    (rc = ipc_open_channels(ctx, st, k)) != BENCH_OK)
		return rc;
	if (k->bulk &&
	    ((rc = ipc_alloc_chunk(ctx, &st->rbuf, 0)) != BENCH_OK ||
	        (rc = ipc_alloc_chunk(ctx, &st->wbuf, 'b')) != BENCH_OK))
		return rc;
	rc = bench_partner_proc_start(ctx, &st->partner, k->partner, st,
	    bench_party_cpu(ctx, 1));
	if (rc != BENCH_OK)
		return rc;
	ipc_close_pair(&st->peer_in, &st->peer_out);
	return ctx->test->run(ctx, 1);
}

/* ---- Token round trips: BYTE context1, lmbench lat_pipe, lat_unix ---- */

static int
byte_context1_run(struct bench_ctx *ctx, uint64_t n)
{
	struct ipc_state *st = ctx->state;
	unsigned long check;
	ssize_t r;

	for (; n > 0; n--, st->loop++) {
		r = write(st->to_peer, &st->loop, sizeof st->loop);
		if (r != sizeof st->loop)
			return ipc_lost(ctx, st, "write pipe", ipc_errno(r));
		if ((r = read(st->from_peer, &check, sizeof check)) !=
		    sizeof check)
			return ipc_lost(ctx, st, "read pipe", ipc_errno(r));
		if (check != st->loop)
			return bench_reason(ctx, BENCH_FAILED,
			    "sync error: expected %lu, got %lu", st->loop,
			    check);
	}
	return BENCH_OK;
}

static int
lat_token_run(struct bench_ctx *ctx, uint64_t n)
{
	struct ipc_state *st = ctx->state;
	ssize_t r;
	char c = 'x';

	while (n-- > 0) {
		if ((r = write(st->to_peer, &c, 1)) != 1)
			return ipc_lost(ctx, st, "write", ipc_errno(r));
		if ((r = read(st->from_peer, &c, 1)) != 1)
			return ipc_lost(ctx, st, "read", ipc_errno(r));
	}
	return BENCH_OK;
}

/* ---- lmbench 2.0: bw_pipe, bw_unix ---- */

/* Ask for n chunks, then read them in reads of up to one chunk. */
static int
bw_run(struct bench_ctx *ctx, uint64_t n)
{
	struct ipc_state *st = ctx->state;
	uint64_t left = n * IPC_CHUNK_BYTES;
	ssize_t r;

	if ((r = write(st->to_peer, &n, sizeof n)) != sizeof n)
		return ipc_lost(ctx, st, "write control pipe", ipc_errno(r));
	while (left > 0) {
		r = read(st->from_peer, st->rbuf,
		    left < IPC_CHUNK_BYTES ? left : IPC_CHUNK_BYTES);
		if (r <= 0)
			return ipc_lost(ctx, st, "read", ipc_errno(r));
		left -= (uint64_t)r;
	}
	return BENCH_OK;
}

static const struct ipc_kind ipc_context1 = { 0, 0, ipc_context1_partner };
static const struct ipc_kind ipc_lat_pipe = { 0, 0, ipc_echo_partner };
static const struct ipc_kind ipc_lat_unix = { 1, 0, ipc_echo_partner };
static const struct ipc_kind ipc_bw_pipe = { 0, 1, ipc_bw_partner };
static const struct ipc_kind ipc_bw_unix = { 1, 1, ipc_bw_partner };

static const struct bench_test ipc_tests[] = {
	{
	    .id = "byte.pipe",
	    .title = "Pipe Throughput",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_IPC,
	    .definition = "one loop = write 512 bytes into a pipe and read "
	                  "them back, in one process (pipe.c)",
	    .unit = BENCH_UNIT_LPS,
	    .work_per_op = 1,
	    .setup = byte_pipe_setup,
	    .run = byte_pipe_run,
	    .teardown = ipc_teardown,
	},
	{
	    .id = "byte.context1",
	    .title = "Pipe-based Ctx Switching",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_CTXSW,
	    .definition = "one loop = A writes its loop count (unsigned long) "
	                  "into pipe 1, B reads and checks it and writes its "
	                  "own into pipe 2, A reads and checks it (context1.c)",
	    .unit = BENCH_UNIT_LPS,
	    .work_per_op = 1,
	    .flags = BENCH_F_PARTNER,
	    .arg = &ipc_context1,
	    .setup = ipc_partner_setup,
	    .run = byte_context1_run,
	    .teardown = ipc_teardown,
	},
	{
	    .id = "lmbench.lat_pipe",
	    .title = "Pipe latency",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_IPC,
	    .definition = "one round trip of a 1-byte token: A writes it into "
	                  "pipe 1, B reads it and writes it into pipe 2, A "
	                  "reads it (lat_pipe)",
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = BENCH_F_PARTNER,
	    .arg = &ipc_lat_pipe,
	    .setup = ipc_partner_setup,
	    .run = lat_token_run,
	    .teardown = ipc_teardown,
	},
	{
	    .id = "lmbench.lat_unix",
	    .title = "AF_UNIX latency",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_IPC,
	    .definition = "one round trip of a 1-byte token over an AF_UNIX "
	                  "SOCK_STREAM socketpair: A writes it, B reads it and "
	                  "writes it back, A reads it (lat_unix)",
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = BENCH_F_PARTNER,
	    .arg = &ipc_lat_unix,
	    .setup = ipc_partner_setup,
	    .run = lat_token_run,
	    .teardown = ipc_teardown,
	},
	{
	    .id = "lmbench.bw_pipe",
	    .title = "Pipe bandwidth",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_IPC,
	    .definition =
	        "one 64 KiB chunk (XFERSIZE, 65536 bytes) written by "
	        "B into a pipe with write() and read by A in reads "
	        "of up to 64 KiB; MB = 10^6 bytes, as lmbench 2.0 (bw_pipe)",
	    .unit = BENCH_UNIT_MBPS,
	    .work_per_op = IPC_CHUNK_BYTES,
	    .flags = BENCH_F_PARTNER,
	    .arg = &ipc_bw_pipe,
	    .setup = ipc_partner_setup,
	    .run = bw_run,
	    .teardown = ipc_teardown,
	},
	{
	    .id = "lmbench.bw_unix",
	    .title = "AF_UNIX bandwidth",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_IPC,
	    .definition =
	        "one 64 KiB chunk (XFERSIZE, 65536 bytes) written by "
	        "B into an AF_UNIX SOCK_STREAM socketpair and read by "
	        "A in reads of up to 64 KiB; MB = 10^6 bytes, as lmbench 2.0 "
	        "(bw_unix)",
	    .unit = BENCH_UNIT_MBPS,
	    .work_per_op = IPC_CHUNK_BYTES,
	    .flags = BENCH_F_PARTNER,
	    .arg = &ipc_bw_unix,
	    .setup = ipc_partner_setup,
	    .run = bw_run,
	    .teardown = ipc_teardown,
	},
};

const struct bench_family bench_ipc_family = {
	.name = "ipc",
	.title = "Pipes and AF_UNIX sockets",
	.tests = ipc_tests,
	.ntests = sizeof ipc_tests / sizeof ipc_tests[0],
};
