/*
 * measure-judge-kind.h: the kinds of test the judges tell apart.
 */

#ifndef BENCHTOP_MEASURE_JUDGE_KIND_H
#define BENCHTOP_MEASURE_JUDGE_KIND_H

#include "bench.h"

/* Kinds of test that a change of the machine moves differently. */
enum judge_kind {
	JUDGE_KIND_LOOP,    /* CPU-bound loops in user space */
	JUDGE_KIND_MEMORY,  /* memory bandwidth (copies, scans, rereads) */
	JUDGE_KIND_LOCK,    /* locks and atomic instructions */
	JUDGE_KIND_SYSCALL, /* system calls and signals */
	JUDGE_KIND_IPC,     /* IPC and context switches */
	JUDGE_KIND_NETWORK, /* loopback sockets through the network stack */
	JUDGE_KIND_PROCESS, /* processes, programs, mappings and faults */
	JUDGE_KIND_FILE,    /* file-system operations */
	JUDGE_KIND_COUNT
};

/* The kind of test t. */
enum judge_kind judge_kind_of(const struct bench_test *t);
/* "CPU-bound loops", "memory bandwidth", "system calls", ... */
const char *judge_kind_name(enum judge_kind k);
/* The kind's id in JSON, CSV and metric labels: "loop", "memory",
 * "lock", "syscall", "ipc", "network", "process", "file" (a contract). */
const char *judge_kind_id(enum judge_kind k);

#endif
