/*
 * tmpdir.c: the private scratch directory.
 */

#include "config.h"

#include "tmpdir.h"

#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int
tmpdir_create(const char *base, char *path, size_t size, char *err,
    size_t errsize)
{
	if (base == NULL || *base == '\0')
		base = getenv("TMPDIR");
	if (base == NULL || *base == '\0')
		base = "/tmp";
	if ((size_t)snprintf(path, size, "%s/benchtop.XXXXXX", base) >= size) {
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
