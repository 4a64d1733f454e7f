/*
 * report-common.c: what every report format shares: the context a report
 * states, the end of a report and a value's text.
 */

#include "config.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

static int
save_failed(const struct report_save *s, char *err, size_t size)
{
	(void)snprintf(err, size, "%s: cannot write '%.64s': %s", s->option,
	    s->path, strerror(errno));
	return -1;
}

int
report_common_save_begin(struct report_save *s, const char *option,
    const char *path, char *err, size_t size)
{
	int fd;

	s->option = option;
	s->path = path;
	s->f = NULL;
	if ((size_t)snprintf(s->tmp, sizeof s->tmp, "%s.XXXXXX", path) >=
	    sizeof s->tmp) {
		(void)snprintf(err, size, "%s: path too long", option);
		return -1;
	}
	if ((fd = mkstemp(s->tmp)) < 0)
		return save_failed(s, err, size);
	if ((s->f = fdopen(fd, "w")) == NULL) {
		(void)save_failed(s, err, size);
		(void)close(fd);
		(void)unlink(s->tmp);
		return -1;
	}
	(void)fchmod(fd, 0644);
	return 0;
}

int
report_common_save_end(struct report_save *s, int written, char *err,
    size_t size)
{
	int ok = written;

	ok &= fclose(s->f) == 0;
	s->f = NULL;
	if (!ok || rename(s->tmp, s->path) != 0) {
		(void)save_failed(s, err, size);
		(void)unlink(s->tmp);
		return -1;
	}
	return 0;
}
