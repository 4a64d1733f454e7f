/*
 * bench-context.c: which facts of the machine's context move which tests.
 * A system call pays the kernel-entry mitigations (PTI: a page-table
 * switch each way) and any trace event on the entry path; the time calls
 * read the clock source through the vDSO, or enter the kernel when the
 * clock source has no vDSO reader; page faults, mmap and large buffers
 * depend on transparent huge pages; every test shares its CPU with what
 * the hypervisor steals and with the cgroup's quota.
 */

#include "config.h"

#include "bench-context.h"

#include <string.h>

static const unsigned group_senses[BENCH_GROUP_COUNT] = {
	[BENCH_GROUP_SYSCALL] = CONTEXT_SENSE_ENTRY,
	[BENCH_GROUP_SIGNAL] = CONTEXT_SENSE_ENTRY,
	[BENCH_GROUP_IPC] = CONTEXT_SENSE_ENTRY,
	[BENCH_GROUP_CTXSW] = CONTEXT_SENSE_ENTRY,
	/* fork and exec copy and fault in page tables */
	[BENCH_GROUP_PROCESS] = CONTEXT_SENSE_ENTRY | CONTEXT_SENSE_THP,
	[BENCH_GROUP_FILE] = CONTEXT_SENSE_ENTRY,
	[BENCH_GROUP_VM] = CONTEXT_SENSE_ENTRY | CONTEXT_SENSE_THP,
	/* buffers of 64 MiB: huge pages change their TLB misses */
	[BENCH_GROUP_MEMORY] = CONTEXT_SENSE_THP,
	[BENCH_GROUP_NETWORK] = CONTEXT_SENSE_ENTRY,
	[BENCH_GROUP_CPU] = 0,
	[BENCH_GROUP_LOCK] = 0,
};

/* Tests whose own call is a clock read. */
static const char *const clock_tests[] = { "bsd.gettimeofday",
	"extra.clock_gettime" };

unsigned
bench_context_senses(const struct bench_test *t)
{
	unsigned s = CONTEXT_SENSE_CPU;

	if ((unsigned)t->group < BENCH_GROUP_COUNT)
		s |= group_senses[t->group];
	for (size_t i = 0; i < sizeof clock_tests / sizeof clock_tests[0]; i++)
		if (strcmp(t->id, clock_tests[i]) == 0)
			s |= CONTEXT_SENSE_CLOCK;
	return s;
}

unsigned char
bench_context_rank(const struct bench_test *t, unsigned senses)
{
	/* Every test senses the CPU: a change of it alone (steal, quota,
	 * SMT) touches them all. */
	if ((bench_context_senses(t) & senses) == 0)
		return 0;
	return (unsigned char)(1 + (unsigned)t->group);
}

/*
 * The sentinels, one per kind a host's change moves apart: a system call
 * (the kernel's entry path), a context switch between two processes,
 * memory bandwidth, process creation, a file operation. Each is among
 * the fastest of its kind to give a slice's figure, and stands for the
 * groups it shares a path with.
 */
static const struct bench_sentinel sentinels[] = {
	{ "lmbench.null_call",
	    1u << BENCH_GROUP_SYSCALL | 1u << BENCH_GROUP_SIGNAL },
	{ "lmbench.lat_pipe",
	    1u << BENCH_GROUP_IPC | 1u << BENCH_GROUP_CTXSW |
	        1u << BENCH_GROUP_NETWORK },
	{ "lmbench.bw_mem_read", 1u << BENCH_GROUP_MEMORY },
	{ "lmbench.fork", 1u << BENCH_GROUP_PROCESS | 1u << BENCH_GROUP_VM },
	{ "lmbench.fs_create_0k", 1u << BENCH_GROUP_FILE },
};

const struct bench_sentinel *
bench_context_sentinel(size_t k)
{
	return k < sizeof sentinels / sizeof sentinels[0] ? &sentinels[k]
	                                                  : NULL;
}

int
bench_context_is_sentinel(const struct bench_test *t)
{
	for (size_t k = 0; k < sizeof sentinels / sizeof sentinels[0]; k++)
		if (strcmp(sentinels[k].id, t->id) == 0)
			return 1;
	return 0;
}

unsigned char
bench_context_sentinel_rank(const struct bench_sentinel *s,
    const struct bench_test *t)
{
	return (s->groups >> t->group) & 1u && strcmp(s->id, t->id) != 0
	    ? (unsigned char)(1 + (unsigned)t->group)
	    : 0;
}
