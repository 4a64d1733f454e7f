/*
 * app-batch-out.c: what a batch run writes: the report in its format,
 * the origin's table, the story, the check's verdicts, the HTML page and
 * the profile of --save.
 */

#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app-batch-priv.h"
#include "app-quick.h"
#include "base-fatal.h"
#include "measure-judge.h"
#include "ref-data-find.h"
#include "ref-story.h"
#include "report-html.h"
#include "report-profile.h"
#include "report-seed.h"
#include "report-story.h"
#include "report-verdict-context.h"
#include "report-verdict-out.h"
#include "report-verdict.h"
#include "report.h"

_Static_assert(SLICES_MAX <= PROFILE_SLICES_MAX,
    "a profile holds every slice a run keeps");

/* An origin's table (--report) for `machine` (SIZE_MAX: this one). */
static int
write_seed_report(struct batch *b, size_t machine)
{
	char err[256];

	if (report_seed_write(stdout, b->o->report,
	        b->refs[0].kind != REFSEL_NONE ? &b->ref : NULL, machine,
	        &b->machine, b->results, b->n, err, sizeof err) != 0) {
		fatal_say(NULL, err);
		return EXIT_RUNTIME;
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fatal_say("write error", strerror(errno));
		return EXIT_RUNTIME;
	}
	return EXIT_OK;
}

/* The data of every format (the JSON report's and the HTML page's). */
static struct report
batch_report(struct batch *b)
{
	return (struct report){
		.machine = &b->machine,
		.results = b->results,
		.n = b->n,
		.seconds_per_test = b->o->seconds,
		.sample_ms = b->o->sample_ms,
		.ref = b->refs[0].kind != REFSEL_NONE ? &b->ref : NULL,
		.refs = { b->refs[0], b->refs[1] },
	};
}

/* What --check judges: the run, its slices and the profile; its two
 * arrays are malloc'd (NULL when out of memory: then nothing compares). */
static struct verdict_report
check_report(const struct batch *b)
{
	const double **slices = calloc(b->n + 1, sizeof *slices);
	size_t *nslices = calloc(b->n + 1, sizeof *nslices);
	enum judge_seq *seq =
	    b->seq != NULL ? calloc(b->n + 1, sizeof *seq) : NULL;

	for (size_t i = 0; slices && nslices && b->sliced && i < b->n; i++) {
		slices[i] = b->sliced[i].median;
		nslices[i] = b->sliced[i].nslices;
	}
	for (size_t i = 0; seq != NULL && i < b->n; i++)
		seq[i] = sequential_judge_of(b->seq[i]);
	return (struct verdict_report){
		.sequential = seq,
		.quick_s = b->quick_s,
		.quick_budget_s = QUICK_BUDGET_S,
		.rd = &b->ref,
		.machine = b->ref_index,
		.r = b->results,
		.slices = slices && nslices ? slices : NULL,
		.nslices = slices && nslices ? nslices : NULL,
		.n = slices && nslices ? b->n : 0,
		.tolerance_pct = b->o->tolerance_pct,
		.format = b->o->format,
		.host = &b->machine,
	};
}

/* --html of --check: the verdicts for the page (malloc'd; none when out
 * of memory). */
static void
check_verdicts(const struct batch *b, struct html_page *p)
{
	struct verdict_report vr = check_report(b);
	struct judge_line *l = calloc(b->n + 1, sizeof *l);
	const char **why = calloc(b->n + 1, sizeof *why);
	struct judge_machine *m = calloc(1, sizeof *m);

	if (l != NULL && why != NULL && m != NULL && vr.n == b->n &&
	    (p->check_status = verdict_out_judge_report(&vr, l, why, m)) >= 0) {
		p->verdicts = l;
		p->verdict_why = why;
		p->verdict_machine = m;
	} else {
		free(l);
		free(why);
		free(m);
	}
	free((void *)vr.slices);
	free((void *)vr.nslices);
	free((void *)vr.sequential);
}

/* --html FILE: the same report as one page; 0 or an exit code. */
int
batch_out_html(struct batch *b, size_t seed_machine)
{
	struct report rep = batch_report(b);
	const double **ns = calloc(b->n + 1, sizeof *ns);
	size_t *nns = calloc(b->n + 1, sizeof *nns);
	struct html_page p;
	char err[300];
	int rc = EXIT_OK;

	report_html_init(&p,
	    b->o->report != SEED_NONE ? HTML_SEED
	        : b->o->check         ? HTML_CHECK
	                              : HTML_BATCH,
	    &rep);
	p.seed = b->o->report;
	p.seed_machine = seed_machine;
	p.tolerance_pct = b->o->tolerance_pct;
	p.argc = b->o->argc;
	p.argv = b->o->argv;
	for (size_t i = 0; b->kept && ns && nns && i < b->n; i++) {
		ns[i] = b->kept[i].ns;
		nns[i] = b->kept[i].n;
	}
	p.samples = b->kept != NULL && ns != NULL && nns != NULL
	    ? (const double *const *)ns
	    : NULL;
	p.nsamples = nns;
	if (p.kind == HTML_CHECK)
		check_verdicts(b, &p);
	if (report_html_save(b->o->html, &p, err, sizeof err) != 0) {
		fatal_say(NULL, err);
		rc = EXIT_RUNTIME;
	}
	free(ns);
	free(nns);
	free((void *)p.verdicts);
	free((void *)p.verdict_why);
	free((void *)p.verdict_machine);
	return rc;
}

/* Print the report; 0 or an exit code for a write error. */
int
batch_out_report(struct batch *b)
{
	struct report rep = batch_report(b);

	if (b->o->report != SEED_NONE)
		return write_seed_report(b, SIZE_MAX);
	if (b->o->story != NULL) {
		if (report_story(stdout, &rep) != 0) {
			fatal_say("write error", strerror(errno));
			return EXIT_RUNTIME;
		}
		return EXIT_OK;
	}
	if (b->o->check != NULL) {
		struct verdict_report vr = check_report(b);
		int rc;

		/* The context's differences first, where text can say them. */
		if (b->o->format == REPORT_TEXT)
			vr.context_moved = verdict_context_diff(stdout, &b->ref,
			    b->ref_index, &b->machine.ctx);
		rc = verdict_out_write(stdout, &vr);

		free((void *)vr.slices);
		free((void *)vr.nslices);
		free((void *)vr.sequential);
		if (rc < 0) {
			fatal_say(NULL, "out of memory");
			return EXIT_RUNTIME;
		}
		if (fflush(stdout) != 0 || ferror(stdout)) {
			fatal_say("write error", strerror(errno));
			return EXIT_RUNTIME;
		}
		return rc;
	}
	if (report_write(stdout, b->o->format, &rep) != 0) {
		fatal_say("write error", strerror(errno));
		return EXIT_RUNTIME;
	}
	return EXIT_OK;
}

/*
 * --story A,B: two references, and a test they share; a pair with none
 * is said plainly (exit 0: the answer is that there is nothing to show).
 * 0 to go on, else the exit code (-1: done, exit 0).
 */
int
batch_out_story_check(struct batch *b)
{
	struct report rep = batch_report(b);
	char *list;

	if (b->refs[0].kind == REFSEL_NONE || b->refs[1].kind == REFSEL_NONE) {
		fatal_sayf("--story: '%.64s' is not two references A,B",
		    b->o->story);
		return EXIT_USAGE;
	}
	if (b->o->only != NULL ||
	    (list = story_test_list(&b->ref, b->refs)) != NULL) {
		if (b->o->only == NULL)
			free(list);
		return 0;
	}
	rep.n = 0;
	if (report_story(stdout, &rep) != 0) {
		fatal_say("write error", strerror(errno));
		return EXIT_RUNTIME;
	}
	return STORY_NOTHING_TO_RUN;
}

/* --report LAYOUT --machine ID: a reference machine's table, no run. */
int
batch_out_machine_report(struct batch *b)
{
	size_t m = ref_data_find_machine_index(&b->ref, b->o->machine);
	int rc;

	if (b->ref_index == SIZE_MAX || m == SIZE_MAX) {
		fatal_sayf("--machine: no reference machine '%.64s' (see "
		           "--identify)",
		    b->o->machine);
		return EXIT_USAGE;
	}
	rc = write_seed_report(b, m);
	if (rc == EXIT_OK && b->o->html != NULL) {
		struct cycles_info info;

		cycles_measure(&info); /* the page names this machine too */
		machine_probe(&b->machine, &info);
		rc = batch_out_html(b, m);
	}
	return rc;
}

/* What a profile keeps of a sliced test. */
static void
profile_of(const struct slices *sl, struct profile_test *out)
{
	memcpy(out->slice, sl->median, sl->nslices * sizeof *sl->median);
	out->nslices = sl->nslices;
	out->noisy_share = sl->noisy_share;
}

/*
 * A profile saved while other load took the CPUs is that load's figures:
 * every check against it reads the load's going as the machine getting
 * faster, or its own tests as changed (five quick checks against a
 * profile saved just after a build, load 2.2, said exit 3 five times).
 * Said, not refused: the user may mean to keep a loaded machine's state.
 */
static void
save_disturbed_note(const struct batch *b)
{
	double share = runner_noisy_share(b->results, b->n);

	if (!(share > JUDGE_WEAK_SHARE))
		return;
	fprintf(stderr,
	    "benchtop: note: %.0f%% of the samples of profile '%s' were "
	    "disturbed (other load on the CPUs); checks against it will "
	    "judge the machine as that load left it: save it again on a "
	    "quiet machine\n",
	    100 * share, b->o->save);
}

/* --save: the results and their slices, as profile NAME. */
int
batch_out_save(struct batch *b, char *err, size_t size)
{
	struct profile_test *per = calloc(b->n + 1, sizeof *per);
	struct profile_run run = { .seconds = b->o->seconds,
		.slices = SLICES_ROUNDS,
		.sample_ms = b->o->sample_ms,
		.mem_mib = b->o->mem_mib,
		.placement = bench_placement_name(b->o->placement) };
	int rc;

	if (b->o->quick) {
		run.seconds = b->quick_s;
		run.slices = QUICK_SAVE_SLICES;
		run.source = BATCH_QUICK_SOURCE;
	}
	if (per == NULL) {
		(void)snprintf(err, size, "--save: out of memory");
		return -1;
	}
	for (size_t i = 0; i < b->n; i++)
		profile_of(&b->sliced[i], &per[i]);
	rc = profile_save(b->o->save, &b->machine, b->machine.class_id,
	    b->results, per, &run, b->n, err, size);
	free(per);
	if (rc == 0 && b->o->quick)
		fprintf(stderr,
		    "benchtop: quick profile '%s' saved: %zu tests, %d slices "
		    "each, in %.1f s; check it with --check %s --quick\n",
		    b->o->save, b->n, QUICK_SAVE_SLICES, b->quick_s,
		    b->o->save);
	if (rc == 0)
		save_disturbed_note(b);
	return rc;
}
