/*
 * test-latfs.c: lmbench's lat_fs deletes (bench-file-latfs.c). A full run makes
 * lmbench's pool of 1000 files in setup; a first look makes none there,
 * and each refill only the files its run deletes, so that no file is
 * made that the run does not delete. Each batch of files has a directory
 * of its own, one at a time. Both leave nothing behind.
 */

#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench-file-latfs.h"
#include "bench-registry.h"
#include "check.h"

/* Entries of `path`, "." and ".." aside; -1 if it cannot be read. */
static long
entries(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	long n = 0;

	if (d == NULL)
		return -1;
	while ((e = readdir(d)) != NULL)
		n +=
		    strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	(void)closedir(d);
	return n;
}

/* Files in every batch directory of `top` (-1 if unreadable); dirs. */
static long
batch_files(const char *top, long *dirs)
{
	char path[4096 + 512];
	struct dirent *e;
	DIR *d = opendir(top);
	long n = 0;

	if (d == NULL)
		return -1;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		(void)snprintf(path, sizeof path, "%s/%s", top, e->d_name);
		n += entries(path);
		++*dirs;
	}
	(void)closedir(d);
	return n;
}

/*
 * Files in the pool: every batch of at most 1000 has a fresh directory
 * of its own, and only one exists at a time (-1 otherwise).
 */
static long
pool_files(const char *scratch)
{
	char path[1024];
	struct dirent *e;
	DIR *d = opendir(scratch);
	long n = -1, dirs = 0;

	while (d != NULL && (e = readdir(d)) != NULL)
		if (strncmp(e->d_name, "lat_fs.", 7) == 0) {
			(void)snprintf(path, sizeof path, "%s/%s", scratch,
			    e->d_name);
			n = batch_files(path, &dirs);
		}
	if (d != NULL)
		(void)closedir(d);
	return dirs == 1 ? n : -1;
}

static void
ctx_for(struct bench_ctx *ctx, const char *scratch, int first_look)
{
	memset(ctx, 0, sizeof *ctx);
	ctx->test = registry_find(
	    first_look < 0 ? "lmbench.fs_create_0k" : "lmbench.fs_delete_0k");
	ctx->tmpdir = scratch;
	ctx->cpu = -1;
	ctx->first_look = first_look > 0;
}

static void
test_full(const char *scratch)
{
	struct bench_ctx ctx;

	ctx_for(&ctx, scratch, 0);
	CHECK("full: setup", file_latfs_delete_setup(&ctx) == BENCH_OK);
	CHECK("full: lmbench's pool of 1000", pool_files(scratch) == 1000);
	CHECK("full: 10 deletes", file_latfs_delete_run(&ctx, 10) == BENCH_OK);
	CHECK("full: 990 left", pool_files(scratch) == 990);
	file_latfs_teardown(&ctx);
	CHECK("full: nothing left", entries(scratch) == 0);
}

static void
test_first_look(const char *scratch)
{
	struct bench_ctx ctx;

	ctx_for(&ctx, scratch, 1);
	CHECK("first look: setup", file_latfs_delete_setup(&ctx) == BENCH_OK);
	CHECK("first look: no pool made in setup", pool_files(scratch) == 0);
	CHECK("first look: 64 deletes",
	    file_latfs_delete_run(&ctx, 64) == BENCH_OK);
	CHECK("first look: each file made was deleted",
	    pool_files(scratch) == 0);
	CHECK("first look: making them was untimed", ctx.untimed_ns > 0);
	CHECK("first look: 1500 deletes, beyond one pool",
	    file_latfs_delete_run(&ctx, 1500) == BENCH_OK);
	CHECK("first look: again none left over", pool_files(scratch) == 0);
	file_latfs_teardown(&ctx);
	CHECK("first look: nothing left", entries(scratch) == 0);
}

/* Creates past two batches: the third batch's 500, in one directory. */
static void
test_create(const char *scratch)
{
	struct bench_ctx ctx;

	ctx_for(&ctx, scratch, -1);
	CHECK("create: setup", file_latfs_create_setup(&ctx) == BENCH_OK);
	CHECK("create: 2500 creates",
	    file_latfs_create_run(&ctx, 2500) == BENCH_OK);
	CHECK("create: 500 in the one batch directory",
	    pool_files(scratch) == 500);
	CHECK("create: emptying the pool was untimed", ctx.untimed_ns > 0);
	file_latfs_teardown(&ctx);
	CHECK("create: nothing left", entries(scratch) == 0);
}

int
main(void)
{
	char scratch[] = "/tmp/test-latfs.XXXXXX";

	if (mkdtemp(scratch) == NULL ||
	    registry_find("lmbench.fs_delete_0k") == NULL)
		return 99;
	test_full(scratch);
	test_first_look(scratch);
	test_create(scratch);
	(void)rmdir(scratch);
	return check_summary("test-latfs");
}
