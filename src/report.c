/*
 * report.c: the table of output formats: the top of the reports, which
 * calls each format's writer (report-*.c); what the writers share is in
 * report-common.c, below them.
 */

#include "config.h"

#include "report-csv.h"
#include "report-json.h"
#include "report-jsonl.h"
#include "report-om.h"
#include "report-text.h"
#include "report.h"

#include <errno.h>
#include <stdio.h>

static const struct {
	void (*write)(FILE *, const struct report *);
	void (*list)(FILE *);
} formats[] = {
	[REPORT_TEXT] = { report_text, report_text_list },
	[REPORT_JSON] = { report_json, report_json_list },
	[REPORT_CSV] = { report_csv, report_csv_list },
	[REPORT_OPENMETRICS] = { report_om, report_text_list },
	[REPORT_JSONL] = { report_jsonl, report_json_list },
};

int
report_write(FILE *f, enum report_format fmt, const struct report *r)
{
	errno = 0;
	formats[fmt].write(f, r);
	return report_common_finish(f);
}

int
report_list(FILE *f, enum report_format fmt)
{
	errno = 0;
	formats[fmt].list(f);
	return report_common_finish(f);
}
