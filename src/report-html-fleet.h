/*
 * report-html-fleet.h: the fleet (--compare) as one self-contained HTML page.
 */

#ifndef BENCHTOP_REPORT_HTML_FLEET_H
#define BENCHTOP_REPORT_HTML_FLEET_H

#include <stddef.h>

#include "report-fleet.h"

/* The HTML page (report-html-fleet.c), through a temporary file and a
 * rename; `argv` the command shown. 0, or -1 with one line in err. */
int html_fleet_save(const char *path, const struct fleet_report *r, int argc,
    char *const *argv, char *err, size_t size);

#endif
