/*
 * machine-context-read.h: the machine's context read from /sys and /proc (a
 * tree under root for tests).
 */

#ifndef BENCHTOP_MACHINE_CONTEXT_READ_H
#define BENCHTOP_MACHINE_CONTEXT_READ_H

#include "machine-context.h"

/*
 * Read every fact under `root` ("/" or "" for this machine). The steal
 * and irq shares are over the time since the previous read of the same
 * struct (keep it between reads; zero it before the first: then they are
 * NAN until the second). Never fails: a fact that cannot be read says so.
 * What the kernel fixes at boot (its version, the hypervisor, the command
 * line, the vulnerabilities, the cgroup's place) is read by the first
 * read of a struct only; the reads after it read the clock source, THP,
 * tracing, SMT and /proc/stat, from files kept open, and the slow facts in
 * turn.
 */
void context_read(struct machine_context *c, const char *root);

#endif
