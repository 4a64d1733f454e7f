/*
 * machine.h: the facts about this machine that every report carries.
 */

#ifndef BENCHTOP_MACHINE_H
#define BENCHTOP_MACHINE_H

#include <stdio.h>

#include "base-cycles.h"
#include "machine-context.h"
#include "machine-cpu.h"

struct machine {
	char host[65];
	char kernel[140]; /* "Linux 6.1.0-13-amd64" */
	char arch[65];    /* uname machine: "x86_64" */
	struct cpu_id cpu;
	char class_id[16];   /* p6, netburst, k7, zen...: refdata's class */
	char class_name[48]; /* "P7 (NetBurst)", "Zen 4 (EPYC)" */
	struct cycles_info clock;
	/* The clock read again at a batch run's end (machine_clock_again);
	 * verdict CLOCK_NO_READING until then. */
	struct clock_estimate clock_end;
	/* What cpufreq, the TSC and the brand say of the clock, read once. */
	struct clock_bounds clock_bounds;
	/* The kernel's and the host's context at start (machine_probe);
	 * a batch run reads it again at its end for the steal share. */
	struct machine_context ctx;
};

/* Fill `m` from uname, the CPU identification and measured clocks. */
void machine_probe(struct machine *m, const struct cycles_info *clock);

/* Measure the clocks and judge the core clock against the TSC, cpufreq
 * and the brand string (which machine_probe does again with its own). */
void machine_clock_measure(struct cycles_info *info, const char *brand);

/* A quick reading of the core clock (about a millisecond), judged with
 * the machine's bounds: a running monitor's, a batch run's at its end. */
void machine_clock_again(const struct machine *m, struct clock_estimate *e);

/* The clock's lines of --identify: the core clock and each chain's. */
void machine_clock_print(FILE *out, const struct cycles_info *c);

#endif
