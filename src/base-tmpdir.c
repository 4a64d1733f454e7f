/*
 * base-tmpdir.c: the private scratch directory.
 *
 * A benchtop killed with SIGKILL cannot remove its directory, so the name
 * records the owner's pid ("benchtop.<pid>.XXXXXX") and every start
 * removes the directories of owners that are gone. An owner is gone when
 * its pid does not exist, is a zombie, or now runs another program (pid
 * reuse: /proc/<pid>/stat names another command). Only directories of our
 * own uid are looked at, with lstat semantics: a symlink or another
 * user's entry is never followed nor removed.
 */

#include "config.h"

#include "base-tmpdir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define TMPDIR_PREFIX     "benchtop."
#define TMPDIR_SUFFIX_LEN 6 /* mkdtemp's XXXXXX */
#define TMPDIR_COMM       "benchtop"

static const char *
base_dir(const char *base)
{
	if (base == NULL || *base == '\0')
		base = getenv("TMPDIR");
	if (base == NULL || *base == '\0')
		base = "/tmp";
	return base;
}

int
tmpdir_create(const char *base, char *path, size_t size, char *err,
    size_t errsize)
{
	base = base_dir(base);
	(void)tmpdir_clean_stale(base);
	if ((size_t)snprintf(path, size, "%s/" TMPDIR_PREFIX "%ld.XXXXXX", base,
	        (long)getpid()) >= size) {
		(void)snprintf(err, errsize, "temp dir: path too long '%s'",
		    base);
		return -1;
	}
	if (mkdtemp(path) == NULL) {
		(void)snprintf(err, errsize,
		    "temp dir: cannot create in '%s': %s", base,
		    strerror(errno));
		return -1;
	}
	return 0;
}

static int
remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb;
	(void)ftw;
	if (flag == FTW_DP)
		(void)rmdir(path);
	else
		(void)unlink(path);
	return 0;
}

void
tmpdir_remove(const char *path)
{
	if (path != NULL && *path != '\0')
		(void)nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* mkdtemp draws its suffix from letters and digits only. */
static int
is_suffix(const char *s)
{
	size_t i;

	for (i = 0; i < TMPDIR_SUFFIX_LEN; i++)
		if (!((s[i] >= '0' && s[i] <= '9') ||
		        (s[i] >= 'a' && s[i] <= 'z') ||
		        (s[i] >= 'A' && s[i] <= 'Z')))
			return 0;
	return s[i] == '\0';
}

pid_t
tmpdir_owner(const char *name)
{
	const char *p;
	long pid = 0;

	if (strncmp(name, TMPDIR_PREFIX, strlen(TMPDIR_PREFIX)) != 0)
		return -1;
	p = name + strlen(TMPDIR_PREFIX);
	/* Digits only, no sign nor leading zero: one spelling per pid. */
	if (*p < '1' || *p > '9')
		return -1;
	while (*p >= '0' && *p <= '9') {
		pid = pid * 10 + (*p++ - '0');
		if (pid > INT_MAX)
			return -1;
	}
	if (*p != '.' || !is_suffix(p + 1))
		return -1;
	return (pid_t)pid;
}

/*
 * Whether `pid` is a benchtop that can still clean up after itself: it
 * exists, is not a zombie, and its command is benchtop. When /proc cannot
 * tell, a process that exists counts as alive: never remove a live
 * benchtop's directory.
 */
static int
owner_alive(pid_t pid)
{
	char path[64], buf[256], *lp, *rp;
	ssize_t len;
	int fd;

	if (kill(pid, 0) != 0 && errno == ESRCH)
		return 0;
	(void)snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		/* Gone in between, unless /proc itself is missing. */
		return errno != ENOENT || access("/proc/self/stat", F_OK) != 0;
	len = read(fd, buf, sizeof buf - 1);
	(void)close(fd);
	if (len <= 0)
		return 1;
	buf[len] = '\0';
	/* "pid (comm) S ...": comm may hold spaces and parentheses. */
	lp = strchr(buf, '(');
	rp = strrchr(buf, ')');
	if (lp == NULL || rp == NULL || rp < lp || rp[1] != ' ')
		return 1;
	if (rp[2] == 'Z' || rp[2] == 'X')
		return 0;
	*rp = '\0';
	return strcmp(lp + 1, TMPDIR_COMM) == 0;
}

/* Whether base/name is a stale scratch directory of ours. */
static int
is_stale(int dfd, const char *name)
{
	struct stat st;
	pid_t pid = tmpdir_owner(name);

	if (pid <= 0)
		return 0;
	if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
		return 0;
	if (!S_ISDIR(st.st_mode) || st.st_uid != geteuid())
		return 0;
	/* Our own pid: a previous process that had it; we make ours later. */
	return pid == getpid() || !owner_alive(pid);
}

int
tmpdir_clean_stale(const char *base)
{
	char path[PATH_MAX];
	struct dirent *e;
	DIR *d;
	int removed = 0;

	base = base_dir(base);
	if ((d = opendir(base)) == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		if (!is_stale(dirfd(d), e->d_name))
			continue;
		if ((size_t)snprintf(path, sizeof path, "%s/%s", base,
		        e->d_name) >= sizeof path)
			continue;
		tmpdir_remove(path);
		removed++;
	}
	(void)closedir(d);
	return removed;
}
