/*
 * bench-ctxsw.c: the cost of one context switch, as lmbench 2.0's lat_ctx
 * measures it (the "Context switching" table of its summary: lmbench 2.0, Chris
 * Friesen, 2003).
 *
 * N processes sit in a ring of N pipes and pass a 4-byte token round it.
 * Each one, when the token reaches it, sums its own K KiB working set (so
 * that a switch has a cache footprint to restore) and passes the token
 * on. One operation is one pass of the token, which is one context switch
 * when every process shares one CPU.
 *
 * A pass also pays for a pipe write and read and for the sum, which are
 * not switching. lat_ctx times them in ONE process (write the token into
 * a pipe, read it back, sum the working set) and subtracts that cost from
 * every pass. The record's baseline is that loop, run by the worker alone
 * through a pipe of its own while the partners wait: the harness times it
 * at the sample's n on its own clocks and removes its cost per pass, in
 * ns and in cycles.
 *
 * DESIGN
 *
 * The measuring worker is process 0 of the ring: it writes pipe 0 and
 * reads pipe N-1; partner process i (1..N-1, bench_partner_proc_start,
 * placed by bench_party_cpu) reads pipe i-1 and writes pipe i. A partner
 * closes every other end first (the baseline pipe's too), and the worker
 * closes the ring ends it does not own once all partners run, so that one
 * process leaving the ring shows as EOF (or EPIPE) to its neighbours: the
 * partners exit on EOF, and the worker's run() returns "partner exited ...".
 *
 * The token always comes back to the worker before run() returns, so the
 * ring moves in whole trips of N passes. run(n) makes as many trips as
 * it takes to cover n passes and carries the passes made beyond n over
 * to the next call (`credit`, fewer than N), so that over a measurement
 * the passes made are the passes counted. A sample may count up to N-1
 * passes more or fewer than it made; with the thousands of passes of a
 * sample that is well under 1 %.
 *
 * The worker's working set is allocated and filled before the forks. The
 * partners' is a second buffer, also allocated before the forks and
 * never touched by the worker: each partner writes every word of it
 * first, so that it owns a private copy, as lat_ctx's children malloc
 * and zero theirs. So, as in lat_ctx, the partners' working sets share
 * one virtual address and the worker's lies elsewhere. That matters on
 * an AMD Zen 4 guest: with the partner summing a copy of the worker's own
 * buffer, at its address, 2p/16K (two sets that fill the 32 KiB L1
 * between them) cost 0.3 us a switch more than 0K and 64K; with the
 * buffers apart, as lat_ctx has them, it does not. (Zen's L1 predicts a
 * line's way from its virtual address, and two processes' lines at one
 * address evict each other: the likely cause.) The sum each process
 * makes travels on as the token, so no compiler can drop it.
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench-partner.h"
#include "bench.h"

#define CTX_PAGE 4096u /* working sets start on a page */

/* The parameter block of one record: the ring's shape. */
struct ctx_params {
	int nprocs;      /* processes in the ring, the worker included */
	size_t ws_bytes; /* working set of each process */
};

struct ctx_state {
	int (*pipes)[2];  /* pipe i: process i -> process i+1 (mod nprocs) */
	int base_pipe[2]; /* the baseline's: from the worker to itself */
	struct bench_partner_proc *partners; /* [nprocs]; [0] is the worker */
	uint32_t *ws;                        /* the worker's working set */
	uint32_t *partner_ws; /* the partners': each its own copy after fork */
	size_t ws_words;
	int nprocs;
	int self;        /* the partner being forked: its ring index */
	uint64_t credit; /* passes made but not yet counted, < nprocs */
	uint32_t token;  /* what the worker passes on: its last sum */
};

static int ctx_setup(struct bench_ctx *);
static int ctx_run(struct bench_ctx *, uint64_t);
static int ctx_baseline(struct bench_ctx *, uint64_t);
static void ctx_teardown(struct bench_ctx *);

/* ---- The working set and the token ------------------------------------ */

/* Sum every word of the working set: the cache footprint of a switch. */
static uint32_t
ctx_ws_sum(const uint32_t *ws, size_t words)
{
	uint32_t sum = 0;

	for (size_t i = 0; i < words; i++)
		sum += ws[i];
	return sum;
}

/* Write every word: setup's page faults, a partner's private copy. */
static void
ctx_ws_fill(uint32_t *ws, size_t words)
{
	for (size_t i = 0; i < words; i++)
		ws[i] = (uint32_t)i;
}

/* Write the token; 0, or -1 and errno (EPIPE: the reader is gone). */
static int
ctx_put(int fd, uint32_t token)
{
	ssize_t r;

	while ((r = write(fd, &token, sizeof token)) < 0 && errno == EINTR)
		;
	if (r == (ssize_t)sizeof token)
		return 0;
	if (r >= 0) /* a pipe never writes 4 bytes in part */
		errno = EIO;
	return -1;
}

/* Read the token; 1, 0 on EOF (the writer is gone), or -1 and errno. */
static int
ctx_get(int fd, uint32_t *token)
{
	ssize_t r;

	while ((r = read(fd, token, sizeof *token)) < 0 && errno == EINTR)
		;
	if (r == (ssize_t)sizeof *token)
		return 1;
	if (r > 0) /* nor reads them in part */
		errno = EIO;
	return r == 0 ? 0 : -1;
}

/* ---- The partners ----------------------------------------------------- */

/* Close every ring end except pipe `rd`'s read end and `wr`'s write end. */
static void
ctx_close_others(struct ctx_state *st, int rd, int wr)
{
	for (int i = 0; i < st->nprocs; i++) {
		if (i != rd)
			bench_close_fd(&st->pipes[i][0]);
		if (i != wr)
			bench_close_fd(&st->pipes[i][1]);
	}
}

/*
 * Partner process `self` of the ring (a forked child: async-signal-safe
 * calls only). It takes the token from its left, sums its working set
 * and passes the sum on to its right, until its left end gives EOF.
 */
static int
ctx_partner(void *arg)
{
	struct ctx_state *st = arg;
	int self = st->self, rd, wr, got;
	uint32_t token;

	ctx_close_others(st, self - 1, self);
	bench_close_fd(&st->base_pipe[0]);
	bench_close_fd(&st->base_pipe[1]);
	rd = st->pipes[self - 1][0];
	wr = st->pipes[self][1];
	ctx_ws_fill(st->partner_ws, st->ws_words);
	while ((got = ctx_get(rd, &token)) == 1) {
		token = ctx_ws_sum(st->partner_ws, st->ws_words);
		if (ctx_put(wr, token) != 0)
			return 1;
	}
	return got == 0 ? 0 : 1;
}

/* Fork partners 1..nprocs-1, each on the CPU its placement gives it. */
static int
ctx_partners_start(struct bench_ctx *ctx, struct ctx_state *st)
{
	int rc;

	for (int i = 1; i < st->nprocs; i++) {
		st->self = i;
		rc = bench_partner_proc_start(ctx, &st->partners[i],
		    ctx_partner, st, bench_party_cpu(ctx, i));
		if (rc != BENCH_OK)
			return rc;
	}
	return BENCH_OK;
}

/*
 * Did partner `p` leave the ring first? Peeks at a dead child without
 * reaping it. The others follow the first out, by EOF (status 0) or by
 * SIGPIPE, so any other end is the cause worth naming.
 */
static int
ctx_left_first(const struct bench_partner_proc *p)
{
	int peek = WEXITED | WNOHANG | WNOWAIT;
	siginfo_t si;

	if (p->pid <= 0)
		return 0;
	memset(&si, 0, sizeof si);
	if (waitid(P_PID, (id_t)p->pid, &si, peek) != 0 || si.si_pid == 0)
		return 0;
	if (si.si_code == CLD_EXITED)
		return si.si_status != 0;
	return si.si_status != SIGPIPE;
}

/*
 * The ring broke: reap and name the partner that left first if it can be
 * told, else any that has gone, else say what the worker saw (the first
 * may not have been reaped yet).
 */
static int
ctx_broken(struct bench_ctx *ctx, struct ctx_state *st)
{
	for (int i = 1; i < st->nprocs; i++)
		if (ctx_left_first(&st->partners[i]) &&
		    bench_partner_proc_gone(ctx, &st->partners[i]))
			return BENCH_FAILED;
	for (int i = 1; i < st->nprocs; i++)
		if (bench_partner_proc_gone(ctx, &st->partners[i]))
			return BENCH_FAILED;
	return bench_reason(ctx, BENCH_FAILED,
	    "partner exited: the token ring of %d processes broke", st->nprocs);
}

/* ---- Setup: state, pipes, the ring ----------------------------------- */

static int
ctx_state_new(struct bench_ctx *ctx, const struct ctx_params *pp)
{
	struct ctx_state *st;
	size_t n = (size_t)pp->nprocs;

	if ((st = bench_state_new(ctx, sizeof *st)) == NULL)
		return BENCH_FAILED;
	st->base_pipe[0] = st->base_pipe[1] = -1;
	st->pipes = malloc(n * sizeof st->pipes[0]);
	st->partners = calloc(n, sizeof st->partners[0]);
	if (st->pipes == NULL || st->partners == NULL)
		return bench_fail(ctx, "malloc", errno);
	for (size_t i = 0; i < n; i++)
		st->pipes[i][0] = st->pipes[i][1] = -1;
	st->nprocs = pp->nprocs;
	if (pp->ws_bytes == 0)
		return BENCH_OK;
	/* Their own pages: no other heap object shares (and COW-faults)
	 * them. The partners' is written only after the forks. */
	st->ws = aligned_alloc(CTX_PAGE, pp->ws_bytes);
	st->partner_ws = aligned_alloc(CTX_PAGE, pp->ws_bytes);
	if (st->ws == NULL || st->partner_ws == NULL)
		return bench_fail(ctx, "aligned_alloc", errno);
	st->ws_words = pp->ws_bytes / sizeof st->ws[0];
	ctx_ws_fill(st->ws, st->ws_words);
	return BENCH_OK;
}

/* Close-on-exec: no program another test execs inherits the ring. */
static int
ctx_pipes_open(struct bench_ctx *ctx, struct ctx_state *st)
{
	for (int i = 0; i < st->nprocs; i++)
		if (pipe2(st->pipes[i], O_CLOEXEC) != 0)
			return bench_fail(ctx, "pipe2", errno);
	if (pipe2(st->base_pipe, O_CLOEXEC) != 0)
		return bench_fail(ctx, "pipe2", errno);
	return BENCH_OK;
}

/* One trip of the token round the ring: nprocs passes. */
static int
ctx_trip(struct bench_ctx *ctx, struct ctx_state *st)
{
	int got;

	if (ctx_put(st->pipes[0][1], st->token) != 0)
		return errno == EPIPE ? ctx_broken(ctx, st)
		                      : bench_fail(ctx, "write", errno);
	if ((got = ctx_get(st->pipes[st->nprocs - 1][0], &st->token)) != 1)
		return got == 0 ? ctx_broken(ctx, st)
		                : bench_fail(ctx, "read", errno);
	st->token = ctx_ws_sum(st->ws, st->ws_words);
	return BENCH_OK;
}

/*
 * Start the partners, keep only the worker's two ring ends, and send the
 * token round once so that every partner is ready and has its working
 * set (lat_ctx's create_daemons does the same).
 */
static int
ctx_setup(struct bench_ctx *ctx)
{
	struct ctx_state *st;
	int rc;

	if ((rc = ctx_state_new(ctx, ctx->test->arg)) != BENCH_OK)
		return rc;
	st = ctx->state;
	if ((rc = ctx_pipes_open(ctx, st)) != BENCH_OK ||
	    (rc = ctx_partners_start(ctx, st)) != BENCH_OK)
		return rc;
	ctx_close_others(st, st->nprocs - 1, 0);
	return ctx_trip(ctx, st);
}

/* n passes, in whole trips; the excess is credited to the next call. */
static int
ctx_run(struct bench_ctx *ctx, uint64_t n)
{
	struct ctx_state *st = ctx->state;
	int rc;

	while (n > st->credit) {
		if ((rc = ctx_trip(ctx, st)) != BENCH_OK)
			return rc;
		st->credit += (uint64_t)st->nprocs;
	}
	st->credit -= n;
	return BENCH_OK;
}

/*
 * lat_ctx's overhead loop: n passes with no switch. The worker writes the
 * token into its own pipe, reads it back and sums its working set.
 */
static int
ctx_baseline(struct bench_ctx *ctx, uint64_t n)
{
	struct ctx_state *st = ctx->state;
	uint32_t token = st->token;

	while (n-- > 0) {
		if (ctx_put(st->base_pipe[1], token) != 0)
			return bench_fail(ctx, "write", errno);
		if (ctx_get(st->base_pipe[0], &token) != 1)
			return bench_fail(ctx, "read", errno);
		token = ctx_ws_sum(st->ws, st->ws_words);
	}
	st->token = token;
	return BENCH_OK;
}

/* Closing the worker's ends lets the ring drain by EOF; then reap. */
static void
ctx_teardown(struct bench_ctx *ctx)
{
	struct ctx_state *st = ctx->state;

	if (st == NULL)
		return;
	/* nprocs is 0 until pipes[] and partners[] both exist. */
	ctx_close_others(st, -1, -1);
	bench_close_fd(&st->base_pipe[0]);
	bench_close_fd(&st->base_pipe[1]);
	for (int i = 1; i < st->nprocs; i++)
		bench_partner_proc_stop(&st->partners[i]);
	free(st->ws);
	free(st->partner_ws);
	free(st->partners);
	free(st->pipes);
	free(st);
	ctx->state = NULL;
}

/* ---- The table -------------------------------------------------------- */

#define KIB 1024u

static const struct ctx_params ctx_2p_0k = { 2, 0 };
static const struct ctx_params ctx_2p_16k = { 2, 16 * KIB };
static const struct ctx_params ctx_2p_64k = { 2, 64 * KIB };
static const struct ctx_params ctx_8p_16k = { 8, 16 * KIB };
static const struct ctx_params ctx_8p_64k = { 8, 64 * KIB };
static const struct ctx_params ctx_16p_16k = { 16, 16 * KIB };
static const struct ctx_params ctx_16p_64k = { 16, 64 * KIB };

/*
 * Eight trips of the ring at least per sample: a sample then makes one
 * (and never none) for every pass it counts, give or take a trip.
 */
#define CTX_MIN_N(procs) (8u * (procs))

#define CTX_DEF(procs, kib)                                                    \
	"one context switch: a 4-byte token passed to the next of " procs      \
	" processes in a ring of pipes, each summing its own " kib " KiB "     \
	"working set on receipt; one process's pipe + sum cost subtracted"

static const struct bench_test ctxsw_tests[] = {
	{
	    .id = "lmbench.ctx_2p_0k",
	    .title = "ctx switch 2p/0K",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_CTXSW,
	    .definition = CTX_DEF("2", "0"),
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = BENCH_F_PARTNER,
	    .min_n = CTX_MIN_N(2),
	    .arg = &ctx_2p_0k,
	    .setup = ctx_setup,
	    .run = ctx_run,
	    .baseline = ctx_baseline,
	    .teardown = ctx_teardown,
	},
	{
	    .id = "lmbench.ctx_2p_16k",
	    .title = "ctx switch 2p/16K",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_CTXSW,
	    .definition = CTX_DEF("2", "16"),
	    .version = 2,
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = BENCH_F_PARTNER,
	    .min_n = CTX_MIN_N(2),
	    .arg = &ctx_2p_16k,
	    .setup = ctx_setup,
	    .run = ctx_run,
	    .baseline = ctx_baseline,
	    .teardown = ctx_teardown,
	},
	{
	    .id = "lmbench.ctx_2p_64k",
	    .title = "ctx switch 2p/64K",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_CTXSW,
	    .definition = CTX_DEF("2", "64"),
	    .version = 2,
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = BENCH_F_PARTNER,
	    .min_n = CTX_MIN_N(2),
	    .arg = &ctx_2p_64k,
	    .setup = ctx_setup,
	    .run = ctx_run,
	    .baseline = ctx_baseline,
	    .teardown = ctx_teardown,
	},
	{
	    .id = "lmbench.ctx_8p_16k",
	    .title = "ctx switch 8p/16K",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_CTXSW,
	    .definition = CTX_DEF("8", "16"),
	    .version = 2,
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = BENCH_F_PARTNER,
	    .min_n = CTX_MIN_N(8),
	    .arg = &ctx_8p_16k,
	    .setup = ctx_setup,
	    .run = ctx_run,
	    .baseline = ctx_baseline,
	    .teardown = ctx_teardown,
	},
	{
	    .id = "lmbench.ctx_8p_64k",
	    .title = "ctx switch 8p/64K",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_CTXSW,
	    .definition = CTX_DEF("8", "64"),
	    .version = 2,
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = BENCH_F_PARTNER,
	    .min_n = CTX_MIN_N(8),
	    .arg = &ctx_8p_64k,
	    .setup = ctx_setup,
	    .run = ctx_run,
	    .baseline = ctx_baseline,
	    .teardown = ctx_teardown,
	},
	{
	    .id = "lmbench.ctx_16p_16k",
	    .title = "ctx switch 16p/16K",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_CTXSW,
	    .definition = CTX_DEF("16", "16"),
	    .version = 2,
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = BENCH_F_PARTNER,
	    .min_n = CTX_MIN_N(16),
	    .arg = &ctx_16p_16k,
	    .setup = ctx_setup,
	    .run = ctx_run,
	    .baseline = ctx_baseline,
	    .teardown = ctx_teardown,
	},
	{
	    .id = "lmbench.ctx_16p_64k",
	    .title = "ctx switch 16p/64K",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_CTXSW,
	    .definition = CTX_DEF("16", "64"),
	    .version = 2,
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = BENCH_F_PARTNER,
	    .min_n = CTX_MIN_N(16),
	    .arg = &ctx_16p_64k,
	    .setup = ctx_setup,
	    .run = ctx_run,
	    .baseline = ctx_baseline,
	    .teardown = ctx_teardown,
	},
};

const struct bench_family bench_ctxsw_family = {
	.name = "ctxsw",
	.title = "Context switching (lmbench lat_ctx)",
	.tests = ctxsw_tests,
	.ntests = sizeof(ctxsw_tests) / sizeof(ctxsw_tests[0]),
};
