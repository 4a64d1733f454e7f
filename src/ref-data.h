/*
 * ref-data.h: the reference machines and their results (the TSV files of
 * data/), and the user's saved profiles, which use the same tables.
 *
 * A file holds one or more tables; each starts with its header row, whose
 * first column names the table:
 *   id       machines:  id label vendor class mhz cpus kernel host source
 *                       [placement]                 (the seeds' machines)
 *                       [date version placement]    (profiles add these)
 *   machine  results:   machine test stat value unit source [version]
 *   index    baselines: index test baseline unit source
 *   id title note       extra test ids (tests-extra.tsv; `title` second)
 *   machine_context key value
 *                       the machine's context (machine-context.h's facts:
 *                       "thp.enabled madvise"), profiles only; a machine
 *                       without these rows has no context on record;
 *                       run.* rows are the options of the run that
 *                       saved it (report-profile.h), not facts
 * '#' lines are comments; blank lines end nothing. Values keep their text
 * exactly as the seed printed it ("20.K", "424."): `text` beside the
 * parsed `value`.
 *
 * Errors name the place: "data/results.tsv:42: unknown unit 'lpz'".
 */

#ifndef BENCHTOP_REFDATA_H
#define BENCHTOP_REFDATA_H

#include <stddef.h>
#include <stdio.h>

#include "machine-context.h"

enum ref_stat {
	REF_RESULT,
	REF_LOW,
	REF_HIGH,
	REF_AVERAGE,
	REF_PER_MHZ,
	REF_INDEX,
	REF_SLICE, /* profiles: one slice's median; one row per slice */
	REF_NOISY, /* profiles: share of disturbed samples, unit "share" */
	REF_STAT_COUNT
};

/*
 * Where the parties of a two-party figure ran: a bench_placement (same:
 * all on one CPU, the only way a one-CPU machine or a UP kernel runs
 * them; spread: on different CPUs), or not stated (a machine of several
 * CPUs whose scheduler placed them, or one whose CPU count the source
 * does not give).
 */
#define REF_PLACE_UNSTATED (-1)

struct ref_machine {
	char *id, *label, *vendor, *class_id, *kernel, *host, *source;
	char *date, *version, *placement; /* profiles only, else NULL */
	double mhz;                       /* NAN when unknown */
	int cpus;                         /* 0 when unknown */
	int place; /* its placement column; REF_PLACE_UNSTATED: '-', none */
};

struct ref_result {
	size_t machine; /* index into machines */
	char *test;
	enum ref_stat stat;
	char *text; /* as printed */
	double value;
	char *unit;
	char *source;
	unsigned version; /* definition version; 0 = the origin's own */
	int placement;    /* a profile's own (its source names it), else
	                     its machine's place */
};

struct ref_baseline {
	char *index; /* "byte311", "ub5" */
	char *test;
	char *text;
	double value;
	char *unit;
};

/* One fact of a machine's context, as a profile recorded it. */
struct ref_context {
	size_t machine; /* index into machines */
	char *key, *value;
};

struct refdata {
	struct ref_machine *machines;
	size_t nmachines;
	struct ref_result *results;
	size_t nresults;
	struct ref_baseline *baselines;
	size_t nbaselines;
	char **extra_ids; /* test ids of the seeds outside the catalogue */
	size_t nextra;
	struct ref_context *contexts; /* profiles' context rows */
	size_t ncontexts;
};

/* The data directory: --data, else $BENCHTOP_DATA, else PKGDATADIR. */
const char *ref_data_dir(const char *opt);

/*
 * Parse one file's tables into rd (appending). `name` is used in error
 * messages. Returns 0, or -1 with "name:line: message" in err.
 */
int ref_data_parse(struct refdata *rd, FILE *f, const char *name, char *err,
    size_t errsize);

/* Load machines, tests-extra, baselines and results of `dir`. */
int ref_data_load_dir(struct refdata *rd, const char *dir, char *err,
    size_t errsize);

/* Load one profile (a file path, or a NAME under the profile dir). */
int ref_data_load_profile(struct refdata *rd, const char *name_or_path,
    char *err, size_t errsize);

void ref_data_free(struct refdata *rd);

/* "same", "spread" or "single" as a bench_placement; anything else
 * ("-", a profile's "per-test") REF_PLACE_UNSTATED. */
int ref_data_placement(const char *word);

/* Parse a seed's number: "424." "20.K" "1.790" "-"; -1 if not a number. */
int ref_data_number(const char *text, double *out);

/* $XDG_DATA_HOME/benchtop (or ~/.local/share/benchtop) into buf. */
int ref_data_profile_dir(char *buf, size_t size);

#endif
