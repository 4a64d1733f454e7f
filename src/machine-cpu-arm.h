/*
 * machine-cpu-arm.h: arm64: the CPU from MIDR_EL1 (sysfs or /proc/cpuinfo).
 */

#ifndef BENCHTOP_MACHINE_CPU_ARM_H
#define BENCHTOP_MACHINE_CPU_ARM_H

#include <stdint.h>

#include "machine-cpu.h"

/*
 * arm64 (machine-cpu-arm.c). Fill id from a MIDR_EL1 value: vendor the
 * implementer ("ARM", "Apple"...), family the architecture field, model
 * the part number, ext_model the variant, stepping the revision, brand
 * "ARM Neoverse N1 r3p1", class other and generation the core's name
 * where the table has it. Pure.
 */
void cpu_arm_decode_midr(uint64_t midr, struct cpu_id *id);

/* The MIDR that /proc/cpuinfo's "CPU implementer", "CPU part"... lines
 * of its first block spell: 0, or -1 when it has none (not arm64). */
int cpu_arm_parse_cpuinfo(const char *text, uint64_t *midr);

/*
 * Every CPU's cpu_dir/cpuN/regs/identification/midr_el1 (cpu_dir is
 * /sys/devices/system/cpu): id named from CPU 0's, a mixed machine's
 * brand naming each core ("ARM Cortex-A76 + Cortex-A55"), source "midr".
 * 0, or -1 when there is no such file.
 */
int cpu_arm_read_midr(const char *cpu_dir, struct cpu_id *id);

#endif
