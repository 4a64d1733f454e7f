/*
 * base-cycles.h: where CPU cycle counts come from.
 *
 * With PMU access (perf_event_open permitted, kernel cycles included) a
 * per-thread hardware counter gives true core cycles: source "pmu".
 * Otherwise the TSC is read and scaled by core_hz / tsc_hz, both measured
 * at start: the TSC ticks at a constant rate that is not the core clock
 * (here ~2.6 GHz against ~3.6 GHz), so raw ticks would be ~30% wrong:
 * source "tsc-scaled". Without a TSC (not x86) the monotonic clock in ns
 * is scaled by core_hz: source "clock-scaled". core_hz is read from
 * dependent chains and judged (base-clock.h); where it is unknown it is 0,
 * and so is cycles_per_tick: every scaled cycle figure is then unknown.
 */

#ifndef BENCHTOP_CYCLES_H
#define BENCHTOP_CYCLES_H

#include <stddef.h>
#include <stdint.h>

#include "base-clock.h"

enum cycles_source {
	CYCLES_PMU,
	CYCLES_TSC_SCALED,
	CYCLES_CLOCK_SCALED,
};

/* Process-wide clock facts, measured once by cycles_measure(). */
struct cycles_info {
	enum cycles_source source;
	double tsc_hz;          /* 0 without a TSC */
	double core_hz;         /* the clock held from the chains; 0 unknown */
	double cycles_per_tick; /* multiply counter ticks to get cycles; 0
	                         * when they cannot be (no PMU, no clock) */
	struct clock_estimate clock; /* the chains' readings and verdict */
	char pmu_reason[96];         /* why the PMU is not used, or "" */
};

/* A per-thread counter: PMU counters count the thread that opened them. */
struct cycles_counter {
	enum cycles_source source;
	int fd;                 /* perf event fd, or -1 */
	double cycles_per_tick; /* as cycles_info's, for this counter */
};

/* Monotonic time in ns: CLOCK_MONOTONIC_RAW where it exists. */
uint64_t cycles_now_ns(void);

/* Measure TSC and core clock rates and pick the source (~0.1 s). The
 * clock is judged against the TSC only: see cycles_rejudge. */
void cycles_measure(struct cycles_info *info);

/* Judge the clock again with what the machine says of it (cpufreq, the
 * brand string): core_hz and cycles_per_tick follow. */
void cycles_rejudge(struct cycles_info *info, const struct clock_bounds *b);

/* Time the chains (again: a quick reading, about a millisecond, for a
 * running monitor; else the first, about 10 ms) and judge them. */
void cycles_clock_read(struct clock_estimate *e, const struct clock_bounds *b,
    int again);

/* Open the calling thread's counter; falls back to the TSC silently. */
void cycles_counter_open(struct cycles_counter *c,
    const struct cycles_info *info);
void cycles_counter_close(struct cycles_counter *c);

/* Current counter value in ticks (PMU cycles, TSC ticks or ns). */
uint64_t cycles_counter_read(const struct cycles_counter *c);

const char *cycles_source_name(enum cycles_source s);

/* The core clock as a report says it: "3.803 GHz", or "unknown (add chain
 * 21.40 GHz, multiply chain 3.59 GHz disagree)". */
char *cycles_core_text(const struct cycles_info *c, char *buf, size_t size);

#endif
