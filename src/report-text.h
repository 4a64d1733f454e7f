/*
 * report-text.h: the text report and catalogue (the default format).
 */

#ifndef BENCHTOP_REPORT_TEXT_H
#define BENCHTOP_REPORT_TEXT_H

#include <stdio.h>

struct report;

void report_text(FILE *f, const struct report *r);
void report_text_list(FILE *f);

#endif
