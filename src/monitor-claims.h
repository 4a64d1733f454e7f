/*
 * monitor-claims.h: what a test occupies while it measures, so that the live
 * monitor never runs two tests that would disturb each other.
 *
 * A claim is the set of CPUs every party of the test runs on under the
 * current placement (the worker, its partner, a ring's processes, the
 * shells of a BYTE shell test), plus the shared resources its operation
 * loads: memory bandwidth, the disk and page cache, the loopback network,
 * process creation. Two slices whose claims overlap never run at once;
 * the rules that say what each test claims are one table in monitor-claims.c.
 *
 *   claims_of(test, worker_cpu, placement, &c);
 *   if (!claims_overlap(&c, &held)) ... run it; claims_add(&held, &c);
 */

#ifndef BENCHTOP_CLAIMS_H
#define BENCHTOP_CLAIMS_H

#include <sched.h>
#include <stddef.h>

#include "bench.h"

/* Shared resources a test loads (bits of claim.resources). */
#define CLAIM_MEMORY_BW  0x1u /* the memory bus: bandwidth tests */
#define CLAIM_DISK_CACHE 0x2u /* the disk and the page cache */
#define CLAIM_LOOPBACK   0x4u /* the loopback network */
#define CLAIM_PROCESSES  0x8u /* process creation: fork, exec */
#define CLAIM_RESOURCES  4    /* how many bits above */

struct claim {
	cpu_set_t cpus;
	unsigned resources; /* CLAIM_* */
};

/* Nothing claimed. */
void claims_clear(struct claim *c);

/*
 * What test `t` claims when a worker pinned to `cpu` (-1: not pinned,
 * then every allowed CPU) runs it with `placement`.
 */
void claims_of(const struct bench_test *t, int cpu,
    enum bench_placement placement, struct claim *out);

/* Whether a and b share a CPU or a resource. */
int claims_overlap(const struct claim *a, const struct claim *b);

/* acc gets everything c claims too. */
void claims_add(struct claim *acc, const struct claim *c);

/* The name of one resource bit ("memory-bandwidth"...), NULL if none. */
const char *claims_resource_name(unsigned bit);

/*
 * "cpu 0,1; disk-cache+processes" or "cpu 0": what a slice used, for the
 * detail view. Returns buf.
 */
char *claims_format(const struct claim *c, char *buf, size_t size);

/* "0,1": the claimed CPUs alone, for a JSON array. Returns buf. */
char *claims_format_cpus(const struct claim *c, char *buf, size_t size);

#endif
