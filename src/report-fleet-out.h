/*
 * report-fleet-out.h: the fleet (--compare) written as text, JSON or CSV.
 */

#ifndef BENCHTOP_REPORT_FLEET_OUT_H
#define BENCHTOP_REPORT_FLEET_OUT_H

#include <stdio.h>

#include "report-fleet.h"
#include "report.h"

/* Text, JSON or CSV (report-fleet-out.c); 0, or -1 with errno. */
int fleet_out_write(FILE *f, const struct fleet_report *r,
    enum report_format format);

#endif
