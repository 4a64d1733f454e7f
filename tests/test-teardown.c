/*
 * test-teardown.c: teardown copes with a half-done setup (bench.h).
 *
 * Every test's teardown, called with no state (setup failed at its first
 * allocation), returns without touching anything: each runs in a child
 * of its own, so that a crash names its test. And lmbench.sig_handle,
 * whose setup changes the worker thread's signal mask and SIGUSR1's
 * action, restores after a setup that failed half-way only what that
 * setup changed: a worker keeps every signal blocked (main alone waits
 * for them), so a mask restored from nothing would unblock them all.
 *
 * The failures are made by defining sigaction and pthread_sigmask here:
 * the tests' calls come to these, which fail once when armed and else
 * forward to the C library's (RTLD_NEXT).
 */

#define _GNU_SOURCE 1

#include "config.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench-registry.h"
#include "check.h"

/* Which call fails next, once: "sigaction", "pthread_sigmask" or NULL. */
static const char *fail_next;

static int
failing(const char *name)
{
	if (fail_next == NULL || strcmp(fail_next, name) != 0)
		return 0;
	fail_next = NULL;
	return 1;
}

int
sigaction(int sig, const struct sigaction *act, struct sigaction *old)
{
	int (*real)(int, const struct sigaction *, struct sigaction *) =
	    (int (*)(int, const struct sigaction *,
	        struct sigaction *))dlsym(RTLD_NEXT, "sigaction");

	if (failing("sigaction")) {
		errno = EINVAL;
		return -1;
	}
	return real(sig, act, old);
}

int
pthread_sigmask(int how, const sigset_t *set, sigset_t *old)
{
	int (*real)(int, const sigset_t *, sigset_t *) = (int (*)(int,
	    const sigset_t *, sigset_t *))dlsym(RTLD_NEXT, "pthread_sigmask");

	if (failing("pthread_sigmask"))
		return EINVAL;
	return real(how, set, old);
}

static void
ctx_init(struct bench_ctx *ctx, const struct bench_test *t)
{
	memset(ctx, 0, sizeof *ctx);
	ctx->test = t;
	ctx->tmpdir = "/tmp";
	ctx->cpu = -1;
	ctx->partner_cpu = -1;
}

/* Each test's teardown with no state, in a child: 0 when it returned. */
static void
test_teardown_without_state(void)
{
	for (size_t i = 0; i < registry_count(); i++) {
		const struct bench_test *t = registry_at(i);
		struct bench_ctx ctx;
		char what[160];
		int status = -1;
		pid_t pid;

		if (t->teardown == NULL)
			continue;
		if ((pid = fork()) == 0) {
			ctx_init(&ctx, t);
			t->teardown(&ctx);
			_exit(0);
		}
		(void)waitpid(pid, &status, 0);
		(void)snprintf(what, sizeof what,
		    "%s: teardown copes with no state", t->id);
		CHECK(what,
		    pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0);
	}
}

/* The worker's state: every signal blocked, SIGUSR1 ignored. */
static void
worker_signals(void)
{
	sigset_t all;

	sigfillset(&all);
	(void)pthread_sigmask(SIG_SETMASK, &all, NULL);
	(void)signal(SIGUSR1, SIG_IGN);
}

/* Whether the worker's state is as worker_signals left it. */
static int
signals_kept(void)
{
	sigset_t now;
	struct sigaction act;

	(void)pthread_sigmask(SIG_SETMASK, NULL, &now);
	(void)sigaction(SIGUSR1, NULL, &act);
	return sigismember(&now, SIGINT) == 1 &&
	    sigismember(&now, SIGUSR1) == 1 && act.sa_handler == SIG_IGN;
}

/* sig_handle's setup failing at `call` (or NULL: not at all). */
static void
sig_handle_after(const struct bench_test *t, const char *call)
{
	struct bench_ctx ctx;
	char what[160];
	int st;

	worker_signals();
	ctx_init(&ctx, t);
	fail_next = call;
	st = t->setup(&ctx);
	fail_next = NULL;
	(void)snprintf(what, sizeof what, "setup %s when %s fails",
	    call ? "fails" : "succeeds", call ? call : "nothing");
	CHECK(what, call ? st != BENCH_OK : st == BENCH_OK);
	t->teardown(&ctx);
	(void)snprintf(what, sizeof what,
	    "after %s failed: mask and action as before setup",
	    call ? call : "nothing");
	CHECK(what, signals_kept());
	CHECK("teardown freed the state", ctx.state == NULL);
}

static void
test_sig_handle(void)
{
	const struct bench_test *t = registry_find("lmbench.sig_handle");

	if (!CHECK("lmbench.sig_handle is registered", t != NULL))
		return;
	sig_handle_after(t, NULL);
	sig_handle_after(t, "sigaction");
	sig_handle_after(t, "pthread_sigmask");
}

int
main(void)
{
	test_teardown_without_state();
	test_sig_handle();
	return check_summary("test-teardown");
}
