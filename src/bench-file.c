/*
 * bench-file.c: reading, writing, creating and deleting files.
 *
 * BYTE UNIX Benchmarks 3.11's fstime (File Write, File Read and File
 * Copy in 1 KiB blocks, reported in KBps; seeds/000), lmbench 2.0's
 * lat_fs (0K and 10K file create and delete, in microseconds per file)
 * and bw_file_rd io_only (file reread, MB/s; seeds/004). Every file lives
 * in the private scratch directory: setup makes it, mode 0600, and
 * teardown removes it.
 *
 * DESIGN (lat_fs)
 *
 * lmbench times the creation of 1000 files, then, as a second interval,
 * their deletion, and keeps the best of each. Here run(n) does exactly n
 * creates, or n deletes, from a pool of at most LATFS_ITER files (a ring
 * of indexes [tail, head)): fs_create empties the pool when it holds
 * 1000 files, fs_delete refills it with 1000 when it is empty, and that
 * upkeep, done inside run() as it falls due, is declared in
 * ctx->untimed_ns, so the harness takes it out of the sample as lmbench
 * times the two apart. The pool never grows past lmbench's batch: a
 * longer run does not make creates dearer (a pool of 8000 10K files
 * costs 7 % more per create on tmpfs, 32000 costs 2.6 times), and files
 * die young, before writeback. File i is named i % 1000 in directory
 * (i / 1000) % LATFS_DIRS, so that, as in lmbench, no directory ever
 * holds more than 1000 entries and names come back after they were
 * deleted. Where creating is slow, a refill can take a while: it looks at
 * the stop flag as it goes (latfs_stopped).
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

#include "bench-util.h"
#include "bench.h"
#include "cycles.h"

#define FST_BLOCK_BYTES 1024 /* fstime's BUFF_SIZE */
#define FST_BLOCKS      2000 /* fstime's MAX_BLOCKS: the file's size */

#define LATFS_ITER       1000        /* lat_fs's ITER: files per directory */
#define LATFS_DIRS       32          /* directories of the ring */
#define LATFS_MAX_FILES  32000u      /* LATFS_ITER * LATFS_DIRS */
#define LATFS_MAX_FILE   (10 * 1024) /* the largest file a row makes */
#define LATFS_STOP_EVERY 256u

#define REREAD_CHUNK BENCH_FILE_CHUNK /* lmbench's XFERSIZE */

/* BYTE fstime: fd[0] is the file written or read, fd[1] the copy. */
struct fst_state {
	int fd[2];
	int made[2];
	char path[2][4096];
	unsigned block; /* blocks moved since the last rewind */
	char buf[FST_BLOCK_BYTES];
};

/* lmbench lat_fs: a ring of files, see DESIGN. */
struct latfs_state {
	int top_fd;
	int dir_fd[LATFS_DIRS];
	int made_top;
	char top[4096];
	size_t file_bytes; /* 0 or 10 KiB */
	uint64_t head;     /* next file to create */
	uint64_t tail;     /* next file to delete */
	char names[LATFS_ITER][4];
	char buf[LATFS_MAX_FILE];
};

/* Parameter block of the lat_fs rows. */
struct latfs_arg {
	size_t file_bytes;
};

static const struct latfs_arg latfs_0k = { 0 };
static const struct latfs_arg latfs_10k = { 10 * 1024 };

/* lmbench bw_file_rd: one cached file read in chunks. */
struct reread_state {
	int fd;
	int made;
	char path[4096];
	uint64_t chunks; /* chunks in the file */
	uint64_t next;   /* next chunk to read */
	int *buf;        /* REREAD_CHUNK bytes, page aligned */
};

static const char *
scratch_dir(const struct bench_ctx *ctx)
{
	return ctx->tmpdir != NULL ? ctx->tmpdir : "/tmp";
}

/* A short transfer has no errno: say how short it was. */
static int
io_fail(struct bench_ctx *ctx, const char *call, ssize_t got)
{
	if (got < 0)
		return bench_fail(ctx, call, errno);
	return bench_reason(ctx, BENCH_FAILED, "%s: short transfer (%zd bytes)",
	    call, got);
}

/*
 * A short write has no errno, but the write of the rest does: on a full
 * filesystem it says ENOSPC (or EDQUOT, EFBIG) where "short" says nothing.
 */
static int
write_fail(struct bench_ctx *ctx, int fd, const void *buf, size_t len,
    ssize_t got)
{
	if (got >= 0 && (size_t)got < len &&
	    write(fd, (const char *)buf + got, len - (size_t)got) < 0)
		return bench_fail(ctx, "write", errno);
	return io_fail(ctx, "write", got);
}

/* mkostemp "<scratch>/<stem>.XXXXXX"; the caller records the path. */
static int
make_temp(struct bench_ctx *ctx, const char *stem, char *path, size_t size,
    int *fd)
{
	(void)snprintf(path, size, "%s/%s.XXXXXX", scratch_dir(ctx), stem);
	if ((*fd = mkostemp(path, O_CLOEXEC)) < 0)
		return bench_fail(ctx, "mkstemp", errno);
	return BENCH_OK;
}

/* Write `bytes` from buf, `chunk` at a time, then rewind. */
static int
fill_file(struct bench_ctx *ctx, int fd, const void *buf, size_t chunk,
    uint64_t bytes)
{
	ssize_t got;

	for (uint64_t done = 0; done < bytes; done += chunk)
		if ((got = write(fd, buf, chunk)) != (ssize_t)chunk)
			return write_fail(ctx, fd, buf, chunk, got);
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

	st = make_temp(ctx, "fstime", s->path[i], sizeof s->path[i], &s->fd[i]);
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
	for (int i = 0; i < 2; i++) {
		if (s->fd[i] >= 0)
			(void)close(s->fd[i]);
		if (s->made[i])
			(void)unlink(s->path[i]);
	}
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
			return write_fail(ctx, s->fd[0], s->buf,
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
			return io_fail(ctx, "read", got);
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
			return io_fail(ctx, "read", got);
		got = write(s->fd[1], s->buf, FST_BLOCK_BYTES);
		if (got != FST_BLOCK_BYTES)
			return write_fail(ctx, s->fd[1], s->buf,
			    FST_BLOCK_BYTES, got);
		s->block++;
	}
	return BENCH_OK;
}

/* ---- lmbench 2.0: lat_fs ---- */

static int
latfs_new(struct bench_ctx *ctx)
{
	const struct latfs_arg *arg = ctx->test->arg;
	struct latfs_state *s = calloc(1, sizeof *s);

	if (s == NULL)
		return bench_fail(ctx, "calloc", errno);
	s->top_fd = -1;
	for (int i = 0; i < LATFS_DIRS; i++)
		s->dir_fd[i] = -1;
	for (int i = 0; i < LATFS_ITER; i++)
		(void)snprintf(s->names[i], sizeof s->names[i], "%d", i);
	s->file_bytes = arg->file_bytes;
	ctx->state = s;
	return BENCH_OK;
}

/* The private directory "lat_fs.XXXXXX" and its LATFS_DIRS children. */
static int
latfs_make_dirs(struct bench_ctx *ctx, struct latfs_state *s)
{
	char name[16];
	int flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC;

	(void)snprintf(s->top, sizeof s->top, "%s/lat_fs.XXXXXX",
	    scratch_dir(ctx));
	if (mkdtemp(s->top) == NULL)
		return bench_fail(ctx, "mkdtemp", errno);
	s->made_top = 1;
	if ((s->top_fd = open(s->top, flags)) < 0)
		return bench_fail(ctx, "open", errno);
	for (int i = 0; i < LATFS_DIRS; i++) {
		(void)snprintf(name, sizeof name, "%d", i);
		if (mkdirat(s->top_fd, name, 0700) != 0)
			return bench_fail(ctx, "mkdir", errno);
		if ((s->dir_fd[i] = openat(s->top_fd, name, flags)) < 0)
			return bench_fail(ctx, "open", errno);
	}
	return BENCH_OK;
}

/* lmbench 2's mkfile(): creat, write the bytes (even 0), close. */
static int
latfs_create(struct bench_ctx *ctx, struct latfs_state *s)
{
	uint64_t i = s->head % LATFS_MAX_FILES;
	int dir = s->dir_fd[i / LATFS_ITER], fd, st = BENCH_OK;
	int flags = O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC;
	ssize_t got;

	if ((fd = openat(dir, s->names[i % LATFS_ITER], flags, 0600)) < 0)
		return bench_fail(ctx, "creat", errno);
	s->head++; /* it exists: teardown must find it, whatever follows */
	got = write(fd, s->buf, s->file_bytes);
	if (got != (ssize_t)s->file_bytes)
		st = write_fail(ctx, fd, s->buf, s->file_bytes, got);
	(void)close(fd);
	return st;
}

static int
latfs_delete(struct bench_ctx *ctx, struct latfs_state *s)
{
	uint64_t i = s->tail % LATFS_MAX_FILES;
	int dir = s->dir_fd[i / LATFS_ITER];

	if (unlinkat(dir, s->names[i % LATFS_ITER], 0) != 0)
		return bench_fail(ctx, "unlink", errno);
	s->tail++;
	return BENCH_OK;
}

/*
 * Look at the stop flag every LATFS_STOP_EVERY files of a purge or a
 * refill, so that quitting never waits for one (the sample is dropped,
 * and teardown removes what is left). A relaxed load: it only has to be
 * seen eventually.
 */
static int
latfs_stopped(const struct bench_ctx *ctx, uint64_t i)
{
	return i % LATFS_STOP_EVERY == 0 && ctx->stop != NULL &&
	    atomic_load_explicit(ctx->stop, memory_order_relaxed) != 0;
}

static int
latfs_purge(struct bench_ctx *ctx, struct latfs_state *s)
{
	int st;

	while (s->tail < s->head) {
		if (latfs_stopped(ctx, s->tail))
			return BENCH_STOPPED;
		if ((st = latfs_delete(ctx, s)) != BENCH_OK)
			return st;
	}
	return BENCH_OK;
}

static int
latfs_refill(struct bench_ctx *ctx, struct latfs_state *s, uint64_t cap)
{
	int st;

	while (s->head - s->tail < cap) {
		if (latfs_stopped(ctx, s->head))
			return BENCH_STOPPED;
		if ((st = latfs_create(ctx, s)) != BENCH_OK)
			return st;
	}
	return BENCH_OK;
}

static int
latfs_create_setup(struct bench_ctx *ctx)
{
	int st;

	if ((st = latfs_new(ctx)) != BENCH_OK)
		return st;
	return latfs_make_dirs(ctx, ctx->state);
}

/* The first pool is lmbench's batch of 1000, made outside the timing. */
static int
latfs_delete_setup(struct bench_ctx *ctx)
{
	int st;

	if ((st = latfs_create_setup(ctx)) != BENCH_OK)
		return st;
	return latfs_refill(ctx, ctx->state, LATFS_ITER);
}

/* Upkeep of the pool inside a run, declared untimed (see DESIGN). */
static int
latfs_upkeep(struct bench_ctx *ctx, struct latfs_state *s, int refill)
{
	uint64_t t0 = cycles_now_ns();
	int st =
	    refill ? latfs_refill(ctx, s, LATFS_ITER) : latfs_purge(ctx, s);

	ctx->untimed_ns += cycles_now_ns() - t0;
	return st;
}

static int
latfs_create_run(struct bench_ctx *ctx, uint64_t n)
{
	struct latfs_state *s = ctx->state;
	int st;

	while (n-- > 0) {
		if (s->head - s->tail >= LATFS_ITER &&
		    (st = latfs_upkeep(ctx, s, 0)) != BENCH_OK)
			return st;
		if ((st = latfs_create(ctx, s)) != BENCH_OK)
			return st;
	}
	return BENCH_OK;
}

static int
latfs_delete_run(struct bench_ctx *ctx, uint64_t n)
{
	struct latfs_state *s = ctx->state;
	int st;

	while (n-- > 0) {
		if (s->head == s->tail &&
		    (st = latfs_upkeep(ctx, s, 1)) != BENCH_OK)
			return st;
		if ((st = latfs_delete(ctx, s)) != BENCH_OK)
			return st;
	}
	return BENCH_OK;
}

/* Whatever a failed run left behind goes too: every file, every dir. */
static void
latfs_teardown(struct bench_ctx *ctx)
{
	struct latfs_state *s = ctx->state;
	char name[16];

	if (s == NULL)
		return;
	for (; s->tail < s->head; s->tail++) {
		uint64_t i = s->tail % LATFS_MAX_FILES;

		(void)unlinkat(s->dir_fd[i / LATFS_ITER],
		    s->names[i % LATFS_ITER], 0);
	}
	for (int i = 0; i < LATFS_DIRS; i++) {
		if (s->dir_fd[i] < 0)
			continue;
		(void)close(s->dir_fd[i]);
		(void)snprintf(name, sizeof name, "%d", i);
		(void)unlinkat(s->top_fd, name, AT_REMOVEDIR);
	}
	if (s->top_fd >= 0)
		(void)close(s->top_fd);
	if (s->made_top)
		(void)rmdir(s->top);
	free(s);
	ctx->state = NULL;
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
	st = make_temp(ctx, "bw_file_rd", s->path, sizeof s->path, &s->fd);
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
	if (s->fd >= 0)
		(void)close(s->fd);
	if (s->made)
		(void)unlink(s->path);
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
			return io_fail(ctx, "read", got);
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
	                  "a directory of <= 1000 (lat_fs); every 1000 files "
	                  "are deleted, untimed",
	    .version = 2,
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = BENCH_F_TMPDIR,
	    .arg = &latfs_0k,
	    .setup = latfs_create_setup,
	    .run = latfs_create_run,
	    .teardown = latfs_teardown,
	},
	{
	    .id = "lmbench.fs_delete_0k",
	    .title = "0K file delete",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_FILE,
	    .definition = "unlink() of an empty file made earlier in a "
	                  "directory of <= 1000 (lat_fs); made 1000 at a time, "
	                  "untimed",
	    .version = 2,
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = BENCH_F_TMPDIR,
	    .arg = &latfs_0k,
	    .setup = latfs_delete_setup,
	    .run = latfs_delete_run,
	    .teardown = latfs_teardown,
	},
	{
	    .id = "lmbench.fs_create_10k",
	    .title = "10K file create",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_FILE,
	    .definition = "creat(), 10 KiB write(), close() of a new file in "
	                  "a directory of <= 1000 (lat_fs); every 1000 files "
	                  "are deleted, untimed",
	    .version = 2,
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = BENCH_F_TMPDIR,
	    .arg = &latfs_10k,
	    .setup = latfs_create_setup,
	    .run = latfs_create_run,
	    .teardown = latfs_teardown,
	},
	{
	    .id = "lmbench.fs_delete_10k",
	    .title = "10K file delete",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_FILE,
	    .definition = "unlink() of a 10 KiB file made earlier in a "
	                  "directory of <= 1000 (lat_fs); made 1000 at a time, "
	                  "untimed",
	    .version = 2,
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = BENCH_F_TMPDIR,
	    .arg = &latfs_10k,
	    .setup = latfs_delete_setup,
	    .run = latfs_delete_run,
	    .teardown = latfs_teardown,
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
	    .flags = BENCH_F_TMPDIR,
	    .setup = reread_setup,
	    .run = reread_run,
	    .teardown = reread_teardown,
	},
};

const struct bench_family bench_family_file = {
	.name = "file",
	.title = "File system",
	.tests = file_tests,
	.ntests = sizeof file_tests / sizeof file_tests[0],
};
