/*
 * machine-steal.h: how much of a CPU this machine's programs did not get.
 *
 * Two kernel files, read cheaply (one read() of a small file each):
 *
 *   ROOT/proc/stat                 per CPU and in total, jiffies (USER_HZ)
 *                                  of all time, of interrupts (irq +
 *                                  softirq) and of steal: time the
 *                                  hypervisor ran something else while
 *                                  this guest's vCPU wanted to run
 *   ROOT/proc/thread-self/schedstat the calling thread's time on the CPU
 *                                  and its run delay: time it was
 *                                  runnable but waited for the CPU (ns)
 *
 * The parsers are pure (a buffer in, numbers out); the readers take a
 * root ("" or "/" for the real machine) so that tests read fixture trees.
 *
 * API sketch:
 *   struct steal_jiffies a, b;
 *   steal_read_cpu("", 0, &a); ... steal_read_cpu("", 0, &b);
 *   share = steal_share(&a, &b);          steal / all time, 0..1
 *   struct steal_thread t0, t1;
 *   steal_read_thread("", &t0); ... steal_read_thread("", &t1);
 *   off_ns = t1.delay_ns - t0.delay_ns;   waited for the CPU
 */

#ifndef BENCHTOP_MACHINE_STEAL_H
#define BENCHTOP_MACHINE_STEAL_H

#include <stddef.h>
#include <stdint.h>

/* One CPU line of /proc/stat ("cpu" or "cpuN"), in jiffies. */
struct steal_jiffies {
	uint64_t total; /* user .. steal: all the CPU's time (not guest) */
	uint64_t idle;  /* idle + iowait */
	uint64_t irq;   /* irq + softirq */
	uint64_t steal;
};

/* The calling thread's /proc/thread-self/schedstat. */
struct steal_thread {
	uint64_t run_ns;   /* time on the CPU */
	uint64_t delay_ns; /* time runnable, waiting for a CPU */
	uint64_t slices;   /* times it was given a CPU */
};

/*
 * Parse the line of CPU `cpu` (-1: the "cpu" line of all CPUs) out of a
 * /proc/stat text `buf` (NUL-terminated). Fields missing at the line's
 * end (old kernels stop before steal) count 0. 0, or -1 when there is no
 * such line or it does not start with numbers.
 */
int steal_parse_stat(const char *buf, int cpu, struct steal_jiffies *out);

/*
 * Every per-CPU line: out[i] for the CPU numbered i (lines of CPUs
 * absent, e.g. offline, stay zero), up to `max` CPUs; the "cpu" line
 * into *all. Returns the number of CPU slots used (highest CPU + 1), or
 * -1 when the text has no "cpu" line.
 */
int steal_parse_stat_all(const char *buf, struct steal_jiffies *out, int max,
    struct steal_jiffies *all);

/* Parse a schedstat text: three numbers. 0, or -1. */
int steal_parse_schedstat(const char *buf, struct steal_thread *out);

/* Read ROOT/proc/stat into buf (NUL-terminated): 0, or -1 (errno). */
int steal_read_stat_text(const char *root, char *buf, size_t size);

/* steal_parse_stat on ROOT/proc/stat: 0, or -1. */
int steal_read_cpu(const char *root, int cpu, struct steal_jiffies *out);

/* The calling thread's ROOT/proc/thread-self/schedstat: 0, or -1. */
int steal_read_thread(const char *root, struct steal_thread *out);

/*
 * A reader for a measuring loop: both files kept open and read again
 * with pread (about 4.5 us for the two, against 13 us opened each time).
 * The schedstat is that of the thread that opened the reader. A file
 * that could not be opened makes its reads fail (-1).
 */
struct steal_reader {
	int stat_fd;  /* ROOT/proc/stat, or -1 */
	int sched_fd; /* ROOT/proc/thread-self/schedstat, or -1 */
};

/* Open both files under root; 0 when both opened, else -1 (the reader
 * is usable all the same and safe to close). */
int steal_reader_open(struct steal_reader *r, const char *root);
int steal_reader_cpu(const struct steal_reader *r, int cpu,
    struct steal_jiffies *out);
int steal_reader_thread(const struct steal_reader *r, struct steal_thread *out);
void steal_reader_close(struct steal_reader *r);

/*
 * Shares of the time between two readings, 0..1, or -1 when no time
 * passed (or the counters went back: a different CPU, a reset).
 */
double steal_share(const struct steal_jiffies *a,
    const struct steal_jiffies *b);
double steal_irq_share(const struct steal_jiffies *a,
    const struct steal_jiffies *b);

/* Steal between two readings in ns (jiffies are USER_HZ); 0 if none. */
uint64_t steal_ns(const struct steal_jiffies *a, const struct steal_jiffies *b);

#endif
