/*
 * compare.c: ratios against the reference machines.
 */

#include "config.h"

#include "compare.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "units.h"

static const struct ref_result *
reference_result(const struct refdata *rd, size_t m, const char *test)
{
	const struct ref_result *r = refdata_result(rd, m, test, REF_RESULT);

	return r != NULL ? r : refdata_result(rd, m, test, REF_AVERAGE);
}

void
compare_test(const struct refdata *rd, size_t m, const struct bench_test *t,
    double value, struct compare_ref *out)
{
	const struct ref_result *r;

	memset(out, 0, sizeof *out);
	out->value = out->ratio = NAN;
	if (rd == NULL || m >= rd->nmachines ||
	    (r = reference_result(rd, m, t->id)) == NULL)
		return;
	out->found = 1;
	out->value = r->value;
	out->text = r->text;
	/* Seeds carry version 0: the origin's definition, ours follow it. */
	out->comparable = r->version == 0 || r->version == bench_version(t);
	if (!out->comparable || !(r->value > 0) || !(value > 0))
		return;
	out->ratio = units_higher_is_better(t->unit) ? value / r->value
	                                             : r->value / value;
}

const char *
compare_ratio_text(const struct refdata *rd, size_t m,
    const struct bench_test *t, double value, char *buf, size_t size)
{
	struct compare_ref c;

	compare_test(rd, m, t, value, &c);
	if (c.found && !c.comparable)
		(void)snprintf(buf, size, "n/c");
	else if (isfinite(c.ratio))
		(void)snprintf(buf, size, "%.*fx", c.ratio < 10 ? 2 : 1,
		    c.ratio);
	else
		(void)snprintf(buf, size, "-");
	return buf;
}

size_t
compare_default_ref(const struct refdata *rd, const char *class_id)
{
	size_t p3;

	if (rd == NULL || rd->nmachines == 0)
		return SIZE_MAX;
	for (size_t i = 0; class_id != NULL && i < rd->nmachines; i++)
		if (strcmp(rd->machines[i].class_id, class_id) == 0)
			return i;
	p3 = refdata_machine_index(rd, "p3-850m");
	return p3 != SIZE_MAX ? p3 : 0;
}

double
compare_per_mhz(double value, double core_hz)
{
	return core_hz > 0 ? value / (core_hz / 1e6) : NAN;
}

/* Where --ref's profile is: a path as given, else NAME.tsv in the
 * profile directory; "" when neither exists. */
static void
profile_path(const char *ref_opt, char *path, size_t size)
{
	char dir[4096];

	if (strchr(ref_opt, '/') != NULL || access(ref_opt, F_OK) == 0)
		(void)snprintf(path, size, "%s%s",
		    strchr(ref_opt, '/') ? "" : "./", ref_opt);
	else if (refdata_profile_dir(dir, sizeof dir) == 0)
		(void)snprintf(path, size, "%s/%s.tsv", dir, ref_opt);
	else
		path[0] = '\0';
	if (path[0] != '\0' && access(path, F_OK) != 0)
		path[0] = '\0';
}

/* --ref: a machine id, else a profile; its machine is the reference. */
static int
choose_ref(struct refdata *rd, const char *ref_opt, size_t *ref, char *err,
    size_t errsize)
{
	size_t before = rd->nmachines;
	char path[4200];

	if ((*ref = refdata_machine_index(rd, ref_opt)) != SIZE_MAX)
		return 0;
	profile_path(ref_opt, path, sizeof path);
	if (path[0] == '\0') {
		(void)snprintf(err, errsize,
		    "--ref: no machine or profile '%.64s' (see --identify)",
		    ref_opt);
		return -2;
	}
	if (refdata_load_profile(rd, path, err, errsize) != 0)
		return -1;
	if (rd->nmachines == before) {
		(void)snprintf(err, errsize,
		    "--ref: '%.64s' has no machine row", path);
		return -1;
	}
	*ref = before; /* the profile's first machine */
	return 0;
}

int
compare_load(struct refdata *rd, const char *data_opt, const char *ref_opt,
    const char *class_id, size_t *ref, char *err, size_t errsize)
{
	const char *dir = refdata_dir(data_opt);
	char probe[4200];

	*ref = SIZE_MAX;
	(void)snprintf(probe, sizeof probe, "%s/machines.tsv", dir);
	/* No data at all is not an error unless asked for explicitly. */
	if (access(probe, R_OK) != 0 && data_opt == NULL && ref_opt == NULL)
		return 0;
	if (refdata_load_dir(rd, dir, err, errsize) != 0)
		return -1;
	if (ref_opt != NULL)
		return choose_ref(rd, ref_opt, ref, err, errsize);
	*ref = compare_default_ref(rd, class_id);
	return 0;
}
