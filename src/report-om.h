/*
 * report-om.h: the OpenMetrics report.
 */

#ifndef BENCHTOP_REPORT_OM_H
#define BENCHTOP_REPORT_OM_H

#include <stdio.h>

struct report;

void report_om(FILE *f, const struct report *r);
/* One label of an OpenMetrics sample, name="value" with \, " and
 * newline escaped, after a comma unless `first`. */
void report_om_label(FILE *f, const char *name, const char *value, int first);

#endif
