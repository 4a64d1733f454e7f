/*
 * bench-partner.c: the partner threads and processes of two-party tests.
 *
 * pthread_create stays here and in base-threads.c (the only places that
 * may start threads); every partner process is in base-threads.c's child
 * registry until it is reaped.
 */

#include "config.h"

#include "bench-partner.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base-threads.h"
#include "bench.h"

#define UTIL_PARTNER_NAME "bt-partner" /* at most 15 bytes (Linux comm) */

static int util_create(struct bench_ctx *, struct bench_partner_thread *,
    void *(*)(void *), void *);
static int util_create_pinned(struct bench_ctx *, struct bench_partner_thread *,
    void *(*)(void *), void *, int);

/* pthread_create, recording that a thread now runs. */
static int
util_create(struct bench_ctx *ctx, struct bench_partner_thread *p,
    void *(*fn)(void *), void *arg)
{
	int err;

	err = pthread_create(&p->tid, NULL, fn, arg);
	if (err != 0)
		return bench_fail(ctx, "pthread_create", err);
	p->started = 1;
	return BENCH_OK;
}

#ifdef HAVE_SCHED_SETAFFINITY
/*
 * A new thread inherits its creator's affinity, so the caller holds `cpu`
 * only around pthread_create: the partner is pinned from its first
 * instruction (its stack is first touched on the right CPU), and a pinning
 * failure happens before any thread exists.
 */
static int
util_create_pinned(struct bench_ctx *ctx, struct bench_partner_thread *p,
    void *(*fn)(void *), void *arg, int cpu)
{
	cpu_set_t saved;
	int rc;

	if (cpu < 0)
		return util_create(ctx, p, fn, arg);
	CPU_ZERO(&saved);
	if (sched_getaffinity(0, sizeof(saved), &saved) == -1)
		return bench_fail(ctx, "sched_getaffinity", errno);
	if (bench_pin_self(cpu) == -1)
		return bench_fail(ctx, "sched_setaffinity", errno);
	rc = util_create(ctx, p, fn, arg);
	if (sched_setaffinity(0, sizeof(saved), &saved) == -1 && rc == BENCH_OK)
		rc = bench_fail(ctx, "sched_setaffinity", errno);
	return rc;
}
#else
static int
util_create_pinned(struct bench_ctx *ctx, struct bench_partner_thread *p,
    void *(*fn)(void *), void *arg, int cpu)
{
	if (cpu >= 0)
		return bench_fail(ctx, "sched_setaffinity", ENOSYS);
	return util_create(ctx, p, fn, arg);
}
#endif

/*
 * Signals are blocked in the caller only around pthread_create: the new
 * thread inherits the full mask, so INT/TERM/HUP/WINCH always reach the
 * main thread and never interrupt a partner mid-handoff.
 */
int
bench_partner_thread_start(struct bench_ctx *ctx,
    struct bench_partner_thread *p, void *(*fn)(void *), void *arg, int cpu)
{
	sigset_t all, old;
	int err, rc;

	p->started = 0;
	(void)sigfillset(&all);
	err = pthread_sigmask(SIG_SETMASK, &all, &old);
	if (err != 0)
		return bench_fail(ctx, "pthread_sigmask", err);
	rc = util_create_pinned(ctx, p, fn, arg, cpu);
	(void)pthread_sigmask(SIG_SETMASK, &old, NULL);
#ifdef HAVE_PTHREAD_SETNAME_NP
	/* Cosmetic (ps -L, top -H): a failure changes nothing measured. */
	if (p->started)
		(void)pthread_setname_np(p->tid, UTIL_PARTNER_NAME);
#endif
	return rc;
}

void
bench_partner_thread_join(struct bench_partner_thread *p)
{
	if (!p->started)
		return;
	(void)pthread_join(p->tid, NULL);
	p->started = 0;
}

/* ---- Partner processes ---- */

/*
 * In the child, before fn: only async-signal-safe calls. The parent may
 * die before prctl takes effect: compare getppid() with the pid it had.
 */
static void
util_child_prepare(const struct bench_ctx *ctx, pid_t parent, int cpu)
{
	struct sigaction dfl;
	sigset_t none;

	(void)prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(127);
	(void)prctl(PR_SET_NAME, UTIL_PARTNER_NAME);
	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	(void)sigaction(SIGINT, &dfl, NULL);
	(void)sigaction(SIGTERM, &dfl, NULL);
	(void)sigaction(SIGHUP, &dfl, NULL);
	(void)sigaction(SIGPIPE, &dfl, NULL);
	(void)sigemptyset(&none);
	(void)sigprocmask(SIG_SETMASK, &none, NULL);
	if (cpu >= 0 && bench_pin_self(cpu) != 0)
		_exit(126);
	for (int fd = 3; fd < BENCH_FD_BITS; fd++)
		if (ctx->foreign_fds[fd / 8] & (1u << (fd % 8)))
			(void)close(fd);
}

void
bench_partner_fds_snapshot(struct bench_ctx *ctx)
{
	/* This thread's table: a worker has one of its own (base-threads.c). */
	DIR *d = opendir("/proc/thread-self/fd");
	struct dirent *e;

	memset(ctx->foreign_fds, 0, sizeof ctx->foreign_fds);
	if (d == NULL)
		d = opendir("/proc/self/fd"); /* before Linux 3.17 */
	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		int fd = atoi(e->d_name);

		if (e->d_name[0] != '.' && fd >= 3 && fd < BENCH_FD_BITS &&
		    fd != dirfd(d))
			ctx->foreign_fds[fd / 8] |=
			    (unsigned char)(1u << (fd % 8));
	}
	(void)closedir(d);
}

int
bench_partner_proc_start(struct bench_ctx *ctx, struct bench_partner_proc *p,
    int (*fn)(void *), void *arg, int cpu)
{
	pid_t parent = getpid(), pid;

	p->pid = 0;
	pid = fork();
	if (pid < 0)
		return bench_fail(ctx, "fork", errno);
	if (pid == 0) {
		util_child_prepare(ctx, parent, cpu);
		_exit(fn(arg));
	}
	if (threads_child_add(pid) != 0) {
		(void)kill(pid, SIGKILL);
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
		return bench_fail(ctx, "threads_child_add", EAGAIN);
	}
	p->pid = (int)pid;
	return BENCH_OK;
}

void
bench_partner_proc_stop(struct bench_partner_proc *p)
{
	if (p->pid <= 0)
		return;
	(void)kill(p->pid, SIGKILL);
	while (waitpid(p->pid, NULL, 0) < 0 && errno == EINTR)
		;
	threads_child_remove(p->pid);
	p->pid = 0;
}

int
bench_partner_proc_gone(struct bench_ctx *ctx, struct bench_partner_proc *p)
{
	int status;
	pid_t r;

	if (p->pid <= 0)
		return 1;
	r = waitpid(p->pid, &status, WNOHANG);
	if (r == 0)
		return 0;
	if (r < 0)
		(void)bench_fail(ctx, "waitpid partner", errno);
	else if (WIFSIGNALED(status))
		(void)bench_reason(ctx, BENCH_FAILED,
		    "partner killed by signal %d", WTERMSIG(status));
	else
		(void)bench_reason(ctx, BENCH_FAILED,
		    "partner exited with status %d", WEXITSTATUS(status));
	threads_child_remove(p->pid);
	p->pid = 0;
	return 1;
}
