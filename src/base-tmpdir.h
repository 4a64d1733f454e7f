/*
 * base-tmpdir.h: benchtop's private scratch directory, mode 0700, made with
 * mkdtemp under --dir, $TMPDIR or /tmp, and removed with its contents.
 * Its name carries the owner's pid, so that a later benchtop can remove
 * the directory a killed one (SIGKILL, a crash) left behind.
 */

#ifndef BENCHTOP_TMPDIR_H
#define BENCHTOP_TMPDIR_H

#include <stddef.h>
#include <sys/types.h>

/*
 * Remove the stale scratch directories under `base` (NULL: $TMPDIR, else
 * /tmp), then create "<base>/benchtop.<pid>.XXXXXX" into `path`. Returns
 * 0, or -1 with a one-line message in `err`.
 */
int tmpdir_create(const char *base, char *path, size_t size, char *err,
    size_t errsize);

/* Remove the directory and everything in it; never follows symlinks. */
void tmpdir_remove(const char *path);

/*
 * The owner pid of a scratch directory's name "benchtop.<pid>.XXXXXX"
 * (a base name, no slash), or -1 when the name is not of that form.
 */
pid_t tmpdir_owner(const char *name);

/*
 * Remove every directory of `base` named as above that is ours (our uid,
 * a real directory, not a symlink) and whose owner is no longer a running
 * benchtop. Returns how many were removed.
 */
int tmpdir_clean_stale(const char *base);

#endif
