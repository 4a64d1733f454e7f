/*
 * base-time.h: a struct timespec as nanoseconds, and the calling thread's
 * CPU time: the one conversion every clock reading here goes through.
 */

#ifndef BENCHTOP_TIME_H
#define BENCHTOP_TIME_H

#include <stdint.h>
#include <time.h>

/* `ts` in ns; a timespec of the monotonic or CPU-time clocks fits in
 * 64 bits for 584 years. */
uint64_t time_ns(const struct timespec *ts);

/* The calling thread's CPU time in ns, or 0 where the clock fails. */
uint64_t time_thread_cpu_ns(void);

/* Wall-clock time now, in s since 1970 (UTC): for records' timestamps,
 * never for intervals. */
double time_wall_s(void);

#endif
