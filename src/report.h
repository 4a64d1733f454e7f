/*
 * report.h: batch output. One format per file (report-text.c,
 * report-json.c, report-csv.c, report-om.c, report-jsonl.c), chosen
 * through one table; what they share is in report-common.h.
 */

#ifndef BENCHTOP_REPORT_H
#define BENCHTOP_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "report-common.h"

enum report_format {
	REPORT_TEXT,
	REPORT_JSON,
	REPORT_CSV,
	REPORT_OPENMETRICS,
	REPORT_JSONL,
};

/* Write the report; returns 0, or -1 with errno when the stream failed. */
int report_write(FILE *f, enum report_format fmt, const struct report *r);

/* Write the catalogue (--list) in the given format; 0 or -1 as above. */
int report_list(FILE *f, enum report_format fmt);

#endif
