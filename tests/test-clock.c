/*
 * test-clock.c: the core clock's judge on planted chain timings (any
 * machine: nothing here is timed), the brand string's clock, and the
 * real chains read on this machine, checked against themselves only.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "../src/base-clock.h"
#include "../src/base-cycles.h"
#include "../src/export-context.h"
#include "../src/machine-cpu.h"
#include "check.h"

/* An estimate with the add-register chain at `add` ns a step, the
 * multiply at `mul`, the add-immediate at `imm`. */
static struct clock_estimate
planted(double add, double mul, double imm)
{
	struct clock_estimate e;

	memset(&e, 0, sizeof e);
	e.ns_per_step[CLOCK_CHAIN_ADD_REG] = add;
	e.ns_per_step[CLOCK_CHAIN_MUL] = mul;
	e.ns_per_step[CLOCK_CHAIN_ADD_IMM] = imm;
	e.ns_per_step[CLOCK_CHAIN_LOAD] = add * 4;
	return e;
}

static const struct clock_bounds no_bounds = { 0, 0, 0 };

static void
test_chains_agree(void)
{
	struct clock_estimate e = planted(0.25, 0.75, 0.25);
	struct clock_bounds tsc = { 2.6e9, 0, 0 };
	char buf[160];

	clock_judge(&e, &tsc);
	CHECK("chains that agree: held", e.verdict == CLOCK_HELD);
	CHECK_NEAR("held: the add chain's clock", e.hz, 4e9, 1);
	CHECK("held: the multiply took 3 cycles", e.mul_cycles == 3);
	CHECK("held: said as GHz",
	    strcmp(clock_describe(&e, buf, sizeof buf), "4.00 GHz") == 0);
	e = planted(0.25, 1.0, 0.25); /* a P6: 4-cycle multiplies */
	clock_judge(&e, &tsc);
	CHECK("a 4-cycle multiply: held", e.verdict == CLOCK_HELD);
	e = planted(0.25, 0.75, 0.25);
	clock_judge(&e, &no_bounds);
	CHECK("no TSC, no cpufreq, no brand: held from the chains alone",
	    e.verdict == CLOCK_HELD && e.hz > 0);
}

/* Golden Cove-class: add-immediate folded 5.6x, the register chain true. */
static void
test_folding_renamer(void)
{
	struct clock_estimate e = planted(0.2778, 0.8333, 0.0467);
	struct clock_bounds tsc = { 2.6e9, 0, 0 };
	char buf[160];

	clock_judge(&e, &tsc);
	CHECK("add-immediate folded: the clock is the register chain's",
	    e.verdict == CLOCK_HELD && fabs(e.hz - 3.6e9) < 0.01e9);
	CHECK_NEAR("the folded chain still shows what it read",
	    clock_chain_ghz(&e, CLOCK_CHAIN_ADD_IMM), 21.4, 0.1);
	/* An add chain five times faster than the multiply says it is. */
	e = planted(0.0467, 0.8333, 0.0467);
	clock_judge(&e, &tsc);
	CHECK("add five times too fast for the multiply: unknown",
	    e.verdict == CLOCK_DISAGREE && e.hz == 0);
	(void)clock_describe(&e, buf, sizeof buf);
	CHECK("unknown: says both chains",
	    strstr(buf, "unknown") != NULL && strstr(buf, "21.41 GHz") &&
	        strstr(buf, "3.60 GHz"));
	/* A Pentium 4: half-cycle adds, 14-cycle multiplies. */
	e = planted(0.25, 7.0, 0.25);
	clock_judge(&e, &no_bounds);
	CHECK("a multiply of 28 adds: unknown", e.verdict == CLOCK_DISAGREE);
	e = planted(0.25, 0.825, 0.25); /* 3.3 adds: no whole number */
	clock_judge(&e, &no_bounds);
	CHECK("3.3 adds: unknown", e.verdict == CLOCK_DISAGREE);
	e = planted(0.25, 0.7575, 0.25); /* 3.03: within a few percent */
	clock_judge(&e, &no_bounds);
	CHECK("3.03 adds: held", e.verdict == CLOCK_HELD);
}

static void
test_bounds(void)
{
	struct clock_estimate e = planted(0.25, 0.75, 0.25); /* 4 GHz */
	struct clock_bounds b = { 2.6e9, 3.0e9, 0 };
	char buf[160];

	clock_judge(&e, &b);
	CHECK("above cpufreq's maximum: unknown",
	    e.verdict == CLOCK_IMPLAUSIBLE && e.hz == 0);
	CHECK("implausible: names the bound",
	    strstr(clock_describe(&e, buf, sizeof buf), "cpufreq") != NULL);
	b.cpufreq_max_hz = 3.9e9; /* within its 10% */
	clock_judge(&e, &b);
	CHECK("within cpufreq's 10%: held", e.verdict == CLOCK_HELD);
	b = (struct clock_bounds){ 0.5e9, 0, 0 };
	clock_judge(&e, &b);
	CHECK("above 5x the TSC: unknown", e.verdict == CLOCK_IMPLAUSIBLE);
	b = (struct clock_bounds){ 50e9, 0, 0 };
	clock_judge(&e, &b);
	CHECK("below a tenth of the TSC: unknown",
	    e.verdict == CLOCK_IMPLAUSIBLE);
	e = planted(0, 0.75, 0.25);
	clock_judge(&e, &no_bounds);
	CHECK("no add reading: unknown", e.verdict == CLOCK_NO_READING);
}

/* The least of each length: a disturbed try changes nothing. */
static void
test_chain_ns(void)
{
	double s[8] = { 30, 30, 31, 30, 30, 30, 30, 30 };
	double l[8] = { 80, 80, 80, 5000, 81, 80, 80, 80 };

	CHECK_NEAR("ns a step: least long less least short",
	    clock_chain_ns(s, l, 8, 200), 0.25, 1e-12);
	s[5] = 4000; /* a disturbed short run too */
	CHECK_NEAR("one disturbed try of each: the same",
	    clock_chain_ns(s, l, 8, 200), 0.25, 1e-12);
	CHECK("a long run no longer than the short: no reading",
	    clock_chain_ns(l, s, 8, 200) == 0);
	CHECK("no tries: no reading", clock_chain_ns(s, l, 0, 200) == 0);
}

static void
test_moved(void)
{
	CHECK("1% is no move", !clock_moved(3.6e9, 3.64e9, 0.05));
	CHECK("12% is a move", clock_moved(3.6e9, 4.03e9, 0.05));
	CHECK("a reading not held moves nothing", !clock_moved(3.6e9, 0, 0.05));
	CHECK("the first held reading after none", clock_moved(0, 3.6e9, 0.05));
	/* The live watch's band: a guest's core clock wandered 3.37-3.69
	 * GHz with nothing changed (the host's boost); a governor or a
	 * frequency cap moves it by a third. */
	CHECK("a host's boost wandering 9.5% is no change of the context",
	    !clock_moved(3.37e9, 3.69e9, CONTEXT_CLOCK_MOVE) &&
	        !clock_moved(3.69e9, 3.37e9, CONTEXT_CLOCK_MOVE));
	CHECK("a cap from 3.69 to 2.6 GHz is one",
	    clock_moved(3.69e9, 2.6e9, CONTEXT_CLOCK_MOVE));
}

static void
test_brand(void)
{
	CHECK_NEAR("Xeon @ 2.40GHz",
	    cpu_brand_hz("Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz"), 2.4e9,
	    1);
	CHECK_NEAR("850MHz", cpu_brand_hz("Pentium III 850MHz"), 850e6, 1);
	CHECK_NEAR("3.0 GHz", cpu_brand_hz("Something 3.0 GHz"), 3e9, 1);
	CHECK("no clock in the brand", cpu_brand_hz("AMD EPYC") == 0);
	CHECK("no brand", cpu_brand_hz(NULL) == 0 && cpu_brand_hz("") == 0);
	CHECK("a unit alone", cpu_brand_hz("GHz") == 0);
}

/*
 * The real chains on this machine: whatever it is, the clock is either
 * held, and then exactly the add chain's with a multiply of whole cycles,
 * or unknown, and then 0 with cycles unscaled. No speed is assumed.
 */
static void
test_real(void)
{
	struct cycles_info c;

	cycles_measure(&c);
	CHECK("every chain read",
	    c.clock.ns_per_step[CLOCK_CHAIN_ADD_REG] > 0 &&
	        c.clock.ns_per_step[CLOCK_CHAIN_MUL] > 0 &&
	        c.clock.ns_per_step[CLOCK_CHAIN_ADD_IMM] > 0 &&
	        c.clock.ns_per_step[CLOCK_CHAIN_LOAD] > 0);
	if (c.clock.verdict == CLOCK_HELD) {
		CHECK_NEAR("held: the add chain's clock", c.core_hz,
		    1e9 / c.clock.ns_per_step[CLOCK_CHAIN_ADD_REG], 1);
		CHECK("held: a whole number of cycles a multiply",
		    c.clock.mul_cycles > 0 &&
		        fabs(c.clock.mul_ratio / c.clock.mul_cycles - 1) <=
		            CLOCK_AGREE);
	} else
		CHECK("unknown: no clock, no scale",
		    c.core_hz == 0 &&
		        (c.source == CYCLES_PMU || c.cycles_per_tick == 0));
}

int
main(void)
{
	test_chains_agree();
	test_folding_renamer();
	test_bounds();
	test_chain_ns();
	test_moved();
	test_brand();
	test_real();
	return check_summary("test-clock");
}
