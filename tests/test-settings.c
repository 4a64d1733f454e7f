/*
 * test-settings.c: benchtoprc round-trips through a write and a read; a
 * damaged file warns with file:line and leaves the defaults; a missing
 * one is silent.
 */

#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "ui-rcfile.h"

static char dir[] = "/tmp/bt-settings.XXXXXX";
static char path[4200];

static void
put_file(const char *text)
{
	FILE *f = fopen(path, "w");

	if (f != NULL) {
		fputs(text, f);
		fclose(f);
	}
}

/* Files in the settings directory, besides . and .. */
static int
entries(void)
{
	char sub[4200];
	struct dirent *e;
	DIR *d;
	int n = 0;

	(void)snprintf(sub, sizeof sub, "%s/benchtop", dir);
	if ((d = opendir(sub)) == NULL)
		return -1;
	while ((e = readdir(d)) != NULL)
		n +=
		    strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	closedir(d);
	return n;
}

static void
test_path(void)
{
	char buf[4200], want[4200];

	setenv("XDG_CONFIG_HOME", dir, 1);
	(void)snprintf(want, sizeof want, "%s/benchtop/benchtoprc", dir);
	CHECK("XDG_CONFIG_HOME",
	    settings_path(buf, sizeof buf) == 0 && strcmp(buf, want) == 0);
	setenv("XDG_CONFIG_HOME", "relative", 1);
	setenv("HOME", "/home/u", 1);
	CHECK("a relative XDG_CONFIG_HOME: ~/.config",
	    settings_path(buf, sizeof buf) == 0 &&
	        strcmp(buf, "/home/u/.config/benchtop/benchtoprc") == 0);
	unsetenv("XDG_CONFIG_HOME");
	unsetenv("HOME");
	CHECK("neither: no place", settings_path(buf, sizeof buf) == -1);
	(void)snprintf(path, sizeof path, "%s", want);
}

static void
test_round_trip(void)
{
	struct settings *out = calloc(1, sizeof *out);
	struct settings *in = calloc(1, sizeof *in);
	char err[512] = "", warn[512] = "";

	settings_set(out, SETTINGS_SORT, "name");
	settings_set(out, SETTINGS_REF, "p6,netburst");
	settings_set(out, SETTINGS_HIDDEN_GROUPS, "ipc,vm");
	settings_set(out, SETTINGS_HIDDEN_TESTS, "byte.cc,lmbench.sh");
	settings_set(out, SETTINGS_REFRESH, "%g", 2.5);
	settings_set(out, SETTINGS_WORKERS, "%d", 2);
	/* The directory does not exist yet: written creates it. */
	if (!CHECK("written", settings_write(path, out, err, sizeof err) == 0))
		printf("     %s\n", err);
	CHECK("read back", settings_read(path, in, warn, sizeof warn) == 0);
	CHECK("the same settings", memcmp(in, out, sizeof *in) == 0);
	CHECK("no temporary file left", entries() == 1);
	free(out);
	free(in);
}

static void
test_damaged(void)
{
	static const struct {
		const char *text, *want;
	} cases[] = {
		{ "sort=name\nsort=sideways\n",
		    "benchtoprc:2: sort: bad value 'sideways' (expected group, "
		    "name, ns, cv or delta); using the defaults" },
		{ "# c\n\ncolour=red\n",
		    "benchtoprc:3: unknown key 'colour'; using the defaults" },
		{ "workers\n", "benchtoprc:1: 'workers' is not key=value" },
		{ "workers=0\n", "benchtoprc:1: workers: bad value '0'" },
		{ "refresh=1e9\n", "benchtoprc:1: refresh: bad value" },
		{ "hidden_groups=ipc,nope\n", "benchtoprc:1: hidden_groups" },
		{ "ref=\n", "benchtoprc:1: ref: bad value ''" },
	};
	struct settings *s = calloc(1, sizeof *s);
	char warn[512];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		put_file(cases[i].text);
		warn[0] = '\0';
		CHECK("damaged: -1",
		    settings_read(path, s, warn, sizeof warn) == -1);
		if (!CHECK("damaged: file:line and what",
		        strstr(warn, cases[i].want) != NULL &&
		            strncmp(warn, path, strlen(path)) == 0))
			printf("     got '%s'\n", warn);
		CHECK("damaged: the defaults", !s->present[SETTINGS_SORT]);
	}
	unlink(path);
	warn[0] = '\0';
	CHECK("missing: silent, no settings",
	    settings_read(path, s, warn, sizeof warn) == 0 && warn[0] == '\0' &&
	        !s->present[SETTINGS_SORT]);
	free(s);
}

int
main(void)
{
	char sub[4200];

	if (mkdtemp(dir) == NULL)
		return 99;
	test_path();
	test_round_trip();
	test_damaged();
	(void)snprintf(sub, sizeof sub, "%s/benchtop", dir);
	(void)rmdir(sub);
	(void)rmdir(dir);
	return check_summary("test-settings");
}
