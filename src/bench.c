/*
 * bench.c: names of the contract's enums, and what every family file
 * shares: the reason helpers that say why a test cannot run, CPU
 * placement, the scratch files and the state of a setup.
 *
 * Affinity goes through sched_getaffinity/sched_setaffinity, where pid 0
 * is the calling thread and getpid() the main thread, whose mask is the
 * process's. Without them (configure found no sched_setaffinity), pinning
 * fails with ENOSYS and the test says so in its row.
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

_Thread_local volatile uint64_t bench_sink;

static const char *const origin_names[BENCH_ORIGIN_COUNT] = {
	[BENCH_ORIGIN_BYTE] = "byte",
	[BENCH_ORIGIN_LMBENCH] = "lmbench",
	[BENCH_ORIGIN_CTXBENCH] = "ctxbench",
	[BENCH_ORIGIN_BSD] = "bsd",
	[BENCH_ORIGIN_EXTRA] = "extra",
};

static const char *const group_names[BENCH_GROUP_COUNT] = {
	[BENCH_GROUP_SYSCALL] = "syscall",
	[BENCH_GROUP_SIGNAL] = "signal",
	[BENCH_GROUP_IPC] = "ipc",
	[BENCH_GROUP_CTXSW] = "ctxsw",
	[BENCH_GROUP_PROCESS] = "process",
	[BENCH_GROUP_FILE] = "file",
	[BENCH_GROUP_VM] = "vm",
	[BENCH_GROUP_MEMORY] = "memory",
	[BENCH_GROUP_NETWORK] = "network",
	[BENCH_GROUP_CPU] = "cpu",
	[BENCH_GROUP_LOCK] = "lock",
};

static const char *const unit_names[BENCH_UNIT_COUNT] = {
	[BENCH_UNIT_LPS] = "lps",
	[BENCH_UNIT_LPM] = "lpm",
	[BENCH_UNIT_KBPS] = "KBps",
	[BENCH_UNIT_US] = "us",
	[BENCH_UNIT_MBPS] = "MB/s",
	[BENCH_UNIT_LOOPS_S] = "loops/s",
	[BENCH_UNIT_CALLS_S] = "calls/s",
	[BENCH_UNIT_CYCLES] = "cycles",
};

static const char *const status_names[BENCH_STATUS_COUNT] = {
	[BENCH_OK] = "ok",
	[BENCH_UNSUPPORTED] = "unsupported",
	[BENCH_FAILED] = "failed",
	[BENCH_STOPPED] = "stopped",
};

static const char *
name_of(const char *const *names, unsigned count, unsigned i)
{
	return i < count && names[i] != NULL ? names[i] : "?";
}

const char *
bench_origin_name(enum bench_origin o)
{
	return name_of(origin_names, BENCH_ORIGIN_COUNT, o);
}

const char *
bench_group_name(enum bench_group g)
{
	return name_of(group_names, BENCH_GROUP_COUNT, g);
}

const char *
bench_unit_name(enum bench_unit u)
{
	return name_of(unit_names, BENCH_UNIT_COUNT, u);
}

const char *
bench_status_name(enum bench_status s)
{
	return name_of(status_names, BENCH_STATUS_COUNT, s);
}

const char *
bench_placement_name(enum bench_placement p)
{
	switch (p) {
	case BENCH_PLACE_SAME:
		return "same";
	case BENCH_PLACE_SPREAD:
		return "spread";
	default:
		return "single";
	}
}

unsigned
bench_version(const struct bench_test *t)
{
	return t->version ? t->version : 1;
}

uint64_t
bench_at_least_min_n(const struct bench_test *t, uint64_t n)
{
	return n < t->min_n ? t->min_n : n;
}

int
bench_fail(struct bench_ctx *ctx, const char *call, int err)
{
	(void)snprintf(ctx->reason, sizeof ctx->reason, "%s: %s", call,
	    strerror(err));
	return BENCH_FAILED;
}

int
bench_reason(struct bench_ctx *ctx, int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	(void)vsnprintf(ctx->reason, sizeof ctx->reason, fmt, ap);
	va_end(ap);
	return status;
}

int
bench_cpu_bound(const struct bench_test *t)
{
	/* A file behind a mapping may fault from disk (lmbench.page_fault:
	 * 40% of samples short of CPU on a quiet machine). */
	if (t->flags &
	    (BENCH_F_PARTNER | BENCH_F_TWO_CPUS | BENCH_F_SLOW |
	        BENCH_F_LOOPBACK | BENCH_F_TMPDIR))
		return 0;
	switch (t->group) {
	case BENCH_GROUP_IPC:
	case BENCH_GROUP_CTXSW:
	case BENCH_GROUP_PROCESS:
	case BENCH_GROUP_FILE:
	case BENCH_GROUP_NETWORK:
		return 0;
	default:
		return 1;
	}
}

/*
 * The packages that bring the programs the catalogue runs, so that a
 * missing one says what to install rather than only what is missing.
 */
static const struct {
	const char *program, *package;
} program_packages[] = {
	{ "cc", "gcc" },
	{ "dc", "dc" },
	{ "/bin/sh", "dash" },
	{ "sh", "dash" },
	{ "grep", "grep" },
	{ "sort", "coreutils" },
	{ "od", "coreutils" },
	{ "tee", "coreutils" },
	{ "wc", "coreutils" },
	{ "rm", "coreutils" },
};

const char *
bench_program_package(const char *program)
{
	for (size_t i = 0;
	     i < sizeof program_packages / sizeof *program_packages; i++)
		if (strcmp(program_packages[i].program, program) == 0)
			return program_packages[i].package;
	return program;
}

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
