/*
 * report-json.h: the JSON report (schema 1) and catalogue, and the JSON
 * text the other JSON writers share.
 */

#ifndef BENCHTOP_REPORT_JSON_H
#define BENCHTOP_REPORT_JSON_H

#include <stdio.h>

struct report;

void report_json(FILE *f, const struct report *r);
void report_json_list(FILE *f);
/* A JSON string, quoted and escaped; a number, null when not finite. */
void report_json_string(FILE *f, const char *s);
void report_json_number(FILE *f, double v);

#endif
