/*
 * app-refs.c: --list-refs. The classes are ref-select's table, the
 * machines the data directory's machines.tsv, the profiles the *.tsv
 * files of the profile directory whose names --save would have given.
 */

#include "config.h"

#include "app-refs.h"

#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "ref-data.h"
#include "ref-select.h"
#include "report-profile.h"

#define MAX_PROFILES 4096

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* NAME of a directory entry NAME.tsv that --save could have written, as
 * a new string; NULL for any other entry (or out of memory). */
static char *
profile_name_of(const char *entry)
{
	size_t len = strlen(entry);
	char *name;

	if (len <= 4 || strcmp(entry + len - 4, ".tsv") != 0 ||
	    (name = strndup(entry, len - 4)) == NULL)
		return NULL;
	if (!profile_name_ok(name)) {
		free(name);
		return NULL;
	}
	return name;
}

/* The saved profiles' names, sorted; none without a profile directory. */
static void
print_profiles(FILE *out)
{
	char dir[PATH_MAX], *names[MAX_PROFILES];
	size_t n = 0;
	struct dirent *e;
	DIR *d;

	if (ref_data_profile_dir(dir, sizeof dir) != 0 ||
	    (d = opendir(dir)) == NULL)
		return;
	while (n < MAX_PROFILES && (e = readdir(d)) != NULL)
		if ((names[n] = profile_name_of(e->d_name)) != NULL)
			n++;
	(void)closedir(d);
	qsort(names, n, sizeof names[0], by_name);
	for (size_t i = 0; i < n; i++) {
		fprintf(out, "profile\t%s\n", names[i]);
		free(names[i]);
	}
}

int
refs_list(FILE *out, const char *data_opt, char *err, size_t size)
{
	struct refdata rd;

	memset(&rd, 0, sizeof rd);
	if (ref_data_load_dir(&rd, ref_data_dir(data_opt), err, size) != 0) {
		ref_data_free(&rd);
		return -1;
	}
	for (size_t i = 0; ref_select_class_ids[i] != NULL; i++)
		fprintf(out, "class\t%s\n", ref_select_class_ids[i]);
	for (size_t i = 0; i < rd.nmachines; i++)
		fprintf(out, "machine\t%s\n", rd.machines[i].id);
	ref_data_free(&rd);
	print_profiles(out);
	return 0;
}
