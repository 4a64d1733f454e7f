/*
 * report-verdict.c: a check's exit status and its test list. The judging
 * itself is measure-judge.c's.
 */

#include "config.h"

#include "report-verdict.h"

#include <stdlib.h>
#include <string.h>

#include "bench-registry.h"

int
verdict_status(const struct judge_line *l, size_t n,
    const struct judge_machine *m)
{
	for (size_t i = 0; i < n; i++)
		if (l[i].verdict == JUDGE_SLOWER)
			return EXIT_SLOWER;
	for (int k = 0; k < JUDGE_KIND_COUNT; k++)
		if (m->kind_moved[k] < 0)
			return EXIT_KIND_SLOWER;
	return (m->beyond && m->shift < 1) || m->busy_slower
	    ? EXIT_MACHINE_SLOWER
	    : 0;
}

char *
verdict_test_list(const struct refdata *rd, size_t m)
{
	size_t len = 0, cap = 0;
	char *list = NULL;

	for (size_t i = 0; i < rd->nresults; i++) {
		const struct ref_result *r = &rd->results[i];
		size_t add = strlen(r->test) + 1;
		char *grown;

		if (r->machine != m || registry_find(r->test) == NULL ||
		    (r->stat != REF_RESULT && r->stat != REF_AVERAGE))
			continue;
		if (len + add + 1 > cap) {
			cap = (len + add + 1) * 2;
			if ((grown = realloc(list, cap)) == NULL) {
				free(list);
				return NULL;
			}
			list = grown;
		}
		(void)snprintf(list + len, cap - len, "%s%s", len ? "," : "",
		    r->test);
		len += add - (len == 0);
	}
	return list;
}
