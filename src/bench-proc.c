/*
 * bench-proc.c: what it costs to make a process, to replace its program
 * and to run small programs.
 *
 * BYTE UNIX Benchmarks 3.11 (seeds/000): Process Creation (spawn.c),
 * Execl Throughput (execl.c), the C compiler test, the shell scripts of
 * tst.sh run 1, 2, 4 and 8 at a time (multi.sh), and dc computing sqrt(2)
 * to 99 places (dc.dat). lmbench 2.0 (seeds/004): lat_proc's fork+exit,
 * fork+execve and fork+/bin/sh -c. The C source, the script and the text
 * the scripts sort are benchtop's own, written to the test's work
 * directory in setup; they do the work the origin's files did.
 *
 * DESIGN
 *
 * fork is the measured operation here, which is why this file may call
 * it (style.md 4.5, 6). benchtop is multithreaded: between fork and
 * execve or _exit a child makes async-signal-safe calls only, and
 * everything it needs (paths, argv, envp, the /dev/null descriptor, the
 * CPU mask, a default SIGPIPE action) is prepared in setup, in the
 * state. A child that execs first undoes what exec would pass on from
 * the worker thread: every signal blocked, and main's ignored SIGPIPE.
 *
 * No leftovers. Fork tests' children call nothing before _exit(0), so
 * nothing can keep them alive; they are not registered, which would put
 * a mutex into the measured fork. Every child that execs is registered
 * with the scheduler (sched_child_add) until reaped, so that if it hangs
 * the stop path's grace kill unblocks the waitpid here; those of
 * execl, cc, dc and the shells also ask for SIGKILL should the worker
 * die first (PR_SET_PDEATHSIG). A run() reaps every child it started
 * before it returns, and the slow rows check the stop flag between
 * operations, so a stop request is honoured within one sample. Scripts,
 * cc and sort write only into the test's own directory (TMPDIR points
 * there too), which teardown empties and removes.
 */

#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench-util.h"
#include "bench.h"
#include "exec-helper.h"
#include "sched.h"

#define PROC_MAX_COPIES 8     /* byte.shell8 */
#define PROC_NARGS      4     /* child argv after argv[0]: cc has 4 */
#define PROC_TEXT_BYTES 8500  /* about BYTE's sort.src */
#define PROC_TEXT_SEED  1991u /* the text is the same on every run */

extern char **environ;

/* One test instance. */
struct proc_state {
	const char *what;    /* the child, in failure reasons */
	char prog[PATH_MAX]; /* the program each child execs */
	char args[PROC_NARGS][PATH_MAX];
	char *argv[PROC_NARGS + 2]; /* argv[0], args..., NULL */
	char **envp;                /* environ, proc_no_env or env_own */
	char **env_own;             /* environ with TMPDIR=dir */
	char env_tmpdir[PATH_MAX + 8];
	char dir[PATH_MAX]; /* private work directory, "" if none */
	int null_fd;        /* /dev/null: the children's stdio */
	int in_fd;          /* byte.dc: stdin of dc, or -1 */
	int copies;         /* children started at once per operation */
	int die_with_parent;
	int float_cpus; /* spread: children take the whole mask */
#ifdef HAVE_SCHED_SETAFFINITY
	cpu_set_t all_cpus; /* the process's affinity mask */
#endif
	pid_t parent;             /* getpid() at setup */
	struct sigaction sigpipe; /* SIG_DFL, for the children */
	sigset_t no_signals;      /* the children's mask: empty */
	pid_t pids[PROC_MAX_COPIES];
};

/* lmbench's fork+execve passes an empty environment. */
static char *proc_no_env[] = { NULL };

/* The C source byte.cc compiles: about 160 lines, like BYTE's cctest.c. */
static const char proc_cc_source[] =
    "/* benchtop byte.cc: the program the C compiler test compiles. */\n"
    "#include <stdio.h>\n"
    "#include <stdlib.h>\n"
    "#include <string.h>\n"
    "\n"
    "#define NREC\t64\n"
    "#define NBUCKET\t17\n"
    "\n"
    "struct rec {\n"
    "\tchar name[16];\n"
    "\tint key;\n"
    "\tdouble weight;\n"
    "\tstruct rec *next;\n"
    "};\n"
    "\n"
    "static struct rec table[NREC];\n"
    "static struct rec *buckets[NBUCKET];\n"
    "\n"
    "static unsigned\n"
    "hash(const char *s)\n"
    "{\n"
    "\tunsigned h = 5381;\n"
    "\n"
    "\twhile (*s != '\\0')\n"
    "\t\th = h * 33 + (unsigned char)*s++;\n"
    "\treturn h;\n"
    "}\n"
    "\n"
    "static int\n"
    "by_key(const void *a, const void *b)\n"
    "{\n"
    "\tconst struct rec *x = a, *y = b;\n"
    "\n"
    "\treturn (x->key > y->key) - (x->key < y->key);\n"
    "}\n"
    "\n"
    "static void\n"
    "fill(unsigned seed)\n"
    "{\n"
    "\tint i;\n"
    "\n"
    "\tfor (i = 0; i < NREC; i++) {\n"
    "\t\tseed = seed * 1103515245u + 12345u;\n"
    "\t\tsnprintf(table[i].name, sizeof table[i].name, \"r%u\",\n"
    "\t\t    seed % 1000u);\n"
    "\t\ttable[i].key = (int)((seed >> 16) % 500u);\n"
    "\t\ttable[i].weight = (double)(seed % 97u) / 7.0;\n"
    "\t\ttable[i].next = NULL;\n"
    "\t}\n"
    "}\n"
    "\n"
    "static void\n"
    "index_all(void)\n"
    "{\n"
    "\tunsigned b;\n"
    "\tint i;\n"
    "\n"
    "\tmemset(buckets, 0, sizeof buckets);\n"
    "\tfor (i = 0; i < NREC; i++) {\n"
    "\t\tb = hash(table[i].name) % NBUCKET;\n"
    "\t\ttable[i].next = buckets[b];\n"
    "\t\tbuckets[b] = &table[i];\n"
    "\t}\n"
    "}\n"
    "\n"
    "static struct rec *\n"
    "lookup(const char *name)\n"
    "{\n"
    "\tstruct rec *r;\n"
    "\n"
    "\tfor (r = buckets[hash(name) % NBUCKET]; r != NULL; r = r->next)\n"
    "\t\tif (strcmp(r->name, name) == 0)\n"
    "\t\t\treturn r;\n"
    "\treturn NULL;\n"
    "}\n"
    "\n"
    "static double\n"
    "mean_weight(void)\n"
    "{\n"
    "\tdouble sum = 0;\n"
    "\tint i;\n"
    "\n"
    "\tfor (i = 0; i < NREC; i++)\n"
    "\t\tsum += table[i].weight;\n"
    "\treturn sum / NREC;\n"
    "}\n"
    "\n"
    "static void\n"
    "matmul(double a[4][4], double b[4][4], double c[4][4])\n"
    "{\n"
    "\tint i, j, k;\n"
    "\n"
    "\tfor (i = 0; i < 4; i++)\n"
    "\t\tfor (j = 0; j < 4; j++) {\n"
    "\t\t\tc[i][j] = 0;\n"
    "\t\t\tfor (k = 0; k < 4; k++)\n"
    "\t\t\t\tc[i][j] += a[i][k] * b[k][j];\n"
    "\t\t}\n"
    "}\n"
    "\n"
    "enum kind { SPACE, WORD, DIGIT, OTHER };\n"
    "\n"
    "static enum kind\n"
    "classify(int c)\n"
    "{\n"
    "\tswitch (c) {\n"
    "\tcase ' ':\n"
    "\tcase '\\t':\n"
    "\tcase '\\n':\n"
    "\t\treturn SPACE;\n"
    "\tcase '0': case '1': case '2': case '3': case '4':\n"
    "\tcase '5': case '6': case '7': case '8': case '9':\n"
    "\t\treturn DIGIT;\n"
    "\tdefault:\n"
    "\t\tif ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))\n"
    "\t\t\treturn WORD;\n"
    "\t\treturn OTHER;\n"
    "\t}\n"
    "}\n"
    "\n"
    "static int\n"
    "count_words(const char *text)\n"
    "{\n"
    "\tint words = 0, inside = 0;\n"
    "\n"
    "\tfor (; *text != '\\0'; text++) {\n"
    "\t\tif (classify((unsigned char)*text) == SPACE)\n"
    "\t\t\tinside = 0;\n"
    "\t\telse if (!inside) {\n"
    "\t\t\tinside = 1;\n"
    "\t\t\twords++;\n"
    "\t\t}\n"
    "\t}\n"
    "\treturn words;\n"
    "}\n"
    "\n"
    "int\n"
    "main(int argc, char **argv)\n"
    "{\n"
    "\tdouble a[4][4], b[4][4], c[4][4];\n"
    "\tstruct rec *r;\n"
    "\tint i, j;\n"
    "\n"
    "\tfill(argc > 1 ? (unsigned)atoi(argv[1]) : 1991u);\n"
    "\tqsort(table, NREC, sizeof table[0], by_key);\n"
    "\tindex_all();\n"
    "\tfor (i = 0; i < 4; i++)\n"
    "\t\tfor (j = 0; j < 4; j++) {\n"
    "\t\t\ta[i][j] = i + j;\n"
    "\t\t\tb[i][j] = i == j ? table[i].weight : 0.5;\n"
    "\t\t}\n"
    "\tmatmul(a, b, c);\n"
    "\tr = lookup(table[NREC / 2].name);\n"
    "\tprintf(\"%s %d %.3f %.3f %d\\n\", r != NULL ? r->name : \"-\",\n"
    "\t    table[0].key, mean_weight(), c[3][3],\n"
    "\t    count_words(\"the quick brown fox 42 times\"));\n"
    "\treturn 0;\n"
    "}\n";

/*
 * The script byte.shell* runs: tst.sh's work (sort a text, octal-dump
 * it and sort the dump numerically, grep "the" through tee into wc,
 * remove the files) in the C locale, so that the user's locale cannot
 * change what sort costs.
 */
static const char proc_shell_script[] =
    "# benchtop byte.shell*: one copy of BYTE 3.11's shell workload.\n"
    "# $1 is the text, $2 the work directory; $$ keeps copies apart.\n"
    "LC_ALL=C\n"
    "export LC_ALL\n"
    "w=$2/w$$\n"
    "sort <\"$1\" >\"$w.sorted\"\n"
    "od \"$w.sorted\" | sort -n -k 1 >\"$w.od\"\n"
    "grep the \"$w.sorted\" | tee \"$w.grep\" | wc >\"$w.wc\"\n"
    "rm \"$w.sorted\" \"$w.od\" \"$w.grep\" \"$w.wc\"\n";

/*
 * dc.dat's program: scale 99, the square root of 2, print. Its closing
 * q is left out, as GNU dc 1.07 exits with status 1 on q: dc ends at the
 * end of its input instead.
 */
static const char proc_dc_input[] = "99 k 2 v p\n";

/* The tools the script needs besides /bin/sh. */
static const char *const proc_shell_tools[] = { "sort", "od", "grep", "tee",
	"wc", "rm" };

/* Words of the sorted text; "the" and its kin give grep its matches. */
static const char *const proc_words[] = { "the", "then", "there", "other",
	"these", "kernel", "process", "fork", "exec", "wait", "signal", "pipe",
	"buffer", "inode", "block", "page", "fault", "table", "entry", "queue",
	"timer", "clock", "shell", "script", "sort", "output", "input",
	"device", "driver", "memory", "cache", "thread", "mutex", "lock",
	"unlock", "system", "call", "return", "value", "error", "status",
	"child", "parent", "zombie", "reap", "mount", "file", "directory",
	"path", "name" };

/* ---- State ---- */

static int
proc_stopping(const struct bench_ctx *ctx)
{
	return ctx->stop != NULL &&
	    atomic_load_explicit(ctx->stop, memory_order_relaxed) != 0;
}

static int
proc_state_new(struct bench_ctx *ctx, const char *what)
{
	struct proc_state *s = calloc(1, sizeof *s);

	if (s == NULL)
		return bench_fail(ctx, "calloc", errno);
	ctx->state = s;
	s->what = what;
	s->in_fd = -1;
	s->copies = 1;
	s->envp = environ;
	s->parent = getpid();
	s->sigpipe.sa_handler = SIG_DFL;
	(void)sigemptyset(&s->sigpipe.sa_mask);
	(void)sigemptyset(&s->no_signals);
	if ((s->null_fd = open("/dev/null", O_RDWR | O_CLOEXEC)) < 0)
		return bench_fail(ctx, "open /dev/null", errno);
	return BENCH_OK;
}

/* Empty the work directory (whatever a killed script left) and remove it. */
static void
proc_dir_remove(struct proc_state *s)
{
	struct dirent *e;
	DIR *d;

	if (s->dir[0] == '\0')
		return;
	if ((d = opendir(s->dir)) != NULL) {
		while ((e = readdir(d)) != NULL)
			if (strcmp(e->d_name, ".") != 0 &&
			    strcmp(e->d_name, "..") != 0)
				(void)unlinkat(dirfd(d), e->d_name, 0);
		(void)closedir(d);
	}
	(void)rmdir(s->dir);
	s->dir[0] = '\0';
}

static void
proc_teardown(struct bench_ctx *ctx)
{
	struct proc_state *s = ctx->state;

	if (s == NULL)
		return;
	if (s->null_fd >= 0)
		(void)close(s->null_fd);
	if (s->in_fd >= 0)
		(void)close(s->in_fd);
	proc_dir_remove(s);
	free(s->env_own);
	free(s);
	ctx->state = NULL;
}

/*
 * The child's command: `prog` run as argv0 with the NULL-terminated
 * args, copied into the state so that the child reads only its own
 * memory.
 */
static int
proc_set_cmd(struct bench_ctx *ctx, const char *prog, const char *argv0,
    const char *const *args)
{
	struct proc_state *s = ctx->state;
	int i;

	if ((size_t)snprintf(s->prog, sizeof s->prog, "%s", prog) >=
	    sizeof s->prog)
		return bench_fail(ctx, prog, ENAMETOOLONG);
	s->argv[0] = (char *)argv0;
	for (i = 0; args[i] != NULL && i < PROC_NARGS; i++) {
		if ((size_t)snprintf(s->args[i], sizeof s->args[i], "%s",
		        args[i]) >= sizeof s->args[i])
			return bench_fail(ctx, args[i], ENAMETOOLONG);
		s->argv[i + 1] = s->args[i];
	}
	s->argv[i + 1] = NULL;
	return BENCH_OK;
}

/* benchtop's own binary: the path the kernel ran. */
static int
proc_self_exe(struct bench_ctx *ctx, char *out, size_t size)
{
	ssize_t len = readlink("/proc/self/exe", out, size - 1);

	if (len < 0)
		return bench_fail(ctx, "readlink /proc/self/exe", errno);
	if ((size_t)len >= size - 1)
		return bench_fail(ctx, "readlink /proc/self/exe", ENAMETOOLONG);
	out[len] = '\0';
	return BENCH_OK;
}

static int
proc_is_program(const char *path)
{
	struct stat sb;

	return stat(path, &sb) == 0 && S_ISREG(sb.st_mode) &&
	    access(path, X_OK) == 0;
}

/* `name` along $PATH (or /usr/bin:/bin), as execvp would find it. */
static int
proc_find_in_path(const char *name, char *out, size_t size)
{
	const char *path = getenv("PATH"), *p, *end;
	size_t len;

	if (path == NULL || *path == '\0')
		path = "/usr/bin:/bin";
	for (p = path;; p = end + 1) {
		end = strchr(p, ':');
		len = end != NULL ? (size_t)(end - p) : strlen(p);
		if (len > 0 &&
		    (size_t)snprintf(out, size, "%.*s/%s", (int)len, p, name) <
		        size &&
		    proc_is_program(out))
			return 0;
		if (end == NULL)
			return -1;
	}
}

/* ---- The work directory and its files ---- */

static int
proc_make_dir(struct bench_ctx *ctx)
{
	struct proc_state *s = ctx->state;

	(void)snprintf(s->dir, sizeof s->dir, "%s/proc.XXXXXX",
	    ctx->tmpdir != NULL ? ctx->tmpdir : "/tmp");
	if (mkdtemp(s->dir) == NULL) {
		s->dir[0] = '\0';
		return bench_fail(ctx, "mkdtemp", errno);
	}
	return BENCH_OK;
}

/* Write `len` bytes to the new file dir/name; its path into `path`. */
static int
proc_write_file(struct bench_ctx *ctx, const char *name, const char *data,
    size_t len, char *path, size_t size)
{
	struct proc_state *s = ctx->state;
	ssize_t w;
	int fd;

	if ((size_t)snprintf(path, size, "%s/%s", s->dir, name) >= size)
		return bench_fail(ctx, name, ENAMETOOLONG);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0)
		return bench_fail(ctx, "open", errno);
	while (len > 0) {
		if ((w = write(fd, data, len)) < 0 && errno == EINTR)
			continue;
		if (w < 0) {
			(void)close(fd);
			return bench_fail(ctx, "write", errno);
		}
		data += w;
		len -= (size_t)w;
	}
	if (close(fd) != 0)
		return bench_fail(ctx, "close", errno);
	return BENCH_OK;
}

/*
 * The text the scripts sort: lines of one to six words drawn from
 * proc_words by a fixed linear congruential sequence, about
 * PROC_TEXT_BYTES long, identical on every run and machine.
 */
static size_t
proc_make_text(char *buf, size_t size)
{
	const size_t nwords = sizeof proc_words / sizeof proc_words[0];
	uint32_t x = PROC_TEXT_SEED;
	size_t len = 0;
	int words;

	while (len < PROC_TEXT_BYTES && size - len > 128) {
		x = x * 1103515245u + 12345u;
		words = 1 + (int)((x >> 16) % 6);
		for (int i = 0; i < words; i++) {
			x = x * 1103515245u + 12345u;
			len += (size_t)snprintf(buf + len, size - len, "%s%c",
			    proc_words[(x >> 16) % nwords],
			    i + 1 < words ? ' ' : '\n');
		}
	}
	return len;
}

/*
 * The children's environment: benchtop's, with TMPDIR in the work
 * directory, so that the scratch files of cc and sort go where teardown
 * removes them.
 */
static int
proc_private_env(struct bench_ctx *ctx)
{
	struct proc_state *s = ctx->state;
	size_t n = 0, j = 0;

	while (environ[n] != NULL)
		n++;
	if ((s->env_own = calloc(n + 2, sizeof *s->env_own)) == NULL)
		return bench_fail(ctx, "calloc", errno);
	(void)snprintf(s->env_tmpdir, sizeof s->env_tmpdir, "TMPDIR=%s",
	    s->dir);
	for (size_t i = 0; i < n; i++)
		if (strncmp(environ[i], "TMPDIR=", 7) != 0)
			s->env_own[j++] = environ[i];
	s->env_own[j++] = s->env_tmpdir;
	s->env_own[j] = NULL;
	s->envp = s->env_own;
	return BENCH_OK;
}

/* ---- Children ---- */

/*
 * Spread placement lets the copies of a shell test take every CPU of
 * the process, as BYTE's scripts did on an SMP machine; the worker's own
 * pinning would hold them all on one CPU. Async-signal-safe.
 */
static void
proc_child_place(const struct proc_state *s)
{
#ifdef HAVE_SCHED_SETAFFINITY
	if (s->float_cpus)
		(void)sched_setaffinity(0, sizeof s->all_cpus, &s->all_cpus);
#else
	(void)s;
#endif
}

/*
 * The child of an exec test, between fork and execve: async-signal-safe
 * calls only. stdin is /dev/null (or dc's program), stdout and stderr
 * /dev/null, so nothing reaches the terminal.
 */
static void
proc_child_exec(const struct proc_state *s)
{
	if (s->die_with_parent) {
		(void)prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() != s->parent)
			_exit(127);
	}
	(void)sigaction(SIGPIPE, &s->sigpipe, NULL);
	(void)sigprocmask(SIG_SETMASK, &s->no_signals, NULL);
	(void)dup2(s->in_fd >= 0 ? s->in_fd : s->null_fd, STDIN_FILENO);
	if (s->in_fd >= 0)
		(void)lseek(STDIN_FILENO, 0, SEEK_SET);
	(void)dup2(s->null_fd, STDOUT_FILENO);
	(void)dup2(s->null_fd, STDERR_FILENO);
	proc_child_place(s);
	(void)execve(s->prog, s->argv, s->envp);
	_exit(127);
}

/* BENCH_OK if the child exited 0; else a reason naming what ran. */
static int
proc_status(struct bench_ctx *ctx, const char *what, int status)
{
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return BENCH_OK;
	if (proc_stopping(ctx))
		return BENCH_STOPPED; /* killed on the way out: not a fault */
	if (WIFSIGNALED(status))
		return bench_reason(ctx, BENCH_FAILED, "%s killed by signal %d",
		    what, WTERMSIG(status));
	if (WEXITSTATUS(status) == 127)
		return bench_reason(ctx, BENCH_FAILED,
		    "%s: exec failed or command not found (status 127)", what);
	return bench_reason(ctx, BENCH_FAILED, "%s exited with status %d", what,
	    WEXITSTATUS(status));
}

/* waitpid through EINTR, then out of the registry; -1 and errno. */
static int
proc_wait(pid_t pid, int *status)
{
	pid_t r;

	while ((r = waitpid(pid, status, 0)) < 0 && errno == EINTR)
		;
	sched_child_remove((int)pid);
	return r < 0 ? -1 : 0;
}

/*
 * One operation of the exec tests: start s->copies children at once and
 * wait for them all. Every started child is reaped, whatever fails; the
 * first failure gives the reason.
 */
static int
proc_round(struct bench_ctx *ctx, struct proc_state *s)
{
	int started, status, st = BENCH_OK, err;

	for (started = 0; started < s->copies; started++) {
		if ((s->pids[started] = fork()) < 0) {
			st = bench_fail(ctx, "fork", errno);
			break;
		}
		if (s->pids[started] == 0)
			proc_child_exec(s);
		sched_child_add((int)s->pids[started]);
	}
	for (int i = 0; i < started; i++) {
		if (proc_wait(s->pids[i], &status) != 0) {
			err = errno;
			if (st == BENCH_OK)
				st = bench_fail(ctx, "waitpid", err);
		} else if (st == BENCH_OK) {
			st = proc_status(ctx, s->what, status);
		}
	}
	return st;
}

/* ---- Runs ---- */

/*
 * BYTE's spawn and lmbench's lat_proc fork: the child exits at once, the
 * parent waits. BYTE's child exit(0)s and lmbench's exit(1)s; both are
 * _exit(0) here, as a multithreaded parent's child must not run atexit
 * handlers.
 */
static int
proc_fork_run(struct bench_ctx *ctx, uint64_t n)
{
	int status;
	pid_t pid;

	while (n-- > 0) {
		if ((pid = fork()) < 0)
			return bench_fail(ctx, "fork", errno);
		if (pid == 0)
			_exit(0);
		while (waitpid(pid, &status, 0) < 0)
			if (errno != EINTR)
				return bench_fail(ctx, "waitpid", errno);
		if (status != 0)
			return proc_status(ctx, "child", status);
	}
	return BENCH_OK;
}

/*
 * BYTE's execl counts the passes of one process execing itself. A sample
 * of n passes forks one child that execs benchtop --exec-helper n-1,
 * which execs itself n-1 more times (exec-helper.c): n execs and one
 * fork per sample.
 */
static int
proc_execl_run(struct bench_ctx *ctx, uint64_t n)
{
	struct proc_state *s = ctx->state;

	if (n == 0)
		return BENCH_OK;
	(void)snprintf(s->args[1], sizeof s->args[1], "%" PRIu64, n - 1);
	return proc_round(ctx, s);
}

/* One round of children per operation; stops between operations. */
static int
proc_exec_run(struct bench_ctx *ctx, uint64_t n)
{
	int st;

	while (n-- > 0) {
		if (proc_stopping(ctx))
			return BENCH_STOPPED;
		if ((st = proc_round(ctx, ctx->state)) != BENCH_OK)
			return st;
	}
	return BENCH_OK;
}

/* ---- Setups ---- */

static int
proc_execl_setup(struct bench_ctx *ctx)
{
	static const char *const args[] = { EXEC_HELPER_FLAG, "0", NULL };
	struct proc_state *s;
	char exe[PATH_MAX];
	int st;

	if ((st = proc_state_new(ctx, "exec-helper")) != BENCH_OK ||
	    (st = proc_self_exe(ctx, exe, sizeof exe)) != BENCH_OK ||
	    (st = proc_set_cmd(ctx, exe, "benchtop", args)) != BENCH_OK)
		return st;
	s = ctx->state;
	s->die_with_parent = 1;
	return BENCH_OK;
}

/*
 * lmbench execs its own tiny "hello" program, which benchtop does not
 * install: /bin/true stands in for it, or benchtop --exec-helper 0 where
 * there is none. ctx->reason says which ran.
 */
static int
proc_tiny_program(struct bench_ctx *ctx, char *path, size_t size)
{
	if (proc_is_program("/bin/true")) {
		(void)snprintf(path, size, "/bin/true");
		return BENCH_OK;
	}
	return proc_self_exe(ctx, path, size);
}

static int
proc_lmexec_setup(struct bench_ctx *ctx)
{
	static const char *const none[] = { NULL };
	static const char *const helper[] = { EXEC_HELPER_FLAG, "0", NULL };
	char prog[PATH_MAX];
	int st, is_true;

	if ((st = proc_state_new(ctx, "exec")) != BENCH_OK ||
	    (st = proc_tiny_program(ctx, prog, sizeof prog)) != BENCH_OK)
		return st;
	is_true = strcmp(prog, "/bin/true") == 0;
	st = proc_set_cmd(ctx, prog, is_true ? "true" : "benchtop",
	    is_true ? none : helper);
	if (st != BENCH_OK)
		return st;
	((struct proc_state *)ctx->state)->envp = proc_no_env;
	return bench_reason(ctx, BENCH_OK, "ran %s%s", prog,
	    is_true ? "" : " " EXEC_HELPER_FLAG " 0");
}

/* sh -c runs the tiny program; benchtop's path goes in as $0, unquoted. */
static int
proc_lmsh_setup(struct bench_ctx *ctx)
{
	char prog[PATH_MAX];
	const char *args[4] = { "-c", NULL, NULL, NULL };
	int st;

	if ((st = proc_state_new(ctx, "/bin/sh")) != BENCH_OK)
		return st;
	if (!proc_is_program("/bin/sh"))
		return bench_reason(ctx, BENCH_UNSUPPORTED,
		    "/bin/sh not installed");
	if ((st = proc_tiny_program(ctx, prog, sizeof prog)) != BENCH_OK)
		return st;
	if (strcmp(prog, "/bin/true") == 0) {
		args[1] = "/bin/true";
	} else {
		args[1] = "\"$0\" " EXEC_HELPER_FLAG " 0";
		args[2] = prog;
	}
	if ((st = proc_set_cmd(ctx, "/bin/sh", "sh", args)) != BENCH_OK)
		return st;
	return bench_reason(ctx, BENCH_OK, "ran /bin/sh -c %s%s", prog,
	    args[2] != NULL ? " " EXEC_HELPER_FLAG " 0" : "");
}

/* The state, a work directory and the private environment. */
static int
proc_work_setup(struct bench_ctx *ctx, const char *what)
{
	int st;

	if ((st = proc_state_new(ctx, what)) != BENCH_OK ||
	    (st = proc_make_dir(ctx)) != BENCH_OK ||
	    (st = proc_private_env(ctx)) != BENCH_OK)
		return st;
	((struct proc_state *)ctx->state)->die_with_parent = 1;
	return BENCH_OK;
}

/* cc -c cctest.c -o cctest.o, in the work directory. */
static int
proc_cc_setup(struct bench_ctx *ctx)
{
	char cc[PATH_MAX], src[PATH_MAX], obj[PATH_MAX];
	const char *args[] = { "-c", src, "-o", obj, NULL };
	struct proc_state *s;
	int st;

	if (proc_find_in_path("cc", cc, sizeof cc) != 0)
		return bench_reason(ctx, BENCH_UNSUPPORTED, "cc not installed");
	if ((st = proc_work_setup(ctx, "cc")) != BENCH_OK)
		return st;
	s = ctx->state;
	if ((st = proc_write_file(ctx, "cctest.c", proc_cc_source,
	         sizeof proc_cc_source - 1, src, sizeof src)) != BENCH_OK)
		return st;
	if ((size_t)snprintf(obj, sizeof obj, "%s/cctest.o", s->dir) >=
	    sizeof obj)
		return bench_fail(ctx, "cctest.o", ENAMETOOLONG);
	if ((st = proc_set_cmd(ctx, cc, "cc", args)) != BENCH_OK)
		return st;
	return bench_reason(ctx, BENCH_OK, "ran %s -c", cc);
}

/* dc reads its program on stdin, as BYTE's `dc < dc.dat`. */
static int
proc_dc_setup(struct bench_ctx *ctx)
{
	static const char *const none[] = { NULL };
	char dc[PATH_MAX], input[PATH_MAX];
	struct proc_state *s;
	int st;

	if (proc_find_in_path("dc", dc, sizeof dc) != 0)
		return bench_reason(ctx, BENCH_UNSUPPORTED, "dc not installed");
	if ((st = proc_work_setup(ctx, "dc")) != BENCH_OK)
		return st;
	s = ctx->state;
	if ((st = proc_write_file(ctx, "sqrt2.dc", proc_dc_input,
	         sizeof proc_dc_input - 1, input, sizeof input)) != BENCH_OK)
		return st;
	if ((s->in_fd = open(input, O_RDONLY | O_CLOEXEC)) < 0)
		return bench_fail(ctx, "open sqrt2.dc", errno);
	return proc_set_cmd(ctx, dc, "dc", none);
}

/* "sort not installed" if a tool of the script is missing, else OK. */
static int
proc_shell_tools_check(struct bench_ctx *ctx)
{
	const size_t ntools =
	    sizeof proc_shell_tools / sizeof proc_shell_tools[0];
	char path[PATH_MAX];

	if (!proc_is_program("/bin/sh"))
		return bench_reason(ctx, BENCH_UNSUPPORTED,
		    "/bin/sh not installed");
	for (size_t i = 0; i < ntools; i++)
		if (proc_find_in_path(proc_shell_tools[i], path, sizeof path) !=
		    0)
			return bench_reason(ctx, BENCH_UNSUPPORTED,
			    "%s not installed", proc_shell_tools[i]);
	return BENCH_OK;
}

/* Same placement keeps the copies on the worker's CPU (inherited). */
static void
proc_shell_place(struct bench_ctx *ctx, struct proc_state *s)
{
#ifdef HAVE_SCHED_SETAFFINITY
	if (ctx->placement != BENCH_PLACE_SPREAD)
		return;
	CPU_ZERO(&s->all_cpus);
	if (bench_process_cpus(&s->all_cpus) == 0)
		s->float_cpus = 1;
#else
	(void)ctx;
	(void)s;
#endif
}

/* sh shell.sh text.txt dir, `copies` at once (the record's arg). */
static int
proc_shell_setup(struct bench_ctx *ctx)
{
	char script[PATH_MAX], text[PATH_MAX], buf[PROC_TEXT_BYTES + 256];
	const char *args[] = { script, text, NULL, NULL };
	struct proc_state *s;
	int st;

	if ((st = proc_shell_tools_check(ctx)) != BENCH_OK ||
	    (st = proc_work_setup(ctx, "shell script")) != BENCH_OK)
		return st;
	s = ctx->state;
	s->copies = *(const int *)ctx->test->arg;
	args[2] = s->dir;
	proc_shell_place(ctx, s);
	if ((st = proc_write_file(ctx, "shell.sh", proc_shell_script,
	         sizeof proc_shell_script - 1, script, sizeof script)) !=
	        BENCH_OK ||
	    (st = proc_write_file(ctx, "text.txt", buf,
	         proc_make_text(buf, sizeof buf), text, sizeof text)) !=
	        BENCH_OK)
		return st;
	return proc_set_cmd(ctx, "/bin/sh", "sh", args);
}

/* ---- The table ---- */

static const int proc_copies_1 = 1;
static const int proc_copies_2 = 2;
static const int proc_copies_4 = 4;
static const int proc_copies_8 = 8;

static const struct bench_test proc_tests[] = {
	{
	    .id = "byte.spawn",
	    .title = "Process Creation",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_PROCESS,
	    .definition = "one loop = fork(); the child exits at once; the "
	                  "parent wait()s for it (spawn.c)",
	    .unit = BENCH_UNIT_LPS,
	    .work_per_op = 1,
	    .run = proc_fork_run,
	},
	{
	    .id = "byte.execl",
	    .title = "Execl Throughput",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_PROCESS,
	    .definition = "one loop = one execve of benchtop by itself "
	                  "(execl.c); a sample of n loops forks one child "
	                  "that execs benchtop --exec-helper n-1, which "
	                  "re-execs itself: n execs, 1 fork",
	    .unit = BENCH_UNIT_LPS,
	    .work_per_op = 1,
	    .flags = BENCH_F_SLOW,
	    .setup = proc_execl_setup,
	    .run = proc_execl_run,
	    .teardown = proc_teardown,
	},
	{
	    .id = "byte.cc",
	    .title = "C Compiler",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_CPU,
	    .definition = "one loop = cc -c (no -O) of a bundled 160-line C "
	                  "file to an object file; reading chosen: compile "
	                  "only, no link",
	    .unit = BENCH_UNIT_LPM,
	    .work_per_op = 1,
	    .flags = BENCH_F_TMPDIR | BENCH_F_SLOW,
	    .setup = proc_cc_setup,
	    .run = proc_exec_run,
	    .teardown = proc_teardown,
	},
	{
	    .id = "byte.shell1",
	    .title = "Shell Scripts (1)",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_PROCESS,
	    .definition = "one loop = 1 concurrent /bin/sh running a "
	                  "tst.sh-style script (sort, od | sort -n, grep | "
	                  "tee | wc, rm on an 8.5 KB text), all finished",
	    .unit = BENCH_UNIT_LPM,
	    .work_per_op = 1,
	    .flags = BENCH_F_PARTNER | BENCH_F_TMPDIR | BENCH_F_SLOW,
	    .arg = &proc_copies_1,
	    .setup = proc_shell_setup,
	    .run = proc_exec_run,
	    .teardown = proc_teardown,
	},
	{
	    .id = "byte.shell2",
	    .title = "Shell Scripts (2)",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_PROCESS,
	    .definition = "one loop = 2 concurrent /bin/sh running a "
	                  "tst.sh-style script (sort, od | sort -n, grep | "
	                  "tee | wc, rm on an 8.5 KB text), all finished",
	    .unit = BENCH_UNIT_LPM,
	    .work_per_op = 1,
	    .flags = BENCH_F_PARTNER | BENCH_F_TMPDIR | BENCH_F_SLOW,
	    .arg = &proc_copies_2,
	    .setup = proc_shell_setup,
	    .run = proc_exec_run,
	    .teardown = proc_teardown,
	},
	{
	    .id = "byte.shell4",
	    .title = "Shell Scripts (4)",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_PROCESS,
	    .definition = "one loop = 4 concurrent /bin/sh running a "
	                  "tst.sh-style script (sort, od | sort -n, grep | "
	                  "tee | wc, rm on an 8.5 KB text), all finished",
	    .unit = BENCH_UNIT_LPM,
	    .work_per_op = 1,
	    .flags = BENCH_F_PARTNER | BENCH_F_TMPDIR | BENCH_F_SLOW,
	    .arg = &proc_copies_4,
	    .setup = proc_shell_setup,
	    .run = proc_exec_run,
	    .teardown = proc_teardown,
	},
	{
	    .id = "byte.shell8",
	    .title = "Shell Scripts (8)",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_PROCESS,
	    .definition = "one loop = 8 concurrent /bin/sh running a "
	                  "tst.sh-style script (sort, od | sort -n, grep | "
	                  "tee | wc, rm on an 8.5 KB text), all finished",
	    .unit = BENCH_UNIT_LPM,
	    .work_per_op = 1,
	    .flags = BENCH_F_PARTNER | BENCH_F_TMPDIR | BENCH_F_SLOW,
	    .arg = &proc_copies_8,
	    .setup = proc_shell_setup,
	    .run = proc_exec_run,
	    .teardown = proc_teardown,
	},
	{
	    .id = "byte.dc",
	    .title = "Dc: sqrt(2) 99 places",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_CPU,
	    .definition = "one loop = one dc run computing sqrt(2) to 99 "
	                  "places (\"99 k 2 v p\" on stdin, dc.dat), "
	                  "output to /dev/null",
	    .unit = BENCH_UNIT_LPM,
	    .work_per_op = 1,
	    .flags = BENCH_F_TMPDIR | BENCH_F_SLOW,
	    .setup = proc_dc_setup,
	    .run = proc_exec_run,
	    .teardown = proc_teardown,
	},
	{
	    .id = "lmbench.fork",
	    .title = "fork+exit",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_PROCESS,
	    .definition = "fork(); the child exits at once; the parent "
	                  "waitpid()s (lat_proc fork)",
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .run = proc_fork_run,
	},
	{
	    .id = "lmbench.exec",
	    .title = "fork+execve",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_PROCESS,
	    .definition = "fork(); the child execve()s /bin/true (for "
	                  "lmbench's hello; benchtop --exec-helper 0 if "
	                  "missing), empty environment; the parent waits "
	                  "(lat_proc exec)",
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = BENCH_F_SLOW,
	    .setup = proc_lmexec_setup,
	    .run = proc_exec_run,
	    .teardown = proc_teardown,
	},
	{
	    .id = "lmbench.sh",
	    .title = "fork+/bin/sh -c",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_PROCESS,
	    .definition = "fork(); the child execs /bin/sh -c running the "
	                  "same tiny program as lmbench.exec; the parent "
	                  "waits (lat_proc shell)",
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = BENCH_F_SLOW,
	    .setup = proc_lmsh_setup,
	    .run = proc_exec_run,
	    .teardown = proc_teardown,
	},
};

const struct bench_family bench_family_proc = {
	.name = "proc",
	.title = "Processes: fork, exec, shell, cc, dc",
	.tests = proc_tests,
	.ntests = sizeof proc_tests / sizeof proc_tests[0],
};
