/*
 * bench-file-latfs.h: lmbench 2.0's lat_fs rows, for bench-file.c only.
 */

#ifndef BENCHTOP_FILE_LATFS_H
#define BENCHTOP_FILE_LATFS_H

#include <stddef.h>
#include <stdint.h>

#include "bench.h"

/* Parameter block of the lat_fs rows: the size of each file. */
struct latfs_arg {
	size_t file_bytes;
};

extern const struct latfs_arg file_latfs_0k, file_latfs_10k;

int file_latfs_create_setup(struct bench_ctx *ctx);
int file_latfs_delete_setup(struct bench_ctx *ctx);
int file_latfs_create_run(struct bench_ctx *ctx, uint64_t n);
int file_latfs_delete_run(struct bench_ctx *ctx, uint64_t n);
void file_latfs_teardown(struct bench_ctx *ctx);

#endif
