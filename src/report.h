/*
 * report.h: batch output. One format per file (report-text.c,
 * report-json.c, report-csv.c), chosen through one table.
 *
 * JSON schema 1 and the CSV header are a contract: scripts rely on the
 * names. Add fields; never rename or remove one without a new schema.
 */

#ifndef BENCHTOP_REPORT_H
#define BENCHTOP_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "machine.h"
#include "measure-runner.h"
#include "monitor-claims.h"
#include "ref-data.h"
#include "ref-select.h"

#define REPORT_SCHEMA 1

enum report_format {
	REPORT_TEXT,
	REPORT_JSON,
	REPORT_CSV,
	REPORT_OPENMETRICS,
	REPORT_JSONL,
};

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
const struct machine_context *report_om_context(const struct report *r);

/* Flush f; 0, or -1 with errno (EIO when the stream kept none) when
 * any write to it failed. Every report ends with it. */
int report_common_finish(FILE *f);

/* Write the report; returns 0, or -1 with errno when the stream failed. */
int report_write(FILE *f, enum report_format fmt, const struct report *r);

/* Write the catalogue (--list) in the given format; 0 or -1 as above. */
int report_list(FILE *f, enum report_format fmt);

/* The fixed CSV header, for tests and documentation. */
extern const char report_csv_header[];

/* Per-format writers, registered in report.c. */
void report_text(FILE *f, const struct report *r);
void report_json(FILE *f, const struct report *r);
void report_csv(FILE *f, const struct report *r);
void report_text_list(FILE *f);
void report_json_list(FILE *f);
void report_csv_list(FILE *f);
void report_om(FILE *f, const struct report *r);
/* One label of an OpenMetrics sample, name="value" with \, " and
 * newline escaped, after a comma unless `first`. */
void report_om_label(FILE *f, const char *name, const char *value, int first);
void report_jsonl(FILE *f, const struct report *r);

/* The demo view (--story A,B: report-story.c); 0, or -1 as above. */
int report_story(FILE *f, const struct report *r);

struct story_row;
/* The story rows of references refs[0] and refs[1] (story_select), each
 * with this run's cycles per operation (NAN: none), into a calloc'd
 * *rows; how many. *rows is NULL when out of memory. */
size_t report_story_rows(const struct report *r, const struct refsel refs[2],
    struct story_row **rows);

/*
 * JSON Lines (report-jsonl.c), shared with the live exporter: a record's
 * opening fields (schema, time, host), a claim's fields ("cpus": [0, 1],
 * "resources": ["loopback"]), a test's record up to its closing brace,
 * and its whole record.
 */
void report_jsonl_head(FILE *f, const struct machine *m, double ts);
void report_jsonl_claim(FILE *f, const struct claim *c);
void report_jsonl_fields(FILE *f, const struct machine *m, double ts,
    const struct test_result *r);
void report_jsonl_record(FILE *f, const struct machine *m, double ts,
    const struct test_result *r);

/* Shared helpers (report-json.c, report-csv.c, report-common.c). */
void report_json_string(FILE *f, const char *s);
void report_json_number(FILE *f, double v);
/* A CSV field: a comma, then v (%.6g) or nothing when not finite. */
void report_csv_number(FILE *f, double v);
void report_csv_field(FILE *f, const char *s);
/* Format a value with 4 significant digits (no exponent) into buf. */
const char *report_common_fmt_value(char *buf, size_t size, double v);

#endif
