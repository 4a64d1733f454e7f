/*
 * bench-proc-client.c: start benchtop-proc, ask it for n operations, end it.
 *
 * The helper is a partner process (bench-partner.c): registered with the
 * scheduler until reaped, killed with the worker thread that started it
 * (PR_SET_PDEATHSIG, kept across its execve), pinned before it runs. A
 * sample writes n, then waits for the answer in slices, so that a stop
 * request reaches a slow loop between two of its operations (PROC_STOP).
 */

#include "config.h"

#include "bench-proc-client.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base-cycles.h"
#include "base-threads.h"
#include "bench-partner.h"
#include "bench-proc-files.h"
#include "bench.h"

#ifndef PKGLIBEXECDIR
#define PKGLIBEXECDIR "/usr/local/libexec/benchtop"
#endif

#define HELLO_WAIT_MS 10000 /* a loaded machine starts a program slowly */
#define POLL_SLICE_MS 100   /* how often a waiting sample checks stop */
#define LINGER_MS     2000  /* an idle helper exits at once on EOF */

extern char **environ;

void
proc_client_init(struct proc_client *c)
{
	memset(c, 0, sizeof *c);
	c->req_fd = c->rep_fd = -1;
	c->kid_fds[0] = c->kid_fds[1] = c->kid_fds[2] = -1;
	c->argc = 1; /* argv[0], the path, is set when it starts */
}

int
proc_client_find(char *path, size_t size)
{
	char exe[PATH_MAX], *slash;
	ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);

	if (len > 0) {
		exe[len] = '\0';
		if ((slash = strrchr(exe, '/')) != NULL &&
		    (size_t)snprintf(path, size, "%.*s/%s", (int)(slash - exe),
		        exe, PROC_HELPER_NAME) < size &&
		    proc_files_is_program(path))
			return 0;
	}
	(void)snprintf(path, size, "%s/%s", PKGLIBEXECDIR, PROC_HELPER_NAME);
	return proc_files_is_program(path) ? 0 : -1;
}

int
proc_client_arg(struct bench_ctx *ctx, struct proc_client *c, const char *arg)
{
	if (c->argc >= PROC_CLIENT_ARGS)
		return bench_fail(ctx, PROC_HELPER_NAME " arguments", E2BIG);
	if ((c->argv[c->argc] = strdup(arg)) == NULL)
		return bench_fail(ctx, "strdup", errno);
	c->argc++;
	return BENCH_OK;
}

/* Put `arg` at argv[at], after the operation, before "--". */
static int
insert_arg(struct bench_ctx *ctx, struct proc_client *c, int at,
    const char *arg)
{
	char *moved;
	int st;

	if ((st = proc_client_arg(ctx, c, arg)) != BENCH_OK)
		return st;
	moved = c->argv[c->argc - 1];
	memmove(c->argv + at + 1, c->argv + at,
	    (size_t)(c->argc - 1 - at) * sizeof *c->argv);
	c->argv[at] = moved;
	return BENCH_OK;
}

/*
 * In the child (async-signal-safe only): the pipes become stdio. Its own
 * process group keeps the terminal's ^C from its children (a shell
 * killed by SIGINT would read as a failure): benchtop stops it.
 */
static int
helper_child_exec(void *arg)
{
	const struct proc_client *c = arg;

	(void)setpgid(0, 0);
	for (int i = 0; i < 3; i++)
		if (dup2(c->kid_fds[i], i) < 0)
			return 126;
	(void)execve(c->argv[0], c->argv, environ);
	return 127;
}

static int
stopping(const struct bench_ctx *ctx)
{
	return ctx->stop != NULL &&
	    atomic_load_explicit(ctx->stop, memory_order_relaxed) != 0;
}

/* How the helper ended, once its reply pipe showed EOF: reaped here. */
static int
helper_gone(struct bench_ctx *ctx, struct proc_client *c)
{
	int status = 0;

	while (waitpid(c->proc.pid, &status, 0) < 0 && errno == EINTR)
		;
	threads_child_remove(c->proc.pid);
	c->proc.pid = 0;
	if (stopping(ctx))
		return BENCH_STOPPED; /* killed on the way out: not a fault */
	if (WIFSIGNALED(status))
		return bench_reason(ctx, BENCH_FAILED, "%s killed by signal %d",
		    PROC_HELPER_NAME, WTERMSIG(status));
	if (WEXITSTATUS(status) == 127)
		return bench_reason(ctx, BENCH_FAILED, "%s: exec failed",
		    c->argv[0]);
	return bench_reason(ctx, BENCH_FAILED, "%s exited with status %d",
	    PROC_HELPER_NAME, WEXITSTATUS(status));
}

/* Read one reply, waiting up to `ms` (< 0: for ever, checking stop). */
static int
read_reply(struct bench_ctx *ctx, struct proc_client *c, struct proc_reply *rep,
    int ms)
{
	struct pollfd p = { .fd = c->rep_fd, .events = POLLIN };
	uint64_t stop = PROC_STOP;
	ssize_t r;
	int ready;

	while ((ready = poll(&p, 1, ms < 0 ? POLL_SLICE_MS : ms)) <= 0) {
		if (ready < 0 && errno != EINTR)
			return bench_fail(ctx, "poll", errno);
		if (ms >= 0 && ready == 0)
			return bench_reason(ctx, BENCH_FAILED,
			    "%s did not answer in %d ms", PROC_HELPER_NAME, ms);
		if (!c->stop_sent && stopping(ctx) &&
		    write(c->req_fd, &stop, sizeof stop) == sizeof stop)
			c->stop_sent = 1;
	}
	while ((r = read(c->rep_fd, rep, sizeof *rep)) < 0 && errno == EINTR)
		;
	if (r == 0)
		return helper_gone(ctx, c);
	if (r != (ssize_t)sizeof *rep || rep->magic != PROC_MAGIC)
		return bench_reason(ctx, BENCH_FAILED,
		    "%s: not this benchtop's helper", c->argv[0]);
	if (rep->status == PROC_FAILED && stopping(ctx))
		return BENCH_STOPPED; /* a child killed on the way out */
	if (rep->status == PROC_FAILED)
		return bench_reason(ctx, BENCH_FAILED, "%s", rep->reason);
	return rep->status == PROC_STOPPED ? BENCH_STOPPED : BENCH_OK;
}

/* The three descriptors the helper gets; ours are the other ends. */
static int
make_pipes(struct bench_ctx *ctx, struct proc_client *c)
{
	int req[2], rep[2];

	if (pipe2(req, O_CLOEXEC) != 0)
		return bench_fail(ctx, "pipe", errno);
	c->kid_fds[0] = req[0];
	c->req_fd = req[1];
	if (pipe2(rep, O_CLOEXEC) != 0)
		return bench_fail(ctx, "pipe", errno);
	c->rep_fd = rep[0];
	c->kid_fds[1] = rep[1];
	if ((c->kid_fds[2] = open("/dev/null", O_WRONLY | O_CLOEXEC)) < 0)
		return bench_fail(ctx, "open /dev/null", errno);
	return BENCH_OK;
}

int
proc_client_start(struct bench_ctx *ctx, struct proc_client *c, int cpu)
{
	char path[PATH_MAX];
	int st;

	if (proc_client_find(path, sizeof path) != 0)
		return bench_reason(ctx, BENCH_UNSUPPORTED,
		    "helper not installed: no %s", path);
	if ((c->argv[0] = strdup(path)) == NULL)
		return bench_fail(ctx, "strdup", errno);
	if (ctx->tmpdir != NULL && c->argc >= 2 &&
	    ((st = insert_arg(ctx, c, 2, "--dir")) != BENCH_OK ||
	        (st = insert_arg(ctx, c, 3, ctx->tmpdir)) != BENCH_OK))
		return st;
	if ((st = make_pipes(ctx, c)) != BENCH_OK ||
	    (st = bench_partner_proc_start(ctx, &c->proc, helper_child_exec, c,
	         cpu)) != BENCH_OK)
		return st;
	for (int i = 0; i < 3; i++)
		bench_close_fd(&c->kid_fds[i]);
	return read_reply(ctx, c, &c->hello, HELLO_WAIT_MS);
}

int
proc_client_run(struct bench_ctx *ctx, struct proc_client *c, uint64_t n)
{
	struct proc_reply rep;
	uint64_t t0, wall;
	ssize_t w;
	int st;

	t0 = cycles_now_ns();
	while ((w = write(c->req_fd, &n, sizeof n)) < 0 && errno == EINTR)
		;
	if (w != (ssize_t)sizeof n)
		return w < 0 && errno != EPIPE ? bench_fail(ctx, "write", errno)
		                               : read_reply(ctx, c, &rep, -1);
	st = read_reply(ctx, c, &rep, -1);
	wall = cycles_now_ns() - t0;
	/* The harness's interval holds the exchange: keep the loop only. */
	if (st == BENCH_OK)
		ctx->untimed_ns = wall > rep.ns ? wall - rep.ns : 0;
	return st;
}

/* Until the reply pipe shows EOF (it exited), or LINGER_MS of quiet. */
static void
wait_exit(struct proc_client *c)
{
	struct pollfd p = { .fd = c->rep_fd, .events = POLLIN };
	char drain[sizeof(struct proc_reply)];
	int ready;

	for (;;) {
		if ((ready = poll(&p, 1, LINGER_MS)) < 0 && errno == EINTR)
			continue;
		if (ready <= 0 || read(c->rep_fd, drain, sizeof drain) <= 0)
			return;
	}
}

void
proc_client_stop(struct proc_client *c)
{
	bench_close_fd(&c->req_fd);
	if (c->proc.pid > 0 && c->rep_fd >= 0)
		wait_exit(c);
	bench_partner_proc_stop(&c->proc);
	bench_close_fd(&c->rep_fd);
	for (int i = 0; i < 3; i++)
		bench_close_fd(&c->kid_fds[i]);
	for (int i = 0; i < c->argc; i++)
		free(c->argv[i]);
	proc_client_init(c);
}

const char *
proc_client_footprint(const struct proc_client *c, char *buf, size_t size)
{
	(void)snprintf(buf, size, "%u thread%s, %u KiB resident, %u mappings",
	    c->hello.threads, c->hello.threads == 1 ? "" : "s",
	    c->hello.rss_kib, c->hello.mappings);
	return buf;
}

int
proc_client_describe(char *buf, size_t size)
{
	struct bench_ctx ctx = { .cpu = -1 };
	struct proc_client c;
	char fp[96];
	int rc = -1;

	proc_client_init(&c);
	bench_partner_fds_snapshot(&ctx);
	if (proc_client_arg(&ctx, &c, "fork") == BENCH_OK &&
	    proc_client_start(&ctx, &c, -1) == BENCH_OK) {
		(void)snprintf(buf, size, "%s: %s", c.argv[0],
		    proc_client_footprint(&c, fp, sizeof fp));
		rc = 0;
	} else {
		(void)snprintf(buf, size, "%s", ctx.reason);
	}
	proc_client_stop(&c);
	return rc;
}
