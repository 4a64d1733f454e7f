/*
 * report-verdict.c: verdicts against a profile.
 */

#include "config.h"

#include "report-verdict.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base-units.h"
#include "bench-context.h"
#include "bench-registry.h"
#include "ref-compare.h"

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

void
verdict_judge(const struct refdata *rd, size_t m, const struct test_result *r,
    double tolerance_pct, struct verdict_line *out)
{
	struct compare_ref c;
	double ci;

	memset(out, 0, sizeof *out);
	out->verdict = VERDICT_NOT_COMPARABLE;
	out->change_pct = out->ci_pct = NAN;
	if (r->status != BENCH_OK)
		return;
	compare_test(rd, m, r->test, r->value, &c);
	if (!c.found || !c.comparable || !isfinite(c.ratio))
		return;
	/* ratio > 1: we do better; slower by (1 / ratio - 1). */
	out->change_pct = (1.0 / c.ratio - 1.0) * 100;
	ci = r->ns.median > 0 ? r->ns.ci95_median / r->ns.median * 100 : 0;
	out->ci_pct = ci;
	if (out->change_pct - ci > tolerance_pct)
		out->verdict = VERDICT_SLOWER;
	else if (-out->change_pct - ci > tolerance_pct)
		out->verdict = VERDICT_FASTER;
	else
		out->verdict = VERDICT_OK;
}

void
verdict_text(const struct verdict_line *l, char *buf, size_t size)
{
	switch (l->verdict) {
	case VERDICT_SLOWER:
		(void)snprintf(buf, size, "slower by %.1f%%", l->change_pct);
		break;
	case VERDICT_FASTER:
		(void)snprintf(buf, size, "faster by %.1f%%", -l->change_pct);
		break;
	case VERDICT_OK:
		(void)snprintf(buf, size, "ok");
		break;
	default:
		(void)snprintf(buf, size, "not comparable");
	}
}

/* " (context: THP)" after the verdict of a row a differing fact moves
 * (steal and quota move every row: only the others are named). */
static void
context_note(const struct bench_test *t, unsigned moved, char *buf, size_t size)
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

	if (!refdata_has_context(rd, m))
		return predates(f, rd, m, now);
	refdata_context_of(rd, m, &theirs);
	if (context_diff(&theirs, now, NULL, NULL) == 0)
		return 0;
	fprintf(f,
	    "Context differs from the profile's (the rows it moves "
	    "say so):\n");
	(void)context_diff(&theirs, now, print_difference, &d);
	fputc('\n', f);
	return d.senses;
}

int
verdict_write(FILE *f, const struct refdata *rd, size_t m,
    const struct test_result *r, size_t n, double tolerance_pct)
{
	return verdict_write_context(f, rd, m, r, n, tolerance_pct, NULL);
}

int
verdict_write_context(FILE *f, const struct refdata *rd, size_t m,
    const struct test_result *r, size_t n, double tolerance_pct,
    const struct machine_context *now)
{
	unsigned moved = 0;
	int slower = 0;

	if (now != NULL)
		moved = verdict_context_diff(f, rd, m, now);
	fprintf(f, "Check against %s (%s), tolerance %.3g%%\n\n",
	    rd->machines[m].id, rd->machines[m].label, tolerance_pct);
	fprintf(f, "%-24s %12s %12s %-8s %8s %7s  %s\n", "TEST", "THIS",
	    "PROFILE", "UNIT", "CHANGE", "CI95", "VERDICT");
	for (size_t i = 0; i < n; i++) {
		struct verdict_line l;
		struct compare_ref c;
		char verdict[64];

		verdict_judge(rd, m, &r[i], tolerance_pct, &l);
		compare_test(rd, m, r[i].test, r[i].value, &c);
		verdict_text(&l, verdict, sizeof verdict);
		if (r[i].status != BENCH_OK)
			(void)snprintf(verdict, sizeof verdict,
			    "not comparable: %s",
			    bench_status_name(r[i].status));
		context_note(r[i].test, moved, verdict, sizeof verdict);
		fprintf(f, "%-24s %12.6g %12s %-8s %+7.1f%% %6.1f%%  %s\n",
		    r[i].test->id, r[i].value, c.text ? c.text : "-",
		    bench_unit_name(r[i].test->unit), l.change_pct, l.ci_pct,
		    verdict);
		slower |= l.verdict == VERDICT_SLOWER;
	}
	fprintf(f, "\n%s\n",
	    slower ? "SLOWER: at least one test is slower "
	             "than the tolerance"
	           : "OK: nothing slower than the tolerance");
	return slower ? EXIT_SLOWER : 0;
}
