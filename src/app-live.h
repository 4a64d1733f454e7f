/*
 * app-live.h: the live monitor: workers measuring in the background, the
 * screen in a UI thread, and the main thread waiting for signals.
 */

#ifndef BENCHTOP_LIVE_H
#define BENCHTOP_LIVE_H

#include "app-opts.h"

/* Can the live screen run here? 1, or 0 with the reason in `why`. */
int live_usable(char *why, size_t size);

/* Whether stderr is a terminal that can clear a line (TERM known to
 * terminfo, not dumb): the batch progress line's escapes need it. */
int live_stderr_capable(void);

/* Run the live monitor until q or INT/TERM/HUP; returns an exit code. */
int live_run(const struct opts *o);

#endif
