/*
 * test-opts.c: the command line accepts what --help promises and rejects
 * every bad value with a message naming it.
 */

#include "config.h"

#include <string.h>

#include "app-opts.h"
#include "check.h"

#define ARGV(...)                                                              \
	(char *[])                                                             \
	{                                                                      \
		"benchtop", __VA_ARGS__, NULL                                  \
	}

/* argc is counted, so a case cannot get it wrong. */
static int
parse(char **argv, struct opts *o, char *err)
{
	int argc = 0;

	while (argv[argc] != NULL)
		argc++;
	err[0] = '\0';
	return opts_parse(argc, argv, o, err, 256);
}

static void
test_good(void)
{
	struct opts o;
	char err[256];

	CHECK("batch json",
	    parse(ARGV("--batch", "-t", "0.5", "--json"), &o, err) == 0 &&
	        o.mode == OPTS_BATCH && o.seconds == 0.5 &&
	        o.format == REPORT_JSON);
	CHECK("defaults",
	    parse(ARGV(NULL), &o, err) == 0 && o.mode == OPTS_AUTO &&
	        o.seconds == 1.0 && o.sample_ms == 25.0 &&
	        o.format == REPORT_TEXT);
	CHECK("only/skip/csv",
	    parse(ARGV("--only=a.*", "--skip", "b.c", "--csv"), &o, err) == 0 &&
	        strcmp(o.only, "a.*") == 0 && strcmp(o.skip, "b.c") == 0 &&
	        o.format == REPORT_CSV);
	CHECK("list wins over batch",
	    parse(ARGV("--list", "-b"), &o, err) == 0 && o.mode == OPTS_LIST);
	CHECK("cpu list",
	    parse(ARGV("--cpu", "0,2-4", "-j", "3"), &o, err) == 0 &&
	        o.ncpus == 4 && o.cpus[0] == 0 && o.cpus[3] == 4 &&
	        o.jobs == 3);
	CHECK("sample-ms",
	    parse(ARGV("--sample-ms=50"), &o, err) == 0 && o.sample_ms == 50);
	CHECK("plain decimals",
	    parse(ARGV("-t", ".5", "-d", "2.", "--tolerance", "010"), &o,
	        err) == 0 &&
	        o.seconds == 0.5 && o.delay_s == 2 && o.tolerance_pct == 10);
	CHECK("list-refs, with the data it reads",
	    parse(ARGV("--list-refs", "--data", "d"), &o, err) == 0 &&
	        o.mode == OPTS_REFS && strcmp(o.data, "d") == 0);
	CHECK("--check alone is batch",
	    parse(ARGV("--check", "p"), &o, err) == 0 && o.mode == OPTS_BATCH &&
	        strcmp(o.check, "p") == 0);
	CHECK("--check with --watch and --listen: the live check",
	    parse(ARGV("--check", "p", "--watch", "5", "--listen", "9184"), &o,
	        err) == 0 &&
	        o.mode == OPTS_WATCH && strcmp(o.check, "p") == 0);
	CHECK("--watch, then --check, with --openmetrics-file",
	    parse(ARGV("--watch", "5", "--openmetrics-file", "f.prom",
	              "--check", "p"),
	        &o, err) == 0 &&
	        o.mode == OPTS_WATCH);
	CHECK("one format twice",
	    parse(ARGV("--csv", "--csv"), &o, err) == 0 &&
	        o.format == REPORT_CSV);
}

/* Each bad input: rejected, and the message names the value. */
static void
test_bad(void)
{
	const struct {
		char **argv;
		const char *needle;
	} cases[] = {
		{ ARGV("-t", "abc"), "'abc'" },
		{ ARGV("-t", "-1"), "'-1'" },
		{ ARGV("-t", "0"), "'0'" },
		{ ARGV("-t", ""), "''" },
		{ ARGV("-t", "1e9"), "'1e9'" },
		{ ARGV("-t", "nan"), "'nan'" },
		{ ARGV("-t", "2s"), "'2s'" },
		{ ARGV("-t"), "-t" },
		{ ARGV("--time"), "--time" },
		{ ARGV("--sample-ms=0"), "'0'" },
		{ ARGV("--frobnicate"), "--frobnicate" },
		{ ARGV("-x"), "-x" },
		{ ARGV("--only="), "--only" },
		{ ARGV("stray"), "'stray'" },
		{ ARGV("--dir="), "--dir" },
		{ ARGV("--mem-size=1.5"), "'1.5'" },
		{ ARGV("--mem-size", "0"), "'0'" },
		{ ARGV("--placement", "up"), "'up'" },
		{ ARGV("-j", "0"), "'0'" },
		{ ARGV("-j", "1.5"), "'1.5'" },
		{ ARGV("-d", "0.01"), "'0.01'" },
		{ ARGV("--cpu", "1-0"), "'1-0'" },
		{ ARGV("--cpu", "a"), "'a'" },
		{ ARGV("--cpu", "1,"), "'1,'" },
		{ ARGV("--log="), "--log" },
		{ ARGV("-t", "0x10"), "'0x10'" },
		{ ARGV("-t", "inf"), "'inf'" },
		{ ARGV("-t", " 1"), "' 1'" },
		{ ARGV("-t", "+1"), "'+1'" },
		{ ARGV("--tolerance", "1e1"), "'1e1'" },
		{ ARGV("-j", "0x2"), "'0x2'" },
		{ ARGV("--json", "--csv"), "--json and --csv" },
		{ ARGV("--jsonl", "--openmetrics"),
		    "--jsonl and --openmetrics" },
		{ ARGV("--check", "p", "--watch", "5"), "--listen" },
		{ ARGV("--check", "p", "--listen", "9184"),
		    "--listen goes with" },
		{ ARGV("-b", "--watch", "5"), "--watch goes without" },
	};
	struct opts o;
	char err[256];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		int rc = parse(cases[i].argv, &o, err);

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
