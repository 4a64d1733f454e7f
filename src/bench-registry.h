/*
 * bench-registry.h: the one table of test families, lookup and selection.
 *
 * API sketch:
 *   for_each_test(t) { ... }            every test, family by family
 *   registry_find("lmbench.null_call")  one test by id
 *   registry_select(only, skip, out, &n, &cause)  --only/--skip globs
 *   registry_check(&cause)              self-check of the table
 */

#ifndef BENCHTOP_REGISTRY_H
#define BENCHTOP_REGISTRY_H

#include <stddef.h>

#include "bench.h"

extern const struct bench_family *const registry_families[];

/* Iterate over every test of every family, in table order. */
#define for_each_family(f)                                                     \
	for (const struct bench_family *const *f##_p = registry_families;      \
	     (f = *f##_p) != NULL; f##_p++)

size_t registry_count(void);
const struct bench_test *registry_at(size_t i);
const struct bench_test *registry_find(const char *id);

/*
 * Select tests by comma-separated glob lists (NULL = no list). A test is
 * selected when it matches `only` (or `only` is NULL) and not `skip`.
 * `out` must hold registry_count() pointers. A pattern of `only` or `skip`
 * that matches no test is an error: returns -1 and sets *cause to a
 * message naming it (static storage).
 */
int registry_select(const char *only, const char *skip,
    const struct bench_test **out, size_t *n, const char **cause);

/* Check the table: unique well-formed ids, units, definitions. */
int registry_check(const char **cause);

#endif
