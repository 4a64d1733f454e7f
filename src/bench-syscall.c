/*
 * bench-syscall.c: the cost of entering the kernel.
 *
 * BYTE 3.11's System Call Overhead loop, lmbench 2.0's lat_syscall and
 * lat_sig, the FreeBSD 5 thread's calls-per-second tests, and the vDSO
 * clock_gettime for contrast with a real system call.
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"

struct syscall_state {
	int fd_dup;        /* fd that BYTE's loop duplicates (0 if open) */
	int fd_zero;       /* /dev/zero, read by null I/O */
	int fd_null;       /* /dev/null, written by null I/O and write */
	int pipe_fds[2];   /* select() waits on the read end */
	char path[4096];   /* file for stat and open/close */
	int have_file;     /* path was created by setup */
	sigset_t old_mask; /* signal mask before sig_handle's setup */
	struct sigaction old_action;
	/* What sig_handle's setup changed, so that teardown restores only
	 * that: a mask never saved would unblock every signal. */
	int action_set, mask_set;
};

/* Counts handled signals; the handler is the measured delivery. */
static volatile sig_atomic_t signals_caught;

static void
on_signal(int sig)
{
	(void)sig;
	signals_caught++;
}

static int
state_new(struct bench_ctx *ctx)
{
	struct syscall_state *s = bench_state_new(ctx, sizeof *s);

	if (s == NULL)
		return BENCH_FAILED;
	s->fd_dup = s->fd_zero = s->fd_null = -1;
	s->pipe_fds[0] = s->pipe_fds[1] = -1;
	return BENCH_OK;
}

static void
state_free(struct bench_ctx *ctx)
{
	struct syscall_state *s = ctx->state;

	if (s == NULL)
		return;
	if (s->fd_dup != 0)
		bench_close_fd(&s->fd_dup);
	bench_close_fd(&s->fd_zero);
	bench_close_fd(&s->fd_null);
	bench_close_fd(&s->pipe_fds[0]);
	bench_close_fd(&s->pipe_fds[1]);
	if (s->have_file)
		(void)unlink(s->path);
	free(s);
	ctx->state = NULL;
}

/* ---- BYTE 3.11: System Call Overhead ---- */

/*
 * BYTE duplicates fd 0. When benchtop runs with stdin closed, dup(0)
 * would fail at once and measure an error path: duplicate /dev/null's fd
 * instead, which costs the kernel the same.
 */
static int
byte_syscall_setup(struct bench_ctx *ctx)
{
	struct syscall_state *s;
	int st;

	if ((st = state_new(ctx)) != BENCH_OK)
		return st;
	s = ctx->state;
	if (fcntl(0, F_GETFD) >= 0) {
		s->fd_dup = 0;
		return BENCH_OK;
	}
	if ((s->fd_dup = open("/dev/null", O_RDONLY | O_CLOEXEC)) < 0)
		return bench_fail(ctx, "open /dev/null", errno);
	return BENCH_OK;
}

/* Raw system calls: glibc caches nothing here, but say so explicitly. */
static int
byte_syscall_run(struct bench_ctx *ctx, uint64_t n)
{
	struct syscall_state *s = ctx->state;
	long fd;

	while (n-- > 0) {
		fd = syscall(SYS_dup, s->fd_dup);
		if (fd < 0)
			return bench_fail(ctx, "dup", errno);
		(void)syscall(SYS_close, fd);
		(void)syscall(SYS_getpid);
		(void)syscall(SYS_getuid);
		(void)syscall(SYS_umask, 022);
	}
	return BENCH_OK;
}

/* ---- lmbench 2.0: lat_syscall ---- */

static int
null_call_run(struct bench_ctx *ctx, uint64_t n)
{
	(void)ctx;
	while (n-- > 0)
		(void)getppid();
	return BENCH_OK;
}

static int
open_dev(struct bench_ctx *ctx, const char *path, int flags, int *fd)
{
	if ((*fd = open(path, flags | O_CLOEXEC)) < 0) {
		char call[64];

		(void)snprintf(call, sizeof call, "open %s", path);
		return bench_fail(ctx, call, errno);
	}
	return BENCH_OK;
}

static int
null_io_setup(struct bench_ctx *ctx)
{
	struct syscall_state *s;
	int st;

	if ((st = state_new(ctx)) != BENCH_OK)
		return st;
	s = ctx->state;
	if ((st = open_dev(ctx, "/dev/zero", O_RDONLY, &s->fd_zero)) != 0)
		return st;
	return open_dev(ctx, "/dev/null", O_WRONLY, &s->fd_null);
}

/*
 * lmbench's summary "null I/O" is the mean of its "Simple read" (1 byte
 * from /dev/zero) and "Simple write" (1 byte to /dev/null), each timed in
 * a loop of its own: so are they here, the first half of a sample's
 * operations reads and the second half writes, and ns/op is that mean.
 * Alternating the two call by call is another loop than lmbench's: the
 * kernel's paths for the two take turns in the branch predictors, which
 * with indirect-branch mitigations costs per call (see doc/fidelity.md).
 */
static int
null_io_run(struct bench_ctx *ctx, uint64_t n)
{
	struct syscall_state *s = ctx->state;
	uint64_t reads = n - n / 2;
	char c = 0;

	for (uint64_t i = 0; i < reads; i++)
		if (read(s->fd_zero, &c, 1) != 1)
			return bench_fail(ctx, "read /dev/zero", errno);
	for (uint64_t i = reads; i < n; i++)
		if (write(s->fd_null, &c, 1) != 1)
			return bench_fail(ctx, "write /dev/null", errno);
	return BENCH_OK;
}

/* lmbench stats and opens a file of its own in the scratch directory. */
static int
file_setup(struct bench_ctx *ctx)
{
	struct syscall_state *s;
	int st, fd;

	if ((st = state_new(ctx)) != BENCH_OK)
		return st;
	s = ctx->state;
	if ((st = bench_make_temp(ctx, "lat_syscall", s->path, sizeof s->path,
	         &fd)) != BENCH_OK)
		return st;
	s->have_file = 1;
	(void)close(fd);
	return BENCH_OK;
}

static int
stat_run(struct bench_ctx *ctx, uint64_t n)
{
	struct syscall_state *s = ctx->state;
	struct stat sb;

	while (n-- > 0)
		if (stat(s->path, &sb) != 0)
			return bench_fail(ctx, "stat", errno);
	return BENCH_OK;
}

static int
open_close_run(struct bench_ctx *ctx, uint64_t n)
{
	struct syscall_state *s = ctx->state;
	int fd;

	while (n-- > 0) {
		if ((fd = open(s->path, O_RDONLY)) < 0)
			return bench_fail(ctx, "open", errno);
		(void)close(fd);
	}
	return BENCH_OK;
}

/* ---- lmbench 2.0: lat_sig ---- */

/*
 * sig_install uses SIGUSR2 and sig_handle SIGUSR1 so that the two never
 * disturb each other when workers run them at once; the kernel's cost is
 * the same for either signal.
 */
static int
sig_install_run(struct bench_ctx *ctx, uint64_t n)
{
	struct sigaction sa, old;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	while (n-- > 0)
		if (sigaction(SIGUSR2, &sa, &old) != 0)
			return bench_fail(ctx, "sigaction", errno);
	return BENCH_OK;
}

static void
sig_install_teardown(struct bench_ctx *ctx)
{
	(void)ctx;
	(void)signal(SIGUSR2, SIG_DFL);
}

/* Install the handler and unblock SIGUSR1 in this (worker) thread only. */
static int
sig_handle_setup(struct bench_ctx *ctx)
{
	struct syscall_state *s;
	struct sigaction sa;
	sigset_t set;
	int st;

	if ((st = state_new(ctx)) != BENCH_OK)
		return st;
	s = ctx->state;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGUSR1, &sa, &s->old_action) != 0)
		return bench_fail(ctx, "sigaction", errno);
	s->action_set = 1;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	if ((st = pthread_sigmask(SIG_UNBLOCK, &set, &s->old_mask)) != 0)
		return bench_fail(ctx, "pthread_sigmask", st);
	s->mask_set = 1;
	return BENCH_OK;
}

/*
 * lmbench sends kill(getpid(), SIGUSR1). benchtop has several threads, so
 * the signal goes to this thread with tgkill: the same delivery path.
 */
static int
sig_handle_run(struct bench_ctx *ctx, uint64_t n)
{
	pid_t pid = getpid();
	long tid = syscall(SYS_gettid);

	while (n-- > 0)
		if (syscall(SYS_tgkill, pid, tid, SIGUSR1) != 0)
			return bench_fail(ctx, "tgkill", errno);
	return BENCH_OK;
}

/* lmbench subtracts kill(me, 0): the system call without a delivery. */
static int
sig_handle_baseline(struct bench_ctx *ctx, uint64_t n)
{
	pid_t pid = getpid();
	long tid = syscall(SYS_gettid);

	while (n-- > 0)
		if (syscall(SYS_tgkill, pid, tid, 0) != 0)
			return bench_fail(ctx, "tgkill", errno);
	return BENCH_OK;
}

static void
sig_handle_teardown(struct bench_ctx *ctx)
{
	struct syscall_state *s = ctx->state;

	if (s == NULL) /* state_new failed: setup changed nothing */
		return;
	if (s->mask_set)
		(void)pthread_sigmask(SIG_SETMASK, &s->old_mask, NULL);
	if (s->action_set)
		(void)sigaction(SIGUSR1, &s->old_action, NULL);
	state_free(ctx);
}

/* ---- FreeBSD 4.7/5.2.1 thread: calls per second ---- */

static int
bsd_write_setup(struct bench_ctx *ctx)
{
	struct syscall_state *s;
	int st;

	if ((st = state_new(ctx)) != BENCH_OK)
		return st;
	s = ctx->state;
	return open_dev(ctx, "/dev/null", O_WRONLY, &s->fd_null);
}

static int
bsd_write_run(struct bench_ctx *ctx, uint64_t n)
{
	struct syscall_state *s = ctx->state;
	char c = 0;

	while (n-- > 0)
		if (write(s->fd_null, &c, 1) != 1)
			return bench_fail(ctx, "write /dev/null", errno);
	return BENCH_OK;
}

static int
bsd_socket_run(struct bench_ctx *ctx, uint64_t n)
{
	int fd;

	while (n-- > 0) {
		if ((fd = socket(AF_INET, SOCK_DGRAM, 0)) < 0)
			return bench_fail(ctx, "socket", errno);
		(void)close(fd);
	}
	return BENCH_OK;
}

static int
bsd_select_setup(struct bench_ctx *ctx)
{
	struct syscall_state *s;
	int st;

	if ((st = state_new(ctx)) != BENCH_OK)
		return st;
	s = ctx->state;
	if (pipe2(s->pipe_fds, O_CLOEXEC) != 0)
		return bench_fail(ctx, "pipe", errno);
	return BENCH_OK;
}

static int
bsd_select_run(struct bench_ctx *ctx, uint64_t n)
{
	struct syscall_state *s = ctx->state;
	int fd = s->pipe_fds[0];
	struct timeval tv;
	fd_set rd;

	while (n-- > 0) {
		FD_ZERO(&rd);
		FD_SET(fd, &rd);
		tv.tv_sec = tv.tv_usec = 0;
		if (select(fd + 1, &rd, NULL, NULL, &tv) < 0)
			return bench_fail(ctx, "select", errno);
	}
	return BENCH_OK;
}

/* A real system call, as FreeBSD 5's was; the vDSO would hide it. */
static int
bsd_gettimeofday_run(struct bench_ctx *ctx, uint64_t n)
{
	struct timeval tv;

	while (n-- > 0)
		if (syscall(SYS_gettimeofday, &tv, NULL) != 0)
			return bench_fail(ctx, "gettimeofday", errno);
	bench_sink += (uint64_t)tv.tv_usec;
	return BENCH_OK;
}

/* ---- benchtop's own: the vDSO, for contrast ---- */

static int
clock_gettime_run(struct bench_ctx *ctx, uint64_t n)
{
	struct timespec ts;
	uint64_t sum = 0;

	(void)ctx;
	while (n-- > 0) {
		(void)clock_gettime(CLOCK_MONOTONIC, &ts);
		sum += (uint64_t)ts.tv_nsec;
	}
	bench_sink += sum;
	return BENCH_OK;
}

static const struct bench_test syscall_tests[] = {
	{
	    .id = "byte.syscall",
	    .title = "System Call Overhead",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_SYSCALL,
	    .definition = "one loop = close(dup(0)); getpid(); getuid(); "
	                  "umask(022); as raw system calls (5 calls)",
	    .unit = BENCH_UNIT_LPS,
	    .work_per_op = 1,
	    .setup = byte_syscall_setup,
	    .run = byte_syscall_run,
	    .teardown = state_free,
	},
	{
	    .id = "lmbench.null_call",
	    .title = "null call",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_SYSCALL,
	    .definition = "one getppid() system call (lat_syscall null)",
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .run = null_call_run,
	},
	{
	    .id = "lmbench.null_io",
	    .title = "null I/O",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_SYSCALL,
	    .definition = "mean of a 1-byte read of /dev/zero and a 1-byte "
	                  "write to /dev/null (lat_syscall read and write)",
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .setup = null_io_setup,
	    .run = null_io_run,
	    .teardown = state_free,
	},
	{
	    .id = "lmbench.stat",
	    .title = "stat",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_SYSCALL,
	    .definition = "one stat() of a file in the scratch directory "
	                  "(lat_syscall stat)",
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = BENCH_F_TMPDIR,
	    .setup = file_setup,
	    .run = stat_run,
	    .teardown = state_free,
	},
	{
	    .id = "lmbench.open_close",
	    .title = "open/close",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_SYSCALL,
	    .definition = "open() read-only then close() of a file in the "
	                  "scratch directory (lat_syscall open)",
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = BENCH_F_TMPDIR,
	    .setup = file_setup,
	    .run = open_close_run,
	    .teardown = state_free,
	},
	{
	    .id = "lmbench.sig_install",
	    .title = "signal install",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_SIGNAL,
	    .definition = "one sigaction() installing a handler "
	                  "(lat_sig install; SIGUSR2 here)",
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .run = sig_install_run,
	    .teardown = sig_install_teardown,
	},
	{
	    .id = "lmbench.sig_handle",
	    .title = "signal handler",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_SIGNAL,
	    .definition = "send SIGUSR1 to oneself and run its handler, "
	                  "minus the cost of sending signal 0 (lat_sig catch; "
	                  "tgkill to this thread)",
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .setup = sig_handle_setup,
	    .run = sig_handle_run,
	    .baseline = sig_handle_baseline,
	    .teardown = sig_handle_teardown,
	},
	{
	    .id = "bsd.write",
	    .title = "write",
	    .origin = BENCH_ORIGIN_BSD,
	    .group = BENCH_GROUP_SYSCALL,
	    .definition = "one 1-byte write() to /dev/null (the origin's "
	                  "program is unpublished; closest reading)",
	    .unit = BENCH_UNIT_CALLS_S,
	    .work_per_op = 1,
	    .setup = bsd_write_setup,
	    .run = bsd_write_run,
	    .teardown = state_free,
	},
	{
	    .id = "bsd.socket",
	    .title = "socket",
	    .origin = BENCH_ORIGIN_BSD,
	    .group = BENCH_GROUP_SYSCALL,
	    .definition = "socket(AF_INET, SOCK_DGRAM) then close(), counted "
	                  "as one call (origin unpublished)",
	    .unit = BENCH_UNIT_CALLS_S,
	    .work_per_op = 1,
	    .run = bsd_socket_run,
	},
	{
	    .id = "bsd.select",
	    .title = "select",
	    .origin = BENCH_ORIGIN_BSD,
	    .group = BENCH_GROUP_SYSCALL,
	    .definition = "one select() on an empty pipe with a zero timeout "
	                  "(origin unpublished)",
	    .unit = BENCH_UNIT_CALLS_S,
	    .work_per_op = 1,
	    .setup = bsd_select_setup,
	    .run = bsd_select_run,
	    .teardown = state_free,
	},
	{
	    .id = "bsd.gettimeofday",
	    .title = "gettimeofday",
	    .origin = BENCH_ORIGIN_BSD,
	    .group = BENCH_GROUP_SYSCALL,
	    .definition = "one gettimeofday() as a real system call, "
	                  "bypassing the vDSO as FreeBSD 5 had none",
	    .unit = BENCH_UNIT_CALLS_S,
	    .work_per_op = 1,
	    .run = bsd_gettimeofday_run,
	},
	{
	    .id = "extra.clock_gettime",
	    .title = "clock_gettime (vDSO)",
	    .origin = BENCH_ORIGIN_EXTRA,
	    .group = BENCH_GROUP_SYSCALL,
	    .definition = "one clock_gettime(CLOCK_MONOTONIC) through the "
	                  "vDSO: no kernel entry, for contrast",
	    .unit = BENCH_UNIT_CALLS_S,
	    .work_per_op = 1,
	    .run = clock_gettime_run,
	},
};

const struct bench_family bench_syscall_family = {
	.name = "syscall",
	.title = "System calls and signals",
	.tests = syscall_tests,
	.ntests = sizeof syscall_tests / sizeof syscall_tests[0],
};
