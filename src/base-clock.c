/*
 * base-clock.c: the core clock judged from chain timings. Why it is done
 * so: base-clock.h.
 */

#include "config.h"

#include "base-clock.h"

#include <math.h>
#include <stdio.h>

/*
 * The cycles a dependent 32-bit multiply takes: 3 on every x86 core since
 * Core 2 and K8 (4 on the P6 and Pentium M); on arm64 cores 2 to 5. The
 * Pentium 4's 10-14 (against its half-cycle adds) is left out on purpose:
 * there the chains cannot give the clock, and it is said to be unknown.
 */
#if defined(__x86_64__) || defined(__i386__)
#define MUL_CYCLES_MIN 3
#define MUL_CYCLES_MAX 4
#elif defined(__aarch64__)
#define MUL_CYCLES_MIN 2
#define MUL_CYCLES_MAX 5
#else
#define MUL_CYCLES_MIN 2
#define MUL_CYCLES_MAX 6
#endif

/* A multiply not held to a whole number is shown as if it took 3 cycles
 * (an x86 core's since Core 2, and many arm64 cores'), on every
 * architecture alike, so that the same timings read the same. */
#define MUL_CYCLES_SHOWN 3

/*
 * How far a core clock may be from the machine's own word. The TSC ticks
 * at about the nominal clock: a core below a tenth of it or above five
 * times it is a misreading (power saving reaches a quarter, turbo twice).
 * cpufreq's maximum is the highest the kernel may set, boost included; 10%
 * covers its rounding and a hypervisor's. A brand string names the base
 * clock, which mobile parts' turbo passes by up to four times.
 */
#define TSC_ABOVE   5.0
#define TSC_BELOW   0.1
#define CPUFREQ_TOP 1.10
#define BRAND_TOP   5.0

static double
least(const double *v, size_t n)
{
	double m = INFINITY;

	for (size_t i = 0; i < n; i++)
		if (v[i] > 0 && v[i] < m)
			m = v[i];
	return m;
}

double
clock_chain_ns(const double *short_ns, const double *long_ns, size_t tries,
    double steps)
{
	double s = least(short_ns, tries), l = least(long_ns, tries);

	if (!isfinite(s) || !isfinite(l) || !(steps > 0) || l <= s)
		return 0;
	return (l - s) / steps;
}

/* The whole number of cycles the multiply took, or 0 if it took none. */
static int
mul_whole_cycles(double ratio)
{
	long whole = lround(ratio);

	if (!isfinite(ratio) || whole < MUL_CYCLES_MIN ||
	    whole > MUL_CYCLES_MAX)
		return 0;
	if (fabs(ratio / (double)whole - 1) > CLOCK_AGREE)
		return 0;
	return (int)whole;
}

/* Is hz beyond what one bound allows? Then say which and stop there. */
static int
beyond(struct clock_estimate *e, const char *name, double bound_hz, double top)
{
	if (!(bound_hz > 0) || e->hz <= bound_hz * top)
		return 0;
	e->bound = name;
	e->bound_hz = bound_hz * top;
	return 1;
}

static int
implausible(struct clock_estimate *e, const struct clock_bounds *b)
{
	if (b->tsc_hz > 0 && e->hz < b->tsc_hz * TSC_BELOW) {
		e->bound = "a tenth of the TSC";
		e->bound_hz = b->tsc_hz * TSC_BELOW;
		return 1;
	}
	return beyond(e, "cpufreq's maximum and 10%", b->cpufreq_max_hz,
	           CPUFREQ_TOP) ||
	    beyond(e, "5x the TSC", b->tsc_hz, TSC_ABOVE) ||
	    beyond(e, "5x the brand's clock", b->brand_hz, BRAND_TOP);
}

void
clock_judge(struct clock_estimate *e, const struct clock_bounds *b)
{
	double add = e->ns_per_step[CLOCK_CHAIN_ADD_REG];
	double mul = e->ns_per_step[CLOCK_CHAIN_MUL];

	e->hz = 0;
	e->mul_cycles = 0;
	e->bound = NULL;
	e->bound_hz = 0;
	e->mul_ratio = add > 0 && mul > 0 ? mul / add : NAN;
	if (!(add > 0) || !(mul > 0)) {
		e->verdict = CLOCK_NO_READING;
		return;
	}
	e->mul_cycles = mul_whole_cycles(e->mul_ratio);
	if (e->mul_cycles == 0) {
		e->verdict = CLOCK_DISAGREE;
		return;
	}
	e->hz = 1e9 / add;
	e->verdict = implausible(e, b) ? CLOCK_IMPLAUSIBLE : CLOCK_HELD;
	if (e->verdict != CLOCK_HELD)
		e->hz = 0;
}

double
clock_chain_ghz(const struct clock_estimate *e, enum clock_chain c)
{
	double ns = e->ns_per_step[c];

	if (!(ns > 0))
		return 0;
	if (c == CLOCK_CHAIN_MUL)
		return (e->mul_cycles ? e->mul_cycles : MUL_CYCLES_SHOWN) / ns;
	return 1 / ns;
}

int
clock_moved(double was_hz, double now_hz, double band)
{
	if (!(now_hz > 0))
		return 0;
	if (!(was_hz > 0))
		return 1;
	return fabs(now_hz / was_hz - 1) > band;
}

const char *
clock_chain_name(enum clock_chain c)
{
	static const char *const names[CLOCK_CHAINS] = {
		"add_imm",
		"add_reg",
		"mul",
		"load",
	};

	return (unsigned)c < CLOCK_CHAINS ? names[c] : "?";
}

const char *
clock_verdict_name(enum clock_verdict v)
{
	switch (v) {
	case CLOCK_HELD:
		return "held";
	case CLOCK_NO_READING:
		return "unknown: no reading";
	case CLOCK_DISAGREE:
		return "unknown: chains disagree";
	default:
		return "unknown: implausible";
	}
}

char *
clock_describe(const struct clock_estimate *e, char *buf, size_t size)
{
	double add = clock_chain_ghz(e, CLOCK_CHAIN_ADD_REG);
	double mul = clock_chain_ghz(e, CLOCK_CHAIN_MUL);

	switch (e->verdict) {
	case CLOCK_HELD:
		(void)snprintf(buf, size, "%.2f GHz", e->hz / 1e9);
		break;
	case CLOCK_NO_READING:
		(void)snprintf(buf, size, "unknown (no chain timing)");
		break;
	case CLOCK_DISAGREE:
		(void)snprintf(buf, size,
		    "unknown (add chain %.2f GHz, multiply chain %.2f GHz "
		    "disagree)",
		    add, mul);
		break;
	default:
		(void)snprintf(buf, size,
		    "unknown (add chain %.2f GHz, beyond %s: %.2f GHz)", add,
		    e->bound, e->bound_hz / 1e9);
	}
	return buf;
}
