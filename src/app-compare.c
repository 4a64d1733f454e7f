/*
 * app-compare.c: --compare PROFILE...: each argument a name --save gave
 * (under the profile directory), a file, or a directory of profiles
 * (its *.tsv files, in name order: the profiles of a fleet gathered in
 * one place). Every profile is read and the fleet checked before a line
 * is written; bad input is one line and exit 2. Nothing is run.
 */

#include "config.h"

#include "app-compare.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base-fatal.h"
#include "report-fleet-out.h"
#include "report-fleet.h"
#include "report-html-fleet.h"

/* At most this many files are read from one directory. */
#define COMPARE_DIR_MAX 4096

/* The first option given that --compare does not go with, or NULL. */
static const char *
clashing_option(const struct opts *o)
{
	if (o->check != NULL)
		return "--check";
	if (o->save != NULL)
		return "--save";
	if (o->story != NULL)
		return "--story";
	if (o->ref != NULL)
		return "--ref";
	if (o->report != SEED_NONE)
		return "--report";
	if (o->watch_s > 0)
		return "--watch";
	if (o->listen != NULL)
		return "--listen";
	if (o->log != NULL)
		return "--log";
	if (o->om_file != NULL)
		return "--openmetrics-file";
	if (o->format == REPORT_OPENMETRICS || o->format == REPORT_JSONL)
		return o->format_flag;
	return NULL;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The *.tsv names of directory `dir`, sorted, into names; how many, or
 * -1 when it cannot be read. */
static int
dir_profiles(const char *dir, char **names, size_t max)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0;

	if (d == NULL)
		return -1;
	while (n < max && (e = readdir(d)) != NULL) {
		size_t len = strlen(e->d_name);

		if (e->d_name[0] != '.' && len > 4 &&
		    strcmp(e->d_name + len - 4, ".tsv") == 0 &&
		    (names[n] = strdup(e->d_name)) != NULL)
			n++;
	}
	(void)closedir(d);
	qsort(names, n, sizeof names[0], by_name);
	return (int)n;
}

/* Every profile of directory `dir` into the fleet. */
static int
add_dir(struct fleet_report *r, const char *dir, char *err, size_t size)
{
	char **names = calloc(COMPARE_DIR_MAX, sizeof *names);
	char path[PATH_MAX];
	int n, rc = 0;

	if (names == NULL)
		return EXIT_RUNTIME;
	if ((n = dir_profiles(dir, names, COMPARE_DIR_MAX)) <= 0) {
		(void)snprintf(err, size,
		    n < 0 ? "--compare: '%.200s': %s"
		          : "--compare: '%.200s' holds no profile (*.tsv)%s",
		    dir, n < 0 ? strerror(errno) : "");
		rc = EXIT_USAGE;
	}
	for (int i = 0; i < n; i++) {
		(void)snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		if (rc == 0)
			rc = fleet_report_add(r, path, err, size);
		free(names[i]);
	}
	free(names);
	return rc;
}

/* One argument: a directory, a file, or a profile's name. */
static int
add_argument(struct fleet_report *r, const char *arg, char *err, size_t size)
{
	char dir[PATH_MAX], path[PATH_MAX + 80];
	struct stat st;

	if (stat(arg, &st) == 0 && S_ISDIR(st.st_mode))
		return add_dir(r, arg, err, size);
	if (strchr(arg, '/') != NULL || stat(arg, &st) == 0)
		return fleet_report_add(r, arg, err, size);
	if (ref_data_profile_dir(dir, sizeof dir) != 0) {
		(void)snprintf(err, size,
		    "--compare: '%.64s': no profile directory: set HOME or "
		    "XDG_DATA_HOME",
		    arg);
		return EXIT_USAGE;
	}
	(void)snprintf(path, sizeof path, "%s/%s.tsv", dir, arg);
	return fleet_report_add(r, path, err, size);
}

/* Read and judge the fleet: 0, or an exit status with err said. */
static int
compare_load(const struct opts *o, struct fleet_report *r, char *err,
    size_t size)
{
	const char *clash = clashing_option(o);
	int rc = 0;

	if (clash != NULL) {
		(void)snprintf(err, size,
		    "--compare and %s: --compare reads profiles and runs "
		    "nothing (give one)",
		    clash);
		return EXIT_USAGE;
	}
	r->tolerance_pct = o->tolerance_pct;
	rc = add_argument(r, o->compare, err, size);
	for (int i = 0; rc == 0 && i < o->ncompare_more; i++)
		rc = add_argument(r, o->compare_more[i], err, size);
	if (rc == 0)
		rc = fleet_report_judge(r, o->only, o->skip, err, size);
	if (rc == EXIT_RUNTIME)
		(void)snprintf(err, size, "--compare: out of memory");
	return rc;
}

int
compare_run(const struct opts *o)
{
	struct fleet_report r;
	char err[400];
	int rc;

	memset(&r, 0, sizeof r);
	if ((rc = compare_load(o, &r, err, sizeof err)) != 0) {
		fatal_say(NULL, err);
		fleet_report_free(&r);
		return rc;
	}
	if (o->html != NULL &&
	    html_fleet_save(o->html, &r, o->argc, o->argv, err, sizeof err) !=
	        0) {
		fatal_say(NULL, err);
		rc = EXIT_RUNTIME;
	} else if (fleet_out_write(stdout, &r, o->format) != 0) {
		fatal_say("write error", strerror(errno));
		rc = EXIT_RUNTIME;
	} else
		rc = fleet_report_status(&r);
	fleet_report_free(&r);
	return rc;
}
