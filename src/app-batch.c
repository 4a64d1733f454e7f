/*
 * app-batch.c: select, measure (what it writes: app-batch-out.c).
 */

#include "config.h"

#include "app-batch.h"
#include "app-live.h"

#include <math.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app-batch-priv.h"
#include "app-quick.h"
#include "base-fatal.h"
#include "base-threads.h"
#include "base-tmpdir.h"
#include "bench-registry.h"
#include "bench.h"
#include "machine-context-read.h"
#include "machine-cpu-detect.h"
#include "machine-cpu.h"
#include "ref-story.h"
#include "report-seed.h"
#include "report-verdict.h"

/* runner's observe: keep the first BATCH_KEPT_MAX samples. */
static void
keep_sample(void *arg, const struct sample *s)
{
	struct kept *k = arg;

	if (k->n < BATCH_KEPT_MAX)
		k->ns[k->n++] = s->ns_per_op;
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
	    (uint64_t)((b->o->quick ? QUICK_SAMPLE_MS : b->o->sample_ms) *
	        1e6));
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

/* A sliced test's result: the summary of every slice's samples (and
 * --html's samples from them). */
static void
finish_sliced(struct batch *b, size_t i)
{
	struct slices *sl = &b->sliced[i];

	slices_finish(sl, &b->results[i]);
	if (b->results[i].status != BENCH_OK)
		return;
	for (size_t k = 0; b->kept != NULL && k < sl->n; k++)
		keep_sample(&b->kept[i],
		    &(struct sample){ .ns_per_op = sl->ns[k] });
}

/* Every selected test of `pass`, once (or SLICES_ROUNDS times, round
 * after round, in a sliced run). */
static void
run_pass(struct batch *b, struct run_config *cfg, int pass, size_t *done)
{
	size_t rounds = b->sliced != NULL ? SLICES_ROUNDS : 1;

	for (size_t round = 0; round < rounds; round++)
		for (size_t i = 0; i < b->n && atomic_load(b->stop) == 0; i++) {
			if (!runs_in_pass(b->tests[i], pass))
				continue;
			progress((*done)++, b->n * rounds, b->tests[i]->id);
			if (b->sliced != NULL) {
				slices_run(&b->sliced[i], b->tests[i],
				    &b->harness, cfg, &b->results[i], round);
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
		    (b->sliced != NULL ? SLICES_ROUNDS : 1)),
		.tmpdir = b->tmpdir,
		.cpu = b->cpu,
		.placement = b->o->placement,
		.mem_bytes = (size_t)b->o->mem_mib << 20,
		.stop = b->stop,
	};
	if (b->o->quick)
		quick_run(b);
	for (int pass = 0; pass < 2 && !b->o->quick; pass++)
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

	b->tests = fatal_calloc(total, sizeof *b->tests, "the test list");
	b->results = fatal_calloc(total, sizeof *b->results, "the results");
	only = b->o->only;
	if (only == NULL && b->o->report != SEED_NONE)
		only = report_seed_tests(b->o->report);
	if (only == NULL && b->o->story != NULL)
		only = b->check_list = story_test_list(&b->ref, b->refs);
	if (only == NULL && b->o->quick && b->o->save != NULL)
		only = quick_test_list();
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

/* --check --quick takes a quick profile, --check a full one: figures
 * taken the other way differ by more than a machine does. */
static int
check_quick(const struct batch *b)
{
	const char *src =
	    b->o->check == NULL ? NULL : b->ref.machines[b->ref_index].source;
	int quick = src != NULL && strcmp(src, BATCH_QUICK_SOURCE) == 0;

	if (b->o->check == NULL || quick == b->o->quick)
		return 0;
	if (quick)
		fatal_sayf("--check: '%.64s' is a quick profile (saved with "
		           "--save --quick): check it with --check %.64s "
		           "--quick",
		    b->o->check, b->o->check);
	else
		fatal_sayf("--check --quick: '%.64s' is not a quick profile "
		           "(saved without --quick): check it without "
		           "--quick, or save one with --save NAME --quick",
		    b->o->check);
	return EXIT_USAGE;
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
		return check_quick(b);
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
	rc = batch_out_report(b);
	if ((rc == EXIT_OK || rc == EXIT_SLOWER || rc == EXIT_MACHINE_SLOWER ||
	        rc == EXIT_KIND_SLOWER) &&
	    b->o->html != NULL && batch_out_html(b, SIZE_MAX) != EXIT_OK)
		rc = EXIT_RUNTIME;
	if (rc == EXIT_OK && b->o->save != NULL &&
	    batch_out_save(b, err, sizeof err) != 0) {
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
	struct threads_worker worker;
	struct batch b;
	char err[256];
	int rc;

	memset(&b, 0, sizeof b);
	b.o = o;
	b.counter.fd = -1;
	if (o->machine != NULL) {
		/* A reference machine's table: nothing to run. */
		if ((rc = load_reference(&b)) == 0)
			rc = batch_out_machine_report(&b);
		goto out;
	}
	if ((rc = check_cpu(o)) != 0 || (rc = load_reference(&b)) != 0 ||
	    (o->story != NULL && (rc = batch_out_story_check(&b)) != 0) ||
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
	        (b.sliced = calloc(b.n, sizeof *b.sliced)) == NULL) ||
	    (o->quick && (b.seq = calloc(b.n, sizeof *b.seq)) == NULL)) {
		fatal_say(NULL, "out of memory");
		tmpdir_remove(b.tmpdir);
		rc = EXIT_RUNTIME;
		goto out;
	}
	if (threads_worker_start(&worker, 0, run_all, &b, err, sizeof err)) {
		fatal_say(NULL, err);
		tmpdir_remove(b.tmpdir);
		rc = EXIT_RUNTIME;
		goto out;
	}
	if (threads_worker_join_stoppable(&worker, stop,
	        THREADS_STOP_GRACE_MS) != 0) {
		/* The worker may still write to b: leave it all to exit. */
		fatal_say(NULL, "a test did not stop in time");
		tmpdir_remove(b.tmpdir);
		return 128 + atomic_load(stop);
	}
	rc = finish(&b, stop);
out:
	if (rc == STORY_NOTHING_TO_RUN)
		rc = EXIT_OK;
	ref_data_free(&b.ref);
	free(b.check_list);
	free(b.kept);
	for (size_t i = 0; b.sliced != NULL && i < b.n; i++)
		slices_free(&b.sliced[i]);
	free(b.sliced);
	free(b.seq);
	free(b.tests);
	free(b.results);
	return rc;
}
