/*
 * machine-identify.h: `benchtop --identify [RAW_DUMP]`: what CPU this is, or
 * what a raw CPUID dump was, its class, and the reference machines of that
 * class.
 */

#ifndef BENCHTOP_IDENTIFY_H
#define BENCHTOP_IDENTIFY_H

#include <stddef.h>
#include <stdio.h>

#include "machine-cpu.h"

/*
 * Print the identification of this CPU (dump_path NULL) or of a raw CPUID
 * dump in libcpuid's text format, one "key: value" per line, then the
 * reference machines of its class from machines_tsv (data/machines.tsv;
 * NULL prints "(no data)"). Returns 0, or -1 with a one-line message in
 * err: a dump needs libcpuid.
 */
int identify_print(FILE *out, const char *dump_path, const char *machines_tsv,
    char *err, size_t errsize);

/* The fields of id, "vendor:" to "source:", one per line, then where
 * they come from ("from:") and what was left out ("left out:"). */
void identify_print_cpu(FILE *out, const struct cpu_id *id);

/*
 * Whether libcpuid's codename in id agrees with benchtop's generation:
 * it names it, or one of its parts (a Zen generation's codenames), or
 * benchtop has no generation; 0 when the two contradict each other.
 */
int identify_codename_confirmed(const struct cpu_id *id);

/*
 * Cores and logical CPUs per package from the kernel's CPU list under
 * cpu_dir (/sys/devices/system/cpu): its online list and each CPU's
 * topology, counted in the first online CPU's package. 0, or -1.
 */
int identify_kernel_counts(const char *cpu_dir, int *cores, int *logical);

/*
 * "reference machines: ID ID ...": the rows of machines_tsv whose class is
 * class_id. Only the header's id and class columns are read ('#' lines and
 * blank lines skipped); the full loader is ref-data.c. Returns 0, or -1 with
 * "file:line: message" in err.
 */
int identify_print_machines(FILE *out, const char *class_id,
    const char *machines_tsv, char *err, size_t errsize);

#endif
