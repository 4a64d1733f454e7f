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

/* Each kind's id (JSON, CSV, metric labels: a contract) and its name in
 * words, in one table so that the two cannot drift apart. */
static const struct {
	const char *id, *name;
} kind_words[JUDGE_KIND_COUNT] = {
	[JUDGE_KIND_LOOP] = { "loop", "CPU-bound loops" },
	[JUDGE_KIND_MEMORY] = { "memory", "memory bandwidth" },
	[JUDGE_KIND_LOCK] = { "lock", "locks" },
	[JUDGE_KIND_SYSCALL] = { "syscall", "system calls" },
	[JUDGE_KIND_IPC] = { "ipc", "IPC and context switches" },
	[JUDGE_KIND_NETWORK] = { "network", "loopback network" },
	[JUDGE_KIND_PROCESS] = { "process", "processes" },
	[JUDGE_KIND_FILE] = { "file", "file operations" },
};

const char *
judge_kind_name(enum judge_kind k)
{
	return (unsigned)k < JUDGE_KIND_COUNT ? kind_words[k].name : "?";
}

const char *
judge_kind_id(enum judge_kind k)
{
	return (unsigned)k < JUDGE_KIND_COUNT ? kind_words[k].id : "?";
}
