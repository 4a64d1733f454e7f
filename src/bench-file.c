/*
 * bench-file.c: reading, writing, creating and deleting files.
 *
 * BYTE UNIX Benchmarks 3.11's fstime (File Write, File Read and File
 * Copy in 1 KiB blocks, reported in KBps; Mike Hayward's "Intel P6 vs P7
 * system call performance"), lmbench 2.0's lat_fs (0K and 10K file
 * create and delete, in microseconds per file: bench-file-latfs.c) and
 * bw_file_rd io_only (file reread, MB/s; the lmbench 2.0 summary, Chris
 * Friesen, 2003). Every file lives in the private scratch directory:
 * setup makes it, mode 0600, and teardown removes it.
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "base-cycles.h"
#include "bench-file-latfs.h"
#include "bench.h"

#define FST_BLOCK_BYTES 1024 /* fstime's BUFF_SIZE */
#define FST_BLOCKS      2000 /* fstime's MAX_BLOCKS: the file's size */

#define REREAD_CHUNK BENCH_FILE_CHUNK /* lmbench's XFERSIZE */

/* BYTE fstime: fd[0] is the file written or read, fd[1] the copy. */
struct fst_state {
	int fd[2];
	int made[2];
	char path[2][4096];
	unsigned block; /* blocks moved since the last rewind */
	char buf[FST_BLOCK_BYTES];
};

/* lmbench bw_file_rd: one cached file read in chunks. */
struct reread_state {
	int fd;
	int made;
	char path[4096];
	uint64_t chunks; /* chunks in the file */
	uint64_t next;   /* next chunk to read */
	int *buf;        /* REREAD_CHUNK bytes, page aligned */
};

/* Write `bytes` from buf, `chunk` at a time, then rewind. */
static int
fill_file(struct bench_ctx *ctx, int fd, const void *buf, size_t chunk,
    uint64_t bytes)
{
	ssize_t got;

	for (uint64_t done = 0; done < bytes; done += chunk)
		if ((got = write(fd, buf, chunk)) != (ssize_t)chunk)
			return bench_write_fail(ctx, fd, buf, chunk, got);
	if (lseek(fd, 0, SEEK_SET) < 0)
		return bench_fail(ctx, "lseek", errno);
	return BENCH_OK;
}

/* ---- BYTE 3.11: fstime ---- */

static int
fst_new(struct bench_ctx *ctx)
{
	struct fst_state *s = calloc(1, sizeof *s);

	if (s == NULL)
		return bench_fail(ctx, "calloc", errno);
	s->fd[0] = s->fd[1] = -1;
	/* fstime's buffer pattern, though nothing depends on it. */
	for (int i = 0; i < FST_BLOCK_BYTES; i++)
		s->buf[i] = (char)(i & 0177);
	ctx->state = s;
	return BENCH_OK;
}

static int
fst_make(struct bench_ctx *ctx, struct fst_state *s, int i)
{
	int st;

	st = bench_make_temp(ctx, "fstime", s->path[i], sizeof s->path[i],
	    &s->fd[i]);
	if (st == BENCH_OK)
		s->made[i] = 1;
	return st;
}

/*
 * The file read by File Read and File Copy: fstime's write pass leaves
 * 2000 blocks behind, and it syncs before reading so that write-back does
 * not run during the timing; fsync does that for this one file.
 */
static int
fst_make_filled(struct bench_ctx *ctx, struct fst_state *s)
{
	int st;

	if ((st = fst_make(ctx, s, 0)) != BENCH_OK)
		return st;
	st = fill_file(ctx, s->fd[0], s->buf, FST_BLOCK_BYTES,
	    (uint64_t)FST_BLOCKS * FST_BLOCK_BYTES);
	if (st == BENCH_OK && fsync(s->fd[0]) != 0)
		return bench_fail(ctx, "fsync", errno);
	return st;
}

static int
fst_write_setup(struct bench_ctx *ctx)
{
	int st;

	if ((st = fst_new(ctx)) != BENCH_OK)
		return st;
	return fst_make(ctx, ctx->state, 0);
}

static int
fst_read_setup(struct bench_ctx *ctx)
{
	int st;

	if ((st = fst_new(ctx)) != BENCH_OK)
		return st;
	return fst_make_filled(ctx, ctx->state);
}

static int
fst_copy_setup(struct bench_ctx *ctx)
{
	int st;

	if ((st = fst_new(ctx)) != BENCH_OK)
		return st;
	if ((st = fst_make_filled(ctx, ctx->state)) != BENCH_OK)
		return st;
	return fst_make(ctx, ctx->state, 1);
}

static void
fst_teardown(struct bench_ctx *ctx)
{
	struct fst_state *s = ctx->state;

	if (s == NULL)
		return;
	for (int i = 0; i < 2; i++)
		bench_temp_remove(&s->fd[i], &s->made[i], s->path[i]);
	free(s);
	ctx->state = NULL;
}

/* Back to block 0 of the first `nfiles` files, as fstime's lseek. */
static int
fst_rewind(struct bench_ctx *ctx, struct fst_state *s, int nfiles)
{
	for (int i = 0; i < nfiles; i++)
		if (lseek(s->fd[i], 0, SEEK_SET) < 0)
			return bench_fail(ctx, "lseek", errno);
	s->block = 0;
	return BENCH_OK;
}

static int
fst_write_run(struct bench_ctx *ctx, uint64_t n)
{
	struct fst_state *s = ctx->state;
	ssize_t got;
	int st;

	while (n-- > 0) {
		if (s->block == FST_BLOCKS &&
		    (st = fst_rewind(ctx, s, 1)) != BENCH_OK)
			return st;
		got = write(s->fd[0], s->buf, FST_BLOCK_BYTES);
		if (got != FST_BLOCK_BYTES)
			return bench_write_fail(ctx, s->fd[0], s->buf,
			    FST_BLOCK_BYTES, got);
		s->block++;
	}
	return BENCH_OK;
}

/*
 * fstime 3.11 rewound only when read() failed, but read() returns 0 at
 * the end of a file, so it went on counting empty reads as 1 KiB each.
 * This reading rewinds after the file's last block: every block counted
 * is a full 1 KiB really read.
 */
static int
fst_read_run(struct bench_ctx *ctx, uint64_t n)
{
	struct fst_state *s = ctx->state;
	ssize_t got;
	int st;

	while (n-- > 0) {
		if (s->block == FST_BLOCKS &&
		    (st = fst_rewind(ctx, s, 1)) != BENCH_OK)
			return st;
		got = read(s->fd[0], s->buf, FST_BLOCK_BYTES);
		if (got != FST_BLOCK_BYTES)
			return bench_io_fail(ctx, "read", got);
		s->block++;
	}
	return BENCH_OK;
}

/* As fst_read_run, and the copy is rewound with the source. */
static int
fst_copy_run(struct bench_ctx *ctx, uint64_t n)
{
	struct fst_state *s = ctx->state;
	ssize_t got;
	int st;

	while (n-- > 0) {
		if (s->block == FST_BLOCKS &&
		    (st = fst_rewind(ctx, s, 2)) != BENCH_OK)
			return st;
		got = read(s->fd[0], s->buf, FST_BLOCK_BYTES);
		if (got != FST_BLOCK_BYTES)
			return bench_io_fail(ctx, "read", got);
		got = write(s->fd[1], s->buf, FST_BLOCK_BYTES);
		if (got != FST_BLOCK_BYTES)
			return bench_write_fail(ctx, s->fd[1], s->buf,
			    FST_BLOCK_BYTES, got);
		s->block++;
	}
	return BENCH_OK;
}

/* ---- lmbench 2.0: bw_file_rd io_only ---- */

static int
reread_setup(struct bench_ctx *ctx)
{
	struct reread_state *s = calloc(1, sizeof *s);
	uint64_t bytes = bench_file_bytes(ctx);
	int st;

	if (s == NULL)
		return bench_fail(ctx, "calloc", errno);
	s->fd = -1;
	ctx->state = s;
	if ((s->buf = aligned_alloc(4096, REREAD_CHUNK)) == NULL)
		return bench_fail(ctx, "aligned_alloc", errno);
	memset(s->buf, 0, REREAD_CHUNK);
	st =
	    bench_make_temp(ctx, "bw_file_rd", s->path, sizeof s->path, &s->fd);
	if (st != BENCH_OK)
		return st;
	s->made = 1;
	s->chunks = bytes / REREAD_CHUNK;
	return fill_file(ctx, s->fd, s->buf, REREAD_CHUNK, bytes);
}

static void
reread_teardown(struct bench_ctx *ctx)
{
	struct reread_state *s = ctx->state;

	if (s == NULL)
		return;
	bench_temp_remove(&s->fd, &s->made, s->path);
	free(s->buf);
	free(s);
	ctx->state = NULL;
}

/*
 * lmbench ends each pass with a read() that returns 0; this rewinds
 * after the last chunk instead, so every op moves a full chunk.
 */
static int
reread_run(struct bench_ctx *ctx, uint64_t n)
{
	struct reread_state *s = ctx->state;
	unsigned long sum = 0;
	ssize_t got;

	while (n-- > 0) {
		if (s->next == s->chunks) {
			if (lseek(s->fd, 0, SEEK_SET) < 0)
				return bench_fail(ctx, "lseek", errno);
			s->next = 0;
		}
		if ((got = read(s->fd, s->buf, REREAD_CHUNK)) != REREAD_CHUNK)
			return bench_io_fail(ctx, "read", got);
		sum += bench_bread(s->buf, REREAD_CHUNK);
		s->next++;
	}
	bench_sink += sum;
	return BENCH_OK;
}

static const struct bench_test file_tests[] = {
	{
	    .id = "byte.fs_write",
	    .title = "File Write",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_FILE,
	    .definition = "one 1 KiB write() to a 2000-block file, rewound "
	                  "after its last block (fstime File Write)",
	    .unit = BENCH_UNIT_KBPS,
	    .work_per_op = 1,
	    .flags = BENCH_F_TMPDIR,
	    .setup = fst_write_setup,
	    .run = fst_write_run,
	    .teardown = fst_teardown,
	},
	{
	    .id = "byte.fs_read",
	    .title = "File Read",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_FILE,
	    .definition = "one 1 KiB read() of a cached 2000-block file, "
	                  "rewound after its last block: only full blocks "
	                  "count (3.11 also counted reads at end of file)",
	    .unit = BENCH_UNIT_KBPS,
	    .work_per_op = 1,
	    .flags = BENCH_F_TMPDIR,
	    .setup = fst_read_setup,
	    .run = fst_read_run,
	    .teardown = fst_teardown,
	},
	{
	    .id = "byte.fs_copy",
	    .title = "File Copy",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_FILE,
	    .definition = "one 1 KiB read() of a cached 2000-block file and "
	                  "its write() to a second file, both rewound after "
	                  "the last block (3.11 never rewound on Linux)",
	    .unit = BENCH_UNIT_KBPS,
	    .work_per_op = 1,
	    .flags = BENCH_F_TMPDIR,
	    .setup = fst_copy_setup,
	    .run = fst_copy_run,
	    .teardown = fst_teardown,
	},
	{
	    .id = "lmbench.fs_create_0k",
	    .title = "0K file create",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_FILE,
	    .definition = "creat(), 0-byte write(), close() of a new file in "
	                  "a fresh directory of <= 1000 (lat_fs), spread as a "
	                  "top directory's; every 1000 files are deleted, "
	                  "untimed",
	    .version = 3,
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = BENCH_F_TMPDIR,
	    .arg = &file_latfs_0k,
	    .setup = file_latfs_create_setup,
	    .run = file_latfs_create_run,
	    .teardown = file_latfs_teardown,
	},
	{
	    .id = "lmbench.fs_delete_0k",
	    .title = "0K file delete",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_FILE,
	    .definition =
	        "unlink() of an empty file made earlier in a "
	        "fresh directory of <= 1000 (lat_fs), spread as a top "
	        "directory's; made 1000 at a time, untimed",
	    .version = 3,
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = BENCH_F_TMPDIR,
	    .arg = &file_latfs_0k,
	    .setup = file_latfs_delete_setup,
	    .run = file_latfs_delete_run,
	    .teardown = file_latfs_teardown,
	},
	{
	    .id = "lmbench.fs_create_10k",
	    .title = "10K file create",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_FILE,
	    .definition = "creat(), 10 KiB write(), close() of a new file in "
	                  "a fresh directory of <= 1000 (lat_fs), spread as a "
	                  "top directory's; every 1000 files are deleted, "
	                  "untimed",
	    .version = 3,
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = BENCH_F_TMPDIR,
	    .arg = &file_latfs_10k,
	    .setup = file_latfs_create_setup,
	    .run = file_latfs_create_run,
	    .teardown = file_latfs_teardown,
	},
	{
	    .id = "lmbench.fs_delete_10k",
	    .title = "10K file delete",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_FILE,
	    .definition =
	        "unlink() of a 10 KiB file made earlier in a "
	        "fresh directory of <= 1000 (lat_fs), spread as a top "
	        "directory's; made 1000 at a time, untimed",
	    .version = 3,
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = BENCH_F_TMPDIR,
	    .arg = &file_latfs_10k,
	    .setup = file_latfs_delete_setup,
	    .run = file_latfs_delete_run,
	    .teardown = file_latfs_teardown,
	},
	{
	    .id = "lmbench.bw_file_reread",
	    .title = "file reread",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_FILE,
	    .definition =
	        "one 64 KiB read() of a cached --mem-size file and "
	        "the scalar sum of its longs (bread), rewound at the end "
	        "(bw_file_rd io_only)",
	    .version = 2,
	    .unit = BENCH_UNIT_MBPS,
	    .work_per_op = REREAD_CHUNK,
	    .flags = BENCH_F_TMPDIR | BENCH_F_BANDWIDTH,
	    .setup = reread_setup,
	    .run = reread_run,
	    .teardown = reread_teardown,
	},
};

const struct bench_family bench_file_family = {
	.name = "file",
	.title = "File system",
	.tests = file_tests,
	.ntests = sizeof file_tests / sizeof file_tests[0],
};
