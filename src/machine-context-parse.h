/*
 * machine-context-parse.h: the pure parsers behind the machine context's reader
 * (for tests): /sys and /proc text into facts.
 */

#ifndef BENCHTOP_MACHINE_CONTEXT_PARSE_H
#define BENCHTOP_MACHINE_CONTEXT_PARSE_H

#include <stddef.h>

#include "machine-context.h"

/* "always [madvise] never" -> "madvise"; text without brackets, trimmed. */
void context_parse_selected(const char *text, char *buf, size_t size);

/* The pti/mitigations/spectre... flags of a kernel command line, joined
 * by spaces, or "none". */
void context_parse_cmdline(const char *text, char *buf, size_t size);

/* "max 100000" -> "none"; "50000 100000" -> "0.50 CPU (50000/100000)". */
void context_parse_cpu_max(const char *text, char *buf, size_t size);

/* The "0::/path" line of /proc/self/cgroup, or -1 (v1 only). */
int context_parse_cgroup2(const char *text, char *buf, size_t size);

/* The aggregate "cpu" line of /proc/stat (machine-steal.c's parser);
 * 0, or -1 (times->valid 0) when it has no steal field. */
int context_parse_stat(const char *text, struct context_cpu_times *t);

#endif
