/*
 * app-opts.c: command-line parsing with getopt_long and strict numbers.
 */

#include "config.h"

#include "app-opts.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export-listen.h"
#include "ref-profile.h"
#include "report-seed.h"

enum {
	OPT_SAMPLE_MS = 256,
	OPT_ONLY,
	OPT_SKIP,
	OPT_JSON,
	OPT_CSV,
	OPT_DIR,
	OPT_PLACEMENT,
	OPT_MEM_SIZE,
	OPT_CPU,
	OPT_NO_COLOR,
	OPT_QUIET_UI,
	OPT_LOG,
	OPT_SLICE_MS,
	OPT_DATA,
	OPT_REF,
	OPT_SAVE,
	OPT_REPORT,
	OPT_STORY,
	OPT_MACHINE,
	OPT_OPENMETRICS,
	OPT_CHECK,
	OPT_TOLERANCE,
	OPT_JSONL,
	OPT_WATCH,
	OPT_OM_FILE,
	OPT_IDENTIFY,
	OPT_HTML,
	OPT_LISTEN,
};

static const struct option long_options[] = {
	{ "batch", no_argument, NULL, 'b' },
	{ "time", required_argument, NULL, 't' },
	{ "sample-ms", required_argument, NULL, OPT_SAMPLE_MS },
	{ "only", required_argument, NULL, OPT_ONLY },
	{ "skip", required_argument, NULL, OPT_SKIP },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "csv", no_argument, NULL, OPT_CSV },
	{ "openmetrics", no_argument, NULL, OPT_OPENMETRICS },
	{ "jsonl", no_argument, NULL, OPT_JSONL },
	{ "watch", required_argument, NULL, OPT_WATCH },
	{ "openmetrics-file", required_argument, NULL, OPT_OM_FILE },
	{ "list", no_argument, NULL, 'l' },
	{ "identify", no_argument, NULL, OPT_IDENTIFY },
	{ "dir", required_argument, NULL, OPT_DIR },
	{ "placement", required_argument, NULL, OPT_PLACEMENT },
	{ "mem-size", required_argument, NULL, OPT_MEM_SIZE },
	{ "jobs", required_argument, NULL, 'j' },
	{ "cpu", required_argument, NULL, OPT_CPU },
	{ "delay", required_argument, NULL, 'd' },
	{ "no-color", no_argument, NULL, OPT_NO_COLOR },
	{ "quiet-ui", no_argument, NULL, OPT_QUIET_UI },
	{ "log", required_argument, NULL, OPT_LOG },
	{ "slice-ms", required_argument, NULL, OPT_SLICE_MS },
	{ "data", required_argument, NULL, OPT_DATA },
	{ "ref", required_argument, NULL, OPT_REF },
	{ "save", required_argument, NULL, OPT_SAVE },
	{ "report", required_argument, NULL, OPT_REPORT },
	{ "story", required_argument, NULL, OPT_STORY },
	{ "machine", required_argument, NULL, OPT_MACHINE },
	{ "check", required_argument, NULL, OPT_CHECK },
	{ "tolerance", required_argument, NULL, OPT_TOLERANCE },
	{ "html", required_argument, NULL, OPT_HTML },
	{ "listen", required_argument, NULL, OPT_LISTEN },
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
    "                        (without it: the live screen on a terminal)\n"
    "  -t, --time SECONDS    seconds per test in batch mode (default 1)\n"
    "      --sample-ms MS    target duration of one sample (default 25)\n"
    "      --only GLOB,...   run only tests whose id matches a glob\n"
    "      --skip GLOB,...   leave out tests whose id matches a glob\n"
    "      --json            batch report as one JSON document (schema 1)\n"
    "      --csv             batch report as CSV with a fixed header\n"
    "      --openmetrics     batch report in the Prometheus text format\n"
    "      --jsonl           JSON Lines: one record per test (batch), or\n"
    "                        per test and interval (--watch)\n"
    "      --watch SECONDS   run the monitor without a screen, exporting\n"
    "                        every SECONDS (with --jsonl and/or\n"
    "                        --openmetrics-file) until INT or TERM\n"
    "      --openmetrics-file PATH  rewrite PATH atomically every interval\n"
    "                        (--watch, or every 10 s of the live screen)\n"
    "  -l, --list            list every test: id, group, unit, origin, "
    "definition\n"
    "      --identify [DUMP] identify this CPU, or a raw CPUID dump in\n"
    "                        libcpuid's format, its class, and the\n"
    "                        reference machines of that class\n"
    "  -j, --jobs N          worker threads of the live monitor (default:\n"
    "                        half the allowed CPUs, at least 1)\n"
    "      --cpu LIST        CPUs for the workers, e.g. 0,2-3 (default: "
    "the\n"
    "                        allowed CPUs in order)\n"
    "  -d, --delay SECONDS   refresh delay of the live screen (default 1)\n"
    "      --slice-ms MS     one test's turn in the live monitor (default "
    "500)\n"
    "      --no-color        no colours (also when NO_COLOR is set)\n"
    "      --quiet-ui        the screen redraws only while every worker\n"
    "                        waits between samples, every 5 s or slower,\n"
    "                        from a CPU the workers do not use (key Q)\n"
    "      --log FILE.csv    append every live sample to FILE.csv (the\n"
    "                        screen or --watch)\n"
    "      --ref A[,B]       compare with reference A (and B beside it):\n"
    "                        each a CPU class (p6, netburst, k7...: per\n"
    "                        test, that class's machine), a reference\n"
    "                        machine (see --identify) or a profile saved\n"
    "                        by --save (NAME or FILE); default: this\n"
    "                        CPU's class, else p6\n"
    "      --report LAYOUT   the origin's own table: byte (BYTE 3.11 INDEX\n"
    "                        VALUES), lmbench (the 2.0 summary), ctxbench;\n"
    "                        runs the tests it needs, or with --machine ID\n"
    "                        prints a reference machine's table\n"
    "      --story A,B       the demo view: only the tests where classes\n"
    "                        (or machines) A and B each have a machine of\n"
    "                        their own, farthest apart first, in cycles\n"
    "                        per operation beside this machine's\n"
    "      --check PROFILE   run the tests PROFILE (a --save name or file, or\n"
    "                        a reference machine) holds and judge each;\n"
    "                        exit 3 when one is slower than tolerated\n"
    "      --tolerance PCT   how much slower --check tolerates (default 10)\n"
    "      --save NAME       after the batch report, save its results as\n"
    "                        profile NAME ($XDG_DATA_HOME/benchtop)\n"
    "      --data DIR        reference data directory (default\n"
    "                        $BENCHTOP_DATA, else the installed data)\n"
    "      --dir DIR         where the private scratch directory goes\n"
    "                        (default $TMPDIR, else /tmp)\n"
    "      --placement WHERE same: both parties of a two-party test on one\n"
    "                        CPU (the UP picture); spread: on two CPUs\n"
    "                        (default spread where two CPUs exist)\n"
    "      --mem-size MIB    buffer of the memory bandwidth tests, in MiB\n"
    "                        (1..65536; default 64, beyond the caches)\n"
    "      --html FILE       also write the report as one HTML page (charts,\n"
    "                        no script); on the live screen, key H writes it\n"
    "      --listen [ADDR:]PORT  serve /metrics over HTTP (live screen or\n"
    "                        --watch); ADDR defaults to 127.0.0.1\n"
    "  -h, --help            show this help\n"
    "  -V, --version         show the version\n"
    "\n"
    "Exit status: 0 ok (tests ok or unsupported here); 1 runtime error or\n"
    "a test failed; 2 usage error; 3 --check found a test slower than\n"
    "tolerated; 128+N stopped by signal N.\n";

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

/* One element of a CPU list: N or N-M; advances *p. */
static int
parse_cpu_range(const char **p, int *lo, int *hi)
{
	char *end;
	long a, b;

	if (**p < '0' || **p > '9')
		return -1;
	a = strtol(*p, &end, 10);
	b = a;
	if (*end == '-') {
		if (end[1] < '0' || end[1] > '9')
			return -1;
		b = strtol(end + 1, &end, 10);
	}
	if (a > b || b >= 4096)
		return -1;
	*lo = (int)a;
	*hi = (int)b;
	*p = end;
	return 0;
}

/* "0,2-3" into o->cpus; no check that they exist (pinning says so). */
static int
parse_cpu_list(const char *s, struct opts *o)
{
	int lo, hi;

	o->ncpus = 0;
	for (const char *p = s;;) {
		if (parse_cpu_range(&p, &lo, &hi) != 0)
			return -1;
		for (int c = lo; c <= hi; c++) {
			if (o->ncpus == OPTS_MAX_CPUS)
				return -1;
			o->cpus[o->ncpus++] = c;
		}
		if (*p == '\0')
			return 0;
		if (*p++ != ',')
			return -1;
	}
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
		o->seconds_set = 1;
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
	case OPT_OPENMETRICS:
		o->format = REPORT_OPENMETRICS;
		return 0;
	case OPT_IDENTIFY:
		o->mode = o->mode < OPTS_IDENTIFY ? OPTS_IDENTIFY : o->mode;
		return 0;
	case OPT_JSONL:
		o->format = REPORT_JSONL;
		return 0;
	case OPT_WATCH:
		if (parse_number(arg, 0.5, 86400, 0, &o->watch_s) != 0)
			return bad_value(err, size, "--watch", arg,
			    "seconds, 0.5..86400");
		return 0;
	case OPT_OM_FILE:
		if (*arg == '\0')
			return bad_value(err, size, "--openmetrics-file", arg,
			    "a file path");
		o->om_file = arg;
		return 0;
	case OPT_PLACEMENT:
		if (strcmp(arg, "same") == 0)
			o->placement = BENCH_PLACE_SAME;
		else if (strcmp(arg, "spread") == 0)
			o->placement = BENCH_PLACE_SPREAD;
		else
			return bad_value(err, size, "--placement", arg,
			    "same or spread");
		o->given |= OPTS_GIVEN_PLACEMENT;
		return 0;
	case OPT_MEM_SIZE:
		if (parse_number(arg, 1, 65536, 0, &v) != 0 || v != (unsigned)v)
			return bad_value(err, size, "--mem-size", arg,
			    "a whole number of MiB, 1..65536");
		o->mem_mib = (unsigned)v;
		return 0;
	case 'j':
		if (parse_number(arg, 1, OPTS_MAX_CPUS, 0, &v) != 0 ||
		    v != (int)v)
			return bad_value(err, size, "-j", arg,
			    "a whole number of workers, 1..256");
		o->jobs = (int)v;
		o->given |= OPTS_GIVEN_JOBS;
		return 0;
	case 'd':
		if (parse_number(arg, 0.1, 60, 0, &o->delay_s) != 0)
			return bad_value(err, size, "-d", arg,
			    "seconds, 0.1..60");
		o->given |= OPTS_GIVEN_DELAY;
		return 0;
	case OPT_SLICE_MS:
		if (parse_number(arg, 100, 60000, 0, &o->slice_ms) != 0)
			return bad_value(err, size, "--slice-ms", arg,
			    "milliseconds, 100..60000");
		return 0;
	case OPT_CPU:
		if (parse_cpu_list(arg, o) != 0)
			return bad_value(err, size, "--cpu", arg,
			    "a list of CPUs such as 0,2-3");
		return 0;
	case OPT_NO_COLOR:
		o->no_color = 1;
		return 0;
	case OPT_QUIET_UI:
		o->quiet_ui = 1;
		o->given |= OPTS_GIVEN_QUIET;
		return 0;
	case OPT_LOG:
		o->log = arg;
		if (*arg == '\0')
			return bad_value(err, size, "--log", arg,
			    "a file name");
		return 0;
	case OPT_DATA:
	case OPT_REF:
		if (*arg == '\0')
			return bad_value(err, size,
			    c == OPT_DATA ? "--data" : "--ref", arg,
			    c == OPT_DATA ? "a directory"
			                  : "a class, machine or profile");
		*(c == OPT_DATA ? &o->data : &o->ref) = arg;
		return 0;
	case OPT_STORY:
		if (strchr(arg, ',') == NULL)
			return bad_value(err, size, "--story", arg,
			    "two classes or machines, A,B (p6,netburst)");
		o->story = arg;
		o->mode = o->mode < OPTS_BATCH ? OPTS_BATCH : o->mode;
		return 0;
	case OPT_REPORT: {
		enum report_seed seed;

		if (report_seed_parse(arg, &seed) != 0)
			return bad_value(err, size, "--report", arg,
			    "byte, lmbench or ctxbench");
		o->report = seed;
		o->mode = o->mode < OPTS_BATCH ? OPTS_BATCH : o->mode;
		return 0;
	}
	case OPT_CHECK:
		if (*arg == '\0')
			return bad_value(err, size, "--check", arg,
			    "a profile or reference machine");
		o->check = arg;
		o->mode = o->mode < OPTS_BATCH ? OPTS_BATCH : o->mode;
		return 0;
	case OPT_TOLERANCE:
		if (parse_number(arg, 0, 1000, 0, &o->tolerance_pct) != 0)
			return bad_value(err, size, "--tolerance", arg,
			    "a percentage, 0..1000");
		return 0;
	case OPT_MACHINE:
		if (*arg == '\0')
			return bad_value(err, size, "--machine", arg,
			    "a reference machine id");
		o->machine = arg;
		return 0;
	case OPT_SAVE:
		if (!profile_name_ok(arg))
			return bad_value(err, size, "--save", arg,
			    "a name of letters, digits, '.', '_', '-'");
		o->save = arg;
		return 0;
	case OPT_HTML:
		if (*arg == '\0')
			return bad_value(err, size, "--html", arg,
			    "a file name");
		o->html = arg;
		return 0;
	case OPT_LISTEN:
		if (listen_parse(arg, NULL) != 0)
			return bad_value(err, size, "--listen", arg,
			    "[ADDR:]PORT, PORT 1..65535, ADDR numeric");
		o->listen = arg;
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

/* Defaults that depend on the mode, and the combinations refused. */
static int
apply_defaults_and_check(struct opts *o, char *err, size_t size)
{
	/* A quick check by default: the whole of it in well under 30 s. */
	if (o->check != NULL && !o->seconds_set)
		o->seconds = 0.25;
	/*
	 * lmbench's summary needs 40 tests: 0.3 s each (a dozen samples of
	 * the default 25 ms, median and CI reported) gives the whole picture
	 * in about 15 s, where lmbench itself takes minutes.
	 */
	if (o->report == SEED_LMBENCH && !o->seconds_set)
		o->seconds = 0.3;
	if (o->check != NULL && (o->report != SEED_NONE || o->save != NULL)) {
		(void)snprintf(err, size,
		    "--check goes alone (not with "
		    "--report or --save)");
		return -1;
	}
	if (o->story != NULL &&
	    (o->ref != NULL || o->check != NULL || o->report != SEED_NONE)) {
		(void)snprintf(err, size,
		    "--story A,B names both references: not with --ref, "
		    "--report or --check");
		return -1;
	}
	if (o->story != NULL)
		o->ref = o->story;
	if (o->watch_s > 0) {
		if (o->mode == OPTS_BATCH || o->report != SEED_NONE ||
		    o->check) {
			(void)snprintf(err, size,
			    "--watch goes without --batch, "
			    "--report and --check");
			return -1;
		}
		if (o->mode < OPTS_WATCH)
			o->mode = OPTS_WATCH;
	}
	if (o->html != NULL && o->watch_s > 0) {
		(void)snprintf(err, size,
		    "--html goes with --batch, --report, --check or the live "
		    "screen (key H), not --watch");
		return -1;
	}
	if (o->listen != NULL && o->mode == OPTS_BATCH) {
		(void)snprintf(err, size,
		    "--listen goes with the live screen or --watch");
		return -1;
	}
	if (o->machine != NULL && o->report == SEED_NONE) {
		(void)snprintf(err, size, "--machine needs --report");
		return -1;
	}
	/* Batch has no live samples to log: say so, do not ignore. */
	if (o->log != NULL && o->mode == OPTS_BATCH) {
		(void)snprintf(err, size,
		    "--log goes with the live screen or --watch (not --batch, "
		    "--report, --check)");
		return -1;
	}
	return 0;
}

int
opts_parse(int argc, char **argv, struct opts *o, char *err, size_t size)
{
	int c;

	memset(o, 0, sizeof *o);
	o->argc = argc;
	o->argv = argv;
	o->seconds = 1.0;
	o->sample_ms = 25.0;
	o->placement = BENCH_PLACE_SPREAD; /* falls back to same on 1 CPU */
	o->mem_mib = 64;
	o->tolerance_pct = 10;
	o->jobs = 0; /* app-live.c: half the allowed CPUs, at least 1 */
	o->delay_s = 1.0;
	/* 80 tests in turns of half a second: every row is fresh within
	 * a minute (a full round is about 55 s on a 2-CPU machine). */
	o->slice_ms = 500;
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":bt:lhVj:d:", long_options,
	            NULL)) != -1) {
		if (c == '?' || c == ':') {
			(void)snprintf(err, size,
			    "%s option '%.64s' (see --help)",
			    c == '?' ? "unknown" : "missing value for",
			    rejected_option(argv));
			return -1;
		}
		if (c == 'b' || c == 'l' || c == 'h' || c == 'V')
			apply_mode(c, o);
		else if (apply_option(c, optarg, o, err, size) != 0)
			return -1;
	}
	if (apply_defaults_and_check(o, err, size) != 0)
		return -1;
	if (o->mode == OPTS_IDENTIFY && optind < argc)
		o->dump = argv[optind++];
	if (optind < argc) {
		(void)snprintf(err, size, "unexpected argument '%.64s'",
		    argv[optind]);
		return -1;
	}
	return 0;
}
