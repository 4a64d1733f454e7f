/*
 * app-compare.h: --compare PROFILE...: the saved profiles of several
 * machines side by side (report-fleet.h), read and checked before a
 * line is written. Nothing is run.
 */

#ifndef BENCHTOP_APP_COMPARE_H
#define BENCHTOP_APP_COMPARE_H

#include "app-opts.h"

/*
 * The fleet's table on stdout in o->format (text, --json, --csv), and
 * with --html its page. Returns 0; EXIT_SLOWER (3) when a machine is
 * slower than the fleet on a test, beyond its kind; EXIT_KIND_SLOWER (5)
 * when only a kind of test is, as a whole; EXIT_USAGE (2) for bad input,
 * said in one line; EXIT_RUNTIME (1) when a write fails.
 */
int compare_run(const struct opts *o);

#endif
