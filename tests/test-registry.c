/*
 * test-registry.c: the test table is well formed, selection by globs
 * works, and every test is documented in the man page.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench-registry.h"
#include "check.h"

static void
test_table(void)
{
	const struct bench_test *t;
	const char *cause = "unset";
	size_t n = registry_count();

	CHECK("registry self-check passes", registry_check(&cause) == 0);
	CHECK("no cause on success", cause == NULL);
	CHECK("the table is not empty", n >= 17);
	for (size_t i = 0; (t = registry_at(i)) != NULL; i++) {
		CHECK("unique id", registry_find(t->id) == t);
		CHECK("definition present", strlen(t->definition) > 10);
		CHECK("unit named", strcmp(bench_unit_name(t->unit), "?") != 0);
		CHECK("origin named",
		    strcmp(bench_origin_name(t->origin), "?") != 0);
		CHECK("group named",
		    strcmp(bench_group_name(t->group), "?") != 0);
		CHECK("run present", t->run != NULL);
	}
	CHECK("registry_at past the end", registry_at(n) == NULL);
}

/* The ids the foundation promises, which scripts rely on. */
static void
test_promised_ids(void)
{
	static const char *const ids[] = { "byte.syscall", "lmbench.null_call",
		"lmbench.null_io", "lmbench.stat", "lmbench.open_close",
		"lmbench.sig_install", "lmbench.sig_handle", "bsd.write",
		"bsd.socket", "bsd.select", "bsd.gettimeofday", "bsd.lock_up",
		"bsd.lock_smp", "bsd.lock_xchg", "bsd.mutex",
		"bsd.lock_pingpong", "extra.clock_gettime" };

	for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
		if (!CHECK("promised id exists", registry_find(ids[i])))
			printf("     missing: %s\n", ids[i]);
}

static size_t
count_selected(const char *only, const char *skip, int *rc)
{
	const struct bench_test **out;
	const char *cause;
	size_t n = 0;

	out = calloc(registry_count(), sizeof *out);
	*rc = registry_select(only, skip, out, &n, &cause);
	free(out);
	return n;
}

static void
test_select(void)
{
	int rc;
	size_t all = registry_count();

	CHECK("no lists: all", count_selected(NULL, NULL, &rc) == all);
	CHECK("one exact id", count_selected("lmbench.stat", NULL, &rc) == 1);
	CHECK("glob", count_selected("bsd.lock_*", NULL, &rc) == 4);
	CHECK("list of two",
	    count_selected("byte.syscall,bsd.write", NULL, &rc) == 2);
	CHECK("skip", count_selected(NULL, "bsd.*", &rc) < all);
	CHECK("only minus skip",
	    count_selected("bsd.lock*", "bsd.lock_pingpong", &rc) == 3);
	count_selected("nosuch.*", NULL, &rc);
	CHECK("a glob matching nothing is an error", rc == -1);
	count_selected(NULL, "nosuch.*", &rc);
	CHECK("a skip matching nothing is an error", rc == -1);
	count_selected("byte.syscall,,bsd.write", NULL, &rc);
	CHECK("an empty pattern is an error", rc == -1);
}

/* Blank out the font escapes \fB, \fR and \fI of a man page line. */
static void
drop_font_escapes(char *line)
{
	for (char *p = line; (p = strstr(p, "\\f")) != NULL;)
		if (p[2] != '\0')
			memset(p, ' ', 3);
		else
			*p = '\0';
}

/*
 * Is `id` a whole word of a ".B" line (a .TP tag)? The tag names one id,
 * or several as ".B a\fR, \fBb": a substring would take byte.dhry2reg's
 * entry for byte.dhry2's.
 */
static int
man_tags_id(const char *text, const char *id)
{
	char line[512], *save, *word;

	for (const char *p = text; *p != '\0';) {
		size_t len = strcspn(p, "\n");

		if (len < sizeof line && strncmp(p, ".B ", 3) == 0) {
			memcpy(line, p + 3, len - 3);
			line[len - 3] = '\0';
			drop_font_escapes(line);
			for (word = strtok_r(line, " ,", &save); word != NULL;
			     word = strtok_r(NULL, " ,", &save))
				if (strcmp(word, id) == 0)
					return 1;
		}
		p += len + (p[len] != '\0');
	}
	return 0;
}

/* Every id has its own entry in the built man page (docs cannot drift). */
static void
test_man_page(void)
{
	const char *page = getenv("MANPAGE");
	const struct bench_test *t;
	char path[4096], *text;
	FILE *f;
	long len;

	(void)snprintf(path, sizeof path, "%s", page ? page : "man/benchtop.1");
	if (!CHECK("man page opens", (f = fopen(path, "r")) != NULL))
		return;
	(void)fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	text = calloc(1, (size_t)len + 1);
	CHECK("man page read", fread(text, 1, (size_t)len, f) == (size_t)len);
	fclose(f);
	CHECK("a .B line that names two ids is read as two",
	    man_tags_id(".B a.x\\fR, \\fBa.y\n", "a.y") &&
	        !man_tags_id(".B a.yz\n", "a.y"));
	for (size_t i = 0; (t = registry_at(i)) != NULL; i++)
		if (!CHECK("id has a .B entry in the man page",
		        man_tags_id(text, t->id)))
			printf("     undocumented: %s\n", t->id);
	free(text);
}

int
main(void)
{
	test_table();
	test_promised_ids();
	test_select();
	test_man_page();
	return check_summary("test-registry");
}
