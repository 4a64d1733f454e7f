/*
 * report-common.h: what every report format shares: the report they
 * write (struct report), its context, its end and a value's text.
 *
 * JSON schema 1 and the CSV header are a contract: scripts rely on the
 * names. Add fields; never rename or remove one without a new schema.
 */

#ifndef BENCHTOP_REPORT_COMMON_H
#define BENCHTOP_REPORT_COMMON_H

#include <limits.h>
#include <stddef.h>
#include <stdio.h>

#include "machine.h"
#include "measure-runner.h"
#include "ref-data.h"
#include "ref-select.h"

#define REPORT_SCHEMA 1

struct report {
	const struct machine *machine;
	const struct test_result *results;
	size_t n;
	double seconds_per_test;
	double sample_ms;
	const struct refdata *ref; /* reference data, or NULL */
	struct refsel refs[2];     /* A and B (--ref A,B); B may be none */
	/* Live exports: per result, the wall time (s since 1970) its last
	 * slice ended, NAN if none; NULL in batch mode. */
	const double *last_slice_s;
	/* The context now, when it is not the machine's at start (the live
	 * exporters); NULL: machine->ctx. */
	const struct machine_context *ctx;
};

/* The context a report states: r->ctx, else the machine's. */
const struct machine_context *report_common_context(const struct report *r);

/* Flush f; 0, or -1 with errno (EIO when the stream kept none) when
 * any write to it failed. Every report ends with it. */
int report_common_finish(FILE *f);

/* Format a value with 4 significant digits (no exponent) into buf. */
const char *report_common_fmt_value(char *buf, size_t size, double v);

/*
 * A report file written whole or not at all: into a temporary file
 * beside `path`, renamed over it once every write succeeded, so that a
 * reader (a browser reloading the page) never sees half a page and a
 * failed write leaves the old file as it was. save_begin opens the
 * temporary file as s->f (mode 0644: a page to share, like any report);
 * save_end closes it, then renames it when `written` (the writer
 * succeeded), else removes it. Both return 0, or -1 with
 * "OPTION: cannot write 'PATH': why" in err.
 */
struct report_save {
	char tmp[PATH_MAX];
	const char *option, *path;
	FILE *f;
};
int report_common_save_begin(struct report_save *s, const char *option,
    const char *path, char *err, size_t size);
int report_common_save_end(struct report_save *s, int written, char *err,
    size_t size);

#endif
