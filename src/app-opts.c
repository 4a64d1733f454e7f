/*
 * app-opts.c: command-line parsing with getopt_long and strict numbers.
 */

#include "config.h"

#include "app-opts-parse.h"
#include "app-opts.h"

#include <getopt.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export-listen.h"
#include "report-profile.h"
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
	OPT_QUICK,
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
	OPT_LIST_REFS,
	OPT_COMPARE,
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
	{ "list-refs", no_argument, NULL, OPT_LIST_REFS },
	{ "identify", no_argument, NULL, OPT_IDENTIFY },
	{ "dir", required_argument, NULL, OPT_DIR },
	{ "placement", required_argument, NULL, OPT_PLACEMENT },
	{ "mem-size", required_argument, NULL, OPT_MEM_SIZE },
	{ "jobs", required_argument, NULL, 'j' },
	{ "cpu", required_argument, NULL, OPT_CPU },
	{ "delay", required_argument, NULL, 'd' },
	{ "no-color", no_argument, NULL, OPT_NO_COLOR },
	{ "quiet-ui", no_argument, NULL, OPT_QUIET_UI },
	{ "quick", no_argument, NULL, OPT_QUICK },
	{ "log", required_argument, NULL, OPT_LOG },
	{ "slice-ms", required_argument, NULL, OPT_SLICE_MS },
	{ "data", required_argument, NULL, OPT_DATA },
	{ "ref", required_argument, NULL, OPT_REF },
	{ "save", required_argument, NULL, OPT_SAVE },
	{ "report", required_argument, NULL, OPT_REPORT },
	{ "story", required_argument, NULL, OPT_STORY },
	{ "machine", required_argument, NULL, OPT_MACHINE },
	{ "check", required_argument, NULL, OPT_CHECK },
	{ "compare", required_argument, NULL, OPT_COMPARE },
	{ "tolerance", required_argument, NULL, OPT_TOLERANCE },
	{ "html", required_argument, NULL, OPT_HTML },
	{ "listen", required_argument, NULL, OPT_LISTEN },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 },
};

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

/*
 * Options that take a number in a range into a double of struct opts:
 * the flag, its bounds (lo_open: lo itself is refused), where the value
 * goes, what a bad one is told, and the OPTS_GIVEN_* bit it sets.
 */
static const struct number_option {
	int code;
	const char *flag;
	double lo, hi;
	int lo_open;
	size_t field;
	const char *expected;
	unsigned given;
} number_options[] = {
	{ 't', "-t", 0, 86400, 1, offsetof(struct opts, seconds),
	    "seconds, 0 < t <= 86400", 0 },
	{ OPT_SAMPLE_MS, "--sample-ms", 1, 10000, 0,
	    offsetof(struct opts, sample_ms), "milliseconds, 1..10000", 0 },
	{ OPT_WATCH, "--watch", 0.5, 86400, 0, offsetof(struct opts, watch_s),
	    "seconds, 0.5..86400", 0 },
	{ 'd', "-d", 0.1, 60, 0, offsetof(struct opts, delay_s),
	    "seconds, 0.1..60", OPTS_GIVEN_DELAY },
	{ OPT_SLICE_MS, "--slice-ms", 100, 60000, 0,
	    offsetof(struct opts, slice_ms), "milliseconds, 100..60000", 0 },
	{ OPT_TOLERANCE, "--tolerance", 0, 1000, 0,
	    offsetof(struct opts, tolerance_pct), "a percentage, 0..1000", 0 },
};

/*
 * Options that take a name (a file, a directory, an id) that must not be
 * empty, into a string of struct opts; `batch`: the option asks for
 * batch mode.
 */
static const struct text_option {
	int code;
	const char *flag;
	size_t field;
	const char *expected;
	int batch;
} text_options[] = {
	{ OPT_OM_FILE, "--openmetrics-file", offsetof(struct opts, om_file),
	    "a file path", 0 },
	{ OPT_LOG, "--log", offsetof(struct opts, log), "a file name", 0 },
	{ OPT_DATA, "--data", offsetof(struct opts, data), "a directory", 0 },
	{ OPT_REF, "--ref", offsetof(struct opts, ref),
	    "a class, machine or profile", 0 },
	{ OPT_CHECK, "--check", offsetof(struct opts, check),
	    "a profile or reference machine", 0 }, /* batch, unless --watch */
	{ OPT_MACHINE, "--machine", offsetof(struct opts, machine),
	    "a reference machine id", 0 },
	{ OPT_HTML, "--html", offsetof(struct opts, html), "a file name", 0 },
	{ OPT_DIR, "--dir", offsetof(struct opts, dir), "a directory", 0 },
};

/* Options that only choose the report's format. */
static const struct format_option {
	int code;
	const char *flag;
	enum report_format format;
} format_options[] = {
	{ OPT_JSON, "--json", REPORT_JSON },
	{ OPT_CSV, "--csv", REPORT_CSV },
	{ OPT_OPENMETRICS, "--openmetrics", REPORT_OPENMETRICS },
	{ OPT_JSONL, "--jsonl", REPORT_JSONL },
};

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

/* At least batch mode (a later --list or --help still wins). */
static void
want_batch(struct opts *o)
{
	o->mode = o->mode < OPTS_BATCH ? OPTS_BATCH : o->mode;
}

/* One report a run, in one format: a second format is refused, not
 * silently preferred (the same flag twice is the same format). */
static int
apply_format(const struct format_option *f, struct opts *o, char *err,
    size_t size)
{
	if (o->format_flag != NULL && o->format != f->format) {
		(void)snprintf(err, size,
		    "%s and %s: two report formats (give one)", o->format_flag,
		    f->flag);
		return -1;
	}
	o->format = f->format;
	o->format_flag = f->flag;
	return 0;
}

/* A table's option: 0 done, -1 with err a bad value, 1 not a table's. */
static int
apply_table_option(int c, const char *arg, struct opts *o, char *err,
    size_t size)
{
	for (size_t k = 0; k < COUNT_OF(number_options); k++) {
		const struct number_option *n = &number_options[k];

		if (n->code != c)
			continue;
		if (opts_parse_number(arg, n->lo, n->hi, n->lo_open,
		        (double *)((char *)o + n->field)) != 0)
			return bad_value(err, size, n->flag, arg, n->expected);
		o->given |= n->given;
		o->seconds_set |= c == 't';
		return 0;
	}
	for (size_t k = 0; k < COUNT_OF(text_options); k++) {
		const struct text_option *t = &text_options[k];

		if (t->code != c)
			continue;
		*(const char **)((char *)o + t->field) = arg;
		if (*arg == '\0')
			return bad_value(err, size, t->flag, arg, t->expected);
		if (t->batch)
			want_batch(o);
		return 0;
	}
	for (size_t k = 0; k < COUNT_OF(format_options); k++)
		if (format_options[k].code == c)
			return apply_format(&format_options[k], o, err, size);
	return 1;
}

/* -j and --mem-size: whole numbers in a range. */
static int
apply_whole_number(int c, const char *arg, struct opts *o, char *err,
    size_t size)
{
	double v;

	if (c == 'j') {
		if (opts_parse_number(arg, 1, OPTS_MAX_CPUS, 0, &v) != 0 ||
		    v != (int)v)
			return bad_value(err, size, "-j", arg,
			    "a whole number of workers, 1..256");
		o->jobs = (int)v;
		o->given |= OPTS_GIVEN_JOBS;
		return 0;
	}
	if (opts_parse_number(arg, 1, 65536, 0, &v) != 0 || v != (unsigned)v)
		return bad_value(err, size, "--mem-size", arg,
		    "a whole number of MiB, 1..65536");
	o->mem_mib = (unsigned)v;
	return 0;
}

/* --placement, --report, --save, --listen, --story: a value of a kind. */
static int
apply_named_value(int c, const char *arg, struct opts *o, char *err,
    size_t size)
{
	enum report_seed seed;

	switch (c) {
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
	case OPT_REPORT:
		if (report_seed_parse(arg, &seed) != 0)
			return bad_value(err, size, "--report", arg,
			    "byte, lmbench or ctxbench");
		o->report = seed;
		want_batch(o);
		return 0;
	case OPT_SAVE:
		if (!profile_name_ok(arg))
			return bad_value(err, size, "--save", arg,
			    "a name of letters, digits, '.', '_', '-'");
		o->save = arg;
		return 0;
	case OPT_LISTEN:
		if (listen_parse(arg, NULL) != 0)
			return bad_value(err, size, "--listen", arg,
			    "[ADDR:]PORT, PORT 1..65535, ADDR numeric");
		o->listen = arg;
		return 0;
	case OPT_STORY:
		if (strchr(arg, ',') == NULL)
			return bad_value(err, size, "--story", arg,
			    "two classes or machines, A,B (p6,netburst)");
		o->story = arg;
		want_batch(o);
		return 0;
	}
	return 1;
}

/* One option and its argument into `o`; -1 with err for a bad value. */
static int
apply_option(int c, const char *arg, struct opts *o, char *err, size_t size)
{
	int rc;

	if ((rc = apply_table_option(c, arg, o, err, size)) <= 0 ||
	    (rc = apply_named_value(c, arg, o, err, size)) <= 0)
		return rc;
	switch (c) {
	case 'j':
	case OPT_MEM_SIZE:
		return apply_whole_number(c, arg, o, err, size);
	case OPT_ONLY:
		o->only = arg;
		return check_globs("--only", arg, err, size);
	case OPT_SKIP:
		o->skip = arg;
		return check_globs("--skip", arg, err, size);
	case OPT_CPU:
		if (opts_parse_cpu_list(arg, o) != 0)
			return bad_value(err, size, "--cpu", arg,
			    "a list of CPUs such as 0,2-3");
		return 0;
	case OPT_IDENTIFY:
		o->mode = o->mode < OPTS_IDENTIFY ? OPTS_IDENTIFY : o->mode;
		return 0;
	case OPT_LIST_REFS:
		o->mode = o->mode < OPTS_REFS ? OPTS_REFS : o->mode;
		return 0;
	case OPT_COMPARE:
		o->compare = arg;
		o->mode = o->mode < OPTS_COMPARE ? OPTS_COMPARE : o->mode;
		return *arg ? 0
		            : bad_value(err, size, "--compare", arg,
		                  "a profile, a file or a directory of them");
	case OPT_NO_COLOR:
		o->no_color = 1;
		return 0;
	case OPT_QUIET_UI:
		o->quiet_ui = 1;
		o->given |= OPTS_GIVEN_QUIET;
		return 0;
	case OPT_QUICK:
		o->quick = 1;
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

/* --quick: with --save or --check, its own slices and placement. */
static int
quick_refused(struct opts *o, char *err, size_t size)
{
	const char *with = o->seconds_set     ? "-t"
	    : o->given & OPTS_GIVEN_PLACEMENT ? "--placement"
	    : o->html != NULL                 ? "--html"
	    : o->report != SEED_NONE          ? "--report"
	                                      : NULL;

	if (o->save == NULL && o->check == NULL)
		with = "no --save or --check";
	if (with != NULL) {
		(void)snprintf(err, size,
		    "--quick goes with --save or --check and takes its own "
		    "slices and placement (not %s)",
		    with);
		return -1;
	}
	o->mode = o->mode < OPTS_BATCH ? OPTS_BATCH : o->mode;
	return 0;
}

/* Defaults that depend on the mode, and the combinations refused. */
static int
apply_defaults_and_check(struct opts *o, char *err, size_t size)
{
	/* --check measures as --save does by default (-t 1, in slices):
	 * figures taken another way would differ by more than the machine
	 * does. */
	/*
	 * lmbench's summary needs 40 tests: 0.3 s each (a dozen samples of
	 * the default 25 ms, median and CI reported) gives the whole picture
	 * in about 15 s, where lmbench itself takes minutes.
	 */
	if (o->report == SEED_LMBENCH && !o->seconds_set)
		o->seconds = 0.3;
	if (o->check != NULL && o->watch_s == 0)
		want_batch(o);
	if (o->check != NULL && (o->report != SEED_NONE || o->save != NULL)) {
		(void)snprintf(err, size,
		    "--check goes alone (not with "
		    "--report or --save)");
		return -1;
	}
	if (o->quick && quick_refused(o, err, size) != 0)
		return -1;
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
		if (o->mode == OPTS_BATCH || o->report != SEED_NONE) {
			(void)snprintf(err, size,
			    "--watch goes without --batch and --report");
			return -1;
		}
		/* The live check's verdicts go to the metrics alone. */
		if (o->check != NULL && o->listen == NULL &&
		    o->om_file == NULL) {
			(void)snprintf(err, size,
			    "--check with --watch needs --listen or "
			    "--openmetrics-file (its verdicts are metrics)");
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
	if (o->mode == OPTS_COMPARE) { /* the operands are profiles too */
		o->compare_more = argv + optind;
		o->ncompare_more = argc - optind;
		optind = argc;
	}
	if (optind < argc) {
		(void)snprintf(err, size, "unexpected argument '%.64s'",
		    argv[optind]);
		return -1;
	}
	return 0;
}
