/*
 * ui-rcfile.c: benchtoprc, read at start and written on quit.
 */

#include "config.h"

#include "ui-rcfile.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench.h"

const char *const ui_rcfile_sort_names[] = { "group", "name", "ns", "cv",
	"delta", NULL };

static int is_sort(const char *v);
static int is_bool(const char *v);
static int is_groups(const char *v);
static int is_ids(const char *v);
static int is_ref(const char *v);
static int is_placement(const char *v);
static int is_refresh(const char *v);
static int is_workers(const char *v);

/* Each key's name in the file, and what its value may be. */
static const struct key {
	const char *name;
	int (*valid)(const char *);
	const char *expected;
} keys[SETTINGS_COUNT] = {
	[SETTINGS_SORT] = { "sort", is_sort, "group, name, ns, cv or delta" },
	[SETTINGS_SORT_REVERSE] = { "sort_reverse", is_bool, "0 or 1" },
	[SETTINGS_COLLAPSED] = { "collapsed", is_bool, "0 or 1" },
	[SETTINGS_HIDDEN_GROUPS] = { "hidden_groups", is_groups,
	    "group names, comma-separated" },
	[SETTINGS_HIDDEN_TESTS] = { "hidden_tests", is_ids,
	    "test ids, comma-separated" },
	[SETTINGS_REF] = { "ref", is_ref, "A or A,B" },
	[SETTINGS_PLACEMENT] = { "placement", is_placement, "same or spread" },
	[SETTINGS_REFRESH] = { "refresh", is_refresh, "seconds, 0.1..60" },
	[SETTINGS_QUIET] = { "quiet", is_bool, "0 or 1" },
	[SETTINGS_WORKERS] = { "workers", is_workers, "1..256" },
};

int
ui_rcfile_sort_index(const char *name)
{
	for (int i = 0; ui_rcfile_sort_names[i] != NULL; i++)
		if (strcmp(name, ui_rcfile_sort_names[i]) == 0)
			return i;
	return -1;
}

static int
is_sort(const char *v)
{
	return ui_rcfile_sort_index(v) >= 0;
}

static int
is_bool(const char *v)
{
	return strcmp(v, "0") == 0 || strcmp(v, "1") == 0;
}

static int
is_group(const char *name, size_t len)
{
	for (int g = 0; g < BENCH_GROUP_COUNT; g++) {
		const char *n = bench_group_name((enum bench_group)g);

		if (strlen(n) == len && strncmp(n, name, len) == 0)
			return 1;
	}
	return 0;
}

static int
is_groups(const char *v)
{
	while (*v != '\0') {
		size_t len = strcspn(v, ",");

		if (!is_group(v, len))
			return 0;
		v += len + (v[len] == ',');
	}
	return 1;
}

/* Test ids: lowercase letters, digits, '_' and '.', comma-separated. An
 * id this version does not have is not damage: it is skipped. */
static int
is_ids(const char *v)
{
	for (; *v != '\0'; v++)
		if (!islower((unsigned char)*v) &&
		    !isdigit((unsigned char)*v) && *v != '_' && *v != '.' &&
		    *v != ',')
			return 0;
	return 1;
}

static int
is_ref(const char *v)
{
	return *v != '\0' && strchr(v, ' ') == NULL;
}

static int
is_placement(const char *v)
{
	return strcmp(v, "same") == 0 || strcmp(v, "spread") == 0;
}

static int
number_in(const char *v, double lo, double hi, int whole)
{
	char *end;
	double d;

	errno = 0;
	d = strtod(v, &end);
	return *v != '\0' && *end == '\0' && errno == 0 && d >= lo && d <= hi &&
	    (!whole || d == (double)(long)d);
}

static int
is_refresh(const char *v)
{
	return number_in(v, 0.1, 60, 0);
}

static int
is_workers(const char *v)
{
	return number_in(v, 1, 256, 1);
}

int
ui_rcfile_path(char *buf, size_t size)
{
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");

	if (xdg != NULL && xdg[0] == '/')
		(void)snprintf(buf, size, "%s/benchtop/benchtoprc", xdg);
	else if (home != NULL && home[0] != '\0')
		(void)snprintf(buf, size, "%s/.config/benchtop/benchtoprc",
		    home);
	else
		return -1;
	return 0;
}

/* One line: "key=value", a comment or blank; NULL, or what is wrong. */
static const char *
parse_line(char *line, struct settings *s, char *why, size_t size)
{
	char *eq;
	int k;

	line[strcspn(line, "\n")] = '\0';
	if (line[0] == '#' || line[0] == '\0')
		return NULL;
	if ((eq = strchr(line, '=')) == NULL) {
		(void)snprintf(why, size, "'%.40s' is not key=value", line);
		return why;
	}
	*eq = '\0';
	for (k = 0; k < SETTINGS_COUNT; k++)
		if (strcmp(line, keys[k].name) == 0)
			break;
	if (k == SETTINGS_COUNT) {
		(void)snprintf(why, size, "unknown key '%.40s'", line);
		return why;
	}
	if (strlen(eq + 1) >= SETTINGS_VALUE_MAX || !keys[k].valid(eq + 1)) {
		(void)snprintf(why, size, "%s: bad value '%.40s' (expected %s)",
		    keys[k].name, eq + 1, keys[k].expected);
		return why;
	}
	s->present[k] = 1;
	(void)snprintf(s->value[k], SETTINGS_VALUE_MAX, "%s", eq + 1);
	return NULL;
}

/* "PATH:LINE: why; line ignored", on a line of its own in warn. */
static void
warn_line(char *warn, size_t size, const char *path, unsigned lineno,
    const char *why)
{
	size_t len = strlen(warn);

	if (len + 1 < size)
		(void)snprintf(warn + len, size - len, "%s%s:%u: %s; ignored",
		    len ? "\n" : "", path, lineno, why);
}

/* The rest of a line longer than the buffer: read and dropped. */
static void
skip_rest(FILE *f)
{
	int c;

	while ((c = getc(f)) != EOF && c != '\n')
		;
}

int
ui_rcfile_read(const char *path, struct settings *s, char *warn, size_t size)
{
	char line[SETTINGS_VALUE_MAX + 64], why[160];
	const char *bad;
	unsigned lineno = 0;
	FILE *f;

	memset(s, 0, sizeof *s);
	warn[0] = '\0';
	if ((f = fopen(path, "r")) == NULL) {
		if (errno == ENOENT)
			return 0;
		(void)snprintf(warn, size, "%s: %s; using the defaults", path,
		    strerror(errno));
		return -1;
	}
	/* A bad line costs that line only: every good one is kept. */
	while (fgets(line, sizeof line, f) != NULL) {
		lineno++;
		if (strchr(line, '\n') == NULL && !feof(f)) {
			skip_rest(f);
			(void)snprintf(why, sizeof why, "line too long");
			bad = why;
		} else
			bad = parse_line(line, s, why, sizeof why);
		if (bad != NULL) {
			s->bad_lines++;
			warn_line(warn, size, path, lineno, bad);
		}
	}
	(void)fclose(f);
	return (int)s->bad_lines;
}

void
ui_rcfile_set(struct settings *s, enum settings_key k, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	(void)vsnprintf(s->value[k], SETTINGS_VALUE_MAX, fmt, ap);
	va_end(ap);
	s->present[k] = 1;
}

/* mkdir -p of the file's directory, two levels at most (XDG's, ours). */
static int
make_dirs(const char *path)
{
	char dir[4096];
	char *slash;

	(void)snprintf(dir, sizeof dir, "%s", path);
	if ((slash = strrchr(dir, '/')) == NULL)
		return 0;
	*slash = '\0';
	if (mkdir(dir, 0700) == 0 || errno == EEXIST)
		return 0;
	if (errno != ENOENT || (slash = strrchr(dir, '/')) == NULL)
		return -1;
	*slash = '\0';
	if (mkdir(dir, 0700) != 0 && errno != EEXIST)
		return -1;
	*slash = '/';
	return mkdir(dir, 0700) == 0 || errno == EEXIST ? 0 : -1;
}

static int
write_all(FILE *f, const struct settings *s)
{
	fputs("# benchtop settings, written on quit; flags win over them.\n",
	    f);
	for (int k = 0; k < SETTINGS_COUNT; k++)
		if (s->present[k])
			fprintf(f, "%s=%s\n", keys[k].name, s->value[k]);
	return fflush(f) == 0 && !ferror(f) ? 0 : -1;
}

int
ui_rcfile_write(const char *path, const struct settings *s, char *err,
    size_t size)
{
	char tmp[4200];
	FILE *f = NULL;
	int fd, ok;

	(void)snprintf(tmp, sizeof tmp, "%s.XXXXXX", path);
	if (make_dirs(path) != 0 || (fd = mkstemp(tmp)) < 0) {
		(void)snprintf(err, size, "%s: %s", path, strerror(errno));
		return -1;
	}
	if ((f = fdopen(fd, "w")) == NULL)
		(void)close(fd);
	ok = f != NULL && write_all(f, s) == 0 && fsync(fileno(f)) == 0;
	if (f != NULL && fclose(f) != 0)
		ok = 0;
	if (!ok || rename(tmp, path) != 0) {
		(void)snprintf(err, size, "%s: %s", path, strerror(errno));
		(void)unlink(tmp);
		return -1;
	}
	return 0;
}

int
ui_rcfile_replace(const char *path, const struct settings *s,
    const struct settings *was, char *note, size_t nsize, char *err,
    size_t esize)
{
	char bak[4200];
	unsigned n = was != NULL ? was->bad_lines : 0;

	note[0] = '\0';
	(void)snprintf(bak, sizeof bak, "%s.bak", path);
	/* The old file moves aside whole; the new one is written fresh. */
	if (n > 0 && rename(path, bak) != 0 && errno != ENOENT) {
		(void)snprintf(err, esize,
		    "%s: cannot keep a copy as %s (%s); the file is left as "
		    "it was",
		    path, bak, strerror(errno));
		return -1;
	}
	if (n > 0)
		(void)snprintf(note, nsize,
		    "%s had %u line%s benchtop did not understand: the file "
		    "is kept as %s",
		    path, n, n == 1 ? "" : "s", bak);
	return ui_rcfile_write(path, s, err, esize);
}
