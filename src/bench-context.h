/*
 * bench-context.h: what of the machine's context each test is sensitive
 * to (machine-context.h's senses): one small table by group, and the few
 * tests that differ from their group.
 */

#ifndef BENCHTOP_BENCH_CONTEXT_H
#define BENCHTOP_BENCH_CONTEXT_H

#include "bench.h"
#include "machine-context.h"

/* The context_sense bits of test t; every test has CONTEXT_SENSE_CPU. */
unsigned bench_context_senses(const struct bench_test *t);

#endif
