/*
 * cpu.h: what CPU this is. libcpuid where built with it (x86), else
 * /proc/cpuinfo. Issue-level detail (classes, codenames) grows here.
 */

#ifndef BENCHTOP_CPU_H
#define BENCHTOP_CPU_H

struct cpu_id {
	char vendor[32]; /* "GenuineIntel", "AuthenticAMD", ... */
	char brand[64];  /* the brand string, trimmed */
	int family, model, stepping;
	int cpus_online;
	char source[16]; /* "libcpuid" or "cpuinfo" */
};

/* Identify the CPU this process runs on; never fails (fields may be ""). */
void cpu_detect(struct cpu_id *id);

/* Parse /proc/cpuinfo text (pure, for tests). */
void cpu_parse_cpuinfo(const char *text, struct cpu_id *id);

#endif
