/*
 * machine-context.h: what the kernel and the host do to the figures. The
 * facts that move micro-benchmark results more than the CPU model does:
 * the kernel's mitigations (every vulnerabilities entry and the command
 * line's pti/mitigations/spectre flags), the clock source, transparent
 * huge pages, SMT, cpufreq, the cgroup's CPU quota and cpuset, trace
 * events, the kernel and the hypervisor; and the time the hypervisor
 * steals and interrupts take, as a share of the last interval.
 *
 * Each fact is read from its kernel file under a root path ("/" on the
 * machine, a fixture tree in the tests) and is "absent" where the file is,
 * "unreadable (why)" where it cannot be read. Facts are key/value text, so
 * that every report, profile and comparison treats them alike; keys are a
 * contract (profiles and the JSON "context" object carry them).
 */

#ifndef BENCHTOP_MACHINE_CONTEXT_H
#define BENCHTOP_MACHINE_CONTEXT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define CONTEXT_MAX_FACTS 48
#define CONTEXT_KEY_MAX   48
#define CONTEXT_VALUE_MAX 160
#define CONTEXT_ABSENT    "absent"
/* A change's name on a sparkline and in the logs: "THP always". */
#define CONTEXT_LABEL_MAX 64

/* What a fact moves: a test record names the kinds it is sensitive to. */
enum context_sense {
	CONTEXT_SENSE_ENTRY = 1u << 0, /* kernel entry: mitigations, tracing */
	CONTEXT_SENSE_CLOCK = 1u << 1, /* the time calls: the clock source */
	CONTEXT_SENSE_THP = 1u << 2,   /* page faults, mmap, large buffers */
	CONTEXT_SENSE_CPU = 1u << 3,   /* every test: steal, quota, SMT, freq */
};
#define CONTEXT_SENSE_ALL 0xfu

struct context_fact {
	char key[CONTEXT_KEY_MAX];     /* "thp.enabled", "vuln.meltdown" */
	char value[CONTEXT_VALUE_MAX]; /* "madvise", "Mitigation: PTI" */
};

/* The aggregate "cpu" line of /proc/stat, in USER_HZ ticks. */
struct context_cpu_times {
	int valid;
	uint64_t total, steal, irq; /* irq: irq + softirq */
};

struct machine_context {
	size_t n;
	struct context_fact f[CONTEXT_MAX_FACTS];
	struct context_cpu_times times; /* at the last read */
	double steal_pct, irq_pct;      /* since the read before; NAN unknown */
	/* This process's cgroup v2 directory under root, found once; ""
	 * when there is none. */
	char cgroup_dir[320];
	unsigned long reads; /* of this struct: the slow facts' turn */
};

/*
 * The facts that cost more to read (cpufreq and the cgroup's files, which
 * are often absent: a failed open each) are read every
 * CONTEXT_SLOW_EVERY-th read only: the screen's reads stay at a few files
 * a refresh. The trace events are read every time: the kernel gathers
 * their state over every event (tens of microseconds), and a tuner
 * wants to see them at once.
 */
#define CONTEXT_SLOW_EVERY 4

/* The value of `key`, or NULL when the context has no such fact. */
const char *context_get(const struct machine_context *c, const char *key);

/* Set (add or replace) a fact; a full table drops it. */
void context_set(struct machine_context *c, const char *key, const char *value);

/* "mitigations, clock source, THP, steal/quota": the senses named. */
const char *context_sense_text(unsigned senses, char *buf, size_t size);

/* The kinds of test `key` moves (enum context_sense bits). */
unsigned context_key_senses(const char *key);

/*
 * A fact's change as one short name: "THP always", "clock tsc",
 * "meltdown: Vulnerable". Pure.
 */
void context_change_label(const char *key, const char *value, char *buf,
    size_t size);

/*
 * Call `fn` for each key whose value differs between a and b (a key in
 * one only counts, with "absent" for the other); returns how many. Pure.
 */
size_t context_diff(const struct machine_context *a,
    const struct machine_context *b,
    void (*fn)(const char *key, const char *was, const char *now, void *arg),
    void *arg);

/* The entry path's mitigations in short: "PTI, retpolines",
 * "mitigations=off", "no entry mitigations" or "mitigations n/a". Pure. */
void context_kernel_short(const struct machine_context *c, char *buf,
    size_t size);

/*
 * The few that matter, in one line: "kernel: PTI, retpolines; clock
 * kvm-clock; THP madvise; steal 3%". Pure.
 */
void context_summary(const struct machine_context *c, char *buf, size_t size);

/*
 * Every fact as "context.KEY: VALUE" lines (--identify's format), then
 * "context.steal: N%" and "context.irq: N%" with `interval` saying over
 * what ("since boot", "over the run"), then the summary line.
 */
void context_print(FILE *out, const struct machine_context *c,
    const char *interval);

/* Steal and irq shares (%) between two readings; NAN when unknown. */
void context_shares(const struct context_cpu_times *was,
    const struct context_cpu_times *now, double *steal_pct, double *irq_pct);

#endif
