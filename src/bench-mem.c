/*
 * bench-mem.c: PLACEHOLDER while the family is written; replaced whole.
 */

#include "config.h"

#include "bench.h"

const struct bench_family bench_family_mem = {
	.name = "mem",
	.title = "mem",
	.tests = NULL,
	.ntests = 0,
};
