/*
 * app-paths.c: the output paths, checked up front. A check, not a
 * promise: a directory can still vanish during the run, and the writers
 * report that; what a user mistypes is caught before any test runs.
 */

#include "config.h"

#include "app-paths.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ref-data.h"

/* The directory part of `path` into dir: "." without a '/'. */
static void
dir_of(const char *path, char *dir, size_t size)
{
	const char *slash = strrchr(path, '/');

	if (slash == NULL)
		(void)snprintf(dir, size, ".");
	else if (slash == path)
		(void)snprintf(dir, size, "/");
	else
		(void)snprintf(dir, size, "%.*s", (int)(slash - path), path);
}

/* 0 when `dir` is a directory this process can create files in. */
static int
dir_writable(const char *dir)
{
	struct stat st;

	if (stat(dir, &st) != 0)
		return -1;
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		return -1;
	}
	return access(dir, W_OK | X_OK);
}

/* A file to write: its directory writable, the file (if any) too. */
static int
check_file(const char *flag, const char *path, char *err, size_t size)
{
	char dir[PATH_MAX];
	struct stat st;

	if (path == NULL)
		return 0;
	if (path[0] == '\0') {
		(void)snprintf(err, size, "%s: an empty path", flag);
		return -1;
	}
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		(void)snprintf(err, size, "%s '%.200s': is a directory", flag,
		    path);
		return -1;
	}
	dir_of(path, dir, sizeof dir);
	if (dir_writable(dir) != 0 ||
	    (access(path, F_OK) == 0 && access(path, W_OK) != 0)) {
		(void)snprintf(err, size, "%s '%.200s': cannot write there: %s",
		    flag, path, strerror(errno));
		return -1;
	}
	return 0;
}

/* A directory the run may make: it, or its nearest ancestor, writable. */
static int
check_tree(const char *flag, const char *dir, char *err, size_t size)
{
	char d[PATH_MAX], up[PATH_MAX];
	struct stat st;

	(void)snprintf(d, sizeof d, "%s", dir);
	while (stat(d, &st) != 0 && errno == ENOENT && strcmp(d, "/") != 0) {
		dir_of(d, up, sizeof up);
		(void)snprintf(d, sizeof d, "%s", up);
	}
	if (dir_writable(d) != 0) {
		(void)snprintf(err, size, "%s: cannot write in '%.200s': %s",
		    flag, d, strerror(errno));
		return -1;
	}
	return 0;
}

int
paths_check(const struct opts *o, char *err, size_t size)
{
	char dir[PATH_MAX];

	if (check_file("--html", o->html, err, size) != 0 ||
	    check_file("--log", o->log, err, size) != 0 ||
	    check_file("--openmetrics-file", o->om_file, err, size) != 0)
		return -1;
	if (o->save == NULL)
		return 0;
	if (refdata_profile_dir(dir, sizeof dir) != 0) {
		(void)snprintf(err, size,
		    "--save: no profile directory: set HOME or XDG_DATA_HOME");
		return -1;
	}
	return check_tree("--save", dir, err, size);
}
