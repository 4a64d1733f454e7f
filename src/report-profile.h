/*
 * report-profile.h: --save NAME: this machine's results as a profile, in the
 * tables of data/ (a machines row, then result rows with the definition
 * version), so that --ref NAME compares with it later and --check NAME
 * judges against it.
 *
 * Per test a profile holds its median (stat "result"), the median of each
 * slice of the run (stat "slice", one row per slice, in the test's unit),
 * and the share of the run's samples that were disturbed (stat "noisy",
 * unit "share", 0..1). A comment line above the tables gives the run's
 * context (load average, slices, seconds). Profiles saved before slices
 * existed hold the median alone: they load, and --check says so.
 *
 * The options the figures were taken with are rows of the context table
 * under keys "run.*" (run.seconds, run.slices, run.sample_ms,
 * run.mem_mib, run.placement): --compare refuses profiles taken with
 * different ones. Like steal_pct they are the run's, not the machine's
 * facts, so ref_data_find_context_of leaves them out; a profile saved before
 * them has none, and is taken as compatible with any.
 */

#ifndef BENCHTOP_PROFILE_H
#define BENCHTOP_PROFILE_H

#include <stddef.h>

#include "machine.h"
#include "measure-runner.h"
#include "ref-data.h"

/* What a sliced run keeps of one test beyond its median. */
#define PROFILE_SLICES_MAX 16
struct profile_test {
	double slice[PROFILE_SLICES_MAX]; /* slice medians, test's unit */
	size_t nslices;
	double noisy_share; /* disturbed samples / samples, NAN unknown */
};

/* The run a profile came from: its comment line and its run.* rows. */
struct profile_run {
	double seconds;        /* -t: seconds per test, all slices together */
	size_t slices;         /* slices per test */
	double sample_ms;      /* --sample-ms; 0: not recorded */
	unsigned mem_mib;      /* --mem-size; 0: not recorded */
	const char *placement; /* --placement ("spread"); NULL: not recorded */
	/* The machine row's source: "benchtop", or a quick profile's
	 * "benchtop --quick" (--check --quick takes only those). */
	const char *source;
};

/* The run.* rows of machine m as recorded (zero, NULL where absent). */
void profile_run_get(const struct refdata *rd, size_t m,
    struct profile_run *out);

/* A profile name: letters, digits, '.', '_', '-'; not starting with '.'. */
int profile_name_ok(const char *name);

/*
 * Write the profile NAME under ref_data_profile_dir() through a temp file
 * and a rename: a profile is never half-written. `class_id` is this CPU's
 * class; `per` (NULL, or n entries beside r) the slices of each test.
 * Returns 0, or -1 with a message in err.
 */
int profile_save(const char *name, const struct machine *m,
    const char *class_id, const struct test_result *r,
    const struct profile_test *per, const struct profile_run *run, size_t n,
    char *err, size_t errsize);

/*
 * What machine m of rd holds of `test`: its slices (the one figure of
 * an older profile or a reference machine as a single slice when it has
 * none) and noisy share. Returns the number of slices (0: none at all).
 */
size_t profile_test_get(const struct refdata *rd, size_t m, const char *test,
    struct profile_test *out);

#endif
