/*
 * base-cycles.c: cycle counting. See base-cycles.h for why the TSC is scaled.
 */

#include "config.h"

#include "base-cycles.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef HAVE_LINUX_PERF_EVENT_H
#include <linux/perf_event.h>
#include <sys/syscall.h>
#endif

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#define HAVE_TSC 1
#endif

/* Adds per pass of the dependent chain; each waits for the previous. */
#define CHAIN_ADDS 200

uint64_t
cycles_now_ns(void)
{
	struct timespec ts;

#ifdef CLOCK_MONOTONIC_RAW
	if (clock_gettime(CLOCK_MONOTONIC_RAW, &ts) == 0)
		return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
#endif
	(void)clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t
read_tsc(void)
{
#ifdef HAVE_TSC
	return __rdtsc();
#else
	return cycles_now_ns();
#endif
}

/*
 * Run `passes` x CHAIN_ADDS dependent adds. An add has a latency of one
 * cycle on every x86 since the P6 and on ARM cores, so the chain takes one
 * core cycle per add whatever the clock: timing it gives the core clock.
 * Asm keeps the chain at -O0 too (a C chain would go through memory).
 */
static uint64_t
add_chain(uint64_t passes)
{
	uint64_t x = 0;

	while (passes-- > 0) {
#if defined(__x86_64__)
		__asm__ volatile(".rept 200\n\taddq $1, %0\n\t.endr" : "+r"(x));
#elif defined(__aarch64__)
		__asm__ volatile(".rept 200\n\tadd %0, %0, #1\n\t.endr"
		                 : "+r"(x));
#else
		for (int i = 0; i < CHAIN_ADDS; i++) {
			x += 1;
			__asm__ volatile("" : "+r"(x));
		}
#endif
	}
	return x;
}

double
cycles_core_hz(void)
{
	double best = 0;

	/*
	 * Take the fastest of many ~50 us runs: an interruption (another
	 * process on this CPU, a vCPU descheduled) only slows a run down,
	 * and a run this short escapes most of them even on a loaded machine.
	 */
	for (int trial = 0; trial < 200; trial++) {
		uint64_t passes = 1000, t0, t1;
		double hz;

		t0 = cycles_now_ns();
		(void)add_chain(passes);
		t1 = cycles_now_ns();
		hz = (double)passes * CHAIN_ADDS / (double)(t1 - t0) * 1e9;
		if (hz > best)
			best = hz;
	}
	return best;
}

/* TSC ticks per second against the monotonic clock over ~50 ms. */
static double
measure_tsc_hz(void)
{
#ifdef HAVE_TSC
	uint64_t t0, t1, c0, c1;

	t0 = cycles_now_ns();
	c0 = read_tsc();
	do
		t1 = cycles_now_ns();
	while (t1 - t0 < 50000000u);
	c1 = read_tsc();
	return (double)(c1 - c0) / (double)(t1 - t0) * 1e9;
#else
	return 0;
#endif
}

#ifdef HAVE_LINUX_PERF_EVENT_H
/* A cycle counter for the calling thread, kernel time included. */
static int
open_pmu(void)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof attr);
	attr.size = sizeof attr;
	attr.type = PERF_TYPE_HARDWARE;
	attr.config = PERF_COUNT_HW_CPU_CYCLES;
	attr.exclude_hv = 1;
	return (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1,
	    PERF_FLAG_FD_CLOEXEC);
}
#else
static int
open_pmu(void)
{
	errno = ENOSYS;
	return -1;
}
#endif

/* Can this process count its own cycles, kernel included? */
static int
pmu_usable(struct cycles_info *info)
{
	int fd = open_pmu();
	uint64_t v = 0;

	if (fd < 0) {
		(void)snprintf(info->pmu_reason, sizeof info->pmu_reason,
		    "perf_event_open: %s", strerror(errno));
		return 0;
	}
	(void)add_chain(1000);
	if (read(fd, &v, sizeof v) != (ssize_t)sizeof v || v == 0) {
		(void)snprintf(info->pmu_reason, sizeof info->pmu_reason,
		    "perf cycles counter reads nothing");
		(void)close(fd);
		return 0;
	}
	(void)close(fd);
	return 1;
}

void
cycles_measure(struct cycles_info *info)
{
	memset(info, 0, sizeof *info);
	info->tsc_hz = measure_tsc_hz();
	info->core_hz = cycles_core_hz();
	if (pmu_usable(info)) {
		info->source = CYCLES_PMU;
		info->cycles_per_tick = 1.0;
	} else if (info->tsc_hz > 0) {
		info->source = CYCLES_TSC_SCALED;
		info->cycles_per_tick = info->core_hz / info->tsc_hz;
	} else {
		info->source = CYCLES_CLOCK_SCALED;
		info->cycles_per_tick = info->core_hz / 1e9;
	}
}

void
cycles_counter_open(struct cycles_counter *c, const struct cycles_info *info)
{
	c->source = info->source;
	c->fd = -1;
	c->cycles_per_tick = info->cycles_per_tick;
	if (c->source == CYCLES_PMU && (c->fd = open_pmu()) < 0) {
		/* This thread may not count: fall back as the process would. */
		c->source =
		    info->tsc_hz > 0 ? CYCLES_TSC_SCALED : CYCLES_CLOCK_SCALED;
		c->cycles_per_tick =
		    info->core_hz / (info->tsc_hz > 0 ? info->tsc_hz : 1e9);
	}
}

void
cycles_counter_close(struct cycles_counter *c)
{
	if (c->fd >= 0)
		(void)close(c->fd);
	c->fd = -1;
}

uint64_t
cycles_counter_read(const struct cycles_counter *c)
{
	uint64_t v;

	switch (c->source) {
	case CYCLES_PMU:
		if (read(c->fd, &v, sizeof v) == (ssize_t)sizeof v)
			return v;
		return 0;
	case CYCLES_TSC_SCALED:
		return read_tsc();
	default:
		return cycles_now_ns();
	}
}

const char *
cycles_source_name(enum cycles_source s)
{
	switch (s) {
	case CYCLES_PMU:
		return "pmu";
	case CYCLES_TSC_SCALED:
		return "tsc-scaled";
	default:
		return "clock-scaled";
	}
}
