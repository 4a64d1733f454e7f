/*
 * report-profile.c: saving profiles atomically.
 */

#include "config.h"

#include "report-profile.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ref-data-find.h"
#include "ref-data.h"

int
profile_name_ok(const char *name)
{
	size_t len = strlen(name);

	if (len == 0 || len > 64 || name[0] == '.')
		return 0;
	return strspn(name,
	           "abcdefghijklmnopqrstuvwxyz"
	           "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") == len;
}

/* mkdir -p of the profile directory, mode 0700 for new levels. */
static int
make_dirs(char *dir)
{
	for (char *p = dir + 1; *p != '\0'; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(dir, 0700) != 0 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	return mkdir(dir, 0700) != 0 && errno != EEXIST ? -1 : 0;
}

static void
write_machine(FILE *f, const char *name, const struct machine *m,
    const char *class_id, const char *source)
{
	char date[32];
	time_t now = time(NULL);
	struct tm tm;

	(void)strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ",
	    gmtime_r(&now, &tm));
	fprintf(f, "# benchtop %s profile, saved %s\n", PACKAGE_VERSION, date);
	fprintf(f,
	    "id\tlabel\tvendor\tclass\tmhz\tcpus\tkernel\thost\t"
	    "source\tdate\tversion\tplacement\n");
	fprintf(f, "%s\t%s\t%s\t%s\t%.0f\t%d\t%s\t%s\t%s\t%s\t%s\t%s\n", name,
	    m->cpu.brand[0] ? m->cpu.brand : "unknown CPU",
	    m->cpu.vendor[0] ? m->cpu.vendor : "-",
	    class_id ? class_id : "unknown", m->clock.core_hz / 1e6,
	    m->cpu.cpus_online, m->kernel, m->host,
	    source ? source : "benchtop", date, PACKAGE_VERSION, "per-test");
}

/* The run's context: a comment, for the reader of the file. */
static void
write_context(FILE *f, const struct profile_run *run)
{
	double load[3] = { NAN, NAN, NAN };

	if (getloadavg(load, 3) != 3)
		load[0] = load[1] = load[2] = NAN;
	fprintf(f, "# run: load average %.2f %.2f %.2f; ", load[0], load[1],
	    load[2]);
	if (run != NULL && run->slices > 1)
		fprintf(f, "%zu slices per test, %.3g s in all\n", run->slices,
		    run->seconds);
	else
		fprintf(f, "one run per test\n");
}

/* One row of results for test r. */
static void
write_row(FILE *f, const char *name, const struct test_result *r,
    const char *stat, double value, const char *unit, const char *what)
{
	fprintf(f, "%s\t%s\t%s\t%.6g\t%s\tbenchtop %s %s\t%u\n", name,
	    r->test->id, stat, value, unit, bench_placement_name(r->placement),
	    what, bench_version(r->test));
}

static void
write_results(FILE *f, const char *name, const struct test_result *r,
    const struct profile_test *per, size_t n)
{
	fprintf(f, "machine\ttest\tstat\tvalue\tunit\tsource\tversion\n");
	for (size_t i = 0; i < n; i++) {
		const char *unit = bench_unit_name(r[i].test->unit);

		if (r[i].status != BENCH_OK || !isfinite(r[i].value))
			continue;
		write_row(f, name, &r[i], "result", r[i].value, unit, "median");
		for (size_t k = 0; per != NULL && k < per[i].nslices; k++)
			if (isfinite(per[i].slice[k]))
				write_row(f, name, &r[i], "slice",
				    per[i].slice[k], unit, "slice median");
		if (per != NULL && isfinite(per[i].noisy_share))
			write_row(f, name, &r[i], "noisy", per[i].noisy_share,
			    "share", "disturbed samples");
	}
}

/*
 * The context the figures were taken in: one row a fact, so that --check
 * can say what differs before it judges a row. A tab in a value would
 * split the row: it becomes a space.
 */
static void
write_machine_context(FILE *f, const char *name,
    const struct machine_context *c, const struct profile_run *run)
{
	fprintf(f, "machine_context\tkey\tvalue\n");
	for (size_t i = 0; i < c->n; i++) {
		fprintf(f, "%s\t%s\t", name, c->f[i].key);
		for (const char *v = c->f[i].value; *v != '\0'; v++)
			fputc(*v == '\t' ? ' ' : *v, f);
		fputc('\n', f);
	}
	/* Shares of the run, not facts: --check does not compare them. */
	if (isfinite(c->steal_pct))
		fprintf(f, "%s\tsteal_pct\t%.2f\n%s\tirq_pct\t%.2f\n", name,
		    c->steal_pct, name, c->irq_pct);
	/* The options the figures were taken with (--compare holds a
	 * fleet's profiles to the same). */
	if (run == NULL)
		return;
	fprintf(f, "%s\trun.seconds\t%g\n%s\trun.slices\t%zu\n", name,
	    run->seconds, name, run->slices);
	if (run->sample_ms > 0)
		fprintf(f, "%s\trun.sample_ms\t%g\n", name, run->sample_ms);
	if (run->mem_mib > 0)
		fprintf(f, "%s\trun.mem_mib\t%u\n", name, run->mem_mib);
	if (run->placement != NULL)
		fprintf(f, "%s\trun.placement\t%s\n", name, run->placement);
}

void
profile_run_get(const struct refdata *rd, size_t m, struct profile_run *out)
{
	const char *v;

	memset(out, 0, sizeof *out);
	if ((v = ref_data_find_context(rd, m, "run.seconds")) != NULL)
		out->seconds = atof(v);
	if ((v = ref_data_find_context(rd, m, "run.slices")) != NULL)
		out->slices = (size_t)strtoul(v, NULL, 10);
	if ((v = ref_data_find_context(rd, m, "run.sample_ms")) != NULL)
		out->sample_ms = atof(v);
	if ((v = ref_data_find_context(rd, m, "run.mem_mib")) != NULL)
		out->mem_mib = (unsigned)strtoul(v, NULL, 10);
	out->placement = ref_data_find_context(rd, m, "run.placement");
}

size_t
profile_test_get(const struct refdata *rd, size_t m, const char *test,
    struct profile_test *out)
{
	const struct ref_result *one;

	memset(out, 0, sizeof *out);
	out->noisy_share = NAN;
	for (size_t i = 0; i < rd->nresults; i++) {
		const struct ref_result *r = &rd->results[i];

		if (r->machine != m || strcmp(r->test, test) != 0)
			continue;
		if (r->stat == REF_SLICE && out->nslices < PROFILE_SLICES_MAX)
			out->slice[out->nslices++] = r->value;
		else if (r->stat == REF_NOISY)
			out->noisy_share = r->value;
	}
	if (out->nslices == 0 &&
	    ((one = ref_data_find_result(rd, m, test, REF_RESULT)) != NULL ||
	        (one = ref_data_find_result(rd, m, test, REF_AVERAGE)) != NULL))
		out->slice[out->nslices++] = one->value;
	return out->nslices;
}

int
profile_save(const char *name, const struct machine *m, const char *class_id,
    const struct test_result *r, const struct profile_test *per,
    const struct profile_run *run, size_t n, char *err, size_t errsize)
{
	char dir[PATH_MAX], path[PATH_MAX + 80], tmp[PATH_MAX + 96];
	FILE *f;
	int fd, ok;

	if (ref_data_profile_dir(dir, sizeof dir) != 0 || make_dirs(dir) != 0) {
		(void)snprintf(err, errsize,
		    "--save: cannot make the profile "
		    "directory '%s': %s",
		    dir, strerror(errno));
		return -1;
	}
	(void)snprintf(path, sizeof path, "%s/%s.tsv", dir, name);
	(void)snprintf(tmp, sizeof tmp, "%s/.%s.XXXXXX", dir, name);
	if ((fd = mkstemp(tmp)) < 0 || (f = fdopen(fd, "w")) == NULL) {
		(void)snprintf(err, errsize, "--save: '%s': %s", tmp,
		    strerror(errno));
		return -1;
	}
	write_machine(f, name, m, class_id, run ? run->source : NULL);
	write_context(f, run);
	write_results(f, name, r, per, n);
	write_machine_context(f, name, &m->ctx, run);
	ok = fflush(f) == 0 && fsync(fd) == 0 && !ferror(f);
	ok &= fclose(f) == 0;
	if (!ok || rename(tmp, path) != 0) {
		(void)snprintf(err, errsize, "--save: '%s': %s", path,
		    strerror(errno));
		(void)unlink(tmp);
		return -1;
	}
	return 0;
}
