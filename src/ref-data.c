/*
 * ref-data.c: loading and checking the TSV files of data/ and profiles.
 */

#include "config.h"

#include "ref-data-find.h"
#include "ref-data.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base-tsv.h"
#include "bench-registry.h"

#ifndef PKGDATADIR
#define PKGDATADIR "/usr/local/share/benchtop"
#endif

enum table { T_NONE, T_MACHINES, T_RESULTS, T_BASELINES, T_EXTRA, T_CONTEXT };

static const char *const stat_names[REF_STAT_COUNT] = {
	[REF_RESULT] = "result",
	[REF_LOW] = "low",
	[REF_HIGH] = "high",
	[REF_AVERAGE] = "average",
	[REF_PER_MHZ] = "per_mhz",
	[REF_INDEX] = "index",
	[REF_SLICE] = "slice",
	[REF_NOISY] = "noisy",
};

static const char *const units[] = { "lps", "lpm", "KBps", "us", "MB/s",
	"loops/s", "calls/s", "cycles", "loops/s/MHz", "index", "io/s",
	"share" };

/* One file being parsed. */
struct parse {
	struct refdata *rd;
	const char *name;
	size_t line;
	enum table table;
	size_t ncols;
	char *err;
	size_t errsize;
};

static int fail(struct parse *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int
fail(struct parse *p, const char *fmt, ...)
{
	char msg[200];
	va_list ap;

	va_start(ap, fmt);
	(void)vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	(void)snprintf(p->err, p->errsize, "%s:%zu: %s", p->name, p->line, msg);
	return -1;
}

int
ref_data_number(const char *text, double *out)
{
	char *end;
	double v;

	if (text[0] == '\0' || strchr("+-.0123456789", text[0]) == NULL)
		return -1;
	errno = 0;
	v = strtod(text, &end);
	/* lmbench prints 20000 as "20.K" when the column is narrow. */
	if (*end == 'K' && end[1] == '\0' && end != text)
		v *= 1000, end++;
	if (*end != '\0' || errno != 0 || !isfinite(v))
		return -1;
	*out = v;
	return 0;
}

int
ref_data_placement(const char *word)
{
	static const enum bench_placement all[] = { BENCH_PLACE_SINGLE,
		BENCH_PLACE_SAME, BENCH_PLACE_SPREAD };

	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
		if (strcmp(word, bench_placement_name(all[i])) == 0)
			return (int)all[i];
	return REF_PLACE_UNSTATED;
}

static int
known_unit(const char *u)
{
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
		if (strcmp(units[i], u) == 0)
			return 1;
	return 0;
}

static int
known_test(const struct refdata *rd, const char *id)
{
	if (registry_find(id) != NULL)
		return 1;
	for (size_t i = 0; i < rd->nextra; i++)
		if (strcmp(rd->extra_ids[i], id) == 0)
			return 1;
	return 0;
}

/* Grow an array by one element; returns the new slot or NULL. */
static void *
grow(void **array, size_t *n, size_t size)
{
	char *a = realloc(*array, (*n + 1) * size);

	if (a == NULL)
		return NULL;
	*array = a;
	memset(a + *n * size, 0, size);
	return a + (*n)++ * size;
}

static char *
dup_or_null(const char *s)
{
	return strcmp(s, "-") == 0 ? NULL : strdup(s);
}

/* ---- rows ---- */

static int
machine_row(struct parse *p, char **f)
{
	struct refdata *rd = p->rd;
	struct ref_machine *m;
	double mhz = NAN, cpus = 0;

	if (f[0][0] == '\0' || ref_data_find_machine(rd, f[0]) != NULL)
		return fail(p, "%s machine id '%.64s'",
		    f[0][0] ? "duplicate" : "empty", f[0]);
	if (strcmp(f[4], "-") != 0 && ref_data_number(f[4], &mhz) != 0)
		return fail(p, "bad MHz '%.64s'", f[4]);
	if (p->ncols == 10 && strcmp(f[9], "-") != 0 &&
	    ref_data_placement(f[9]) == REF_PLACE_UNSTATED)
		return fail(p, "bad placement '%.64s' (same, spread or -)",
		    f[9]);
	if (strcmp(f[5], "-") != 0 &&
	    (ref_data_number(f[5], &cpus) != 0 || cpus < 0 || cpus > 65536 ||
	        cpus != (int)cpus))
		return fail(p, "bad CPU count '%.64s'", f[5]);
	m = grow((void **)&rd->machines, &rd->nmachines, sizeof *m);
	if (m == NULL)
		return fail(p, "out of memory");
	m->id = strdup(f[0]);
	m->label = strdup(f[1]);
	m->vendor = dup_or_null(f[2]);
	m->class_id = strdup(f[3]);
	m->mhz = mhz;
	m->cpus = (int)cpus;
	m->kernel = dup_or_null(f[6]);
	m->host = dup_or_null(f[7]);
	m->source = strdup(f[8]);
	m->place = REF_PLACE_UNSTATED;
	if (p->ncols == 10)
		m->place = ref_data_placement(f[9]);
	if (p->ncols == 12) {
		m->date = strdup(f[9]);
		m->version = strdup(f[10]);
		m->placement = strdup(f[11]);
	}
	return 0;
}

static int
parse_stat(const char *s, enum ref_stat *out)
{
	for (int i = 0; i < REF_STAT_COUNT; i++) {
		if (strcmp(stat_names[i], s) == 0) {
			*out = (enum ref_stat)i;
			return 0;
		}
	}
	return -1;
}

/* Checks of a results row, before it is stored. */
static int
result_check(struct parse *p, char **f, size_t *mi, enum ref_stat *st,
    double *v)
{
	const struct refdata *rd = p->rd;

	if ((*mi = ref_data_find_machine_index(rd, f[0])) == SIZE_MAX)
		return fail(p, "unknown machine '%.64s'", f[0]);
	if (!known_test(rd, f[1]))
		return fail(p, "unknown test id '%.64s'", f[1]);
	if (parse_stat(f[2], st) != 0)
		return fail(p, "unknown stat '%.64s'", f[2]);
	if (ref_data_number(f[3], v) != 0)
		return fail(p, "bad value '%.64s'", f[3]);
	if (!known_unit(f[4]))
		return fail(p, "unknown unit '%.64s'", f[4]);
	/* A profile has a row per slice; every other statistic one. */
	if (*st != REF_SLICE &&
	    ref_data_find_result(rd, *mi, f[1], *st) != NULL)
		return fail(p, "duplicate row %s %s %s", f[0], f[1], f[2]);
	return 0;
}

/*
 * A result's placement: a profile's row names its own in the source
 * ("benchtop spread median", report-profile.c), else its machine's.
 */
static int
result_placement(const struct refdata *rd, size_t mi, const char *source)
{
	char word[16];

	if (sscanf(source, "benchtop %15s", word) == 1 &&
	    ref_data_placement(word) != REF_PLACE_UNSTATED)
		return ref_data_placement(word);
	return rd->machines[mi].place;
}

static int
result_row(struct parse *p, char **f)
{
	struct refdata *rd = p->rd;
	struct ref_result *r;
	enum ref_stat st = REF_RESULT;
	size_t mi;
	double v, version = 0;

	if (result_check(p, f, &mi, &st, &v) != 0)
		return -1;
	if (p->ncols == 7 &&
	    (ref_data_number(f[6], &version) != 0 || version < 0 ||
	        version > 65536 || version != (unsigned)version))
		return fail(p, "bad definition version '%s'", f[6]);
	if ((r = grow((void **)&rd->results, &rd->nresults, sizeof *r)) == NULL)
		return fail(p, "out of memory");
	r->machine = mi;
	r->test = strdup(f[1]);
	r->stat = st;
	r->text = strdup(f[3]);
	r->value = v;
	r->unit = strdup(f[4]);
	r->source = strdup(f[5]);
	r->version = (unsigned)version;
	r->placement = result_placement(rd, mi, f[5]);
	return 0;
}

static int
baseline_row(struct parse *p, char **f)
{
	struct refdata *rd = p->rd;
	struct ref_baseline *b;
	double v;

	if (!known_test(rd, f[1]))
		return fail(p, "unknown test id '%s'", f[1]);
	if (ref_data_number(f[2], &v) != 0 || !(v > 0))
		return fail(p, "bad baseline '%s'", f[2]);
	if (!known_unit(f[3]))
		return fail(p, "unknown unit '%s'", f[3]);
	if (ref_data_find_baseline(rd, f[0], f[1]) != NULL)
		return fail(p, "duplicate baseline %s %s", f[0], f[1]);
	b = grow((void **)&rd->baselines, &rd->nbaselines, sizeof *b);
	if (b == NULL)
		return fail(p, "out of memory");
	b->index = strdup(f[0]);
	b->test = strdup(f[1]);
	b->text = strdup(f[2]);
	b->value = v;
	b->unit = strdup(f[3]);
	return 0;
}

static int
extra_row(struct parse *p, char **f)
{
	struct refdata *rd = p->rd;
	char **slot;

	if (f[0][0] == '\0' || known_test(rd, f[0]))
		return fail(p, "extra test id '%s' is empty or already known",
		    f[0]);
	slot = grow((void **)&rd->extra_ids, &rd->nextra, sizeof *slot);
	if (slot == NULL)
		return fail(p, "out of memory");
	*slot = strdup(f[0]);
	return 0;
}

static int
context_row(struct parse *p, char **f)
{
	struct refdata *rd = p->rd;
	struct ref_context *c;
	size_t mi;

	if ((mi = ref_data_find_machine_index(rd, f[0])) == SIZE_MAX)
		return fail(p, "unknown machine '%.64s'", f[0]);
	if (f[1][0] == '\0' || ref_data_find_context(rd, mi, f[1]) != NULL)
		return fail(p, "%s context key '%.64s'",
		    f[1][0] ? "duplicate" : "empty", f[1]);
	c = grow((void **)&rd->contexts, &rd->ncontexts, sizeof *c);
	if (c == NULL)
		return fail(p, "out of memory");
	c->machine = mi;
	c->key = strdup(f[1]);
	c->value = strdup(f[2]);
	return 0;
}

/* ---- lines ---- */

/* A header row starts a table; returns 1 if `f` is one. */
static int
header(struct parse *p, char **f, size_t n)
{
	/* Ten columns: the seeds' machines with their placement. */
	if (n >= 9 && strcmp(f[0], "id") == 0 && strcmp(f[1], "label") == 0 &&
	    (n != 10 || strcmp(f[9], "placement") == 0))
		p->table = T_MACHINES;
	else if (n >= 6 && strcmp(f[0], "machine") == 0)
		p->table = T_RESULTS;
	else if (n >= 5 && strcmp(f[0], "index") == 0)
		p->table = T_BASELINES;
	else if (n >= 3 && strcmp(f[0], "id") == 0 &&
	    strcmp(f[1], "title") == 0)
		p->table = T_EXTRA;
	else if (n == 3 && strcmp(f[0], "machine_context") == 0)
		p->table = T_CONTEXT;
	else
		return 0;
	p->ncols = n;
	return 1;
}

static int
row(struct parse *p, char **f, size_t n)
{
	static const size_t want[][3] = { [T_MACHINES] = { 9, 10, 12 },
		[T_RESULTS] = { 6, 7, 7 },
		[T_BASELINES] = { 5, 5, 5 },
		[T_EXTRA] = { 3, 3, 3 },
		[T_CONTEXT] = { 3, 3, 3 } };

	if (p->table == T_NONE)
		return fail(p, "a row before any header row");
	if (n != p->ncols ||
	    (n != want[p->table][0] && n != want[p->table][1] &&
	        n != want[p->table][2]))
		return fail(p, "%zu fields, the header has %zu", n, p->ncols);
	switch (p->table) {
	case T_MACHINES:
		return machine_row(p, f);
	case T_RESULTS:
		return result_row(p, f);
	case T_BASELINES:
		return baseline_row(p, f);
	case T_CONTEXT:
		return context_row(p, f);
	default:
		return extra_row(p, f);
	}
}

int
ref_data_parse(struct refdata *rd, FILE *f, const char *name, char *err,
    size_t errsize)
{
	struct parse p = { rd, name, 0, T_NONE, 0, err, errsize };
	struct tsv t;
	int rc = 0, more;

	tsv_open(&t, f);
	while (rc == 0 && (more = tsv_next(&t)) != 0) {
		p.line = t.line;
		if (more < 0)
			rc = fail(&p, "%s", t.error);
		else if (!header(&p, t.field, t.n))
			rc = row(&p, t.field, t.n);
	}
	tsv_close(&t);
	return rc;
}

/* ---- files and lookups ---- */

const char *
ref_data_dir(const char *opt)
{
	const char *env = getenv("BENCHTOP_DATA");

	if (opt != NULL && *opt != '\0')
		return opt;
	if (env != NULL && *env != '\0')
		return env;
#ifdef SRCDATADIR
	/* Not installed yet: the source tree's data, for ./src/benchtop. */
	if (access(PKGDATADIR "/machines.tsv", R_OK) != 0 &&
	    access(SRCDATADIR "/machines.tsv", R_OK) == 0)
		return SRCDATADIR;
#endif
	return PKGDATADIR;
}

/* Open without following a symlink at the last component. */
static int
parse_path(struct refdata *rd, const char *path, char *err, size_t errsize)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	FILE *f;
	int rc;

	if (fd < 0 || (f = fdopen(fd, "r")) == NULL) {
		(void)snprintf(err, errsize, "%s: %s", path, strerror(errno));
		if (fd >= 0)
			(void)close(fd);
		return -1;
	}
	rc = ref_data_parse(rd, f, path, err, errsize);
	(void)fclose(f);
	return rc;
}

int
ref_data_load_dir(struct refdata *rd, const char *dir, char *err,
    size_t errsize)
{
	static const char *const files[] = { "machines.tsv", "tests-extra.tsv",
		"baselines.tsv", "results.tsv" };
	char path[PATH_MAX];

	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		(void)snprintf(path, sizeof path, "%s/%s", dir, files[i]);
		if (parse_path(rd, path, err, errsize) != 0)
			return -1;
	}
	return 0;
}

int
ref_data_profile_dir(char *buf, size_t size)
{
	const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
	int n;

	if (xdg != NULL && xdg[0] == '/')
		n = snprintf(buf, size, "%s/benchtop", xdg);
	else if (home != NULL && home[0] == '/')
		n = snprintf(buf, size, "%s/.local/share/benchtop", home);
	else
		return -1;
	return n > 0 && (size_t)n < size ? 0 : -1;
}

int
ref_data_load_profile(struct refdata *rd, const char *name_or_path, char *err,
    size_t errsize)
{
	char dir[PATH_MAX], path[PATH_MAX + 64];

	if (strchr(name_or_path, '/') != NULL)
		return parse_path(rd, name_or_path, err, errsize);
	if (ref_data_profile_dir(dir, sizeof dir) != 0) {
		(void)snprintf(err, errsize,
		    "no profile directory: set HOME "
		    "or XDG_DATA_HOME");
		return -1;
	}
	(void)snprintf(path, sizeof path, "%s/%s.tsv", dir, name_or_path);
	return parse_path(rd, path, err, errsize);
}

static void
machine_free(struct ref_machine *m)
{
	free(m->id);
	free(m->label);
	free(m->vendor);
	free(m->class_id);
	free(m->kernel);
	free(m->host);
	free(m->source);
	free(m->date);
	free(m->version);
	free(m->placement);
}

void
ref_data_free(struct refdata *rd)
{
	for (size_t i = 0; i < rd->nmachines; i++)
		machine_free(&rd->machines[i]);
	for (size_t i = 0; i < rd->nresults; i++) {
		free(rd->results[i].test);
		free(rd->results[i].text);
		free(rd->results[i].unit);
		free(rd->results[i].source);
	}
	for (size_t i = 0; i < rd->nbaselines; i++) {
		free(rd->baselines[i].index);
		free(rd->baselines[i].test);
		free(rd->baselines[i].text);
		free(rd->baselines[i].unit);
	}
	for (size_t i = 0; i < rd->nextra; i++)
		free(rd->extra_ids[i]);
	for (size_t i = 0; i < rd->ncontexts; i++) {
		free(rd->contexts[i].key);
		free(rd->contexts[i].value);
	}
	free(rd->contexts);
	free(rd->machines);
	free(rd->results);
	free(rd->baselines);
	free(rd->extra_ids);
	memset(rd, 0, sizeof *rd);
}
