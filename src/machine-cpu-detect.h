/*
 * machine-cpu-detect.h: identifying the CPU this process runs on: libcpuid
 * where built with it (x86), else /proc/cpuinfo; a raw CPUID dump for tests.
 */

#ifndef BENCHTOP_MACHINE_CPU_DETECT_H
#define BENCHTOP_MACHINE_CPU_DETECT_H

#include <stddef.h>

#include "machine-cpu.h"

/* Identify the CPU this process runs on; never fails (fields may be ""). */
void cpu_detect(struct cpu_id *id);

/*
 * Fill id from /proc/cpuinfo text: its first processor block, the
 * "hypervisor" flag included; caches stay unknown (pure, for tests).
 */
void cpu_detect_parse_cpuinfo(const char *text, struct cpu_id *id);

/*
 * Fill id from a raw CPUID dump in libcpuid's text format (what
 * cpuid_tool --save writes; reading stops at a line of 80 dashes). Returns
 * 0, or -1 with a one-line message in err: always -1 without libcpuid.
 */
int cpu_detect_read_dump(const char *path, struct cpu_id *id, char *err,
    size_t errsize);

#endif
