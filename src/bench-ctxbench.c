/*
 * bench-ctxbench.c: PLACEHOLDER while the family is written; replaced whole.
 */

#include "config.h"

#include "bench.h"

const struct bench_family bench_family_ctxbench = {
	.name = "ctxbench",
	.title = "ctxbench",
	.tests = NULL,
	.ntests = 0,
};
