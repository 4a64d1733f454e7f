/*
 * app-opts-parse.h: the numbers and lists of the command line's values, each
 * checked whole.
 */

#ifndef BENCHTOP_APP_OPTS_PARSE_H
#define BENCHTOP_APP_OPTS_PARSE_H

#include "app-opts.h"

/* app-opts-parse.c: a plain decimal number in [lo, hi] (lo exclusive
 * when lo_open) into *out; -1 otherwise ("0x10", "1e3", "-1", "inf"). */
int opts_parse_number(const char *s, double lo, double hi, int lo_open,
    double *out);

/* "0,2-3" into o->cpus; -1 when malformed or too many. No check that
 * they exist (pinning says so). */
int opts_parse_cpu_list(const char *s, struct opts *o);

#endif
