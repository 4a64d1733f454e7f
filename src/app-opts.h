/*
 * app-opts.h: the command line. Parsing is separate from main so that every
 * bad value gets the same one-line message shape:
 *   benchtop: -t: bad value 'abc' (expected seconds, 0 < t <= 86400)
 */

#ifndef BENCHTOP_OPTS_H
#define BENCHTOP_OPTS_H

#include <stddef.h>

#include "base-fatal.h"

#include "report-seed.h"
#include "report.h"

#define OPTS_MAX_CPUS 256

enum opts_mode {
	OPTS_AUTO,     /* live screen on a terminal, else the batch report */
	OPTS_BATCH,    /* --batch */
	OPTS_WATCH,    /* --watch: the monitor without a screen */
	OPTS_COMPARE,  /* --compare PROFILE...: profiles side by side */
	OPTS_LIST,     /* --list */
	OPTS_REFS,     /* --list-refs */
	OPTS_IDENTIFY, /* --identify [RAW_DUMP] */
	OPTS_HELP,
	OPTS_VERSION,
};

struct opts {
	enum opts_mode mode;
	enum report_format format;
	double seconds;   /* per test, batch mode */
	double sample_ms; /* target duration of one sample */
	const char *only; /* comma-separated globs, or NULL */
	const char *skip;
	const char *dir; /* base of the scratch directory, or NULL */
	enum bench_placement placement; /* of two-party tests */
	unsigned mem_mib;        /* buffer of the memory bandwidth tests, MiB */
	int jobs;                /* -j: live monitor's workers, 0: default */
	int cpus[OPTS_MAX_CPUS]; /* --cpu LIST: worker i on cpus[i % ncpus] */
	int ncpus;               /* 0: the allowed CPUs in order */
	double delay_s;          /* -d: refresh delay of the live screen */
	double slice_ms;         /* one test's turn in the live monitor */
	int no_color;            /* --no-color (app-live.c reads NO_COLOR) */
	int quiet_ui;            /* --quiet-ui */
	const char *log;         /* --log FILE.csv, or NULL */
	const char *data;        /* --data DIR, or NULL */
	const char *ref;         /* --ref ID|NAME|FILE, or NULL */
	const char *save;        /* --save NAME, or NULL */
	enum report_seed report; /* --report, or SEED_NONE */
	const char *machine;     /* --machine ID for --report, or NULL */
	const char *check;       /* --check PROFILE, or NULL */
	const char *compare;     /* --compare's first profile, or NULL */
	char *const *compare_more; /* the profiles after it (the operands) */
	int ncompare_more;
	const char *story;    /* --story A,B (also in ref), or NULL */
	double tolerance_pct; /* --tolerance, default 10 */
	int seconds_set;      /* -t was given */
	int quick;            /* --quick (app-quick.h) */
	double watch_s;       /* --watch SECONDS: headless export loop, or 0 */
	const char *om_file;  /* --openmetrics-file PATH, or NULL */
	const char *dump;     /* --identify's raw CPUID dump, or NULL */
	unsigned given;       /* OPTS_GIVEN_*: flags that win over benchtoprc */
	const char *html;     /* --html FILE, or NULL */
	const char *listen;   /* --listen [ADDR:]PORT, or NULL */
	int argc;             /* the command line, for the HTML page */
	char *const *argv;

	const char *format_flag; /* the flag that chose format, or NULL */
};

#define OPTS_GIVEN_JOBS      (1u << 0)
#define OPTS_GIVEN_DELAY     (1u << 1)
#define OPTS_GIVEN_PLACEMENT (1u << 2)
#define OPTS_GIVEN_QUIET     (1u << 3)

/* Exit codes (EXIT_OK, EXIT_RUNTIME, EXIT_USAGE): base-fatal.h. */
/* 3 (EXIT_SLOWER, report-verdict.h): --check found a test slower than tolerated
 */

/* Parse argv into `o`. Returns 0, or -1 with a one-line message in err. */
int opts_parse(int argc, char **argv, struct opts *o, char *err,
    size_t errsize);

#endif
