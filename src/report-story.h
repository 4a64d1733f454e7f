/*
 * report-story.h: the demo view (--story A,B).
 */

#ifndef BENCHTOP_REPORT_STORY_H
#define BENCHTOP_REPORT_STORY_H

#include <stddef.h>
#include <stdio.h>

#include "ref-select.h"

struct report;
struct story_row;

/* Write it; 0, or -1 with errno when the stream failed. */
int report_story(FILE *f, const struct report *r);

/* The story rows of references refs[0] and refs[1] (story_select), each
 * with this run's cycles per operation (NAN: none), into a calloc'd
 * *rows; how many. *rows is NULL when out of memory. */
size_t report_story_rows(const struct report *r, const struct refsel refs[2],
    struct story_row **rows);

#endif
