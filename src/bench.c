/*
 * bench.c: names of the contract's enums and the reason helpers that every
 * family file uses to say why a test cannot run.
 */

#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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
