/*
 * tmpdir.h: benchtop's private scratch directory, mode 0700, made with
 * mkdtemp under --dir, $TMPDIR or /tmp, and removed with its contents.
 */

#ifndef BENCHTOP_TMPDIR_H
#define BENCHTOP_TMPDIR_H

#include <stddef.h>

/*
 * Create "<base>/benchtop.XXXXXX" into `path`. `base` NULL means $TMPDIR,
 * else /tmp. Returns 0, or -1 with a one-line message in `err`.
 */
int tmpdir_create(const char *base, char *path, size_t size, char *err,
    size_t errsize);

/* Remove the directory and everything in it; never follows symlinks. */
void tmpdir_remove(const char *path);

#endif
