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
