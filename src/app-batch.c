/*
 * app-batch.c: select, measure, report.
 */

#include "config.h"

#include "app-batch.h"
#include "app-live.h"

#include <errno.h>
#include <math.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base-cycles.h"
#include "base-fatal.h"
#include "base-threads.h"
#include "base-tmpdir.h"
#include "bench-registry.h"
#include "bench-util.h"
#include "machine-cpu.h"
#include "machine.h"
#include "measure-harness.h"
#include "measure-runner.h"
#include "ref-compare.h"
#include "ref-story.h"
#include "report-html.h"
#include "report-profile.h"
#include "report-seed.h"
#include "report-verdict.h"
#include "report.h"

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
	struct sliced *sliced; /* --save, --check: each test's slices */
};

/*
 * --save and --check measure each test in BATCH_SLICES slices, one per
 * round over the test list, so that what moves the host over the run
 * lands on every test alike and each test has several independent
 * figures (measure-judge.c says why).
 */
#define BATCH_SLICES 5

/* One test's slices: their medians, and every sample for the summary. */
struct sliced {
	struct profile_test prof;
	double *ns, *cyc; /* the samples of every slice, in order */
	size_t n, cap;
	size_t noisy;
	int alloc_failed;
};

/* story_check's "done, nothing to run": batch_run exits 0. */
#define STORY_NOTHING_TO_RUN (-1)

/* Samples of one test kept for the HTML page (--html): ns/op in order. */
#define BATCH_KEPT_MAX 1024
struct kept {
	double ns[BATCH_KEPT_MAX];
	size_t n;
};

/* runner's observe: keep the first BATCH_KEPT_MAX samples. */
static void
keep_sample(void *arg, const struct sample *s)
{
	struct kept *k = arg;

	if (k->n < BATCH_KEPT_MAX)
		k->ns[k->n++] = s->ns_per_op;
}

/* runner's observe in a sliced run: keep every sample (and --html's). */
static void
keep_sliced(void *arg, const struct sample *s)
{
	struct sliced *sl = arg;

	if (sl->n == sl->cap) {
		size_t cap = sl->cap ? 2 * sl->cap : 64;
		double *ns = realloc(sl->ns, cap * sizeof *ns);
		double *cyc = ns ? realloc(sl->cyc, cap * sizeof *cyc) : NULL;

		if (ns != NULL)
			sl->ns = ns;
		if (cyc == NULL) {
			sl->alloc_failed = 1;
			return;
		}
		sl->cyc = cyc;
		sl->cap = cap;
	}
	sl->ns[sl->n] = s->ns_per_op;
	sl->cyc[sl->n++] = s->cycles_per_op;
}

/* Pin, identify the machine, measure the clocks and the overheads. */
static void
prepare_harness(struct batch *b)
{
	struct cycles_info info;

	/* The worker's home: --cpu's first, else the first allowed. */
	b->cpu = runner_thread_pin(
	    b->o->ncpus > 0 ? b->o->cpus[0] : bench_allowed_cpu(0));
	cycles_measure(&info);
	machine_probe(&b->machine, &info);
	runner_thread_harness(&b->harness, &b->counter, &b->machine.clock,
	    (uint64_t)(b->o->sample_ms * 1e6));
}

/*
 * One line on a terminal's stderr so a long run shows where it is; on a
 * terminal without capabilities (TERM unset, dumb or unknown) a plain
 * line a test, no escapes.
 */
static void
progress(size_t i, size_t n, const char *id)
{
	static int tty = -1, caps;

	if (tty < 0) {
		tty = isatty(STDERR_FILENO);
		caps = tty && live_stderr_capable();
	}
	if (!tty)
		return;
	if (!caps && id != NULL)
		fprintf(stderr, "[%zu/%zu] %s\n", i + 1, n, id);
	else if (caps && id != NULL)
		fprintf(stderr, "\r\033[K[%zu/%zu] %s", i + 1, n, id);
	else if (caps)
		fputs("\r\033[K", stderr);
	fflush(stderr);
}

/*
 * Tests that write files run in the second pass: their writeback and
 * journal then fall on no other test (BYTE's index order puts File Copy
 * just before the pipe and shell tests; in a 1 s report shell8 came out
 * 40% slow behind it). The report keeps its own order.
 */
static int
runs_in_pass(const struct bench_test *t, int pass)
{
	return ((t->flags & BENCH_F_TMPDIR) != 0) == (pass == 1);
}

/* One slice of test i in round `round` of a sliced run. A test that
 * could not run is not tried again. */
static void
run_slice(struct batch *b, struct run_config *cfg, size_t i, size_t round)
{
	struct sliced *sl = &b->sliced[i];
	struct test_result r;

	if (round > 0 && b->results[i].status != BENCH_OK)
		return;
	cfg->observe = keep_sliced;
	cfg->observe_arg = sl;
	cfg->n_hint = round > 0 ? b->results[i].n_per_sample : 0;
	(void)runner_run(b->tests[i], &b->harness, cfg, &r);
	if (round == 0 || r.status != BENCH_OK)
		b->results[i] = r;
	if (r.status == BENCH_OK && isfinite(r.value) &&
	    sl->prof.nslices < PROFILE_SLICES_MAX)
		sl->prof.slice[sl->prof.nslices++] = r.value;
	sl->noisy += r.noisy;
}

/* A sliced test's result: the summary of every slice's samples. */
static void
finish_sliced(struct batch *b, size_t i)
{
	struct sliced *sl = &b->sliced[i];
	struct test_result *r = &b->results[i];
	double *scratch;

	sl->prof.noisy_share = NAN;
	if (r->status != BENCH_OK || sl->n == 0)
		return;
	if (sl->alloc_failed ||
	    (scratch = malloc(sl->n * sizeof *scratch)) == NULL) {
		r->status = BENCH_FAILED;
		(void)snprintf(r->reason, sizeof r->reason, "malloc: %s",
		    strerror(ENOMEM));
		return;
	}
	runner_summarise(r, sl->ns, sl->cyc, sl->n, scratch);
	free(scratch);
	r->noisy = sl->noisy;
	sl->prof.noisy_share = (double)sl->noisy / (double)sl->n;
	for (size_t k = 0; b->kept != NULL && k < sl->n; k++)
		keep_sample(&b->kept[i],
		    &(struct sample){ .ns_per_op = sl->ns[k] });
}

/* Every selected test of `pass`, once (or BATCH_SLICES times, round
 * after round, in a sliced run). */
static void
run_pass(struct batch *b, struct run_config *cfg, int pass, size_t *done)
{
	size_t rounds = b->sliced != NULL ? BATCH_SLICES : 1;

	for (size_t round = 0; round < rounds; round++)
		for (size_t i = 0; i < b->n && atomic_load(b->stop) == 0; i++) {
			if (!runs_in_pass(b->tests[i], pass))
				continue;
			progress((*done)++, b->n * rounds, b->tests[i]->id);
			if (b->sliced != NULL) {
				run_slice(b, cfg, i, round);
				continue;
			}
			if (b->kept != NULL) {
				cfg->observe = keep_sample;
				cfg->observe_arg = &b->kept[i];
			}
			(void)runner_run(b->tests[i], &b->harness, cfg,
			    &b->results[i]);
		}
}

/* The worker: measure the machine, then run every selected test in turn;
 * stops early when a signal arrives. */
static void *
run_all(void *arg)
{
	size_t done = 0;
	struct batch *b = arg;
	struct run_config cfg;

	prepare_harness(b);
	cfg = (struct run_config){
		.duration_ns = (uint64_t)(b->o->seconds * 1e9 /
		    (b->sliced != NULL ? BATCH_SLICES : 1)),
		.tmpdir = b->tmpdir,
		.cpu = b->cpu,
		.placement = b->o->placement,
		.mem_bytes = (size_t)b->o->mem_mib << 20,
		.stop = b->stop,
	};
	for (int pass = 0; pass < 2; pass++)
		run_pass(b, &cfg, pass, &done);
	for (size_t i = 0; b->sliced != NULL && i < b->n; i++)
		finish_sliced(b, i);
	progress(0, 0, NULL);
	/* Read again: the steal and irq shares over the run. */
	context_read(&b->machine.ctx, "/");
	/* And the core clock: turbo and the host move it during a run. */
	machine_clock_again(&b->machine, &b->machine.clock_end);
	cycles_counter_close(&b->counter);
	return NULL;
}

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

	for (size_t i = 0; slices && nslices && b->sliced && i < b->n; i++) {
		slices[i] = b->sliced[i].prof.slice;
		nslices[i] = b->sliced[i].prof.nslices;
	}
	return (struct verdict_report){
		.rd = &b->ref,
		.machine = b->ref_index,
		.r = b->results,
		.slices = slices && nslices ? slices : NULL,
		.nslices = slices && nslices ? nslices : NULL,
		.n = slices && nslices ? b->n : 0,
		.tolerance_pct = b->o->tolerance_pct,
		.format = b->o->format,
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
	    (p->check_status = verdict_judge_report(&vr, l, why, m)) >= 0) {
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
}

/* --html FILE: the same report as one page; 0 or an exit code. */
static int
write_html(struct batch *b, size_t seed_machine)
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
static int
write_report(struct batch *b)
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
		rc = verdict_write(stdout, &vr);

		free((void *)vr.slices);
		free((void *)vr.nslices);
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

static int
any_failed(const struct batch *b)
{
	for (size_t i = 0; i < b->n; i++)
		if (b->results[i].status == BENCH_FAILED)
			return 1;
	return 0;
}

/* Choose the tests; 0, or an exit code after printing why not. */
static int
select_tests(struct batch *b)
{
	const char *cause, *only;
	size_t total = registry_count();

	b->tests = xcalloc(total, sizeof *b->tests, "the test list");
	b->results = xcalloc(total, sizeof *b->results, "the results");
	only = b->o->only;
	if (only == NULL && b->o->report != SEED_NONE)
		only = report_seed_tests(b->o->report);
	if (only == NULL && b->o->story != NULL)
		only = b->check_list = story_test_list(&b->ref, b->refs);
	if (only == NULL && b->o->check) {
		only = b->check_list = verdict_test_list(&b->ref, b->ref_index);
		if (only == NULL) {
			fatal_sayf("--check: '%.64s' holds no test benchtop "
			           "runs",
			    b->o->check);
			return EXIT_USAGE;
		}
	}
	if (registry_select(only, b->o->skip, b->tests, &b->n, &cause) != 0) {
		fatal_say(NULL, cause);
		return EXIT_USAGE;
	}
	if (b->n == 0) {
		fatal_say(NULL, "--skip leaves no test to run");
		return EXIT_USAGE;
	}
	return 0;
}

/* The reference data and machine; 0 or an exit code after a message. */
static int
load_reference(struct batch *b)
{
	char err[256];
	const char *ref = b->o->check ? b->o->check : b->o->ref;
	struct cpu_id id;
	int rc;

	cpu_detect(&id); /* its class chooses the default reference */
	rc = compare_load(&b->ref, b->o->data, ref, id.cls.id, b->refs, err,
	    sizeof err);
	b->ref_index = b->refs[0].kind == REFSEL_NONE ? SIZE_MAX
	    : b->refs[0].kind == REFSEL_MACHINE       ? b->refs[0].machine
	                                              : 0;
	/* --check judges against one machine's figures, not a class. */
	if (rc == 0 && b->o->check != NULL &&
	    (b->refs[0].kind != REFSEL_MACHINE ||
	        b->refs[1].kind != REFSEL_NONE)) {
		(void)snprintf(err, sizeof err,
		    "--check: '%.64s' is not one machine or profile",
		    b->o->check);
		rc = -2;
	}
	if (rc == 0)
		return 0;
	/* compare_load speaks of --ref: name the flag the user gave. */
	if (b->o->story != NULL && strncmp(err, "--ref:", 6) == 0)
		fatal_sayf("--story:%s", err + 6);
	else if (b->o->check != NULL && strncmp(err, "--ref:", 6) == 0)
		fatal_sayf("--check:%s", err + 6);
	else if (b->o->story != NULL && strncmp(err, "--ref:", 6) == 0)
		fatal_sayf("--story:%s", err + 6);
	else
		fatal_say(NULL, err);
	return rc == -2 ? EXIT_USAGE : EXIT_RUNTIME;
}

/*
 * --story A,B: two references, and a test they share; a pair with none
 * is said plainly (exit 0: the answer is that there is nothing to show).
 * 0 to go on, else the exit code (-1: done, exit 0).
 */
static int
story_check(struct batch *b)
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
static int
machine_report(struct batch *b)
{
	size_t m = refdata_machine_index(&b->ref, b->o->machine);
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
		rc = write_html(b, m);
	}
	return rc;
}

/* --save: the results and their slices, as profile NAME. */
static int
save_profile(struct batch *b, char *err, size_t size)
{
	struct profile_test *per = calloc(b->n + 1, sizeof *per);
	struct profile_run run = { b->o->seconds, BATCH_SLICES,
		b->o->sample_ms, b->o->mem_mib,
		bench_placement_name(b->o->placement) };
	int rc;

	if (per == NULL) {
		(void)snprintf(err, size, "--save: out of memory");
		return -1;
	}
	for (size_t i = 0; i < b->n; i++)
		per[i] = b->sliced[i].prof;
	rc = profile_save(b->o->save, &b->machine, b->machine.class_id,
	    b->results, per, &run, b->n, err, size);
	free(per);
	return rc;
}

static int
finish(struct batch *b, atomic_int *stop)
{
	int sig = atomic_load(stop), rc;
	char err[300];

	tmpdir_remove(b->tmpdir);
	if (sig != 0) {
		fatal_sayf("stopped by signal %d (%s)", sig, strsignal(sig));
		return 128 + sig;
	}
	rc = write_report(b);
	if ((rc == EXIT_OK || rc == EXIT_SLOWER || rc == EXIT_MACHINE_SLOWER ||
	        rc == EXIT_KIND_SLOWER) &&
	    b->o->html != NULL && write_html(b, SIZE_MAX) != EXIT_OK)
		rc = EXIT_RUNTIME;
	if (rc == EXIT_OK && b->o->save != NULL &&
	    save_profile(b, err, sizeof err) != 0) {
		fatal_say(NULL, err);
		rc = EXIT_RUNTIME;
	}
	if (rc == EXIT_OK && any_failed(b) && b->o->check == NULL)
		rc = EXIT_RUNTIME;
	return rc;
}

/* --cpu's first CPU (the batch worker's) must be one we may run on. */
static int
check_cpu(const struct opts *o)
{
	cpu_set_t mask;

	if (o->ncpus == 0 || bench_process_cpus(&mask) == -1 ||
	    (o->cpus[0] < CPU_SETSIZE && CPU_ISSET(o->cpus[0], &mask)))
		return EXIT_OK;
	fatal_sayf("--cpu: CPU %d is not one this process may run on",
	    o->cpus[0]);
	return EXIT_USAGE;
}

int
batch_run(const struct opts *o, atomic_int *stop)
{
	struct sched_worker worker;
	struct batch b;
	char err[256];
	int rc;

	memset(&b, 0, sizeof b);
	b.o = o;
	b.counter.fd = -1;
	if (o->machine != NULL) {
		/* A reference machine's table: nothing to run. */
		if ((rc = load_reference(&b)) == 0)
			rc = machine_report(&b);
		goto out;
	}
	if ((rc = check_cpu(o)) != 0 || (rc = load_reference(&b)) != 0 ||
	    (o->story != NULL && (rc = story_check(&b)) != 0) ||
	    (rc = select_tests(&b)) != 0)
		goto out;
	if (tmpdir_create(o->dir, b.tmpdir, sizeof b.tmpdir, err, sizeof err) !=
	    0) {
		fatal_say(NULL, err);
		rc = EXIT_RUNTIME;
		goto out;
	}
	b.stop = stop;
	if ((o->html != NULL &&
	        (b.kept = calloc(b.n, sizeof *b.kept)) == NULL) ||
	    ((o->save != NULL || o->check != NULL) &&
	        (b.sliced = calloc(b.n, sizeof *b.sliced)) == NULL)) {
		fatal_say(NULL, "out of memory");
		tmpdir_remove(b.tmpdir);
		rc = EXIT_RUNTIME;
		goto out;
	}
	if (sched_worker_start(&worker, 0, run_all, &b, err, sizeof err)) {
		fatal_say(NULL, err);
		tmpdir_remove(b.tmpdir);
		rc = EXIT_RUNTIME;
		goto out;
	}
	if (sched_worker_join_stoppable(&worker, stop, SCHED_STOP_GRACE_MS) !=
	    0) {
		/* The worker may still write to b: leave it all to exit. */
		fatal_say(NULL, "a test did not stop in time");
		tmpdir_remove(b.tmpdir);
		return 128 + atomic_load(stop);
	}
	rc = finish(&b, stop);
out:
	if (rc == STORY_NOTHING_TO_RUN)
		rc = EXIT_OK;
	refdata_free(&b.ref);
	free(b.check_list);
	free(b.kept);
	for (size_t i = 0; b.sliced != NULL && i < b.n; i++) {
		free(b.sliced[i].ns);
		free(b.sliced[i].cyc);
	}
	free(b.sliced);
	free(b.tests);
	free(b.results);
	return rc;
}
