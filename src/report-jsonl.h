/*
 * report-jsonl.h: JSON Lines, the batch --jsonl and the records the live
 * exporter shares: a record's opening fields (schema, time, host), a
 * claim's fields ("cpus": [0, 1], "resources": ["loopback"]), a test's
 * record up to its closing brace, and its whole record.
 */

#ifndef BENCHTOP_REPORT_JSONL_H
#define BENCHTOP_REPORT_JSONL_H

#include <stdio.h>

struct claim;
struct machine;
struct report;
struct test_result;

void report_jsonl(FILE *f, const struct report *r);
void report_jsonl_head(FILE *f, const struct machine *m, double ts);
void report_jsonl_claim(FILE *f, const struct claim *c);
void report_jsonl_fields(FILE *f, const struct machine *m, double ts,
    const struct test_result *r);
void report_jsonl_record(FILE *f, const struct machine *m, double ts,
    const struct test_result *r);

#endif
