/*
 * ref-data-find.c: lookups in the loaded reference data and profiles: a
 * machine by id, a result, a baseline, a machine's context facts. Pure
 * reads of what ref-data.c parsed.
 */

#include "config.h"

#include "ref-data-find.h"
#include "ref-data.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

size_t
ref_data_find_machine_index(const struct refdata *rd, const char *id)
{
	for (size_t i = 0; i < rd->nmachines; i++)
		if (strcmp(rd->machines[i].id, id) == 0)
			return i;
	return SIZE_MAX;
}

const struct ref_machine *
ref_data_find_machine(const struct refdata *rd, const char *id)
{
	size_t i = ref_data_find_machine_index(rd, id);

	return i == SIZE_MAX ? NULL : &rd->machines[i];
}

const struct ref_result *
ref_data_find_result(const struct refdata *rd, size_t machine, const char *test,
    enum ref_stat stat)
{
	for (size_t i = 0; i < rd->nresults; i++) {
		const struct ref_result *r = &rd->results[i];

		if (r->machine == machine && r->stat == stat &&
		    strcmp(r->test, test) == 0)
			return r;
	}
	return NULL;
}

const struct ref_baseline *
ref_data_find_baseline(const struct refdata *rd, const char *index,
    const char *test)
{
	for (size_t i = 0; i < rd->nbaselines; i++)
		if (strcmp(rd->baselines[i].index, index) == 0 &&
		    strcmp(rd->baselines[i].test, test) == 0)
			return &rd->baselines[i];
	return NULL;
}

const char *
ref_data_find_context(const struct refdata *rd, size_t machine, const char *key)
{
	for (size_t i = 0; i < rd->ncontexts; i++)
		if (rd->contexts[i].machine == machine &&
		    strcmp(rd->contexts[i].key, key) == 0)
			return rd->contexts[i].value;
	return NULL;
}

void
ref_data_find_context_of(const struct refdata *rd, size_t machine,
    struct machine_context *out)
{
	memset(out, 0, sizeof *out);
	out->steal_pct = out->irq_pct = NAN;
	for (size_t i = 0; i < rd->ncontexts; i++) {
		const struct ref_context *c = &rd->contexts[i];

		if (c->machine != machine)
			continue;
		/* Shares and options of the run that saved it, not facts
		 * of the machine (report-profile.h). */
		if (strncmp(c->key, "run.", 4) == 0)
			continue;
		if (strcmp(c->key, "steal_pct") == 0)
			out->steal_pct = atof(c->value);
		else if (strcmp(c->key, "irq_pct") == 0)
			out->irq_pct = atof(c->value);
		else
			context_set(out, c->key, c->value);
	}
}

int
ref_data_find_has_context(const struct refdata *rd, size_t machine)
{
	for (size_t i = 0; i < rd->ncontexts; i++)
		if (rd->contexts[i].machine == machine)
			return 1;
	return 0;
}
