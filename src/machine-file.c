/*
 * machine-file.c: reading the kernel's small files, for every reader of
 * the machine layer (the context, steal, the CPU's identification).
 */

#include "config.h"

#include "machine-file.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

void
machine_file_path(char *buf, size_t size, const char *root, const char *path)
{
	size_t r = root != NULL ? strlen(root) : 0;

	/* "/" and "" both mean this machine: no doubled slash. */
	while (r > 0 && root[r - 1] == '/')
		r--;
	(void)snprintf(buf, size, "%.*s%s", (int)r, r ? root : "", path);
}

int
machine_file_open(const char *root, const char *path)
{
	char full[4096];

	machine_file_path(full, sizeof full, root, path);
	return open(full, O_RDONLY | O_CLOEXEC);
}

int
machine_file_pread(int fd, char *buf, size_t size)
{
	ssize_t len;

	if (size == 0)
		return -1;
	buf[0] = '\0';
	if (fd < 0 || (len = pread(fd, buf, size - 1, 0)) < 0)
		return -1;
	buf[len] = '\0';
	return 0;
}

/* "unreadable (why)" into buf. */
static enum machine_file_result
unreadable(char *buf, size_t size, int err)
{
	(void)snprintf(buf, size, "unreadable (%s)", strerror(err));
	return MACHINE_FILE_UNREADABLE;
}

/* An open fd's text from where it is, whole up to size - 1. */
static enum machine_file_result
read_fd(int fd, char *buf, size_t size)
{
	ssize_t got = 0, k = 0;

	while ((size_t)got < size - 1 &&
	    (k = read(fd, buf + got, size - 1 - (size_t)got)) > 0)
		got += k;
	if (k < 0 && got == 0)
		return unreadable(buf, size, errno);
	buf[got] = '\0';
	return MACHINE_FILE_OK;
}

/* full opened into *fd, or why not. */
static enum machine_file_result
open_full(const char *full, int *fd, char *buf, size_t size)
{
	buf[0] = '\0';
	if ((*fd = open(full, O_RDONLY | O_CLOEXEC)) >= 0)
		return MACHINE_FILE_OK;
	if (errno == ENOENT || errno == ENOTDIR)
		return MACHINE_FILE_ABSENT;
	return unreadable(buf, size, errno);
}

enum machine_file_result
machine_file_read(const char *root, const char *path, char *buf, size_t size)
{
	char full[4096];
	enum machine_file_result rc;
	int fd;

	machine_file_path(full, sizeof full, root, path);
	if ((rc = open_full(full, &fd, buf, size)) != MACHINE_FILE_OK)
		return rc;
	rc = read_fd(fd, buf, size);
	(void)close(fd);
	return rc;
}

/*
 * The files kept open. The table is the process's; a lock, as the
 * screen's thread and a batch worker may both read.
 */
#define KEPT_MAX 24

static struct kept_file {
	char path[256];
	int fd;
} kept[KEPT_MAX];
static size_t nkept;
static pthread_mutex_t kept_lock = PTHREAD_MUTEX_INITIALIZER;

/* Read a kept file again: bytes read, or -1 (not kept, or it failed:
 * then it is no longer kept and the caller opens it anew). */
static ssize_t
read_kept(const char *full, char *buf, size_t size)
{
	ssize_t got = -1;

	(void)pthread_mutex_lock(&kept_lock);
	for (size_t i = 0; i < nkept; i++) {
		if (strcmp(kept[i].path, full) != 0)
			continue;
		if ((got = pread(kept[i].fd, buf, size - 1, 0)) < 0) {
			(void)close(kept[i].fd);
			kept[i] = kept[--nkept];
		}
		break;
	}
	(void)pthread_mutex_unlock(&kept_lock);
	return got;
}

/* Keep fd for path, or close it when the table is full. */
static void
keep_or_close(const char *full, int fd)
{
	(void)pthread_mutex_lock(&kept_lock);
	if (nkept < KEPT_MAX && strlen(full) < sizeof kept[0].path) {
		(void)snprintf(kept[nkept].path, sizeof kept[nkept].path, "%s",
		    full);
		kept[nkept++].fd = fd;
		fd = -1;
	}
	(void)pthread_mutex_unlock(&kept_lock);
	if (fd >= 0)
		(void)close(fd);
}

enum machine_file_result
machine_file_read_kept(const char *root, const char *path, char *buf,
    size_t size)
{
	char full[512];
	enum machine_file_result rc;
	ssize_t k;
	int fd;

	machine_file_path(full, sizeof full, root, path);
	buf[0] = '\0';
	if ((k = read_kept(full, buf, size)) >= 0) {
		buf[k] = '\0';
		return MACHINE_FILE_OK;
	}
	if ((rc = open_full(full, &fd, buf, size)) != MACHINE_FILE_OK)
		return rc;
	if ((rc = read_fd(fd, buf, size)) != MACHINE_FILE_OK)
		(void)close(fd);
	else
		keep_or_close(full, fd);
	return rc;
}

char *
machine_file_first_line(char *text)
{
	size_t len;

	while (*text == ' ' || *text == '\t')
		text++;
	text[strcspn(text, "\n")] = '\0';
	len = strlen(text);
	while (len > 0 && isspace((unsigned char)text[len - 1]))
		text[--len] = '\0';
	return text;
}

int
machine_file_read_line(const char *root, const char *path, char *buf,
    size_t size)
{
	char text[4096];
	enum machine_file_result rc =
	    machine_file_read(root, path, text, sizeof text);

	if (rc == MACHINE_FILE_ABSENT)
		text[0] = '\0';
	(void)snprintf(buf, size, "%.*s", (int)size - 1,
	    rc == MACHINE_FILE_OK ? machine_file_first_line(text) : text);
	return rc == MACHINE_FILE_OK ? 0 : -1;
}
