/*
 * context-cost.c: what reading the machine's context costs, per read, as
 * the live screen does it every refresh (context_read of every fact and
 * /proc/stat's first line). Prints the median, p90 and max of N reads in
 * microseconds of wall time. Built and run by bench/context-cost.sh.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "machine-context.h"

static double
now_us(clockid_t which)
{
	struct timespec ts;

	(void)clock_gettime(which, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static int
by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int
main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1000;
	/* The screen reads once a refresh, its caches cold from drawing:
	 * a gap between reads (ms) makes the loop read as it does. */
	int gap_ms = argc > 2 ? atoi(argv[2]) : 0;
	struct machine_context c = { 0 };
	double *t, *cpu;

	if (n < 10 || (t = malloc((size_t)n * sizeof *t)) == NULL ||
	    (cpu = malloc((size_t)n * sizeof *cpu)) == NULL)
		return 2;
	context_read(&c, "/"); /* the first read also reads kernel, CPU */
	for (int i = 0; i < n; i++) {
		struct timespec gap = { 0, (long)gap_ms * 1000000L };

		if (gap_ms > 0)
			(void)nanosleep(&gap, NULL);
		double c0 = now_us(CLOCK_THREAD_CPUTIME_ID);
		double t0 = now_us(CLOCK_MONOTONIC);

		context_read(&c, "/");
		t[i] = now_us(CLOCK_MONOTONIC) - t0;
		cpu[i] = now_us(CLOCK_THREAD_CPUTIME_ID) - c0;
	}
	qsort(t, (size_t)n, sizeof *t, by_value);
	qsort(cpu, (size_t)n, sizeof *cpu, by_value);
	/* Wall time counts preemption on a busy machine; CPU time is what
	 * the read itself costs. */
	printf("reads %d gap %d ms  cpu median %.1f us p90 %.1f us  wall "
	       "median %.1f us "
	       "p90 %.1f us  facts %zu\n",
	    n, gap_ms, cpu[n / 2], cpu[n * 9 / 10], t[n / 2], t[n * 9 / 10],
	    c.n);
	free(t);
	free(cpu);
	return 0;
}
