/*
 * bench-util.c: CPU placement and partner threads for the test files.
 *
 * Affinity goes through sched_getaffinity/sched_setaffinity, where pid 0
 * is the calling thread and getpid() the main thread, whose mask is the
 * process's. Without them (configure found no sched_setaffinity), pinning
 * fails with ENOSYS and the test says so in its row.
 */

#include "config.h"

#include "bench-util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
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

int
bench_pin_self(int cpu)
{
#ifdef HAVE_SCHED_SETAFFINITY
	cpu_set_t mask;

	if (cpu < 0)
		return 0;
	if (cpu >= CPU_SETSIZE) {
		errno = EINVAL;
		return -1;
	}
	CPU_ZERO(&mask);
	CPU_SET(cpu, &mask);
	return sched_setaffinity(0, sizeof(mask), &mask);
#else
	if (cpu < 0)
		return 0;
	errno = ENOSYS;
	return -1;
#endif
}

int
bench_online_cpus(void)
{
	long ncpus = sysconf(_SC_NPROCESSORS_ONLN);

	if (ncpus < 1)
		return 1;
	return ncpus > INT_MAX ? INT_MAX : (int)ncpus;
}

#ifdef HAVE_SCHED_SETAFFINITY
/* The process's mask as first read, and how the read went. */
static cpu_set_t process_mask;
static int process_mask_errno;
static pthread_once_t process_mask_once = PTHREAD_ONCE_INIT;

static void
read_process_mask(void)
{
	CPU_ZERO(&process_mask);
	if (sched_getaffinity(getpid(), sizeof process_mask, &process_mask) !=
	    0)
		process_mask_errno = errno ? errno : EINVAL;
}

int
bench_process_cpus(cpu_set_t *out)
{
	(void)pthread_once(&process_mask_once, read_process_mask);
	if (process_mask_errno != 0) {
		errno = process_mask_errno;
		return -1;
	}
	*out = process_mask;
	return 0;
}

int
bench_usable_cpus(void)
{
	cpu_set_t mask;

	if (bench_process_cpus(&mask) == -1)
		return bench_online_cpus();
	return CPU_COUNT(&mask);
}

int
bench_other_cpu(int cpu)
{
	cpu_set_t mask;
	int i, c;

	if (bench_process_cpus(&mask) == -1)
		return -1;
	for (i = 1; i <= CPU_SETSIZE; i++) {
		c = (int)(((long)cpu + i) % CPU_SETSIZE);
		if (c != cpu && CPU_ISSET(c, &mask))
			return c;
	}
	return -1;
}
#else
int
bench_process_cpus(cpu_set_t *out)
{
	CPU_ZERO(out);
	errno = ENOSYS;
	return -1;
}

int
bench_usable_cpus(void)
{
	return bench_online_cpus();
}

/* Without affinity calls any other online CPU will do: pinning says no. */
int
bench_other_cpu(int cpu)
{
	int ncpus = bench_online_cpus();

	if (ncpus < 2)
		return -1;
	return cpu < 0 ? 0 : (cpu + 1) % ncpus;
}
#endif

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
bench_fds_snapshot(struct bench_ctx *ctx)
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
	if (sched_child_add(pid) != 0) {
		(void)kill(pid, SIGKILL);
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
		return bench_fail(ctx, "sched_child_add", EAGAIN);
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
	sched_child_remove(p->pid);
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
	sched_child_remove(p->pid);
	p->pid = 0;
	return 1;
}

int
bench_allowed_cpu(int n)
{
#ifdef HAVE_SCHED_SETAFFINITY
	cpu_set_t mask;
	int count;

	if (bench_process_cpus(&mask) == -1 || (count = CPU_COUNT(&mask)) == 0)
		return -1;
	n %= count;
	for (int c = 0; c < CPU_SETSIZE; c++)
		if (CPU_ISSET(c, &mask) && n-- == 0)
			return c;
#else
	(void)n;
#endif
	return -1;
}

int
bench_party_cpu(const struct bench_ctx *ctx, int i)
{
	if (i == 0 || ctx->cpu < 0 || ctx->placement != BENCH_PLACE_SPREAD)
		return ctx->cpu;
	if (i == 1)
		return ctx->partner_cpu;
	return bench_allowed_cpu(i);
}

uint64_t
bench_file_bytes(const struct bench_ctx *ctx)
{
	uint64_t bytes = ctx->mem_bytes ? ctx->mem_bytes : UINT64_C(64) << 20;

	if (bytes < (UINT64_C(1) << 20))
		bytes = UINT64_C(1) << 20;
	if (bytes > (UINT64_C(1) << 30))
		bytes = UINT64_C(1) << 30;
	return bytes - bytes % BENCH_FILE_CHUNK;
}

const char *
bench_scratch_dir(const struct bench_ctx *ctx)
{
	return ctx->tmpdir != NULL ? ctx->tmpdir : "/tmp";
}

int
bench_make_temp(struct bench_ctx *ctx, const char *stem, char *path,
    size_t size, int *fd)
{
	(void)snprintf(path, size, "%s/%s.XXXXXX", bench_scratch_dir(ctx),
	    stem);
	if ((*fd = mkostemp(path, O_CLOEXEC)) < 0)
		return bench_fail(ctx, "mkstemp", errno);
	return BENCH_OK;
}

void *
bench_state_new(struct bench_ctx *ctx, size_t size)
{
	void *state = calloc(1, size);

	if (state == NULL)
		(void)bench_fail(ctx, "calloc", errno);
	ctx->state = state;
	return state;
}

void
bench_close_fd(int *fd)
{
	if (*fd >= 0)
		(void)close(*fd);
	*fd = -1;
}

void
bench_temp_remove(int *fd, int *made, const char *path)
{
	bench_close_fd(fd);
	if (*made)
		(void)unlink(path);
	*made = 0;
}

int
bench_io_fail(struct bench_ctx *ctx, const char *call, ssize_t got)
{
	if (got < 0)
		return bench_fail(ctx, call, errno);
	return bench_reason(ctx, BENCH_FAILED, "%s: short transfer (%zd bytes)",
	    call, got);
}

int
bench_write_fail(struct bench_ctx *ctx, int fd, const void *buf, size_t len,
    ssize_t got)
{
	if (got >= 0 && (size_t)got < len &&
	    write(fd, (const char *)buf + got, len - (size_t)got) < 0)
		return bench_fail(ctx, "write", errno);
	return bench_io_fail(ctx, "write", got);
}

/*
 * An empty asm that claims to change p: after it the compiler cannot
 * tell where the next long lies, so it cannot merge loads into vectors.
 * It costs no instruction.
 */
#define UTIL_OPAQUE(p) __asm__("" : "+r"(p))
#define UTIL_ADD(i)                                                            \
	sum += p[i];                                                           \
	UTIL_OPAQUE(p);
/* clang-format off */
#define UTIL_ADD8(i)                                                           \
	UTIL_ADD((i) + 0) UTIL_ADD((i) + 1) UTIL_ADD((i) + 2)                  \
	UTIL_ADD((i) + 3) UTIL_ADD((i) + 4) UTIL_ADD((i) + 5)                  \
	UTIL_ADD((i) + 6) UTIL_ADD((i) + 7)
#define UTIL_ADD128                                                            \
	UTIL_ADD8(0)   UTIL_ADD8(8)   UTIL_ADD8(16)  UTIL_ADD8(24)             \
	UTIL_ADD8(32)  UTIL_ADD8(40)  UTIL_ADD8(48)  UTIL_ADD8(56)             \
	UTIL_ADD8(64)  UTIL_ADD8(72)  UTIL_ADD8(80)  UTIL_ADD8(88)             \
	UTIL_ADD8(96)  UTIL_ADD8(104) UTIL_ADD8(112) UTIL_ADD8(120)
/* clang-format on */

unsigned long
bench_bread(const void *buf, size_t bytes)
{
	const unsigned long *p = buf;
	size_t n = bytes / sizeof *p;
	unsigned long sum = 0;

	for (; n >= 128; n -= 128, p += 128) {
		UTIL_ADD128
	}
	for (; n >= 16; n -= 16, p += 16) {
		UTIL_ADD8(0)
		UTIL_ADD8(8)
	}
	for (; n > 0; n--, p++) {
		UTIL_ADD(0)
	}
	return sum;
}
