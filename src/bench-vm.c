/*
 * bench-vm.c: PLACEHOLDER while the family is written; replaced whole.
 */

#include "config.h"

#include "bench.h"

const struct bench_family bench_family_vm = {
	.name = "vm",
	.title = "vm",
	.tests = NULL,
	.ntests = 0,
};
