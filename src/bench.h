/*
 * bench.h: the test contract.
 *
 * Every micro-benchmark benchtop runs is one `struct bench_test` record in
 * the table of its family (one family per src/bench-*.c file, each file
 * exporting exactly one `const struct bench_family`). The harness calls
 *
 *   setup(ctx)      once, outside timing: open files, start partners;
 *   run(ctx, n)     performs EXACTLY n operations, as the record's
 *                   `definition` says; touches only ctx->state and the
 *                   measured resource; never prints, never exits;
 *   teardown(ctx)   once after setup, whether setup succeeded or not:
 *                   it must cope with a half-done setup (NULL state).
 *
 * A test that cannot run here returns BENCH_UNSUPPORTED or BENCH_FAILED
 * from setup or run with a reason in ctx->reason, naming the call and the
 * errno text (bench_fail()). The program never aborts on a test's behalf.
 */

#ifndef BENCHTOP_BENCH_H
#define BENCHTOP_BENCH_H

#include <sched.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "base-units.h" /* enum bench_unit: the unit the origin reports in */

/* Where a test comes from (the four source documents, or new). */
enum bench_origin {
	BENCH_ORIGIN_BYTE,     /* BYTE UNIX Benchmarks 3.11 */
	BENCH_ORIGIN_LMBENCH,  /* lmbench 2.0 */
	BENCH_ORIGIN_CTXBENCH, /* ctxbench (Bill Davidsen) */
	BENCH_ORIGIN_BSD,      /* FreeBSD 4.7/5.2.1 SMP/UP thread */
	BENCH_ORIGIN_EXTRA,    /* benchtop's own, for contrast */
	BENCH_ORIGIN_COUNT
};

enum bench_group {
	BENCH_GROUP_SYSCALL,
	BENCH_GROUP_SIGNAL,
	BENCH_GROUP_IPC,
	BENCH_GROUP_CTXSW,
	BENCH_GROUP_PROCESS,
	BENCH_GROUP_FILE,
	BENCH_GROUP_VM,
	BENCH_GROUP_MEMORY,
	BENCH_GROUP_NETWORK,
	BENCH_GROUP_CPU,
	BENCH_GROUP_LOCK,
	BENCH_GROUP_COUNT
};

enum bench_status {
	BENCH_OK,
	BENCH_UNSUPPORTED, /* cannot run here: no permission, one CPU... */
	BENCH_FAILED,      /* a call failed: reason names it and errno */
	BENCH_STOPPED,     /* the user or a signal stopped the run */
	BENCH_STATUS_COUNT
};

/* Flags: what a test needs from its environment. */
#define BENCH_F_PARTNER  0x01u /* a partner thread or process */
#define BENCH_F_TWO_CPUS 0x02u /* needs two CPUs to mean anything */
#define BENCH_F_TMPDIR   0x04u /* works in the private temp directory */
#define BENCH_F_LOOPBACK 0x08u /* binds sockets on 127.0.0.1 */
#define BENCH_F_SLOW     0x10u /* one operation takes 100 us or more */
/* Its figure is the memory's bandwidth (a reread of cached pages). */
#define BENCH_F_BANDWIDTH 0x20u

#define BENCH_REASON_MAX 160
#define BENCH_FD_BITS    4096 /* descriptors tracked for partners */

struct bench_ctx;

typedef int (*bench_setup_fn)(struct bench_ctx *);
typedef int (*bench_run_fn)(struct bench_ctx *, uint64_t);
typedef void (*bench_teardown_fn)(struct bench_ctx *);

struct bench_test {
	const char *id;    /* "origin.name", lowercase, stable */
	const char *title; /* fits 24 columns */
	enum bench_origin origin;
	enum bench_group group;
	const char *definition; /* what ONE operation is, origin's terms */
	enum bench_unit unit;
	double work_per_op; /* unit quantity per op: loops, KiB or bytes */
	unsigned flags;     /* BENCH_F_* */
	unsigned version;   /* of the definition: bump when it changes; 0 = 1 */
	/*
	 * Fewest operations one sample may hold (0: 1): a ring that moves in
	 * whole trips (the context switch rows) makes no trip at all in a
	 * run of fewer passes than it carried over, and would time nothing.
	 */
	uint64_t min_n;
	const void *arg;      /* parameter block shared by sibling rows */
	bench_setup_fn setup; /* may be NULL */
	bench_run_fn run;
	/*
	 * Optional: n operations of what run() does around the measured
	 * thing (lmbench's overhead loops: kill(me, 0) for the signal
	 * handler, pipe + working set for context switches). Its per-op
	 * cost, timed by the harness after calibration, is subtracted.
	 */
	bench_run_fn baseline;
	bench_teardown_fn teardown; /* may be NULL */
	/*
	 * The outside programs run() executes, space-separated ("dc"), or
	 * NULL: --list names them, and a missing one names its package.
	 */
	const char *programs;
};

struct bench_family {
	const char *name;
	const char *title;
	const struct bench_test *tests;
	size_t ntests;
};

/* Where the parties of a test run. */
enum bench_placement {
	BENCH_PLACE_SINGLE, /* one party: the worker's CPU */
	BENCH_PLACE_SAME,   /* all parties pinned to one CPU (UP picture) */
	BENCH_PLACE_SPREAD  /* parties on different CPUs (SMP picture) */
};

struct bench_ctx {
	const struct bench_test *test;
	void *state;        /* the test's private state */
	const char *tmpdir; /* private 0700 directory */
	int cpu;            /* CPU the worker is pinned to, or -1 */
	int partner_cpu;    /* CPU chosen for a partner, or -1 */
	enum bench_placement placement;
	const atomic_int *stop; /* set when the run must end */
	size_t mem_bytes;       /* buffer of the memory bandwidth tests */
	/*
	 * A first look (the live monitor's first pass, its samples marked):
	 * the test may make a cheaper run (lat_fs deletes: only the files
	 * the run deletes are made, untimed, not a pool of 1000). The
	 * operation itself stays the same.
	 */
	int first_look;
	double base_ns; /* per op, from test->baseline; subtracted */
	double base_cyc;
	/* Time run() spent on upkeep that is not the operation (lat_fs
	 * refilling its pool, as lmbench times creates and deletes apart),
	 * on cycles_now_ns()'s clock: the harness zeroes it before run()
	 * and takes it out of the sample. */
	uint64_t untimed_ns;
	/* Descriptors open before setup (other tests', other workers'): a
	 * partner process closes them, so that it never holds another
	 * test's pipe end open. Bit i of byte i / 8; filled by the runner. */
	unsigned char foreign_fds[BENCH_FD_BITS / 8];
	char reason[BENCH_REASON_MAX];
};

const char *bench_origin_name(enum bench_origin);
const char *bench_group_name(enum bench_group);
const char *bench_unit_name(enum bench_unit);
/* The Debian package that installs PROGRAM ("gcc" for cc), or PROGRAM. */
const char *bench_program_package(const char *program);
const char *bench_status_name(enum bench_status);
const char *bench_placement_name(enum bench_placement);
/*
 * Whether one operation keeps the CPU busy throughout: no partner, no
 * child to wait for, no file or disk (so a preemption or a share of CPU
 * time under 90% means something else took the CPU).
 */
int bench_cpu_bound(const struct bench_test *);
/* The definition version of a test (1 when the record says 0). */
unsigned bench_version(const struct bench_test *);
/* n, or the test's min_n when n is below it. */
uint64_t bench_at_least_min_n(const struct bench_test *, uint64_t n);

/* Set "call: strerror(err)" as the reason; returns BENCH_FAILED. */
int bench_fail(struct bench_ctx *, const char *call, int err);
/* Set a formatted reason; returns `status`. */
int bench_reason(struct bench_ctx *, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/*
 * Keep a computed value alive so the compiler cannot delete its work. One
 * a thread: two workers adding to one word would race (and share a cache
 * line, each test's timing the other's).
 */
extern _Thread_local volatile uint64_t bench_sink;

/* ---- What the families share: CPU placement, files, failures ---- */

/* Pin the calling thread to `cpu`; cpu < 0 is a no-op. 0, or -1 and errno. */
int bench_pin_self(int cpu);

/* Online CPUs (sysconf), at least 1. */
int bench_online_cpus(void);

/*
 * The process's affinity mask: the main thread's as first read (read it
 * before any thread narrows its own: workers are pinned, and the live
 * screen and exporter move to a CPU of their own while they draw).
 * 0, or -1 and errno.
 */
int bench_process_cpus(cpu_set_t *out);

/*
 * CPUs in the process's affinity mask (bench_process_cpus); the online
 * count if the mask cannot be read.
 */
int bench_usable_cpus(void);

/*
 * The n-th CPU (n >= 0, wrapping around) of the process's affinity mask:
 * n = 0 is the first CPU benchtop may use. -1 if the mask cannot be read.
 */
int bench_allowed_cpu(int n);

/*
 * A CPU of the process's affinity mask other than `cpu`, searching upwards
 * from cpu + 1 so that several workers' partners spread out; -1 if there
 * is none or the mask cannot be read (then errno says why).
 */
int bench_other_cpu(int cpu);

/*
 * The CPU for party number `i` of a test (0 = the worker itself):
 * placement same puts every party on ctx->cpu; spread puts party 1 on
 * ctx->partner_cpu and deals the others round-robin over the process's
 * CPUs. -1 when the worker is not pinned.
 */
int bench_party_cpu(const struct bench_ctx *ctx, int i);

/*
 * Sum `bytes` of buf as lmbench's bread() sums what bw_file_rd and
 * bw_mmap_rd read: longs, one scalar add each in one dependent chain,
 * 128 to a round (then 16, then 1; a tail under a long is not read).
 * The compiler may not vectorise it: lmbench's, built with -O, is not,
 * and a 16-byte add would make the pass after each read twice as fast.
 */
unsigned long bench_bread(const void *buf, size_t bytes);

/* The chunk the file and mmap tests move: lmbench's XFERSIZE. */
#define BENCH_FILE_CHUNK (64 * 1024)

/*
 * Size of the big file of the file and VM tests (lmbench's $MB): the
 * --mem-size buffer size kept within 1 MiB..1 GiB, in whole chunks.
 */
uint64_t bench_file_bytes(const struct bench_ctx *ctx);

/* The private scratch directory (ctx->tmpdir; /tmp outside a run). */
const char *bench_scratch_dir(const struct bench_ctx *ctx);

/* mkostemp "<scratch>/<stem>.XXXXXX" into path and *fd; the caller
 * records that the file exists. BENCH_OK, or bench_fail("mkstemp"). */
int bench_make_temp(struct bench_ctx *ctx, const char *stem, char *path,
    size_t size, int *fd);

/*
 * Setup's state: `size` zeroed bytes, set as ctx->state and returned; or
 * NULL, with bench_fail("calloc") (then return BENCH_FAILED). Teardown
 * finds ctx->state NULL when this failed.
 */
void *bench_state_new(struct bench_ctx *ctx, size_t size);

/* Close *fd if open, then -1: safe to call again, and on a never-opened
 * descriptor that setup left at -1. */
void bench_close_fd(int *fd);

/* Teardown of a bench_make_temp file: close *fd if open (then -1) and
 * unlink path if *made (then 0). */
void bench_temp_remove(int *fd, int *made, const char *path);

/* A failed transfer of `got` bytes: errno's text, or, for a short one
 * (which has no errno), "CALL: short transfer (N bytes)". */
int bench_io_fail(struct bench_ctx *ctx, const char *call, ssize_t got);

/*
 * A write that moved `got` of `len` bytes: a short write has no errno,
 * but the write of the rest does (on a full filesystem ENOSPC, EDQUOT
 * or EFBIG, where "short" says nothing), so it is tried for the reason.
 */
int bench_write_fail(struct bench_ctx *ctx, int fd, const void *buf, size_t len,
    ssize_t got);

#endif
