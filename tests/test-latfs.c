/*
 * test-latfs.c: lmbench's lat_fs deletes (file-latfs.c). A full run makes
 * lmbench's pool of 1000 files in setup; a first look makes none there,
 * and each refill only the files its run deletes, so that no file is
 * made that the run does not delete. Both leave nothing behind.
 */

#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "file-latfs.h"
#include "registry.h"

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

/* Files in the pool's first directory, where the first 1000 go. */
static long
pool_files(const char *scratch)
{
	char path[4096];
	struct dirent *e;
	DIR *d = opendir(scratch);
	long n = -1;

	while (d != NULL && (e = readdir(d)) != NULL)
		if (strncmp(e->d_name, "lat_fs.", 7) == 0) {
			(void)snprintf(path, sizeof path, "%s/%s/0", scratch,
			    e->d_name);
			n = entries(path);
		}
	if (d != NULL)
		(void)closedir(d);
	return n;
}

static void
ctx_for(struct bench_ctx *ctx, const char *scratch, int first_look)
{
	memset(ctx, 0, sizeof *ctx);
	ctx->test = registry_find("lmbench.fs_delete_0k");
	ctx->tmpdir = scratch;
	ctx->cpu = -1;
	ctx->first_look = first_look;
}

static void
test_full(const char *scratch)
{
	struct bench_ctx ctx;

	ctx_for(&ctx, scratch, 0);
	CHECK("full: setup", latfs_delete_setup(&ctx) == BENCH_OK);
	CHECK("full: lmbench's pool of 1000", pool_files(scratch) == 1000);
	CHECK("full: 10 deletes", latfs_delete_run(&ctx, 10) == BENCH_OK);
	CHECK("full: 990 left", pool_files(scratch) == 990);
	latfs_teardown(&ctx);
	CHECK("full: nothing left", entries(scratch) == 0);
}

static void
test_first_look(const char *scratch)
{
	struct bench_ctx ctx;

	ctx_for(&ctx, scratch, 1);
	CHECK("first look: setup", latfs_delete_setup(&ctx) == BENCH_OK);
	CHECK("first look: no pool made in setup", pool_files(scratch) == 0);
	CHECK("first look: 64 deletes", latfs_delete_run(&ctx, 64) == BENCH_OK);
	CHECK("first look: each file made was deleted",
	    pool_files(scratch) == 0);
	CHECK("first look: making them was untimed", ctx.untimed_ns > 0);
	CHECK("first look: 1500 deletes, beyond one pool",
	    latfs_delete_run(&ctx, 1500) == BENCH_OK);
	CHECK("first look: again none left over", pool_files(scratch) == 0);
	latfs_teardown(&ctx);
	CHECK("first look: nothing left", entries(scratch) == 0);
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
	(void)rmdir(scratch);
	return check_summary("test-latfs");
}
