/*
 * app-paths.c: the output paths, checked up front. A check, not a
 * promise: a directory can still vanish during the run, and the writers
 * report that; what a user mistypes is caught before any test runs.
 *
 * A directory is tried by making a file in it, not by asking access():
 * root is told yes by access() on every directory, /proc and a read-only
 * mount included, where the writer's mkstemp fails minutes later.
 */

#include "config.h"

#include "app-paths.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
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

/*
 * 0 when a file can be made beside `path`, as the writers make their
 * temporary file: PATH.XXXXXX, made and removed again (mkstemp picks a
 * name no one else holds, so nothing of anyone's is touched); -1 with
 * errno.
 */
static int
can_create_beside(const char *path)
{
	char probe[PATH_MAX];
	int fd, saved;

	if ((size_t)snprintf(probe, sizeof probe, "%s.XXXXXX", path) >=
	    sizeof probe) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if ((fd = mkstemp(probe)) < 0)
		return -1;
	saved = unlink(probe) == 0 ? 0 : errno;
	(void)close(fd);
	errno = saved;
	return saved == 0 ? 0 : -1;
}

/* 0 when `dir` is a directory this process can create files in. */
static int
dir_writable(const char *dir)
{
	char inside[PATH_MAX];
	struct stat st;

	if (stat(dir, &st) != 0)
		return -1;
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		return -1;
	}
	if ((size_t)snprintf(inside, sizeof inside, "%s/.benchtop-probe",
	        dir) >= sizeof inside) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return can_create_beside(inside);
}

/* 0 when the file at `path`, already there, opens for writing; opened
 * without O_TRUNC or O_CREAT, and closed unwritten: it stays as it was
 * (O_NONBLOCK: a FIFO without a reader fails instead of waiting). */
static int
existing_writable(const char *path)
{
	int fd = open(path, O_WRONLY | O_APPEND | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0)
		return -1;
	(void)close(fd);
	return 0;
}

/* One line for a path that cannot be written: the flag, then the path. */
static int
cannot_write(const char *flag, const char *path, const char *why, char *err,
    size_t size)
{
	(void)snprintf(err, size, "%s: cannot write '%.200s': %s", flag, path,
	    why);
	return -1;
}

/*
 * A file to write: not a directory; a file already there opens for
 * writing; and where the file is new, or is `replaced` (--html and
 * --openmetrics-file write a temporary file beside it and rename it over
 * it), a file can be made in its directory.
 */
static int
check_file(const char *flag, const char *path, int replaced, char *err,
    size_t size)
{
	struct stat st;
	int exists;

	if (path == NULL)
		return 0;
	if (path[0] == '\0') {
		(void)snprintf(err, size, "%s: an empty path", flag);
		return -1;
	}
	exists = stat(path, &st) == 0;
	if (exists && S_ISDIR(st.st_mode))
		return cannot_write(flag, path, "is a directory", err, size);
	if ((exists && existing_writable(path) != 0) ||
	    ((!exists || replaced) && can_create_beside(path) != 0))
		return cannot_write(flag, path, strerror(errno), err, size);
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

	if (check_file("--html", o->html, 1, err, size) != 0 ||
	    check_file("--log", o->log, 0, err, size) != 0 ||
	    check_file("--openmetrics-file", o->om_file, 1, err, size) != 0)
		return -1;
	if (o->save == NULL)
		return 0;
	if (ref_data_profile_dir(dir, sizeof dir) != 0) {
		(void)snprintf(err, size,
		    "--save: no profile directory: set HOME or XDG_DATA_HOME");
		return -1;
	}
	return check_tree("--save", dir, err, size);
}
