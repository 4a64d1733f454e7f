/*
 * bench-file.c: PLACEHOLDER while the family is written; replaced whole.
 */

#include "config.h"

#include "bench.h"

const struct bench_family bench_family_file = {
	.name = "file",
	.title = "file",
	.tests = NULL,
	.ntests = 0,
};
