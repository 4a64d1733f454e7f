/*
 * bench-proc.c: PLACEHOLDER while the family is written; replaced whole.
 */

#include "config.h"

#include "bench.h"

const struct bench_family bench_family_proc = {
	.name = "proc",
	.title = "proc",
	.tests = NULL,
	.ntests = 0,
};
