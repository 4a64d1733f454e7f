/*
 * file-latfs.c: lmbench 2.0's lat_fs, the 0K and 10K file create and
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
 * die young, before writeback. File i is named i % 1000 in directory
 * (i / 1000) % LATFS_DIRS, so that, as in lmbench, no directory ever
 * holds more than 1000 entries and names come back after they were
 * deleted. Where creating is slow, a refill can take a while: it looks at
 * the stop flag as it goes (latfs_stopped).
 *
 * A first look (the live monitor's first pass, marked) makes no pool in
 * setup, and each refill makes only the files the run still has to
 * delete (at most 1000): calibration's runs of 1, 8, 64, 512 deletes then
 * cost as many creates, not a pool of 1000 each (creates cost 15 to 600
 * us here on a busy ext4, deletes 8 us: a full slice's pools took 2.7
 * to 5.1 s of the first pass).
 */

#include "config.h"

#include "file-latfs.h"

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
#include "cycles.h"

#define LATFS_ITER       1000        /* lat_fs's ITER: files per directory */
#define LATFS_DIRS       32          /* directories of the ring */
#define LATFS_MAX_FILES  32000u      /* LATFS_ITER * LATFS_DIRS */
#define LATFS_MAX_FILE   (10 * 1024) /* the largest file a row makes */
#define LATFS_STOP_EVERY 256u

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

const struct latfs_arg latfs_0k = { 0 };
const struct latfs_arg latfs_10k = { 10 * 1024 };

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
	    bench_scratch_dir(ctx));
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
		st = bench_write_fail(ctx, fd, s->buf, s->file_bytes, got);
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

int
latfs_create_setup(struct bench_ctx *ctx)
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
latfs_delete_setup(struct bench_ctx *ctx)
{
	int st;

	if ((st = latfs_create_setup(ctx)) != BENCH_OK || ctx->first_look)
		return st;
	return latfs_refill(ctx, ctx->state, LATFS_ITER);
}

/*
 * Upkeep of the pool inside a run, declared untimed (see DESIGN): fill
 * it up to `cap` files, or with cap 0 empty it.
 */
static int
latfs_upkeep(struct bench_ctx *ctx, struct latfs_state *s, uint64_t cap)
{
	uint64_t t0 = cycles_now_ns();
	int st = cap > 0 ? latfs_refill(ctx, s, cap) : latfs_purge(ctx, s);

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

int
latfs_delete_run(struct bench_ctx *ctx, uint64_t n)
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
