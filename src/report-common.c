/*
 * report-common.c: what every report format shares: the context a report
 * states, the end of a report and a value's text.
 */

#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>

#include "report-common.h"

const struct machine_context *
report_common_context(const struct report *r)
{
	return r->ctx != NULL ? r->ctx : &r->machine->ctx;
}

int
report_common_finish(FILE *f)
{
	if (fflush(f) != 0 || ferror(f)) {
		if (errno == 0)
			errno = EIO;
		return -1;
	}
	return 0;
}

const char *
report_common_fmt_value(char *buf, size_t size, double v)
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
