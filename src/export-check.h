/*
 * export-check.h: `--watch --check PROFILE`: a running monitor judged
 * against a profile, for /metrics (--listen) and --openmetrics-file.
 *
 * The judge is --check's own (measure-judge.c's judge_rows, through
 * verdict_out_judge_report), fed the live figures in the shape --check
 * measures them: each test's newest EXPORT_CHECK_SLICES slices that
 * ended, one median each, against the profile's slices. So a live
 * verdict and a batch one mean the same, the machine's and the kinds'
 * shifts included; a test with fewer ended slices reads too_few, as
 * --check's with fewer than JUDGE_MIN_SLICES does, until it has them.
 * (The live screen's baseline, judge_live_row, answers another question,
 * "did this row just change", and is not used here.)
 */

#ifndef BENCHTOP_EXPORT_CHECK_H
#define BENCHTOP_EXPORT_CHECK_H

#include <stddef.h>
#include <stdio.h>

#include "monitor-store.h"
#include "ref-data.h"

/* The newest slices judged per test: as many as --check measures. */
#define EXPORT_CHECK_SLICES 5

/* What the live figures are judged against; it must outlive its users. */
struct export_check {
	const struct refdata *rd;
	size_t machine; /* the profile's index in rd */
	double tolerance_pct;
};

/*
 * The check's families (report-om-check.h) for every test of the store,
 * judged now; 0, or -1 when out of memory (nothing written). Any thread
 * may call it: it reads the store as the screen does.
 */
int export_check_write(FILE *f, struct store *s, const struct export_check *c);

#endif
