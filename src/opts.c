/*
 * opts.c: command-line parsing with getopt_long and strict numbers.
 */

#include "config.h"

#include "opts.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
	OPT_SAMPLE_MS = 256,
	OPT_ONLY,
	OPT_SKIP,
	OPT_JSON,
	OPT_CSV,
	OPT_DIR,
	OPT_PLACEMENT,
	OPT_MEM_SIZE,
};

static const struct option long_options[] = {
	{ "batch", no_argument, NULL, 'b' },
	{ "time", required_argument, NULL, 't' },
	{ "sample-ms", required_argument, NULL, OPT_SAMPLE_MS },
	{ "only", required_argument, NULL, OPT_ONLY },
	{ "skip", required_argument, NULL, OPT_SKIP },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "csv", no_argument, NULL, OPT_CSV },
	{ "list", no_argument, NULL, 'l' },
	{ "dir", required_argument, NULL, OPT_DIR },
	{ "placement", required_argument, NULL, OPT_PLACEMENT },
	{ "mem-size", required_argument, NULL, OPT_MEM_SIZE },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 },
};

const char opts_usage[] =
    "Usage: benchtop [OPTION]...\n"
    "A top for OS micro-benchmarks: BYTE UNIX Benchmarks 3.11, lmbench 2.0,\n"
    "ctxbench and the FreeBSD syscall and lock tests.\n"
    "\n"
    "  -b, --batch           run each selected test for -t seconds and "
    "print a report\n"
    "  -t, --time SECONDS    seconds per test in batch mode (default 1)\n"
    "      --sample-ms MS    target duration of one sample (default 25)\n"
    "      --only GLOB,...   run only tests whose id matches a glob\n"
    "      --skip GLOB,...   leave out tests whose id matches a glob\n"
    "      --json            batch report as one JSON document (schema 1)\n"
    "      --csv             batch report as CSV with a fixed header\n"
    "  -l, --list            list every test: id, group, unit, origin, "
    "definition\n"
    "      --dir DIR         where the private scratch directory goes\n"
    "                        (default $TMPDIR, else /tmp)\n"
    "      --placement WHERE same: both parties of a two-party test on one\n"
    "                        CPU (the UP picture); spread: on two CPUs\n"
    "                        (default spread where two CPUs exist)\n"
    "      --mem-size MIB    buffer of the memory bandwidth tests, in MiB\n"
    "                        (1..65536; default 64, beyond the caches)\n"
    "  -h, --help            show this help\n"
    "  -V, --version         show the version\n"
    "\n"
    "Exit status: 0 ok (tests ok or unsupported here); 1 runtime error or\n"
    "a test failed; 2 usage error.\n";

/* Parse a whole finite number in [lo, hi] (lo exclusive when open). */
static int
parse_number(const char *s, double lo, double hi, int lo_open, double *out)
{
	char *end;
	double v;

	if (*s == '\0')
		return -1;
	v = strtod(s, &end);
	if (*end != '\0' || !isfinite(v) || v > hi || v < lo ||
	    (lo_open && v == lo))
		return -1;
	*out = v;
	return 0;
}

static int
bad_value(char *err, size_t size, const char *flag, const char *value,
    const char *expected)
{
	(void)snprintf(err, size, "%s: bad value '%.64s' (expected %s)", flag,
	    value, expected);
	return -1;
}

/* A glob list must be non-empty and printable. */
static int
check_globs(const char *flag, const char *value, char *err, size_t size)
{
	if (*value == '\0' || strlen(value) > 4096)
		return bad_value(err, size, flag, value,
		    "comma-separated test id globs");
	return 0;
}

/* The name of the option that getopt rejected, for the message. */
static const char *
rejected_option(char **argv)
{
	static char buf[8];
	const char *arg = argv[optind - 1];

	if (strncmp(arg, "--", 2) == 0)
		return arg;
	(void)snprintf(buf, sizeof buf, "-%c", optopt);
	return buf;
}

static int
apply_option(int c, const char *arg, struct opts *o, char *err, size_t size)
{
	double v;

	switch (c) {
	case 't':
		if (parse_number(arg, 0, 86400, 1, &o->seconds) != 0)
			return bad_value(err, size, "-t", arg,
			    "seconds, 0 < t <= 86400");
		return 0;
	case OPT_SAMPLE_MS:
		if (parse_number(arg, 1, 10000, 0, &o->sample_ms) != 0)
			return bad_value(err, size, "--sample-ms", arg,
			    "milliseconds, 1..10000");
		return 0;
	case OPT_ONLY:
		o->only = arg;
		return check_globs("--only", arg, err, size);
	case OPT_SKIP:
		o->skip = arg;
		return check_globs("--skip", arg, err, size);
	case OPT_JSON:
		o->format = REPORT_JSON;
		return 0;
	case OPT_CSV:
		o->format = REPORT_CSV;
		return 0;
	case OPT_PLACEMENT:
		if (strcmp(arg, "same") == 0)
			o->placement = BENCH_PLACE_SAME;
		else if (strcmp(arg, "spread") == 0)
			o->placement = BENCH_PLACE_SPREAD;
		else
			return bad_value(err, size, "--placement", arg,
			    "same or spread");
		return 0;
	case OPT_MEM_SIZE:
		if (parse_number(arg, 1, 65536, 0, &v) != 0 || v != (unsigned)v)
			return bad_value(err, size, "--mem-size", arg,
			    "a whole number of MiB, 1..65536");
		o->mem_mib = (unsigned)v;
		return 0;
	case OPT_DIR:
		o->dir = arg;
		if (*arg == '\0')
			return bad_value(err, size, "--dir", arg,
			    "a directory");
		return 0;
	}
	return -1;
}

/* -b, -l, -h, -V: the later mode in enum order wins, whatever the order. */
static void
apply_mode(int c, struct opts *o)
{
	enum opts_mode m;

	switch (c) {
	case 'b':
		m = OPTS_BATCH;
		break;
	case 'l':
		m = OPTS_LIST;
		break;
	case 'h':
		m = OPTS_HELP;
		break;
	default:
		m = OPTS_VERSION;
		break;
	}
	if (m > o->mode)
		o->mode = m;
}

int
opts_parse(int argc, char **argv, struct opts *o, char *err, size_t size)
{
	int c;

	memset(o, 0, sizeof *o);
	o->seconds = 1.0;
	o->sample_ms = 25.0;
	o->placement = BENCH_PLACE_SPREAD; /* falls back to same on 1 CPU */
	o->mem_mib = 64;
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":bt:lhV", long_options, NULL)) !=
	    -1) {
		if (c == '?' || c == ':') {
			(void)snprintf(err, size, "%s option '%s' (see --help)",
			    c == '?' ? "unknown" : "missing value for",
			    rejected_option(argv));
			return -1;
		}
		if (c == 'b' || c == 'l' || c == 'h' || c == 'V')
			apply_mode(c, o);
		else if (apply_option(c, optarg, o, err, size) != 0)
			return -1;
	}
	if (optind < argc) {
		(void)snprintf(err, size, "unexpected argument '%.64s'",
		    argv[optind]);
		return -1;
	}
	return 0;
}
