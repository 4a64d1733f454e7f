/*
 * check-data.h: the shipped reference data for the unit tests that read
 * it (test-refdata, test-refsel, test-story).
 */

#ifndef BENCHTOP_CHECK_DATA_H
#define BENCHTOP_CHECK_DATA_H

#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "ref-data.h"

/* Load $top_srcdir/data (../data without it) into *rd and its folder
 * into dir; 0, or -1 after a failed check that prints why. */
static inline int
check_load_shipped(struct refdata *rd, char *dir, size_t size)
{
	const char *top = getenv("top_srcdir");
	char err[256];

	(void)snprintf(dir, size, "%s/data", top ? top : "..");
	if (CHECK("shipped data loads",
	        ref_data_load_dir(rd, dir, err, sizeof err) == 0))
		return 0;
	printf("     %s\n", err);
	return -1;
}

#endif
