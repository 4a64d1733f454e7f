/*
 * test-settings.c: benchtoprc round-trips through a write and a read; a
 * bad line is warned about with file:line and skipped, every good line
 * kept; a file with a bad line is kept as benchtoprc.bak before it is
 * written over; a missing one is silent.
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
	    ui_rcfile_path(buf, sizeof buf) == 0 && strcmp(buf, want) == 0);
	setenv("XDG_CONFIG_HOME", "relative", 1);
	setenv("HOME", "/home/u", 1);
	CHECK("a relative XDG_CONFIG_HOME: ~/.config",
	    ui_rcfile_path(buf, sizeof buf) == 0 &&
	        strcmp(buf, "/home/u/.config/benchtop/benchtoprc") == 0);
	unsetenv("XDG_CONFIG_HOME");
	unsetenv("HOME");
	CHECK("neither: no place", ui_rcfile_path(buf, sizeof buf) == -1);
	(void)snprintf(path, sizeof path, "%s", want);
}

static void
test_round_trip(void)
{
	struct settings *out = calloc(1, sizeof *out);
	struct settings *in = calloc(1, sizeof *in);
	char err[512] = "", warn[512] = "";

	ui_rcfile_set(out, SETTINGS_SORT, "name");
	ui_rcfile_set(out, SETTINGS_REF, "p6,netburst");
	ui_rcfile_set(out, SETTINGS_HIDDEN_GROUPS, "ipc,vm");
	ui_rcfile_set(out, SETTINGS_HIDDEN_TESTS, "byte.cc,lmbench.sh");
	ui_rcfile_set(out, SETTINGS_REFRESH, "%g", 2.5);
	ui_rcfile_set(out, SETTINGS_WORKERS, "%d", 2);
	/* The directory does not exist yet: written creates it. */
	if (!CHECK("written", ui_rcfile_write(path, out, err, sizeof err) == 0))
		printf("     %s\n", err);
	CHECK("read back", ui_rcfile_read(path, in, warn, sizeof warn) == 0);
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
		    "name, ns, cv or delta); ignored" },
		{ "sort=name\n# c\n\ncolour=red\n",
		    "benchtoprc:4: unknown key 'colour'; ignored" },
		{ "sort=name\nworkers\n",
		    "benchtoprc:2: 'workers' is not key=value" },
		{ "sort=name\nworkers=0\n",
		    "benchtoprc:2: workers: bad value '0'" },
		{ "sort=name\nrefresh=1e9\n",
		    "benchtoprc:2: refresh: bad value" },
		{ "sort=name\nhidden_groups=ipc,nope\n",
		    "benchtoprc:2: hidden_groups" },
		{ "sort=name\nref=\n", "benchtoprc:2: ref: bad value ''" },
	};
	struct settings *s = calloc(1, sizeof *s);
	char warn[512];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		put_file(cases[i].text);
		warn[0] = '\0';
		CHECK("damaged: one bad line",
		    ui_rcfile_read(path, s, warn, sizeof warn) == 1 &&
		        s->bad_lines == 1);
		if (!CHECK("damaged: file:line and what",
		        strstr(warn, cases[i].want) != NULL &&
		            strncmp(warn, path, strlen(path)) == 0))
			printf("     got '%s'\n", warn);
		CHECK("damaged: the good line kept",
		    s->present[SETTINGS_SORT] &&
		        strcmp(s->value[SETTINGS_SORT], "name") == 0);
	}
	unlink(path);
	warn[0] = '\0';
	CHECK("missing: silent, no settings",
	    ui_rcfile_read(path, s, warn, sizeof warn) == 0 &&
	        warn[0] == '\0' && !s->present[SETTINGS_SORT]);
	free(s);
}

/* The whole file into buf; its length, or -1. */
static long
slurp(const char *file, char *buf, size_t size)
{
	FILE *f = fopen(file, "r");
	size_t n;

	if (f == NULL)
		return -1;
	n = fread(buf, 1, size - 1, f);
	buf[n] = '\0';
	fclose(f);
	return (long)n;
}

/*
 * A file of three good lines and an unknown one: the three are kept,
 * each bad line named on a line of its own; written over, the old file
 * is kept as benchtoprc.bak and the note says so. A clean file makes no
 * copy.
 */
static void
test_keep_bad_file(void)
{
	static const char text[] = "sort=name\nref=netburst\n"
	                           "hidden_groups=cpu\ncolor=blue\nquiet=2\n";
	struct settings *s = calloc(1, sizeof *s), *out = calloc(1, sizeof *s);
	char warn[1024], note[8400], err[512], bak[4300], buf[512];

	put_file(text);
	CHECK("two bad lines", ui_rcfile_read(path, s, warn, sizeof warn) == 2);
	CHECK("the good lines kept",
	    strcmp(s->value[SETTINGS_SORT], "name") == 0 &&
	        strcmp(s->value[SETTINGS_REF], "netburst") == 0 &&
	        strcmp(s->value[SETTINGS_HIDDEN_GROUPS], "cpu") == 0 &&
	        !s->present[SETTINGS_QUIET]);
	if (!CHECK("each bad line on a line of its own",
	        strstr(warn, "benchtoprc:4: unknown key 'color'; ignored\n") !=
	                NULL &&
	            strstr(warn, "benchtoprc:5: quiet: bad value '2'") != NULL))
		printf("     got '%s'\n", warn);
	ui_rcfile_set(out, SETTINGS_SORT, "cv");
	(void)snprintf(bak, sizeof bak, "%s.bak", path);
	unlink(bak);
	CHECK("written over",
	    ui_rcfile_replace(path, out, s, note, sizeof note, err,
	        sizeof err) == 0);
	CHECK("the old file kept as .bak",
	    slurp(bak, buf, sizeof buf) > 0 && strcmp(buf, text) == 0);
	CHECK("the note names the .bak",
	    strstr(note, "kept as ") != NULL && strstr(note, bak) != NULL);
	CHECK("the new file written",
	    slurp(path, buf, sizeof buf) > 0 && strstr(buf, "sort=cv\n"));
	unlink(bak);
	CHECK("a clean file: read, no bad line",
	    ui_rcfile_read(path, s, warn, sizeof warn) == 0);
	CHECK("a clean file: no copy, no note",
	    ui_rcfile_replace(path, out, s, note, sizeof note, err,
	        sizeof err) == 0 &&
	        access(bak, F_OK) != 0 && note[0] == '\0');
	unlink(path);
	free(s);
	free(out);
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
	test_keep_bad_file();
	(void)snprintf(sub, sizeof sub, "%s/benchtop", dir);
	(void)rmdir(sub);
	(void)rmdir(dir);
	return check_summary("test-settings");
}
