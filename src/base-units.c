/*
 * base-units.c: from ns/op (or cycles/op) to the origin's unit.
 */

#include "config.h"

#include "base-units.h"

#include <math.h>

/* lmbench 2.0's MB is 10^6 bytes (lib_timing.c: #define MB (1000*1000.0)). */
#define MB 1e6

double
units_value(enum bench_unit unit, double work_per_op, double ns_per_op,
    double cycles_per_op)
{
	double per_s;

	if (unit == BENCH_UNIT_CYCLES)
		return cycles_per_op > 0 ? cycles_per_op / work_per_op : NAN;
	if (!(ns_per_op > 0) || !isfinite(ns_per_op))
		return NAN;
	per_s = 1e9 / ns_per_op * work_per_op;
	switch (unit) {
	case BENCH_UNIT_US:
		return ns_per_op / 1000.0 / work_per_op;
	case BENCH_UNIT_LPM:
		return per_s * 60.0;
	case BENCH_UNIT_MBPS:
		return per_s / MB;
	default: /* lps, KBps, loops/s, calls/s: quantity per second */
		return per_s;
	}
}

double
units_ns_per_op(enum bench_unit unit, double work_per_op, double value)
{
	double per_s;

	if (unit == BENCH_UNIT_CYCLES || !(value > 0) || !isfinite(value) ||
	    !(work_per_op > 0))
		return NAN;
	switch (unit) {
	case BENCH_UNIT_US:
		return value * 1000.0 * work_per_op;
	case BENCH_UNIT_LPM:
		per_s = value / 60.0;
		break;
	case BENCH_UNIT_MBPS:
		per_s = value * MB;
		break;
	default:
		per_s = value;
		break;
	}
	return 1e9 / per_s * work_per_op;
}

int
units_higher_is_better(enum bench_unit unit)
{
	return unit != BENCH_UNIT_US && unit != BENCH_UNIT_CYCLES;
}
