/*
 * bench-ctxsw.c: PLACEHOLDER while the family is written; replaced whole.
 */

#include "config.h"

#include "bench.h"

const struct bench_family bench_family_ctxsw = {
	.name = "ctxsw",
	.title = "ctxsw",
	.tests = NULL,
	.ntests = 0,
};
