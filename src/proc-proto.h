/*
 * proc-proto.h: what benchtop's process tests and benchtop-proc, the
 * small program that times them, say to each other.
 *
 * Fork's cost grows with the parent's threads, mappings and resident
 * pages, and an exec's with the program's libraries. benchtop is
 * multithreaded, maps ncursesw, libcpuid and libtirpc and keeps rings
 * resident: forking from it measured "fork of benchtop" (twice a minimal
 * program's figure). So every test that makes processes runs its timed
 * loop in benchtop-proc, a single-threaded program linked with libc
 * only, as small as the origins' own (lat_proc, BYTE's spawn and execl).
 *
 * The worker starts it with everything in its arguments and environment:
 *
 *   benchtop-proc OP [--dir DIR] [--copies N] [--die-with-parent]
 *                 [--stdin FILE] [--float-cpus LIST]
 *                 [--env-empty | --tmpdir DIR] [-- PROGRAM ARGV0 ARG...]
 *   benchtop-proc --execl N     (BYTE's execl chain: N more execs)
 *
 * OP is fork, exec or execl. --dir is benchtop's private scratch
 * directory, its working directory: a leftover helper names it. Its stdin is
 * the request pipe, its stdout the reply pipe, its stderr /dev/null. It answers
 * once at start (the hello: its footprint, or why it cannot run), then reads
 * one uint64_t n per sample, runs exactly n operations timed on
 * CLOCK_MONOTONIC_RAW (the clock of cycles_now_ns) and answers with the elapsed
 * ns. EOF on the request pipe ends it; PROC_STOP instead of n asks it to stop
 * between operations. It reaps every child it starts.
 */

#ifndef BENCHTOP_PROC_PROTO_H
#define BENCHTOP_PROC_PROTO_H

#include <stdint.h>

#define PROC_HELPER_NAME "benchtop-proc"
#define PROC_EXECL_FLAG  "--execl"

/* "btp" and the protocol's version: a helper of another build fails. */
#define PROC_MAGIC 0x62747001u

/* Children started at once per operation (byte.shell8). */
#define PROC_MAX_COPIES 8

/* Sent instead of n: stop between operations. */
#define PROC_STOP UINT64_MAX

enum proc_status {
	PROC_OK,
	PROC_FAILED, /* reason says which call, or how the child ended */
	PROC_STOPPED
};

/* One answer. Under PIPE_BUF, so a write of it is never split. */
struct proc_reply {
	uint32_t magic;
	int32_t status;   /* enum proc_status */
	uint64_t ns;      /* the n operations; 0 in the hello */
	uint32_t threads; /* the helper's footprint, taken in the hello */
	uint32_t rss_kib;
	uint32_t mappings;
	char reason[128]; /* PROC_FAILED: "fork: Resource temporarily..." */
};

#endif
