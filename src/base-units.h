/*
 * base-units.h: convert a measured cost per operation into the unit its origin
 * reports in (lps, lpm, KBps, us, MB/s, loops/s, calls/s, cycles).
 */

#ifndef BENCHTOP_UNITS_H
#define BENCHTOP_UNITS_H

#include "bench.h"

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
