/*
 * ui-rcfile.h: what the user chose on the live screen, kept between runs
 * as htop keeps its htoprc: $XDG_CONFIG_HOME/benchtop/benchtoprc (or
 * ~/.config/benchtop/benchtoprc), plain key=value lines, '#' comments.
 * Read at start (command-line flags win over it), written on quit
 * through a temporary file and a rename, so it is never half-written.
 * A damaged file is never a reason not to start: each line benchtop
 * does not understand is warned about (file:line) and skipped, every
 * other line is kept; and before such a file is written over, it is kept
 * as benchtoprc.bak.
 */

#ifndef BENCHTOP_SETTINGS_H
#define BENCHTOP_SETTINGS_H

#include <stddef.h>

enum settings_key {
	SETTINGS_SORT,          /* group name ns cv delta */
	SETTINGS_SORT_REVERSE,  /* 0 or 1 */
	SETTINGS_COLLAPSED,     /* 0 or 1: one line per group (a) */
	SETTINGS_HIDDEN_GROUPS, /* group names, comma-separated */
	SETTINGS_HIDDEN_TESTS,  /* test ids switched off (t) */
	SETTINGS_REF,           /* A or A,B as --ref takes them */
	SETTINGS_PLACEMENT,     /* same or spread (-u, --placement) */
	SETTINGS_REFRESH,       /* seconds, 0.1..60 (-d) */
	SETTINGS_QUIET,         /* 0 or 1 (Q, --quiet-ui) */
	SETTINGS_WORKERS,       /* 1..256 (-j) */
	SETTINGS_COUNT
};

#define SETTINGS_VALUE_MAX 2048

struct settings {
	unsigned bad_lines; /* lines ui_rcfile_read did not understand */
	int present[SETTINGS_COUNT];
	char value[SETTINGS_COUNT][SETTINGS_VALUE_MAX];
};

/* The file's path into buf; -1 when neither XDG_CONFIG_HOME nor HOME
 * is set. */
int ui_rcfile_path(char *buf, size_t size);

/*
 * Read `path` into s. A missing file is no settings and no warning.
 * Returns the number of lines it did not understand (0: none), each
 * skipped with "PATH:LINE: what; ignored" on a line of its own in warn,
 * the good lines kept; or -1 when the file cannot be read, with
 * "PATH: why; using the defaults" in warn and s empty.
 */
int ui_rcfile_read(const char *path, struct settings *s, char *warn,
    size_t size);

/* Set key k to a printf-formatted value. */
void ui_rcfile_set(struct settings *s, enum settings_key k, const char *fmt,
    ...) __attribute__((format(printf, 3, 4)));

/*
 * Write s over `path`, which ui_rcfile_read read into `was` (or NULL). A
 * file with lines it did not understand is first kept as PATH.bak, and
 * `note` says so ("" otherwise); when it cannot be kept nothing is
 * written. 0, or -1 with the reason in err.
 */
int ui_rcfile_replace(const char *path, const struct settings *s,
    const struct settings *was, char *note, size_t nsize, char *err,
    size_t esize);

/* Write s to `path` atomically, creating its directory; 0, or -1 with
 * the reason in err. */
int ui_rcfile_write(const char *path, const struct settings *s, char *err,
    size_t size);

/* Sort names as the file spells them: index of `name`, or -1. */
int ui_rcfile_sort_index(const char *name);
extern const char *const ui_rcfile_sort_names[];

#endif
