/*
 * bench-file-latfs.c: lmbench 2.0's lat_fs, the 0K and 10K file create and
 * delete rows of the file family (bench-file.c holds their records).
 *
 * DESIGN
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
 * die young, before writeback. File i is named i % 1000, so that names
 * come back after they were deleted, as in lmbench.
 *
 * Every batch of at most 1000 files gets a directory of its own, made
 * fresh (a random name) by the upkeep once the pool is empty, under a
 * private directory marked "top of a hierarchy" (FS_TOPDIR_FL, chattr
 * +T), where the file system has one. Why: ext4 without a journal does
 * not reuse an inode freed in the last 60 s (360 s while its inode-table
 * block is dirty); a create scans the block group's bitmap from its
 * start and looks up every such inode, so in one directory a create
 * costs more with every delete before it, this test's own and any
 * other's. syncfs() does not help: a clean block only shortens the
 * window to 60 s. ext4's Orlov allocator places the subdirectories of a
 * top directory in a spread, little used block group, where a batch
 * meets few recent deletes: 1000 creates then 1000 deletes, 30 times,
 * cost 55 us a create (median) with a fresh spread directory per batch,
 * 670 us in one directory, 650 to 800 us in one directory with a
 * syncfs() after each batch, on the same file system in alternating
 * runs. Under heavy create and delete traffic the spread groups hold
 * recent deletes too, and the figure rises again (225 us). Other file
 * systems refuse or ignore the mark; a fresh directory there changes
 * nothing measurable.
 *
 * A first look (the live monitor's first pass, marked) makes no pool in
 * setup, and each refill makes only the files the run still has to
 * delete (at most 1000): calibration's runs of 1, 8, 64, 512 deletes then
 * cost as many creates, not a pool of 1000 each (creates cost 15 to 600
 * us here on a busy ext4, deletes 8 us: a full slice's pools took 2.7
 * to 5.1 s of the first pass).
 */

#include "config.h"

#include "bench-file-latfs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#ifdef __linux__
#include <linux/fs.h>
#endif

#include "base-cycles.h"
#include "bench.h"

#define LATFS_ITER       1000        /* lat_fs's ITER: files per directory */
#define LATFS_MAX_FILE   (10 * 1024) /* the largest file a row makes */
#define LATFS_STOP_EVERY 256u

/* lmbench lat_fs: a ring of files, see DESIGN. */
struct latfs_state {
	int top_fd;
	int dir_fd; /* the current batch's directory */
	int made_top;
	char top[4096];
	char dir[4096 + 8]; /* its path: top + "/XXXXXX" */
	size_t file_bytes;  /* 0 or 10 KiB */
	uint64_t head;      /* next file to create */
	uint64_t tail;      /* next file to delete */
	char names[LATFS_ITER][4];
	char buf[LATFS_MAX_FILE];
};

const struct latfs_arg file_latfs_0k = { 0 };
const struct latfs_arg file_latfs_10k = { 10 * 1024 };

static int
latfs_new(struct bench_ctx *ctx)
{
	const struct latfs_arg *arg = ctx->test->arg;
	struct latfs_state *s = calloc(1, sizeof *s);

	if (s == NULL)
		return bench_fail(ctx, "calloc", errno);
	s->top_fd = s->dir_fd = -1;
	for (int i = 0; i < LATFS_ITER; i++)
		(void)snprintf(s->names[i], sizeof s->names[i], "%d", i);
	s->file_bytes = arg->file_bytes;
	ctx->state = s;
	return BENCH_OK;
}

/* Mark `fd` a top directory where the file system can (see DESIGN). */
static void
latfs_mark_top(int fd)
{
#if defined(FS_IOC_GETFLAGS) && defined(FS_TOPDIR_FL)
	int flags = 0;

	if (ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0) {
		flags |= FS_TOPDIR_FL;
		(void)ioctl(fd, FS_IOC_SETFLAGS, &flags);
	}
#else
	(void)fd;
#endif
}

/* Remove the current batch's directory, empty by now. */
static void
latfs_drop_dir(struct latfs_state *s)
{
	if (s->dir_fd < 0)
		return;
	(void)close(s->dir_fd);
	s->dir_fd = -1;
	(void)rmdir(s->dir);
}

/* A fresh directory for the next batch, in place of the last one. */
static int
latfs_renew_dir(struct bench_ctx *ctx, struct latfs_state *s)
{
	latfs_drop_dir(s);
	(void)snprintf(s->dir, sizeof s->dir, "%s/XXXXXX", s->top);
	if (mkdtemp(s->dir) == NULL)
		return bench_fail(ctx, "mkdtemp", errno);
	s->dir_fd = open(s->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (s->dir_fd < 0) {
		(void)rmdir(s->dir);
		return bench_fail(ctx, "open", errno);
	}
	return BENCH_OK;
}

/* The private directory "lat_fs.XXXXXX" and the first batch's. */
static int
latfs_make_dirs(struct bench_ctx *ctx, struct latfs_state *s)
{
	(void)snprintf(s->top, sizeof s->top, "%s/lat_fs.XXXXXX",
	    bench_scratch_dir(ctx));
	if (mkdtemp(s->top) == NULL)
		return bench_fail(ctx, "mkdtemp", errno);
	s->made_top = 1;
	if ((s->top_fd = open(s->top, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		return bench_fail(ctx, "open", errno);
	latfs_mark_top(s->top_fd);
	return latfs_renew_dir(ctx, s);
}

/* lmbench 2's mkfile(): creat, write the bytes (even 0), close. */
static int
latfs_create(struct bench_ctx *ctx, struct latfs_state *s)
{
	const char *name = s->names[s->head % LATFS_ITER];
	int flags = O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, fd, st = BENCH_OK;
	ssize_t got;

	if ((fd = openat(s->dir_fd, name, flags, 0600)) < 0)
		return bench_fail(ctx, "creat", errno);
	s->head++; /* it exists: teardown must find it, whatever follows */
	got = write(fd, s->buf, s->file_bytes);
	if (got != (ssize_t)s->file_bytes)
		st = bench_write_fail(ctx, fd, s->buf, s->file_bytes, got);
	(void)close(fd);
	return st;
}

static int
latfs_delete(struct bench_ctx *ctx, struct latfs_state *s)
{
	if (unlinkat(s->dir_fd, s->names[s->tail % LATFS_ITER], 0) != 0)
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

int
file_latfs_create_setup(struct bench_ctx *ctx)
{
	int st;

	if ((st = latfs_new(ctx)) != BENCH_OK)
		return st;
	return latfs_make_dirs(ctx, ctx->state);
}

/*
 * The first pool is lmbench's batch of 1000, made outside the timing; a
 * first look makes its files as its runs need them (see DESIGN).
 */
int
file_latfs_delete_setup(struct bench_ctx *ctx)
{
	int st;

	if ((st = file_latfs_create_setup(ctx)) != BENCH_OK || ctx->first_look)
		return st;
	return latfs_refill(ctx, ctx->state, LATFS_ITER);
}

/*
 * Upkeep of the pool inside a run, declared untimed (see DESIGN): with
 * cap 0 empty it, else fill it up to `cap` files; either way the next
 * batch goes to a fresh directory.
 */
static int
latfs_upkeep(struct bench_ctx *ctx, struct latfs_state *s, uint64_t cap)
{
	uint64_t t0 = cycles_now_ns();
	int st = cap > 0 ? BENCH_OK : latfs_purge(ctx, s);

	if (st == BENCH_OK)
		st = latfs_renew_dir(ctx, s);
	if (st == BENCH_OK && cap > 0)
		st = latfs_refill(ctx, s, cap);

	ctx->untimed_ns += cycles_now_ns() - t0;
	return st;
}

/* The files a refill makes when `left` deletes remain (see DESIGN). */
static uint64_t
latfs_refill_size(const struct bench_ctx *ctx, uint64_t left)
{
	return ctx->first_look && left < LATFS_ITER ? left : LATFS_ITER;
}

int
file_latfs_create_run(struct bench_ctx *ctx, uint64_t n)
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

int
file_latfs_delete_run(struct bench_ctx *ctx, uint64_t n)
{
	struct latfs_state *s = ctx->state;
	int st;

	for (; n > 0; n--) {
		if (s->head == s->tail &&
		    (st = latfs_upkeep(ctx, s, latfs_refill_size(ctx, n))) !=
		        BENCH_OK)
			return st;
		if ((st = latfs_delete(ctx, s)) != BENCH_OK)
			return st;
	}
	return BENCH_OK;
}

/* Whatever a failed run left behind goes too: every file, every dir. */
void
file_latfs_teardown(struct bench_ctx *ctx)
{
	struct latfs_state *s = ctx->state;

	if (s == NULL)
		return;
	for (; s->tail < s->head && s->dir_fd >= 0; s->tail++)
		(void)unlinkat(s->dir_fd, s->names[s->tail % LATFS_ITER], 0);
	latfs_drop_dir(s);
	if (s->top_fd >= 0)
		(void)close(s->top_fd);
	if (s->made_top)
		(void)rmdir(s->top);
	free(s);
	ctx->state = NULL;
}
