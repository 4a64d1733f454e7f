/*
 * report-profile.h: --save NAME: this machine's results as a profile, in the
 * tables of data/ (a machines row, then result rows with the definition
 * version), so that --ref NAME compares with it later.
 */

#ifndef BENCHTOP_PROFILE_H
#define BENCHTOP_PROFILE_H

#include <stddef.h>

#include "machine.h"
#include "measure-runner.h"

/* A profile name: letters, digits, '.', '_', '-'; not starting with '.'. */
int profile_name_ok(const char *name);

/*
 * Write the profile NAME under refdata_profile_dir() through a temp file
 * and a rename: a profile is never half-written. `class_id` is this CPU's
 * class. Returns 0, or -1 with a message in err.
 */
int profile_save(const char *name, const struct machine *m,
    const char *class_id, const struct test_result *r, size_t n, char *err,
    size_t errsize);

#endif
