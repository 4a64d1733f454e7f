/*
 * report-verdict-context.c: what --check says of the machine's context
 * before it judges: the facts in which this machine differs from what a
 * profile recorded (a reference machine predates every mitigation and
 * transparent huge pages), and, after the verdict of a row such a fact
 * moves, which ("context: THP"), so that a change the kernel made is not
 * read as the test's own.
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "bench-context.h"
#include "ref-data-find.h"
#include "report-verdict-context.h"
#include "report-verdict.h"

/* " (context: THP)" after the verdict of a row a differing fact moves
 * (steal and quota move every row: only the others are named). */
void
verdict_context_note(const struct bench_test *t, unsigned moved, char *buf,
    size_t size)
{
	unsigned s = bench_context_senses(t) & moved & ~CONTEXT_SENSE_CPU;
	char names[96];
	size_t used = strlen(buf);

	if (s == 0 || used >= size)
		return;
	(void)snprintf(buf + used, size - used, " (context: %s)",
	    context_sense_text(s, names, sizeof names));
}

/* One difference: "  thp.enabled: madvise (profile) -> always (here)". */
static void
print_difference(const char *key, const char *was, const char *now, void *arg)
{
	struct {
		FILE *f;
		unsigned senses;
	} *d = arg;

	fprintf(d->f, "  %s: %s (profile) -> %s (here)\n", key, was, now);
	d->senses |= context_key_senses(key);
}

/* The mitigations and THP here that a machine of 2003 did not have. */
static unsigned
predates(FILE *f, const struct refdata *rd, size_t m,
    const struct machine_context *now)
{
	const char *thp = context_get(now, "thp.enabled");
	char kernel[96];
	unsigned senses = 0;

	context_kernel_short(now, kernel, sizeof kernel);
	if (strcmp(kernel, "no entry mitigations") != 0 &&
	    strcmp(kernel, "mitigations n/a") != 0)
		senses |= CONTEXT_SENSE_ENTRY;
	if (thp != NULL && strcmp(thp, CONTEXT_ABSENT) != 0)
		senses |= CONTEXT_SENSE_THP;
	if (senses != 0)
		fprintf(f,
		    "Context: %s predates every kernel mitigation and "
		    "transparent huge pages; here: %s, THP %s\n\n",
		    rd->machines[m].id, kernel, thp ? thp : "?");
	return senses;
}

unsigned
verdict_context_diff(FILE *f, const struct refdata *rd, size_t m,
    const struct machine_context *now)
{
	struct machine_context theirs;
	struct {
		FILE *f;
		unsigned senses;
	} d = { f, 0 };

	if (!ref_data_find_has_context(rd, m))
		return predates(f, rd, m, now);
	ref_data_find_context_of(rd, m, &theirs);
	if (context_diff(&theirs, now, NULL, NULL) == 0)
		return 0;
	fprintf(f,
	    "Context differs from the profile's (the rows it moves "
	    "say so):\n");
	(void)context_diff(&theirs, now, print_difference, &d);
	fputc('\n', f);
	return d.senses;
}
