/*
 * app-batch-priv.h: one batch run's state, shared by app-batch.c (select,
 * measure) and app-batch-out.c (what it writes: the report, the page,
 * the profile), which app-batch.c calls.
 */

#ifndef BENCHTOP_APP_BATCH_PRIV_H
#define BENCHTOP_APP_BATCH_PRIV_H

#include <stdatomic.h>
#include <stddef.h>

#include "app-opts.h"
#include "base-cycles.h"
#include "machine.h"
#include "measure-harness.h"
#include "measure-runner.h"
#include "measure-sequential.h"
#include "measure-slices.h"
#include "ref-compare.h"
#include "ref-data.h"

/* Samples of one test kept for the HTML page (--html): ns/op in order. */
#define BATCH_KEPT_MAX 1024
struct kept {
	double ns[BATCH_KEPT_MAX];
	size_t n;
};

struct batch {
	const struct opts *o;
	const struct bench_test **tests;
	struct test_result *results;
	size_t n;
	struct machine machine;
	struct cycles_counter counter;
	struct harness harness;
	char tmpdir[4096];
	int cpu;
	atomic_int *stop;
	struct refdata ref;
	struct refsel refs[COMPARE_REFS]; /* --ref A,B, or the default */
	size_t ref_index;      /* --check's machine; SIZE_MAX: no data */
	char *check_list;      /* --only of --check, malloc'd */
	struct kept *kept;     /* --html: each test's samples, or NULL */
	struct slices *sliced; /* --save, --check: each test's slices */
	enum seq_state *seq;   /* --quick: each test's, SEQ_GOING first */
	double quick_s;        /* --quick: the run's wall time, seconds */
	size_t quick_rounds;   /* --quick: the rounds it took */
};

/* The profile's `source` of a quick profile (--save --quick). */
#define BATCH_QUICK_SOURCE "benchtop --quick"

/* story_check's "done, nothing to run": batch_run exits 0. */
#define STORY_NOTHING_TO_RUN (-1)

/* Print the report (the seed's table, the story, the check or the
 * format's); 0 or an exit code. */
int batch_out_report(struct batch *b);

/* --html FILE: the same report as one page (`seed_machine`: the
 * reference machine of --report --machine, SIZE_MAX: this one); 0 or an
 * exit code. */
int batch_out_html(struct batch *b, size_t seed_machine);

/* --save: the results and their slices, as profile NAME; 0, or -1 with
 * a message in err. */
int batch_out_save(struct batch *b, char *err, size_t size);

/* --story A,B: two references and a test they share; 0 to go on, else
 * the exit code (STORY_NOTHING_TO_RUN: done, exit 0). */
int batch_out_story_check(struct batch *b);

/* --report LAYOUT --machine ID: a reference machine's table, no run. */
int batch_out_machine_report(struct batch *b);

#endif
