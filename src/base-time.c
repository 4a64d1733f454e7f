/*
 * base-time.c: timespec to ns (base-time.h).
 */

#include "config.h"

#include "base-time.h"

uint64_t
time_ns(const struct timespec *ts)
{
	return (uint64_t)ts->tv_sec * 1000000000u + (uint64_t)ts->tv_nsec;
}

uint64_t
time_thread_cpu_ns(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
		return 0;
	return time_ns(&ts);
}

double
time_wall_s(void)
{
	struct timespec ts;

	(void)clock_gettime(CLOCK_REALTIME, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}
