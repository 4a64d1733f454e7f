/*
 * app-paths.h: every file the run will write, checked before anything
 * runs, as --listen's address is: a run of minutes must not end in
 * "cannot write" for a typo in a path.
 */

#ifndef BENCHTOP_PATHS_H
#define BENCHTOP_PATHS_H

#include <stddef.h>

#include "app-opts.h"

/*
 * --html, --log, --openmetrics-file and --save's profile directory: a
 * file already there opens for writing, a file can be made (and is
 * removed again) where the writer will make one, and a directory to be
 * made has an ancestor a file can be made in. 0, or -1 with one line
 * naming the flag and the path in err.
 */
int paths_check(const struct opts *o, char *err, size_t size);

#endif
