/*
 * bench-proc.c: what it costs to make a process, to replace its program
 * and to run small programs.
 *
 * BYTE UNIX Benchmarks 3.11: Process Creation (spawn.c), Execl
 * Throughput (execl.c), the C compiler test, the shell scripts of tst.sh
 * run 1, 2, 4 and 8 at a time (multi.sh), and dc computing sqrt(2) to 99
 * places (dc.dat). lmbench 2.0: lat_proc's fork+exit, fork+execve and
 * fork+/bin/sh -c. The inputs of cc, the scripts and dc are benchtop's
 * own (bench-proc-files.c), written to the test's work directory in setup.
 *
 * DESIGN
 *
 * Fork's cost grows with the forking process's threads, mappings and
 * resident pages: forked from benchtop (threads, rings, ncursesw,
 * libcpuid, libtirpc) lmbench.fork measured twice a minimal program's
 * figure. So no test here forks from benchtop: each starts benchtop-proc
 * in setup (bench-proc-client.c), a single-threaded program linked with libc
 * only, with the command, environment, copies and CPUs on its command
 * line, and its run() asks it for n operations, which it times itself.
 * The exchange around them is declared untimed, so a sample is the
 * helper's loop and nothing of benchtop's. byte.execl's chain re-execs
 * benchtop-proc, as BYTE's execl re-execs its own small program.
 *
 * No leftovers. The helper is a registered partner process that dies
 * with the worker thread; its exec'd children die with it where they
 * can run long (execl, cc, dc, the shells); it reaps every child before
 * it answers, and teardown ends and reaps it. Scripts, cc and sort write
 * only into the test's own directory (TMPDIR points there too), which
 * teardown empties and removes.
 */

#include "config.h"

#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench-proc-client.h"
#include "bench-proc-files.h"
#include "bench.h"

/* Said of every test here: where its loop runs. */
#define PROC_TIMED_IN                                                          \
	"; timed in benchtop-proc: 1 thread, libc only (its resident KiB "     \
	"and mappings: --list, the status)"

/* One test instance. */
struct proc_state {
	struct proc_client helper;
	char dir[PATH_MAX];    /* private work directory, "" if none */
	char tmp[2][PATH_MAX]; /* paths of the files written there */
};

static int
proc_state_new(struct bench_ctx *ctx)
{
	struct proc_state *s = bench_state_new(ctx, sizeof *s);

	if (s == NULL)
		return BENCH_FAILED;
	proc_client_init(&s->helper);
	return BENCH_OK;
}

static void
proc_teardown(struct bench_ctx *ctx)
{
	struct proc_state *s = ctx->state;

	if (s == NULL)
		return;
	proc_client_stop(&s->helper);
	proc_files_dir_remove(s->dir);
	free(s);
	ctx->state = NULL;
}

/* Append the NULL-terminated args to the helper's command line. */
static int
proc_args(struct bench_ctx *ctx, const char *const *args)
{
	struct proc_state *s = ctx->state;
	int st = BENCH_OK;

	for (; *args != NULL && st == BENCH_OK; args++)
		st = proc_client_arg(ctx, &s->helper, *args);
	return st;
}

/*
 * Start the helper on the worker's CPU; the status names its footprint
 * and `ran` (what the children run, "" for none).
 */
static int
proc_start(struct bench_ctx *ctx, const char *ran)
{
	struct proc_state *s = ctx->state;
	char fp[96];
	int st;

	if ((st = proc_client_start(ctx, &s->helper, ctx->cpu)) != BENCH_OK)
		return st;
	return bench_reason(ctx, BENCH_OK, "%s%sin %s (%s)", ran,
	    ran[0] != '\0' ? "; " : "", PROC_HELPER_NAME,
	    proc_client_footprint(&s->helper, fp, sizeof fp));
}

/* The state, the helper's command line, and the helper started. */
static int
proc_setup_with(struct bench_ctx *ctx, const char *const *args, const char *ran)
{
	int st;

	if ((st = proc_state_new(ctx)) != BENCH_OK ||
	    (st = proc_args(ctx, args)) != BENCH_OK)
		return st;
	return proc_start(ctx, ran);
}

/* Every test's run: n operations in the helper. */
static int
proc_run(struct bench_ctx *ctx, uint64_t n)
{
	struct proc_state *s = ctx->state;

	return proc_client_run(ctx, &s->helper, n);
}

/* ---- Setups ---- */

/*
 * BYTE's spawn and lat_proc fork: the child exits at once, the parent
 * waits (benchtop-proc's run_fork).
 */
static int
proc_fork_setup(struct bench_ctx *ctx)
{
	static const char *const args[] = { "fork", NULL };

	return proc_setup_with(ctx, args, "");
}

/*
 * BYTE's execl counts the passes of one process execing itself. A sample
 * of n passes forks one child that execs benchtop-proc --execl n-1,
 * which execs itself n-1 more times: n execs and one fork per sample.
 */
static int
proc_execl_setup(struct bench_ctx *ctx)
{
	static const char *const args[] = { "execl", NULL };

	return proc_setup_with(ctx, args, "");
}

/*
 * lmbench execs its own tiny "hello" program, which benchtop does not
 * install: /bin/true stands in for it, or benchtop-proc --execl 0 (exits
 * at once) where there is none. The status says which ran.
 */
static int
proc_tiny_program(char *path, size_t size, const char **argv0)
{
	*argv0 = "true";
	if (proc_files_is_program("/bin/true")) {
		(void)snprintf(path, size, "/bin/true");
		return 0;
	}
	*argv0 = PROC_HELPER_NAME;
	return proc_client_find(path, size);
}

/* "dc not installed (Debian package dc)": what to install, not only what. */
static int
proc_missing(struct bench_ctx *ctx, const char *program)
{
	return bench_reason(ctx, BENCH_UNSUPPORTED,
	    "%s not installed (Debian package %s)", program,
	    bench_program_package(program));
}

static int
proc_lmexec_setup(struct bench_ctx *ctx)
{
	const char *args[] = { "exec", "--env-empty", "--", NULL, NULL,
		PROC_EXECL_FLAG, "0", NULL };
	char prog[PATH_MAX], ran[PATH_MAX + 16];

	if (proc_tiny_program(prog, sizeof prog, &args[4]) != 0)
		return bench_reason(ctx, BENCH_UNSUPPORTED,
		    "helper not installed: no %s", prog);
	args[3] = prog;
	if (strcmp(args[4], "true") == 0)
		args[5] = NULL;
	(void)snprintf(ran, sizeof ran, "ran %s%s", prog,
	    args[5] != NULL ? " " PROC_EXECL_FLAG " 0" : "");
	return proc_setup_with(ctx, args, ran);
}

/* sh -c runs the tiny program; the helper's path goes in as $0. */
static int
proc_lmsh_setup(struct bench_ctx *ctx)
{
	const char *args[] = { "exec", "--", "/bin/sh", "sh", "-c", NULL, NULL,
		NULL };
	char prog[PATH_MAX], ran[PATH_MAX + 32];
	const char *argv0;

	if (!proc_files_is_program("/bin/sh"))
		return proc_missing(ctx, "/bin/sh");
	if (proc_tiny_program(prog, sizeof prog, &argv0) != 0)
		return bench_reason(ctx, BENCH_UNSUPPORTED,
		    "helper not installed: no %s", prog);
	if (strcmp(argv0, "true") == 0) {
		args[5] = prog;
	} else {
		args[5] = "\"$0\" " PROC_EXECL_FLAG " 0";
		args[6] = prog;
	}
	(void)snprintf(ran, sizeof ran, "ran /bin/sh -c %s%s", prog,
	    args[6] != NULL ? " " PROC_EXECL_FLAG " 0" : "");
	return proc_setup_with(ctx, args, ran);
}

/*
 * The state, a work directory, and the helper's options of a test that
 * runs a program there: its children die with it, and find TMPDIR there.
 */
static int
proc_work_setup(struct bench_ctx *ctx)
{
	const char *args[] = { "exec", "--die-with-parent", "--tmpdir", NULL,
		NULL };
	struct proc_state *s;
	int st;

	if ((st = proc_state_new(ctx)) != BENCH_OK)
		return st;
	s = ctx->state;
	if ((st = proc_files_dir_make(ctx, s->dir, sizeof s->dir)) != BENCH_OK)
		return st;
	args[3] = s->dir;
	return proc_args(ctx, args);
}

/* Write a file into the work directory; its path in s->tmp[i]. */
static int
proc_write(struct bench_ctx *ctx, int i, const char *name, const char *data,
    size_t len)
{
	struct proc_state *s = ctx->state;

	return proc_files_dir_write(ctx, s->dir, name, data, len, s->tmp[i],
	    sizeof s->tmp[i]);
}

/* cc -c cctest.c -o cctest.o, in the work directory. */
static int
proc_cc_setup(struct bench_ctx *ctx)
{
	const char *args[] = { "--", NULL, "cc", "-c", NULL, "-o", NULL, NULL };
	char cc[PATH_MAX], ran[PATH_MAX + 16];
	struct proc_state *s;
	int st;

	if (proc_files_find_in_path("cc", cc, sizeof cc) != 0)
		return proc_missing(ctx, "cc");
	if ((st = proc_work_setup(ctx)) != BENCH_OK ||
	    (st = proc_write(ctx, 0, "cctest.c", proc_files_cc_source,
	         strlen(proc_files_cc_source))) != BENCH_OK)
		return st;
	s = ctx->state;
	if ((size_t)snprintf(s->tmp[1], sizeof s->tmp[1], "%s/cctest.o",
	        s->dir) >= sizeof s->tmp[1])
		return bench_fail(ctx, "cctest.o", ENAMETOOLONG);
	args[1] = cc;
	args[4] = s->tmp[0];
	args[6] = s->tmp[1];
	if ((st = proc_args(ctx, args)) != BENCH_OK)
		return st;
	(void)snprintf(ran, sizeof ran, "ran %s -c", cc);
	return proc_start(ctx, ran);
}

/* dc reads its program on stdin, as BYTE's `dc < dc.dat`. */
static int
proc_dc_setup(struct bench_ctx *ctx)
{
	const char *args[] = { "--stdin", NULL, "--", NULL, "dc", NULL };
	char dc[PATH_MAX];
	struct proc_state *s;
	int st;

	if (proc_files_find_in_path("dc", dc, sizeof dc) != 0)
		return proc_missing(ctx, "dc");
	if ((st = proc_work_setup(ctx)) != BENCH_OK ||
	    (st = proc_write(ctx, 0, "sqrt2.dc", proc_files_dc_input,
	         strlen(proc_files_dc_input))) != BENCH_OK)
		return st;
	s = ctx->state;
	args[1] = s->tmp[0];
	args[3] = dc;
	if ((st = proc_args(ctx, args)) != BENCH_OK)
		return st;
	return proc_start(ctx, "");
}

/* "sort not installed (...)" if a tool of the script is missing, else OK. */
static int
proc_shell_tools_check(struct bench_ctx *ctx)
{
	char path[PATH_MAX];

	if (!proc_files_is_program("/bin/sh"))
		return proc_missing(ctx, "/bin/sh");
	for (size_t i = 0; proc_files_shell_tools[i] != NULL; i++)
		if (proc_files_find_in_path(proc_files_shell_tools[i], path,
		        sizeof path) != 0)
			return proc_missing(ctx, proc_files_shell_tools[i]);
	return BENCH_OK;
}

/*
 * Spread placement lets the copies of a shell test take every CPU of
 * the process, as BYTE's scripts did on an SMP machine; same keeps them
 * on the helper's CPU (inherited). Writes "" or the CPU list.
 */
static void
proc_float_cpus(const struct bench_ctx *ctx, char *list, size_t size)
{
	size_t len = 0;

	list[0] = '\0';
#ifdef HAVE_SCHED_SETAFFINITY
	cpu_set_t all;

	CPU_ZERO(&all);
	if (ctx->placement != BENCH_PLACE_SPREAD ||
	    bench_process_cpus(&all) != 0)
		return;
	for (int c = 0; c < CPU_SETSIZE && len + 12 < size; c++)
		if (CPU_ISSET(c, &all))
			len += (size_t)snprintf(list + len, size - len, "%s%d",
			    len > 0 ? "," : "", c);
#else
	(void)ctx;
	(void)size;
	(void)len;
#endif
}

/* sh shell.sh text.txt dir, `copies` at once (the record's arg). */
static int
proc_shell_setup(struct bench_ctx *ctx)
{
	const char *args[] = { "--copies", NULL, "--", "/bin/sh", "sh", NULL,
		NULL, NULL, NULL };
	const char *floating[] = { "--float-cpus", NULL, NULL };
	char buf[8800], copies[16], cpus[1024];
	struct proc_state *s;
	int st;

	if ((st = proc_shell_tools_check(ctx)) != BENCH_OK ||
	    (st = proc_work_setup(ctx)) != BENCH_OK ||
	    (st = proc_write(ctx, 0, "shell.sh", proc_files_shell_script,
	         strlen(proc_files_shell_script))) != BENCH_OK ||
	    (st = proc_write(ctx, 1, "text.txt", buf,
	         proc_files_make_text(buf, sizeof buf))) != BENCH_OK)
		return st;
	s = ctx->state;
	proc_float_cpus(ctx, cpus, sizeof cpus);
	floating[1] = cpus;
	if (cpus[0] != '\0' && (st = proc_args(ctx, floating)) != BENCH_OK)
		return st;
	(void)snprintf(copies, sizeof copies, "%d",
	    *(const int *)ctx->test->arg);
	args[1] = copies;
	args[5] = s->tmp[0];
	args[6] = s->tmp[1];
	args[7] = s->dir;
	if ((st = proc_args(ctx, args)) != BENCH_OK)
		return st;
	return proc_start(ctx, "");
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
	    .definition = "one loop = fork(); the child exit()s at once; the "
	                  "parent wait()s for it (spawn.c)" PROC_TIMED_IN,
	    .unit = BENCH_UNIT_LPS,
	    .work_per_op = 1,
	    .version = 3,
	    .setup = proc_fork_setup,
	    .run = proc_run,
	    .teardown = proc_teardown,
	},
	{
	    .id = "byte.execl",
	    .title = "Execl Throughput",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_PROCESS,
	    .definition = "one loop = one execve of benchtop-proc by itself "
	                  "(execl.c); a sample of n loops forks one child "
	                  "that execs benchtop-proc --execl n-1, which "
	                  "re-execs itself: n execs, 1 fork" PROC_TIMED_IN,
	    .unit = BENCH_UNIT_LPS,
	    .work_per_op = 1,
	    .flags = BENCH_F_SLOW,
	    .version = 2,
	    .setup = proc_execl_setup,
	    .run = proc_run,
	    .teardown = proc_teardown,
	},
	{
	    .id = "byte.cc",
	    .title = "C Compiler",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_CPU,
	    .definition = "one loop = cc -c (no -O) of a bundled 160-line C "
	                  "file to an object file; reading chosen: compile "
	                  "only, no link" PROC_TIMED_IN,
	    .unit = BENCH_UNIT_LPM,
	    .work_per_op = 1,
	    .flags = BENCH_F_TMPDIR | BENCH_F_SLOW,
	    .version = 2,
	    .programs = "cc",
	    .setup = proc_cc_setup,
	    .run = proc_run,
	    .teardown = proc_teardown,
	},
	{
	    .id = "byte.shell1",
	    .title = "Shell Scripts (1)",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_PROCESS,
	    .definition =
	        "one loop = 1 concurrent /bin/sh running a "
	        "tst.sh-style script (sort, od | sort -n, grep | "
	        "tee | wc, rm on an 8.5 KB text), all finished" PROC_TIMED_IN,
	    .unit = BENCH_UNIT_LPM,
	    .work_per_op = 1,
	    .flags = BENCH_F_PARTNER | BENCH_F_TMPDIR | BENCH_F_SLOW,
	    .arg = &proc_copies_1,
	    .version = 2,
	    .programs = "sh sort od grep tee wc rm",
	    .setup = proc_shell_setup,
	    .run = proc_run,
	    .teardown = proc_teardown,
	},
	{
	    .id = "byte.shell2",
	    .title = "Shell Scripts (2)",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_PROCESS,
	    .definition =
	        "one loop = 2 concurrent /bin/sh running a "
	        "tst.sh-style script (sort, od | sort -n, grep | "
	        "tee | wc, rm on an 8.5 KB text), all finished" PROC_TIMED_IN,
	    .unit = BENCH_UNIT_LPM,
	    .work_per_op = 1,
	    .flags = BENCH_F_PARTNER | BENCH_F_TMPDIR | BENCH_F_SLOW,
	    .arg = &proc_copies_2,
	    .version = 2,
	    .programs = "sh sort od grep tee wc rm",
	    .setup = proc_shell_setup,
	    .run = proc_run,
	    .teardown = proc_teardown,
	},
	{
	    .id = "byte.shell4",
	    .title = "Shell Scripts (4)",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_PROCESS,
	    .definition =
	        "one loop = 4 concurrent /bin/sh running a "
	        "tst.sh-style script (sort, od | sort -n, grep | "
	        "tee | wc, rm on an 8.5 KB text), all finished" PROC_TIMED_IN,
	    .unit = BENCH_UNIT_LPM,
	    .work_per_op = 1,
	    .flags = BENCH_F_PARTNER | BENCH_F_TMPDIR | BENCH_F_SLOW,
	    .arg = &proc_copies_4,
	    .version = 2,
	    .programs = "sh sort od grep tee wc rm",
	    .setup = proc_shell_setup,
	    .run = proc_run,
	    .teardown = proc_teardown,
	},
	{
	    .id = "byte.shell8",
	    .title = "Shell Scripts (8)",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_PROCESS,
	    .definition =
	        "one loop = 8 concurrent /bin/sh running a "
	        "tst.sh-style script (sort, od | sort -n, grep | "
	        "tee | wc, rm on an 8.5 KB text), all finished" PROC_TIMED_IN,
	    .unit = BENCH_UNIT_LPM,
	    .work_per_op = 1,
	    .flags = BENCH_F_PARTNER | BENCH_F_TMPDIR | BENCH_F_SLOW,
	    .arg = &proc_copies_8,
	    .version = 2,
	    .programs = "sh sort od grep tee wc rm",
	    .setup = proc_shell_setup,
	    .run = proc_run,
	    .teardown = proc_teardown,
	},
	{
	    .id = "byte.dc",
	    .title = "Dc: sqrt(2) 99 places",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_CPU,
	    .definition = "one loop = one dc run computing sqrt(2) to 99 "
	                  "places (\"99 k 2 v p\" on stdin, dc.dat), "
	                  "output to /dev/null" PROC_TIMED_IN,
	    .unit = BENCH_UNIT_LPM,
	    .work_per_op = 1,
	    .flags = BENCH_F_TMPDIR | BENCH_F_SLOW,
	    .version = 2,
	    .programs = "dc",
	    .setup = proc_dc_setup,
	    .run = proc_run,
	    .teardown = proc_teardown,
	},
	{
	    .id = "lmbench.fork",
	    .title = "fork+exit",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_PROCESS,
	    .definition = "fork(); the child exit()s at once; the parent "
	                  "waitpid()s (lat_proc fork)" PROC_TIMED_IN,
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .version = 3,
	    .setup = proc_fork_setup,
	    .run = proc_run,
	    .teardown = proc_teardown,
	},
	{
	    .id = "lmbench.exec",
	    .title = "fork+execve",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_PROCESS,
	    .definition = "fork(); the child execve()s /bin/true (for "
	                  "lmbench's hello; benchtop-proc --execl 0 if "
	                  "missing), empty environment; the parent waits "
	                  "(lat_proc exec)" PROC_TIMED_IN,
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = BENCH_F_SLOW,
	    .version = 2,
	    .setup = proc_lmexec_setup,
	    .run = proc_run,
	    .teardown = proc_teardown,
	},
	{
	    .id = "lmbench.sh",
	    .title = "fork+/bin/sh -c",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_PROCESS,
	    .definition = "fork(); the child execs /bin/sh -c running the "
	                  "same tiny program as lmbench.exec; the parent "
	                  "waits (lat_proc shell)" PROC_TIMED_IN,
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = BENCH_F_SLOW,
	    .version = 2,
	    .programs = "sh",
	    .setup = proc_lmsh_setup,
	    .run = proc_run,
	    .teardown = proc_teardown,
	},
};

const struct bench_family bench_proc_family = {
	.name = "proc",
	.title = "Processes: fork, exec, shell, cc, dc",
	.tests = proc_tests,
	.ntests = sizeof proc_tests / sizeof proc_tests[0],
};
