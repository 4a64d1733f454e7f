/*
 * report-csv.h: the CSV report and catalogue, and the CSV fields the
 * other CSV writers share.
 */

#ifndef BENCHTOP_REPORT_CSV_H
#define BENCHTOP_REPORT_CSV_H

#include <stdio.h>

struct report;

/* The fixed CSV header, for tests and documentation. */
extern const char report_csv_header[];

void report_csv(FILE *f, const struct report *r);
void report_csv_list(FILE *f);
/* A CSV field: a comma, then v (%.6g) or nothing when not finite. */
void report_csv_number(FILE *f, double v);
void report_csv_field(FILE *f, const char *s);

#endif
