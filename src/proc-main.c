/*
 * proc-main.c: benchtop-proc, the process that times the process tests
 * (the protocol and why: proc-proto.h).
 *
 * DESIGN
 *
 * It stays as small as the origins' programs: one thread, libc only, no
 * stdio buffers, nothing allocated unless the children's environment
 * needs it. Its footprint (threads, resident KiB, mappings) is read from
 * /proc/self just before the hello, in the state it forks from.
 *
 * No leftovers. benchtop started it with PR_SET_PDEATHSIG, so it dies
 * with the worker thread that started it. The children of fork only
 * _exit; those that exec ask for SIGKILL should this process die first
 * (--die-with-parent, for everything that can run long). Every round
 * reaps every child it started before it answers.
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base-cycles.h"
#include "proc-proto.h"

extern char **environ;

enum helper_op { OP_FORK, OP_EXEC, OP_EXECL };

struct helper {
	enum helper_op op;
	int copies;
	int die_with_parent;
	const char *stdin_path; /* NULL: /dev/null */
	const char *prog;       /* what exec runs, or this program (execl) */
	char **argv;            /* its argv */
	char **envp;            /* the children's environment */
	char self[PATH_MAX];    /* this program, for execl */
	int null_fd;
	pid_t pid;
	int float_cpus; /* children take `cpus`, not the helper's CPU */
#ifdef HAVE_SCHED_SETAFFINITY
	cpu_set_t cpus;
#endif
	pid_t kids[PROC_MAX_COPIES];
	struct proc_reply rep;
};

static char *no_env[] = { NULL };

/* ---- Answers ---- */

static int
write_full(int fd, const void *buf, size_t len)
{
	const char *p = buf;
	ssize_t w;

	while (len > 0) {
		if ((w = write(fd, p, len)) < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		len -= (size_t)w;
	}
	return 0;
}

/* 1 read, 0 EOF, -1 error. */
static int
read_full(int fd, void *buf, size_t len)
{
	char *p = buf;
	ssize_t r;

	while (len > 0) {
		if ((r = read(fd, p, len)) < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return r == 0 && p == (char *)buf ? 0 : -1;
		p += r;
		len -= (size_t)r;
	}
	return 1;
}

/* Mark the reply failed with a formatted reason; returns PROC_FAILED. */
__attribute__((format(printf, 2, 3))) static int
fail(struct helper *h, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	(void)vsnprintf(h->rep.reason, sizeof h->rep.reason, fmt, ap);
	va_end(ap);
	return h->rep.status = PROC_FAILED;
}

static int
fail_call(struct helper *h, const char *call, int err)
{
	return fail(h, "%s: %s", call, strerror(err));
}

/* The reason a child did not exit 0, or PROC_OK. */
static int
child_status(struct helper *h, const char *what, int status)
{
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return PROC_OK;
	if (WIFSIGNALED(status))
		return fail(h, "%s killed by signal %d", what,
		    WTERMSIG(status));
	if (WEXITSTATUS(status) == 127)
		return fail(h,
		    "%s: exec failed or command not found (status 127)", what);
	return fail(h, "%s exited with status %d", what, WEXITSTATUS(status));
}

/* ---- Footprint ---- */

/* The number after "\n<key>" in text, or 0. */
static uint32_t
field(const char *text, const char *key)
{
	const char *p = strstr(text, key);

	return p != NULL ? (uint32_t)strtoul(p + strlen(key), NULL, 10) : 0;
}

/* Threads and VmRSS from /proc/self/status; mappings: lines of maps. */
static void
footprint(struct proc_reply *r)
{
	char buf[4096];
	ssize_t len;
	int fd;

	if ((fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC)) >= 0) {
		len = read(fd, buf, sizeof buf - 1);
		buf[len > 0 ? len : 0] = '\0';
		r->threads = field(buf, "\nThreads:");
		r->rss_kib = field(buf, "\nVmRSS:");
		(void)close(fd);
	}
	if ((fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC)) < 0)
		return;
	while ((len = read(fd, buf, sizeof buf)) > 0)
		for (ssize_t i = 0; i < len; i++)
			r->mappings += buf[i] == '\n';
	(void)close(fd);
}

/* ---- Children ---- */

/* Between fork and execve (the helper is single-threaded: no limits). */
static void
child_exec(const struct helper *h, const char *prog, char **argv)
{
	int in = h->null_fd;

	if (h->die_with_parent) {
		(void)prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() != h->pid)
			_exit(127);
	}
	if (h->stdin_path != NULL &&
	    (in = open(h->stdin_path, O_RDONLY | O_CLOEXEC)) < 0)
		_exit(126);
	(void)dup2(in, STDIN_FILENO);
	(void)dup2(h->null_fd, STDOUT_FILENO);
	(void)dup2(h->null_fd, STDERR_FILENO);
#ifdef HAVE_SCHED_SETAFFINITY
	if (h->float_cpus)
		(void)sched_setaffinity(0, sizeof h->cpus, &h->cpus);
#endif
	(void)execve(prog, argv, h->envp);
	_exit(127);
}

static int
wait_child(pid_t pid, int *status)
{
	while (waitpid(pid, status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return 0;
}

/* Start `copies` children of prog at once; reap them all. */
static int
round_of(struct helper *h, int copies, const char *prog, char **argv)
{
	int started, status, st = PROC_OK;

	for (started = 0; started < copies; started++) {
		if ((h->kids[started] = fork()) < 0) {
			st = fail_call(h, "fork", errno);
			break;
		}
		if (h->kids[started] == 0)
			child_exec(h, prog, argv);
	}
	for (int i = 0; i < started; i++) {
		if (wait_child(h->kids[i], &status) != 0) {
			if (st == PROC_OK)
				st = fail_call(h, "waitpid", errno);
		} else if (st == PROC_OK) {
			st = child_status(h, argv[0], status);
		}
	}
	return st;
}

/* ---- Operations ---- */

/*
 * BYTE's spawn and lat_proc fork: the child exits at once, the parent
 * waits. The child leaves through exit(), as both origins' children do
 * (BYTE's exit(0), lmbench's exit(1); the status is 0 here): exit()'s
 * stdio and atexit teardown writes to libc's data pages, copy-on-write
 * faults that are part of what they timed. _exit() skips them and was
 * about 20% faster (147 against 183 us a fork on a KVM guest).
 */
static int
run_fork(struct helper *h, uint64_t n)
{
	int status;
	pid_t pid;

	while (n-- > 0) {
		if ((pid = fork()) < 0)
			return fail_call(h, "fork", errno);
		if (pid == 0)
			exit(0);
		if (wait_child(pid, &status) != 0)
			return fail_call(h, "waitpid", errno);
		if (status != 0)
			return child_status(h, "child", status);
	}
	return PROC_OK;
}

/* Did the worker ask to stop (PROC_STOP, or EOF) since the request? */
static int
stop_asked(void)
{
	struct pollfd p = { .fd = STDIN_FILENO, .events = POLLIN };
	uint64_t word;

	if (poll(&p, 1, 0) <= 0)
		return 0;
	return read_full(STDIN_FILENO, &word, sizeof word) <= 0 ||
	    word == PROC_STOP;
}

/* One round of children per operation; stops between operations. */
static int
run_exec(struct helper *h, uint64_t n)
{
	int st;

	while (n-- > 0) {
		if (stop_asked())
			return h->rep.status = PROC_STOPPED;
		if ((st = round_of(h, h->copies, h->prog, h->argv)) != PROC_OK)
			return st;
	}
	return PROC_OK;
}

/*
 * BYTE's execl: one process execs itself, counting passes. A sample of
 * n passes forks one child that execs this program with n-1 to go (the
 * chain in main): n execs and one fork.
 */
static int
run_execl(struct helper *h, uint64_t n)
{
	char left[24], *argv[] = { h->self, PROC_EXECL_FLAG, left, NULL };

	if (n == 0)
		return PROC_OK;
	(void)snprintf(left, sizeof left, "%llu", (unsigned long long)(n - 1));
	return round_of(h, 1, h->self, argv);
}

static int
run_op(struct helper *h, uint64_t n)
{
	switch (h->op) {
	case OP_FORK:
		return run_fork(h, n);
	case OP_EXEC:
		return run_exec(h, n);
	default:
		return run_execl(h, n);
	}
}

/* Answer each request until EOF (benchtop's teardown). */
static int
serve(struct helper *h)
{
	uint64_t n, t0;
	int r;

	while ((r = read_full(STDIN_FILENO, &n, sizeof n)) > 0) {
		memset(&h->rep, 0, sizeof h->rep);
		h->rep.magic = PROC_MAGIC;
		t0 = cycles_now_ns();
		h->rep.status = n == PROC_STOP ? PROC_STOPPED : run_op(h, n);
		h->rep.ns = cycles_now_ns() - t0;
		if (write_full(STDOUT_FILENO, &h->rep, sizeof h->rep) != 0)
			return 1;
	}
	return r == 0 ? 0 : 1;
}

/* ---- Start ---- */

/* BYTE's execl chain: exec this program again until none are left. */
static void
execl_chain(char **argv)
{
	unsigned long long left;
	char next[24], *end;

	left = strtoull(argv[2], &end, 10);
	if (*end != '\0' || argv[2][0] == '\0')
		_exit(2);
	if (left == 0)
		_exit(0);
	(void)snprintf(next, sizeof next, "%llu", left - 1);
	(void)execl(argv[0], argv[0], PROC_EXECL_FLAG, next, (char *)NULL);
	_exit(127);
}

/* "0,2,3": the CPUs children of the shell tests may take. */
static int
parse_cpus(struct helper *h, const char *list)
{
#ifdef HAVE_SCHED_SETAFFINITY
	char *end;
	long c;

	CPU_ZERO(&h->cpus);
	do {
		c = strtol(list, &end, 10);
		if (end == list || c < 0 || c >= CPU_SETSIZE)
			return -1;
		CPU_SET((int)c, &h->cpus);
		list = end + 1;
	} while (*end == ',');
	if (*end != '\0')
		return -1;
	h->float_cpus = 1;
#else
	(void)h;
	(void)list;
#endif
	return 0;
}

/* The environment with TMPDIR=dir: scratch files go where benchtop
 * removes them. */
static int
env_with_tmpdir(struct helper *h, const char *dir)
{
	size_t n = 0, j = 0;
	char *var;

	while (environ[n] != NULL)
		n++;
	h->envp = calloc(n + 2, sizeof *h->envp);
	var = malloc(strlen(dir) + sizeof "TMPDIR=");
	if (h->envp == NULL || var == NULL)
		return fail_call(h, "malloc", errno);
	(void)strcpy(var, "TMPDIR=");
	(void)strcat(var, dir);
	for (size_t i = 0; i < n; i++)
		if (strncmp(environ[i], "TMPDIR=", 7) != 0)
			h->envp[j++] = environ[i];
	h->envp[j++] = var;
	h->envp[j] = NULL;
	return PROC_OK;
}

static int
parse_op(struct helper *h, const char *op)
{
	if (strcmp(op, "fork") == 0)
		h->op = OP_FORK;
	else if (strcmp(op, "exec") == 0)
		h->op = OP_EXEC;
	else if (strcmp(op, "execl") == 0)
		h->op = OP_EXECL;
	else
		return fail(h, "unknown operation '%s'", op);
	return PROC_OK;
}

/* One option at argv[*i] (and its value); PROC_FAILED names a bad one. */
static int
parse_option(struct helper *h, int argc, char **argv, int *i)
{
	const char *opt = argv[*i], *val = *i + 1 < argc ? argv[*i + 1] : NULL;
	char *end;

	if (strcmp(opt, "--die-with-parent") == 0) {
		h->die_with_parent = 1;
		return PROC_OK;
	}
	if (strcmp(opt, "--env-empty") == 0) {
		h->envp = no_env;
		return PROC_OK;
	}
	if (val == NULL)
		return fail(h, "bad option '%s'", opt);
	++*i;
	if (strcmp(opt, "--copies") == 0) {
		h->copies = (int)strtol(val, &end, 10);
		if (*end != '\0' || h->copies < 1 ||
		    h->copies > PROC_MAX_COPIES)
			return fail(h, "bad --copies '%s'", val);
	} else if (strcmp(opt, "--stdin") == 0) {
		h->stdin_path = val;
	} else if (strcmp(opt, "--float-cpus") == 0) {
		if (parse_cpus(h, val) != 0)
			return fail(h, "bad --float-cpus '%s'", val);
	} else if (strcmp(opt, "--dir") == 0) {
		if (chdir(val) != 0)
			return fail_call(h, val, errno);
	} else if (strcmp(opt, "--tmpdir") == 0) {
		return env_with_tmpdir(h, val);
	} else {
		return fail(h, "bad option '%s'", opt);
	}
	return PROC_OK;
}

/* OP, options, then "-- PROGRAM ARGV0 ARG..." for exec. */
static int
parse_args(struct helper *h, int argc, char **argv)
{
	int i;

	if (argc < 2)
		return fail(h, "no operation (run by benchtop, not by hand)");
	if (parse_op(h, argv[1]) != PROC_OK)
		return PROC_FAILED;
	for (i = 2; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (parse_option(h, argc, argv, &i) != PROC_OK)
			return PROC_FAILED;
	if (h->op == OP_EXEC) {
		if (i + 2 >= argc)
			return fail(h, "exec needs -- PROGRAM ARGV0 [ARG...]");
		h->prog = argv[i + 1];
		h->argv = argv + i + 2;
	}
	return PROC_OK;
}

/* Everything the loops need, made before the hello. */
static int
prepare(struct helper *h, int argc, char **argv)
{
	ssize_t len;

	h->copies = 1;
	h->envp = environ;
	h->pid = getpid();
	if (parse_args(h, argc, argv) != PROC_OK)
		return PROC_FAILED;
	if ((h->null_fd = open("/dev/null", O_RDWR | O_CLOEXEC)) < 0)
		return fail_call(h, "open /dev/null", errno);
	if (h->op == OP_EXECL) {
		len = readlink("/proc/self/exe", h->self, sizeof h->self - 1);
		if (len < 0)
			return fail_call(h, "readlink /proc/self/exe", errno);
		h->self[len] = '\0';
	}
	return PROC_OK;
}

int
main(int argc, char **argv)
{
	/*
	 * On the stack, not static: in .bss it took a mapping of its own,
	 * one more than lat_proc's process has, and fork copies mappings.
	 */
	struct helper h = { 0 };
	struct stat out;

	if (argc == 3 && strcmp(argv[1], PROC_EXECL_FLAG) == 0)
		execl_chain(argv);
	h.rep.magic = PROC_MAGIC;
	if (prepare(&h, argc, argv) == PROC_OK)
		footprint(&h.rep);
	if (fstat(STDOUT_FILENO, &out) != 0 || !S_ISFIFO(out.st_mode)) {
		(void)fprintf(stderr, "%s: %s\n", PROC_HELPER_NAME,
		    h.rep.status == PROC_OK ? "benchtop runs this program, "
		                              "over pipes: see benchtop(1)"
		                            : h.rep.reason);
		return 2;
	}
	if (write_full(STDOUT_FILENO, &h.rep, sizeof h.rep) != 0 ||
	    h.rep.status != PROC_OK)
		return 2;
	return serve(&h);
}
