/*
 * base-tsv.h: reading a tab-separated table line by line: the data files
 * and profiles (ref-data.c), the machines list of --identify. '#' starts
 * a comment line; blank lines are skipped; a line may be of any length.
 */

#ifndef BENCHTOP_BASE_TSV_H
#define BENCHTOP_BASE_TSV_H

#include <stddef.h>
#include <stdio.h>

/* More fields than this end up in the last one. */
#define TSV_MAX_FIELDS 16

struct tsv {
	FILE *f;
	size_t line; /* of the row last read, from 1 */
	char *text;  /* that row, split at tabs in place */
	size_t cap;  /* getline's */
	char *field[TSV_MAX_FIELDS];
	size_t n;          /* fields in the row */
	const char *error; /* what tsv_next's -1 means */
	char why[96];      /* the read error's text */
};

/* Start reading f (which stays the caller's to close). */
void tsv_open(struct tsv *t, FILE *f);

/*
 * The next row that is neither blank nor a comment, split at its tabs
 * (its line end dropped): 1; 0 at the end of the file; -1 with t->error
 * "a NUL byte in the line" or "read error: why", t->line the line.
 */
int tsv_next(struct tsv *t);

/* The field of the last row whose text is `name` (a header's column),
 * from 0; -1 when there is none. */
int tsv_column(const struct tsv *t, const char *name);

/* Free the line buffer. */
void tsv_close(struct tsv *t);

#endif
