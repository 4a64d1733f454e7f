/*
 * measure-judge-kind.c: the kinds of test the judges tell apart (a host
 * moves one kind at a time), by each test's group and flags, with their
 * names and ids. Pure.
 */

#include "config.h"

#include "measure-judge-kind.h"

/*
 * The kinds, by group. A host moves one kind of kernel path at a time:
 * between a save and a check of an unchanged guest the shells, cc and
 * dc read 1.1-1.2x slower together, another time the four lock tests,
 * another the memory rows; with one "system paths" kind of 50 rows
 * none of these was a kind, and each row was a test's regression.
 */
static const enum judge_kind kind_of_group[BENCH_GROUP_COUNT] = {
	[BENCH_GROUP_SYSCALL] = JUDGE_KIND_SYSCALL,
	[BENCH_GROUP_SIGNAL] = JUDGE_KIND_SYSCALL,
	[BENCH_GROUP_IPC] = JUDGE_KIND_IPC,
	[BENCH_GROUP_CTXSW] = JUDGE_KIND_IPC,
	[BENCH_GROUP_PROCESS] = JUDGE_KIND_PROCESS,
	[BENCH_GROUP_FILE] = JUDGE_KIND_FILE,
	/* fork and exec are mostly page tables and faults */
	[BENCH_GROUP_VM] = JUDGE_KIND_PROCESS,
	[BENCH_GROUP_MEMORY] = JUDGE_KIND_MEMORY,
	[BENCH_GROUP_NETWORK] = JUDGE_KIND_NETWORK,
	[BENCH_GROUP_CPU] = JUDGE_KIND_LOOP,
	[BENCH_GROUP_LOCK] = JUDGE_KIND_LOCK,
};

enum judge_kind
judge_kind_of(const struct bench_test *t)
{
	unsigned apart = BENCH_F_PARTNER | BENCH_F_TWO_CPUS | BENCH_F_SLOW;

	if (t->flags & BENCH_F_BANDWIDTH)
		return JUDGE_KIND_MEMORY;
	/* A CPU test that runs a program (cc, dc) is a process's cost. */
	if (t->group == BENCH_GROUP_CPU && (t->flags & apart) != 0)
		return JUDGE_KIND_PROCESS;
	/* A pipe one process writes and reads (byte.pipe) switches no
	 * context: two system calls, and it moved with them (1.2x faster
	 * with the system calls of a check of an unchanged guest). */
	if (t->group == BENCH_GROUP_IPC && (t->flags & BENCH_F_PARTNER) == 0)
		return JUDGE_KIND_SYSCALL;
	return (unsigned)t->group < BENCH_GROUP_COUNT ? kind_of_group[t->group]
	                                              : JUDGE_KIND_SYSCALL;
}

const char *
judge_kind_name(enum judge_kind k)
{
	static const char *const names[JUDGE_KIND_COUNT] = {
		[JUDGE_KIND_LOOP] = "CPU-bound loops",
		[JUDGE_KIND_MEMORY] = "memory bandwidth",
		[JUDGE_KIND_LOCK] = "locks",
		[JUDGE_KIND_SYSCALL] = "system calls",
		[JUDGE_KIND_IPC] = "IPC and context switches",
		[JUDGE_KIND_NETWORK] = "loopback network",
		[JUDGE_KIND_PROCESS] = "processes",
		[JUDGE_KIND_FILE] = "file operations",
	};

	return (unsigned)k < JUDGE_KIND_COUNT ? names[k] : "?";
}

const char *
judge_kind_id(enum judge_kind k)
{
	static const char *const ids[JUDGE_KIND_COUNT] = {
		[JUDGE_KIND_LOOP] = "loop",
		[JUDGE_KIND_MEMORY] = "memory",
		[JUDGE_KIND_LOCK] = "lock",
		[JUDGE_KIND_SYSCALL] = "syscall",
		[JUDGE_KIND_IPC] = "ipc",
		[JUDGE_KIND_NETWORK] = "network",
		[JUDGE_KIND_PROCESS] = "process",
		[JUDGE_KIND_FILE] = "file",
	};

	return (unsigned)k < JUDGE_KIND_COUNT ? ids[k] : "?";
}
