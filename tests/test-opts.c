/*
 * test-opts.c: the command line accepts what --help promises and rejects
 * every bad value with a message naming it.
 */

#include "config.h"

#include <string.h>

#include "check.h"
#include "opts.h"

#define ARGV(...)                                                              \
	(char *[])                                                             \
	{                                                                      \
		"benchtop", __VA_ARGS__, NULL                                  \
	}

static int
parse(int argc, char **argv, struct opts *o, char *err)
{
	err[0] = '\0';
	return opts_parse(argc, argv, o, err, 256);
}

static void
test_good(void)
{
	struct opts o;
	char err[256];

	CHECK("batch json",
	    parse(5, ARGV("--batch", "-t", "0.5", "--json"), &o, err) == 0 &&
	        o.mode == OPTS_BATCH && o.seconds == 0.5 &&
	        o.format == REPORT_JSON);
	CHECK("defaults",
	    parse(1, ARGV(NULL), &o, err) == 0 && o.mode == OPTS_AUTO &&
	        o.seconds == 1.0 && o.sample_ms == 25.0 &&
	        o.format == REPORT_TEXT);
	CHECK("only/skip/csv",
	    parse(4, ARGV("--only=a.*", "--skip", "b.c", "--csv"), &o, err) ==
	            0 &&
	        strcmp(o.only, "a.*") == 0 && strcmp(o.skip, "b.c") == 0 &&
	        o.format == REPORT_CSV);
	CHECK("list wins over batch",
	    parse(3, ARGV("--list", "-b"), &o, err) == 0 &&
	        o.mode == OPTS_LIST);
	CHECK("sample-ms",
	    parse(2, ARGV("--sample-ms=50"), &o, err) == 0 &&
	        o.sample_ms == 50);
}

/* Each bad input: rejected, and the message names the value. */
static void
test_bad(void)
{
	static const struct {
		int argc;
		char **argv;
		const char *needle;
	} cases[] = {
		{ 3, ARGV("-t", "abc"), "'abc'" },
		{ 3, ARGV("-t", "-1"), "'-1'" },
		{ 3, ARGV("-t", "0"), "'0'" },
		{ 3, ARGV("-t", ""), "''" },
		{ 3, ARGV("-t", "1e9"), "'1e9'" },
		{ 3, ARGV("-t", "nan"), "'nan'" },
		{ 3, ARGV("-t", "2s"), "'2s'" },
		{ 2, ARGV("-t"), "-t" },
		{ 2, ARGV("--time"), "--time" },
		{ 2, ARGV("--sample-ms=0"), "'0'" },
		{ 2, ARGV("--frobnicate"), "--frobnicate" },
		{ 2, ARGV("-x"), "-x" },
		{ 2, ARGV("--only="), "--only" },
		{ 2, ARGV("stray"), "'stray'" },
		{ 2, ARGV("--dir="), "--dir" },
	};
	struct opts o;
	char err[256];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		int rc = parse(cases[i].argc, cases[i].argv, &o, err);

		if (!CHECK("rejected", rc == -1) ||
		    !CHECK("names the value", strstr(err, cases[i].needle)) ||
		    !CHECK("one line", strchr(err, '\n') == NULL))
			printf("     case %zu: '%s'\n", i, err);
	}
}

int
main(void)
{
	test_good();
	test_bad();
	return check_summary("test-opts");
}
