/*
 * base-tsv.c: the tree's one reader of tab-separated tables.
 */

#include "config.h"

#include "base-tsv.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

void
tsv_open(struct tsv *t, FILE *f)
{
	memset(t, 0, sizeof *t);
	t->f = f;
}

/* Split t->text at tabs in place. */
static void
split(struct tsv *t)
{
	char *p = t->text;

	p[strcspn(p, "\r\n")] = '\0';
	t->n = 0;
	t->field[t->n++] = p;
	while ((p = strchr(p, '\t')) != NULL && t->n < TSV_MAX_FIELDS) {
		*p++ = '\0';
		t->field[t->n++] = p;
	}
}

int
tsv_next(struct tsv *t)
{
	ssize_t len;

	errno = 0;
	while ((len = getline(&t->text, &t->cap, t->f)) >= 0) {
		t->line++;
		if (memchr(t->text, '\0', (size_t)len) != NULL) {
			t->error = "a NUL byte in the line";
			return -1;
		}
		if (t->text[0] == '#' ||
		    t->text[strspn(t->text, " \t\r\n")] == '\0')
			continue;
		split(t);
		return 1;
	}
	if (ferror(t->f)) {
		(void)snprintf(t->why, sizeof t->why, "read error: %s",
		    strerror(errno ? errno : EIO));
		t->error = t->why;
		return -1;
	}
	return 0;
}

int
tsv_column(const struct tsv *t, const char *name)
{
	for (size_t i = 0; i < t->n; i++)
		if (strcmp(t->field[i], name) == 0)
			return (int)i;
	return -1;
}

void
tsv_close(struct tsv *t)
{
	free(t->text);
	t->text = NULL;
	t->cap = 0;
}
