/*
 * base-cycles.c: cycle counting. See base-cycles.h for why the TSC is scaled.
 */

#include "config.h"

#include "base-cycles.h"

#include <stdint.h>

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

/*
 * The chains' two lengths, in dependent steps: timing both and taking the
 * difference cancels the timer and the loop around the chain.
 */
#define CHAIN_SHORT  100
#define CHAIN_LONG   300
#define CHAIN_PASSES 64
/* Tries of every chain at start, and at each reading while running. */
#define CLOCK_TRIES_START 48
#define CLOCK_TRIES_AGAIN 12

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
 * The addend of the add and multiply chains: 1, loaded from memory at
 * run time, so that no renamer can know its value (an immediate, or a
 * register set from one, is what Golden Cove-class cores fold).
 */
static volatile uint64_t chain_one = 1;

/*
 * One chain: `passes` runs of `steps` dependent instructions. Asm keeps
 * the chain whole at -O0 too (a C chain would go through memory).
 */
#if defined(__x86_64__)
#define CHAIN_ADD_IMM "addq $1, %0"
#define CHAIN_ADD_REG "addq %1, %0"
#define CHAIN_MUL     "imull %k1, %k0"
#define CHAIN_LOAD    "movq (%0), %0"
#elif defined(__aarch64__)
#define CHAIN_ADD_IMM "add %0, %0, #1"
#define CHAIN_ADD_REG "add %0, %0, %1"
#define CHAIN_MUL     "mul %0, %0, %1"
#define CHAIN_LOAD    "ldr %0, [%0]"
#endif

#ifdef CHAIN_ADD_IMM
/* The length as the assembler's text: "100" from CHAIN_SHORT. */
#define CHAIN_STR_(x) #x
#define CHAIN_STR(x)  CHAIN_STR_(x)
#define CHAIN_FN(name, steps, insn)                                            \
	static uint64_t name(uint64_t passes, uint64_t x, uint64_t one)        \
	{                                                                      \
		while (passes-- > 0)                                           \
			__asm__ volatile(".rept " CHAIN_STR(steps) "\n\t" insn \
			                                           "\n\t.endr" \
			                 : "+r"(x)                             \
			                 : "r"(one));                          \
		return x;                                                      \
	}
#else
/* Elsewhere a C chain the compiler keeps in a register; the multiply's
 * latency is unknown there, and the judge allows for it. */
#define CHAIN_FN(name, steps, insn)                                            \
	static uint64_t name(uint64_t passes, uint64_t x, uint64_t one)        \
	{                                                                      \
		while (passes-- > 0)                                           \
			for (int i = 0; i < (steps); i++) {                    \
				x = insn;                                      \
				__asm__ volatile("" : "+r"(x));                \
			}                                                      \
		return x;                                                      \
	}
#define CHAIN_ADD_IMM (x + 1)
#define CHAIN_ADD_REG (x + one)
#define CHAIN_MUL     (x * one)
#define CHAIN_LOAD    (*(uint64_t *)(uintptr_t)x)
#endif

CHAIN_FN(add_imm_short, CHAIN_SHORT, CHAIN_ADD_IMM)
CHAIN_FN(add_imm_long, CHAIN_LONG, CHAIN_ADD_IMM)
CHAIN_FN(add_reg_short, CHAIN_SHORT, CHAIN_ADD_REG)
CHAIN_FN(add_reg_long, CHAIN_LONG, CHAIN_ADD_REG)
CHAIN_FN(mul_short, CHAIN_SHORT, CHAIN_MUL)
CHAIN_FN(mul_long, CHAIN_LONG, CHAIN_MUL)
CHAIN_FN(load_short, CHAIN_SHORT, CHAIN_LOAD)
CHAIN_FN(load_long, CHAIN_LONG, CHAIN_LOAD)

typedef uint64_t (*chain_fn)(uint64_t passes, uint64_t x, uint64_t one);

static const struct chain {
	chain_fn run[2]; /* short, long */
} chains[CLOCK_CHAINS] = {
	[CLOCK_CHAIN_ADD_IMM] = { { add_imm_short, add_imm_long } },
	[CLOCK_CHAIN_ADD_REG] = { { add_reg_short, add_reg_long } },
	[CLOCK_CHAIN_MUL] = { { mul_short, mul_long } },
	[CLOCK_CHAIN_LOAD] = { { load_short, load_long } },
};

/* A word that holds its own address: the load chain's pointer. */
static uint64_t chain_cell;

/* The ns one run of chain c at length `which` (0 short, 1 long) takes. */
static double
time_chain(enum clock_chain c, int which, uint64_t one)
{
	uint64_t start =
	    c == CLOCK_CHAIN_LOAD ? (uint64_t)(uintptr_t)&chain_cell : one;
	uint64_t t0, t1;

	t0 = cycles_now_ns();
	(void)chains[c].run[which](CHAIN_PASSES, start, one);
	t1 = cycles_now_ns();
	return (double)(t1 - t0);
}

/* Some ms of the add chain, so that a core that clocks up on demand has. */
static void
warm_up(uint64_t ns)
{
	uint64_t t0 = cycles_now_ns();

	while (cycles_now_ns() - t0 < ns)
		(void)add_reg_long(CHAIN_PASSES, 0, chain_one);
}

/*
 * Every chain `tries` times, interleaved (a clock that moves during the
 * reading moves every chain alike), then each chain's ns per step.
 */
static void
read_chains(struct clock_estimate *e, size_t tries)
{
	double t[CLOCK_CHAINS][2][CLOCK_TRIES_START];
	uint64_t one = chain_one;

	chain_cell = (uint64_t)(uintptr_t)&chain_cell;
	if (tries > CLOCK_TRIES_START)
		tries = CLOCK_TRIES_START;
	for (size_t i = 0; i < tries; i++)
		for (int c = 0; c < CLOCK_CHAINS; c++)
			for (int which = 0; which < 2; which++)
				t[c][which][i] =
				    time_chain((enum clock_chain)c, which, one);
	for (int c = 0; c < CLOCK_CHAINS; c++)
		e->ns_per_step[c] = clock_chain_ns(t[c][0], t[c][1], tries,
		    (double)CHAIN_PASSES * (CHAIN_LONG - CHAIN_SHORT));
}

void
cycles_clock_read(struct clock_estimate *e, const struct clock_bounds *b,
    int again)
{
	memset(e, 0, sizeof *e);
	warm_up(again ? 200000u : 5000000u);
	read_chains(e, again ? CLOCK_TRIES_AGAIN : CLOCK_TRIES_START);
	clock_judge(e, b);
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
	(void)add_reg_long(CHAIN_PASSES, 0, chain_one);
	if (read(fd, &v, sizeof v) != (ssize_t)sizeof v || v == 0) {
		(void)snprintf(info->pmu_reason, sizeof info->pmu_reason,
		    "perf cycles counter reads nothing");
		(void)close(fd);
		return 0;
	}
	(void)close(fd);
	return 1;
}

/* Counter ticks to cycles for a source: 0 when the clock is unknown. */
static double
ticks_scale(enum cycles_source source, const struct cycles_info *info)
{
	if (source == CYCLES_PMU)
		return 1.0;
	return info->core_hz /
	    (source == CYCLES_TSC_SCALED ? info->tsc_hz : 1e9);
}

void
cycles_measure(struct cycles_info *info)
{
	struct clock_bounds bounds = { 0, 0, 0 };

	memset(info, 0, sizeof *info);
	info->tsc_hz = measure_tsc_hz();
	bounds.tsc_hz = info->tsc_hz;
	cycles_clock_read(&info->clock, &bounds, 0);
	info->core_hz = info->clock.hz;
	if (pmu_usable(info))
		info->source = CYCLES_PMU;
	else
		info->source =
		    info->tsc_hz > 0 ? CYCLES_TSC_SCALED : CYCLES_CLOCK_SCALED;
	info->cycles_per_tick = ticks_scale(info->source, info);
}

void
cycles_rejudge(struct cycles_info *info, const struct clock_bounds *b)
{
	struct clock_bounds all = *b;

	all.tsc_hz = info->tsc_hz;
	clock_judge(&info->clock, &all);
	info->core_hz = info->clock.hz;
	info->cycles_per_tick = ticks_scale(info->source, info);
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
		c->cycles_per_tick = ticks_scale(c->source, info);
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

char *
cycles_core_text(const struct cycles_info *c, char *buf, size_t size)
{
	if (c->core_hz > 0)
		(void)snprintf(buf, size, "%.3f GHz", c->core_hz / 1e9);
	else
		(void)clock_describe(&c->clock, buf, size);
	return buf;
}
