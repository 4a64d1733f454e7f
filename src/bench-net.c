/*
 * bench-net.c: PLACEHOLDER while the family is written; replaced whole.
 */

#include "config.h"

#include "bench.h"

const struct bench_family bench_family_net = {
	.name = "net",
	.title = "net",
	.tests = NULL,
	.ntests = 0,
};
