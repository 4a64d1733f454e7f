/*
 * machine.h: the facts about this machine that every report carries.
 */

#ifndef BENCHTOP_MACHINE_H
#define BENCHTOP_MACHINE_H

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
	/* The kernel's and the host's context at start (machine_probe);
	 * a batch run reads it again at its end for the steal share. */
	struct machine_context ctx;
};

/* Fill `m` from uname, the CPU identification and measured clocks. */
void machine_probe(struct machine *m, const struct cycles_info *clock);

#endif
