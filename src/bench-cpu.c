/*
 * bench-cpu.c: PLACEHOLDER while the family is written; replaced whole.
 */

#include "config.h"

#include "bench.h"

const struct bench_family bench_family_cpu = {
	.name = "cpu",
	.title = "cpu",
	.tests = NULL,
	.ntests = 0,
};
