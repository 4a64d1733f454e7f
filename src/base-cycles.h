/*
 * base-cycles.h: where CPU cycle counts come from.
 *
 * With PMU access (perf_event_open permitted, kernel cycles included) a
 * per-thread hardware counter gives true core cycles: source "pmu".
 * Otherwise the TSC is read and scaled by core_hz / tsc_hz, both measured
 * at start: the TSC ticks at a constant rate that is not the core clock
 * (here ~2.6 GHz against ~3.6 GHz), so raw ticks would be ~30% wrong:
 * source "tsc-scaled". Without a TSC (not x86) the monotonic clock in ns
 * is scaled by core_hz: source "clock-scaled".
 */

#ifndef BENCHTOP_CYCLES_H
#define BENCHTOP_CYCLES_H

#include <stdint.h>

enum cycles_source {
	CYCLES_PMU,
	CYCLES_TSC_SCALED,
	CYCLES_CLOCK_SCALED,
};

/* Process-wide clock facts, measured once by cycles_measure(). */
struct cycles_info {
	enum cycles_source source;
	double tsc_hz;          /* 0 without a TSC */
	double core_hz;         /* from a dependent add chain */
	double cycles_per_tick; /* multiply counter ticks to get cycles */
	char pmu_reason[96];    /* why the PMU is not used, or "" */
};

/* A per-thread counter: PMU counters count the thread that opened them. */
struct cycles_counter {
	enum cycles_source source;
	int fd;                 /* perf event fd, or -1 */
	double cycles_per_tick; /* as cycles_info's, for this counter */
};

/* Monotonic time in ns: CLOCK_MONOTONIC_RAW where it exists. */
uint64_t cycles_now_ns(void);

/* Measure TSC and core clock rates and pick the source (~0.2 s). */
void cycles_measure(struct cycles_info *info);

/* Measure the core clock alone: cycles per second of a dependent chain. */
double cycles_core_hz(void);

/* Open the calling thread's counter; falls back to the TSC silently. */
void cycles_counter_open(struct cycles_counter *c,
    const struct cycles_info *info);
void cycles_counter_close(struct cycles_counter *c);

/* Current counter value in ticks (PMU cycles, TSC ticks or ns). */
uint64_t cycles_counter_read(const struct cycles_counter *c);

const char *cycles_source_name(enum cycles_source s);

#endif
