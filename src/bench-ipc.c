/*
 * bench-ipc.c: PLACEHOLDER while the family is written; replaced whole.
 */

#include "config.h"

#include "bench.h"

const struct bench_family bench_family_ipc = {
	.name = "ipc",
	.title = "ipc",
	.tests = NULL,
	.ntests = 0,
};
