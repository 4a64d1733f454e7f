/*
 * machine-cpu-trust.h: what a CPU's CPUID says against itself: the features
 * that date a core, against its model number's generation.
 */

#ifndef BENCHTOP_MACHINE_CPU_TRUST_H
#define BENCHTOP_MACHINE_CPU_TRUST_H

#include <stdint.h>

#include "machine-cpu.h"

/* The features of CPUID leaf 7 (subleaf 0) EBX and EDX. Pure. */
unsigned cpu_trust_features_cpuid(uint32_t leaf7_ebx, uint32_t leaf7_edx);

/* The features of a /proc/cpuinfo "flags" value (to its line's end). */
unsigned cpu_trust_features_flags(const char *flags);

/* Whether a cpuinfo "flags" value (up to its line's end; the line can
 * be 1,500 bytes) lists the word `flag`. */
int cpu_trust_has_flag(const char *flags, const char *flag);

/*
 * Judge what id's CPUID says against itself: where its features
 * contradict its model number's generation (AMX on model 167, Rocket
 * Lake's, which has none), the generation is named from the features,
 * which no model template can add ("Sapphire Rapids or later"), and the
 * contradiction goes into id->doubts with "under a hypervisor" where one
 * is; where the model names none, the features name it. Pure.
 */
void cpu_trust_judge(struct cpu_id *id);

#endif
