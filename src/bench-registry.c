/*
 * bench-registry.c: the table of families. Adding a family touches five
 * places: its file (src/bench-NAME.c, exporting one bench_family), its
 * extern line and its table line below, its source line in Makefile.am,
 * and its man page fragment (man/tests-NAME.man, also listed in
 * Makefile.am's MAN_FRAGMENTS). Adding a test means its record and its
 * entry in the fragment, and a rule in monitor-claims.c when it has more
 * parties than its flags say or loads a shared resource. doc/architecture.md
 * walks through both.
 */

#include "config.h"

#include "bench-registry.h"

#include <ctype.h>
#include <fnmatch.h>
#include <stdio.h>
#include <string.h>

extern const struct bench_family bench_syscall_family;
extern const struct bench_family bench_cpu_family;
extern const struct bench_family bench_proc_family;
extern const struct bench_family bench_ipc_family;
extern const struct bench_family bench_ctxbench_family;
extern const struct bench_family bench_ctxsw_family;
extern const struct bench_family bench_net_family;
extern const struct bench_family bench_file_family;
extern const struct bench_family bench_vm_family;
extern const struct bench_family bench_mem_family;
extern const struct bench_family bench_lock_family;

const struct bench_family *const registry_families[] = {
	&bench_syscall_family,
	&bench_cpu_family,
	&bench_proc_family,
	&bench_ipc_family,
	&bench_ctxbench_family,
	&bench_ctxsw_family,
	&bench_net_family,
	&bench_file_family,
	&bench_vm_family,
	&bench_mem_family,
	&bench_lock_family,
	NULL,
};

/* Room for the messages of registry_select and registry_check. */
static char registry_cause[256];

size_t
registry_count(void)
{
	const struct bench_family *f;
	size_t n = 0;

	for_each_family(f) n += f->ntests;
	return n;
}

const struct bench_test *
registry_at(size_t i)
{
	const struct bench_family *f;

	for_each_family(f)
	{
		if (i < f->ntests)
			return &f->tests[i];
		i -= f->ntests;
	}
	return NULL;
}

const struct bench_test *
registry_find(const char *id)
{
	const struct bench_test *t;

	for (size_t i = 0; (t = registry_at(i)) != NULL; i++)
		if (strcmp(t->id, id) == 0)
			return t;
	return NULL;
}

/* Does `id` match one of the comma-separated globs in `list`? */
static int
matches_any(const char *list, const char *id)
{
	char pat[128];
	const char *p = list;

	while (*p != '\0') {
		size_t len = strcspn(p, ",");

		if (len > 0 && len < sizeof pat) {
			memcpy(pat, p, len);
			pat[len] = '\0';
			if (fnmatch(pat, id, 0) == 0)
				return 1;
		}
		p += len + (p[len] == ',');
	}
	return 0;
}

/* Find a pattern of `list` that matches no test; NULL when all match. */
static const char *
unmatched_pattern(const char *list, const char *flag)
{
	const char *p = list;

	while (*p != '\0') {
		size_t len = strcspn(p, ",");
		char pat[128];
		size_t i;

		if (len == 0 || len >= sizeof pat) {
			(void)snprintf(registry_cause, sizeof registry_cause,
			    "%s: bad pattern list '%s'", flag, list);
			return registry_cause;
		}
		memcpy(pat, p, len);
		pat[len] = '\0';
		for (i = 0; i < registry_count(); i++)
			if (fnmatch(pat, registry_at(i)->id, 0) == 0)
				break;
		if (i == registry_count()) {
			(void)snprintf(registry_cause, sizeof registry_cause,
			    "%s: no test matches '%s' (see --list)", flag, pat);
			return registry_cause;
		}
		p += len + (p[len] == ',');
	}
	return NULL;
}

int
registry_select(const char *only, const char *skip,
    const struct bench_test **out, size_t *n, const char **cause)
{
	const struct bench_test *t;

	*cause = NULL;
	if (only != NULL && (*cause = unmatched_pattern(only, "--only")))
		return -1;
	if (skip != NULL && (*cause = unmatched_pattern(skip, "--skip")))
		return -1;
	*n = 0;
	for (size_t i = 0; (t = registry_at(i)) != NULL; i++) {
		if (only != NULL && !matches_any(only, t->id))
			continue;
		if (skip != NULL && matches_any(skip, t->id))
			continue;
		out[(*n)++] = t;
	}
	return 0;
}

/* An id is "origin.name": lowercase letters, digits and '_' after a dot. */
static int
id_is_well_formed(const struct bench_test *t)
{
	const char *origin = bench_origin_name(t->origin);
	size_t olen = strlen(origin);
	const char *p;

	if (strncmp(t->id, origin, olen) != 0 || t->id[olen] != '.' ||
	    t->id[olen + 1] == '\0')
		return 0;
	for (p = t->id + olen + 1; *p != '\0'; p++)
		if (!islower((unsigned char)*p) &&
		    !isdigit((unsigned char)*p) && *p != '_')
			return 0;
	return 1;
}

/* Describe the first problem of test `t`, or return NULL. */
static const char *
test_problem(const struct bench_test *t)
{
	if (!id_is_well_formed(t))
		return "id is not origin.name in lowercase";
	if (t->title == NULL || strlen(t->title) > 24)
		return "title missing or longer than 24 columns";
	if (t->definition == NULL || t->definition[0] == '\0')
		return "definition missing";
	if (t->unit >= BENCH_UNIT_COUNT || !(t->work_per_op > 0))
		return "unit or work_per_op missing";
	if (t->group >= BENCH_GROUP_COUNT || t->run == NULL)
		return "group or run missing";
	return NULL;
}

int
registry_check(const char **cause)
{
	const struct bench_test *t;
	const char *problem;

	for (size_t i = 0; (t = registry_at(i)) != NULL; i++) {
		if ((problem = test_problem(t)) != NULL ||
		    (registry_find(t->id) != t && (problem = "duplicate id"))) {
			(void)snprintf(registry_cause, sizeof registry_cause,
			    "%s: %s", t->id, problem);
			*cause = registry_cause;
			return -1;
		}
	}
	*cause = NULL;
	return 0;
}
