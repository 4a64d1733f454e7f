/*
 * app-opts-usage.h: the --help text.
 */

#ifndef BENCHTOP_APP_OPTS_USAGE_H
#define BENCHTOP_APP_OPTS_USAGE_H

extern const char opts_usage[];

#endif
