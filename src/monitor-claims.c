/*
 * monitor-claims.c: the one table of what each test occupies, and the claim
 * arithmetic the monitor's scheduler uses.
 *
 * Every rule whose test id glob, group and flags match a test applies:
 * its resources are added, and the largest party count wins. Parties are
 * placed as the runner and the tests place them (bench_party_cpu over
 * runner_place_parties), so a claim names exactly the CPUs the slice will
 * use: a single-party test its worker's CPU, a spread two-party test the
 * worker's and its partner's.
 */

#include "config.h"

#include "monitor-claims.h"

#include <fnmatch.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "measure-runner.h"

/* Party counts beyond a number. */
enum {
	PARTIES_FLOAT = -1, /* every allowed CPU when spread, else one */
	PARTIES_ALL = -2    /* every allowed CPU, whatever the placement */
};

struct claim_rule {
	const char *id; /* glob on the test id, NULL: any */
	int group;      /* enum bench_group, -1: any */
	unsigned flags; /* any of these BENCH_F_*, 0: any */
	int parties;    /* > 0: placed as bench_party_cpu does */
	unsigned resources;
};

#define ANY (-1)

static const struct claim_rule rules[] = {
	/* Every test: the worker's own CPU. */
	{ NULL, ANY, 0, 1, 0 },
	/* A partner thread or process: placement same or spread. */
	{ NULL, ANY, BENCH_F_PARTNER, 2, 0 },
	/* lmbench's rings deal their processes over every CPU. */
	{ "lmbench.ctx_8p_*", ANY, 0, 8, 0 },
	{ "lmbench.ctx_16p_*", ANY, 0, 16, 0 },
	/* Spread BYTE shells float over every CPU, as BYTE's did on SMP. */
	{ "byte.shell*", ANY, 0, PARTIES_FLOAT, CLAIM_DISK_CACHE },
	/*
	 * fork and exec copy or drop the address space the workers share:
	 * write-protecting it and flushing the TLB of every CPU that runs
	 * a worker. So does an munmap per operation.
	 */
	{ NULL, BENCH_GROUP_PROCESS, 0, PARTIES_ALL, CLAIM_PROCESSES },
	{ "byte.cc", ANY, 0, PARTIES_ALL, CLAIM_PROCESSES | CLAIM_DISK_CACHE },
	{ "byte.dc", ANY, 0, PARTIES_ALL, CLAIM_PROCESSES },
	{ "lmbench.mmap", ANY, 0, PARTIES_ALL, 0 },
	{ "lmbench.page_fault", ANY, 0, PARTIES_ALL, 0 },
	/* Files, mapped files: the disk and the page cache. */
	{ NULL, BENCH_GROUP_FILE, 0, 1, CLAIM_DISK_CACHE },
	{ NULL, BENCH_GROUP_VM, 0, 1, CLAIM_DISK_CACHE },
	/* Buffers beyond the caches, and lmbench's bandwidth rows. */
	{ NULL, BENCH_GROUP_MEMORY, 0, 1, CLAIM_MEMORY_BW },
	{ "lmbench.bw_*", ANY, 0, 1, CLAIM_MEMORY_BW },
	{ NULL, ANY, BENCH_F_LOOPBACK, 1, CLAIM_LOOPBACK },
};

static const char *const resource_names[CLAIM_RESOURCES] = {
	"memory-bandwidth",
	"disk-cache",
	"loopback",
	"processes",
};

void
claims_clear(struct claim *c)
{
	CPU_ZERO(&c->cpus);
	c->resources = 0;
}

static int
rule_matches(const struct claim_rule *r, const struct bench_test *t)
{
	return (r->id == NULL || fnmatch(r->id, t->id, 0) == 0) &&
	    (r->group == ANY || r->group == (int)t->group) &&
	    (r->flags == 0 || (r->flags & t->flags) != 0);
}

/* Every CPU of the process's affinity mask (the main thread's). */
static void
add_every_cpu(struct claim *c)
{
	cpu_set_t all;

	if (bench_process_cpus(&all) == 0)
		CPU_OR(&c->cpus, &c->cpus, &all);
}

/* The CPUs of `parties` parties placed from a worker on `cpu`. */
static void
add_parties(struct claim *c, const struct bench_test *t, int cpu,
    enum bench_placement placement, int parties)
{
	struct bench_ctx ctx;

	memset(&ctx, 0, sizeof ctx);
	ctx.test = t;
	ctx.cpu = cpu;
	runner_place_parties(&ctx, placement);
	if (parties == PARTIES_FLOAT)
		parties = ctx.placement == BENCH_PLACE_SPREAD ? PARTIES_ALL : 1;
	if (parties == PARTIES_ALL) {
		add_every_cpu(c);
		return;
	}
	for (int i = 0; i < parties; i++) {
		int p = bench_party_cpu(&ctx, i);

		if (p < 0 || p >= CPU_SETSIZE) { /* not pinned: anywhere */
			add_every_cpu(c);
			return;
		}
		CPU_SET(p, &c->cpus);
	}
}

/* Of two party counts the wider: every CPU, then floating, then more. */
static int
wider(int a, int b)
{
	if (a == PARTIES_ALL || b == PARTIES_ALL)
		return PARTIES_ALL;
	if (a == PARTIES_FLOAT || b == PARTIES_FLOAT)
		return PARTIES_FLOAT;
	return a > b ? a : b;
}

void
claims_of(const struct bench_test *t, int cpu, enum bench_placement placement,
    struct claim *out)
{
	int parties = 1;

	claims_clear(out);
	for (size_t k = 0; k < sizeof rules / sizeof rules[0]; k++) {
		if (!rule_matches(&rules[k], t))
			continue;
		out->resources |= rules[k].resources;
		parties = wider(parties, rules[k].parties);
	}
	add_parties(out, t, cpu, placement, parties);
}

int
claims_overlap(const struct claim *a, const struct claim *b)
{
	cpu_set_t both;

	if (a->resources & b->resources)
		return 1;
	CPU_AND(&both, &a->cpus, &b->cpus);
	return CPU_COUNT(&both) > 0;
}

void
claims_add(struct claim *acc, const struct claim *c)
{
	CPU_OR(&acc->cpus, &acc->cpus, &c->cpus);
	acc->resources |= c->resources;
}

const char *
claims_resource_name(unsigned bit)
{
	for (int k = 0; k < CLAIM_RESOURCES; k++)
		if (bit == 1u << k)
			return resource_names[k];
	return NULL;
}

char *
claims_format_cpus(const struct claim *c, char *buf, size_t size)
{
	size_t len = 0;

	if (size > 0)
		buf[0] = '\0';
	for (int cpu = 0; cpu < CPU_SETSIZE && len < size; cpu++)
		if (CPU_ISSET(cpu, &c->cpus))
			len += (size_t)snprintf(buf + len, size - len, "%s%d",
			    len ? "," : "", cpu);
	return buf;
}

char *
claims_format(const struct claim *c, char *buf, size_t size)
{
	size_t len;
	const char *sep = "; ";

	(void)snprintf(buf, size, "cpu ");
	len = strlen(buf);
	(void)claims_format_cpus(c, buf + len, size - len);
	for (int k = 0; k < CLAIM_RESOURCES; k++) {
		if (!(c->resources & (1u << k)) || (len = strlen(buf)) >= size)
			continue;
		(void)snprintf(buf + len, size - len, "%s%s", sep,
		    resource_names[k]);
		sep = "+";
	}
	return buf;
}
