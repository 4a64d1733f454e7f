/*
 * base-units.h: convert a measured cost per operation into the unit its origin
 * reports in (lps, lpm, KBps, us, MB/s, loops/s, calls/s, cycles).
 */

#ifndef BENCHTOP_UNITS_H
#define BENCHTOP_UNITS_H

/*
 * The unit the origin reports in. Rates and bandwidths are derived from
 * ns/op and `work_per_op` (see base-units.c); `us` is ns/op / 1000; `cycles`
 * is cycles/op.
 */
enum bench_unit {
	BENCH_UNIT_LPS,     /* loops per second (BYTE) */
	BENCH_UNIT_LPM,     /* loops per minute (BYTE) */
	BENCH_UNIT_KBPS,    /* KiB per second (BYTE file tests) */
	BENCH_UNIT_US,      /* microseconds per operation (lmbench) */
	BENCH_UNIT_MBPS,    /* MB/s, lmbench's MB = 10^6 bytes */
	BENCH_UNIT_LOOPS_S, /* loops per second (ctxbench) */
	BENCH_UNIT_CALLS_S, /* calls per second (FreeBSD thread) */
	BENCH_UNIT_CYCLES,  /* CPU cycles per operation (FreeBSD thread) */
	BENCH_UNIT_COUNT
};

/*
 * The value of one operation in `unit`, given its cost. `work_per_op` is
 * the unit quantity one operation carries (loops, KiB, bytes). Returns NAN
 * when the cost is not positive (a rate of an operation that cost nothing
 * cannot be stated).
 */
double units_value(enum bench_unit unit, double work_per_op, double ns_per_op,
    double cycles_per_op);

/*
 * The inverse of units_value: the time one operation takes, in ns, from a
 * figure in `unit` (a rate, a bandwidth or a latency). NAN for a figure
 * that is not positive and for cycles, which carry no time.
 */
double units_ns_per_op(enum bench_unit unit, double work_per_op, double value);

/* True when a bigger number is better in this unit (rates, bandwidths). */
int units_higher_is_better(enum bench_unit unit);

#endif
