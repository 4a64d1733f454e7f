/*
 * report.c: the table of output formats and helpers they share.
 */

#include "config.h"

#include "report.h"

#include <errno.h>
#include <math.h>
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
report_finish(FILE *f)
{
	if (fflush(f) != 0 || ferror(f)) {
		if (errno == 0)
			errno = EIO;
		return -1;
	}
	return 0;
}

int
report_write(FILE *f, enum report_format fmt, const struct report *r)
{
	errno = 0;
	formats[fmt].write(f, r);
	return report_finish(f);
}

int
report_list(FILE *f, enum report_format fmt)
{
	errno = 0;
	formats[fmt].list(f);
	return report_finish(f);
}

const char *
report_fmt_value(char *buf, size_t size, double v)
{
	double mag = fabs(v);
	int decimals;

	if (!isfinite(v)) {
		(void)snprintf(buf, size, "-");
		return buf;
	}
	/* BYTE prints rates with one decimal; small values keep 4 digits. */
	if (mag >= 100)
		decimals = 1;
	else if (mag >= 10)
		decimals = 2;
	else if (mag >= 1 || mag == 0)
		decimals = 3;
	else
		decimals = 3 - (int)floor(log10(mag));
	if (decimals > 9)
		decimals = 9;
	(void)snprintf(buf, size, "%.*f", decimals, v);
	return buf;
}
