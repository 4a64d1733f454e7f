/*
 * base-clock.h: the core clock, judged from the timings of dependent
 * chains of instructions. Pure: no I/O, no clock read, no allocation;
 * base-cycles.c times the chains and calls it.
 *
 * A chain of dependent instructions takes its latency per step whatever
 * the clock, so its speed gives the clock, if the latency is known and
 * nothing shortens it. Both can fail: Golden Cove-class Intel cores (and
 * later) fold `add $imm, %reg` (and inc, sub, lea reg+imm) at rename,
 * several per cycle, so a chain of them reads 20-24 GHz on a 3.6 GHz core;
 * the Pentium 4 (Northwood) adds in half a cycle. So the clock is read
 * from a chain of `add %reg, %reg` whose addend no renamer can know, and
 * held only when a multiply chain agrees: its time over the add chain's
 * must be within CLOCK_AGREE of a whole number of cycles the
 * architecture's multiplies take (3 or 4 on every x86 since the P6, 2 to 5
 * on arm64 cores), and the clock must be plausible against the TSC and
 * what the kernel and the brand string say. Otherwise it is unknown, and
 * cycles are shown as unknown rather than wrong.
 */

#ifndef BENCHTOP_BASE_CLOCK_H
#define BENCHTOP_BASE_CLOCK_H

#include <stddef.h>

enum clock_chain {
	CLOCK_CHAIN_ADD_IMM, /* add $1, %reg: foldable; shown, not trusted */
	CLOCK_CHAIN_ADD_REG, /* add %reg2, %reg: the clock */
	CLOCK_CHAIN_MUL,     /* imul / mul by a register holding 1: check */
	CLOCK_CHAIN_LOAD,    /* a pointer that points at itself: L1 latency */
	CLOCK_CHAINS,
};

/* How much a multiply's time over an add's may miss a whole number. */
#define CLOCK_AGREE 0.05

/* What the machine says of its own clock; 0 where it says nothing. */
struct clock_bounds {
	double tsc_hz;         /* the TSC's rate (x86) */
	double cpufreq_max_hz; /* cpufreq's cpuinfo_max_freq */
	double brand_hz;       /* "@ 2.40GHz" in the brand string */
};

enum clock_verdict {
	CLOCK_NO_READING,  /* a chain gave no time (or was not run) */
	CLOCK_HELD,        /* the add and multiply chains agree */
	CLOCK_DISAGREE,    /* the multiply is no whole number of adds */
	CLOCK_IMPLAUSIBLE, /* above what the TSC, cpufreq or brand allow */
};

struct clock_estimate {
	/* ns per step of each chain; 0 where it was not measured */
	double ns_per_step[CLOCK_CHAINS];
	enum clock_verdict verdict;
	double hz;        /* the core clock; 0 unless held */
	double mul_ratio; /* the multiply's step over the add's */
	int mul_cycles;   /* the whole number it was held to, or 0 */
	/* Implausible: the bound it broke ("5x the TSC", "a tenth of the
	 * TSC", ...) and where that bound lies. */
	const char *bound;
	double bound_hz;
};

/*
 * A chain's ns per step from `tries` timings of a short and a long run of
 * it, `steps` apart: the least of the long runs less the least of the
 * short ones (an interruption only ever adds time, and the difference
 * cancels the timer and the loop around the chain). 0 when the long run
 * is not longer.
 */
double clock_chain_ns(const double *short_ns, const double *long_ns,
    size_t tries, double steps);

/* Judge e->ns_per_step against the bounds: fills verdict, hz and the
 * multiply's ratio. */
void clock_judge(struct clock_estimate *e, const struct clock_bounds *b);

/* The GHz a chain implies at its nominal latency (the multiply's held
 * cycles, else 3); 0 where it has no reading. */
double clock_chain_ghz(const struct clock_estimate *e, enum clock_chain c);

/*
 * Has the core clock moved from was_hz, by a held reading now_hz (0 when
 * the reading was not held, which moves nothing)? Beyond `band` (0.05:
 * 5%), or the first held reading after none.
 */
int clock_moved(double was_hz, double now_hz, double band);

/* "add_reg": the name of a chain in JSON and --identify. */
const char *clock_chain_name(enum clock_chain c);

/* "held", "unknown: chains disagree", ... */
const char *clock_verdict_name(enum clock_verdict v);

/* "3.59 GHz" or "unknown (add-register chain 21.4 GHz, multiply chain
 * 3.59 GHz disagree)": what a header says of the core clock. */
char *clock_describe(const struct clock_estimate *e, char *buf, size_t size);

#endif
