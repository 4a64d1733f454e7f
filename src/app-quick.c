/*
 * app-quick.c: the quick check's set, its lanes and its rounds (why it
 * runs so: app-quick.h).
 */

#include "config.h"

#include "app-quick.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app-batch-priv.h"
#include "base-threads.h"
#include "base-time.h"
#include "base-units.h"
#include "bench-registry.h"
#include "bench.h"
#include "measure-judge-kind.h"
#include "monitor-claims.h"
#include "report-profile.h"

/*
 * The quick set: of each kind of the catalogue the tests that tell most
 * per second, those whose slices agree best in a tenth of a second (one
 * system call, a tight loop) and which a change of their kind moves
 * (tracing every system call moves null_call 2x). Three loops at least,
 * so that the machine's shift comes from loops; three memory rows, so
 * that memory bandwidth can move as a kind.
 */
static const struct quick_test {
	const char *id;
	enum bench_placement placement; /* of a two-party test */
} quick_set[] = {
	{ "lmbench.null_call", BENCH_PLACE_SPREAD },
	{ "byte.syscall", BENCH_PLACE_SPREAD },
	{ "lmbench.null_io", BENCH_PLACE_SPREAD },
	{ "bsd.select", BENCH_PLACE_SPREAD },
	{ "lmbench.sig_handle", BENCH_PLACE_SPREAD },
	{ "lmbench.sig_install", BENCH_PLACE_SPREAD },
	{ "byte.dhry2reg", BENCH_PLACE_SPREAD },
	{ "byte.arith_int", BENCH_PLACE_SPREAD },
	{ "byte.hanoi", BENCH_PLACE_SPREAD },
	{ "bsd.mutex", BENCH_PLACE_SPREAD },
	{ "bsd.lock_smp", BENCH_PLACE_SPREAD },
	{ "lmbench.fork", BENCH_PLACE_SPREAD },
	/* Context switches on one CPU, IPC and a lock across two. */
	{ "lmbench.ctx_2p_0k", BENCH_PLACE_SAME },
	{ "byte.pipe", BENCH_PLACE_SPREAD },
	{ "lmbench.lat_pipe", BENCH_PLACE_SPREAD },
	{ "bsd.lock_pingpong", BENCH_PLACE_SPREAD },
	{ "lmbench.lat_udp", BENCH_PLACE_SPREAD },
	/* Files through the page cache. Not a file creation: its slices
	 * wait for the journal in one of three (22 us or 250 us; a spread
	 * of 100% or more), and it was judged on an unchanged guest in two
	 * quick checks of eight. */
	{ "byte.fs_read", BENCH_PLACE_SPREAD },
	{ "byte.fs_write", BENCH_PLACE_SPREAD },
	{ "lmbench.bw_mem_read", BENCH_PLACE_SPREAD },
	{ "lmbench.bw_mem_write", BENCH_PLACE_SPREAD },
	{ "lmbench.bw_bcopy_libc", BENCH_PLACE_SPREAD },
};

#define QUICK_SET_N     (sizeof quick_set / sizeof quick_set[0])
#define QUICK_LANES_MAX 8

const char *
quick_test_list(void)
{
	static char list[QUICK_SET_N * 32];

	if (list[0] == '\0')
		for (size_t i = 0, len = 0; i < QUICK_SET_N; i++)
			len += (size_t)snprintf(list + len, sizeof list - len,
			    "%s%s", i ? "," : "", quick_set[i].id);
	return list;
}

enum bench_placement
quick_placement(const struct bench_test *t, enum bench_placement other)
{
	for (size_t i = 0; i < QUICK_SET_N; i++)
		if (strcmp(quick_set[i].id, t->id) == 0)
			return quick_set[i].placement;
	return other;
}

/* One lane: a worker pinned to its CPU and the tests it runs. */
struct lane {
	struct quick *q;
	int cpu;
	struct harness *harness;
	struct harness own; /* lanes past the first */
	struct cycles_counter counter;
	struct claim claims; /* everything its tests claim */
	size_t tests[JUDGE_MAX_ROWS];
	size_t ntests, ballast; /* ballast: the next test to run untimed */
	struct threads_worker worker;
};

struct quick {
	struct batch *b;
	struct lane lane[QUICK_LANES_MAX];
	size_t nlanes;
	size_t alone[JUDGE_MAX_ROWS]; /* tests that claim more than a CPU */
	size_t nalone;
	struct profile_test *then; /* --check: the profile's slices */
	size_t round;
	atomic_int measuring, phase_over;
	/* A round starts when gen moves; busy lanes past the first. */
	pthread_mutex_t mu;
	pthread_cond_t cv;
	unsigned gen;
	size_t busy;
	int quit;
};

static double
now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)time_ns(&ts) / 1e9;
}

/* A run's configuration for test i on `cpu`. */
static struct run_config
slice_config(const struct batch *b, size_t i, int cpu)
{
	return (struct run_config){
		.duration_ns = (uint64_t)QUICK_SLICE_MS * 1000000u,
		.tmpdir = b->tmpdir,
		.cpu = cpu,
		.placement = quick_placement(b->tests[i], b->o->placement),
		.mem_bytes = (size_t)b->o->mem_mib << 20,
		.stop = b->stop,
	};
}

/* One measured slice of test i, unless it has stopped. */
static void
measure_slice(struct quick *q, struct harness *h, int cpu, size_t i)
{
	struct batch *b = q->b;
	struct run_config cfg = slice_config(b, i, cpu);

	if (b->seq[i] != SEQ_GOING || atomic_load(b->stop) != 0)
		return;
	slices_run(&b->sliced[i], b->tests[i], h, &cfg, &b->results[i],
	    q->round);
}

/* One untimed slice of the lane's next test that runs, cut short as
 * soon as every lane has measured. */
static void
ballast_slice(struct quick *q, struct lane *l)
{
	struct batch *b = q->b;
	struct test_result r;

	for (size_t tried = 0; tried < l->ntests; tried++) {
		size_t i = l->tests[l->ballast++ % l->ntests];
		struct run_config cfg = slice_config(b, i, l->cpu);

		if (b->results[i].status != BENCH_OK)
			continue;
		cfg.stop = &q->phase_over;
		cfg.n_hint = b->results[i].n_per_sample;
		(void)runner_run(b->tests[i], l->harness, &cfg, &r);
		return;
	}
	atomic_store(&q->phase_over, 1); /* nothing runs: no ballast */
}

/* A lane's part of a round: its tests, then ballast until all are done. */
static void
lane_phase(struct quick *q, struct lane *l)
{
	for (size_t k = 0; k < l->ntests; k++)
		measure_slice(q, l->harness, l->cpu, l->tests[k]);
	if (atomic_fetch_sub(&q->measuring, 1) == 1)
		atomic_store(&q->phase_over, 1);
	while (q->nlanes > 1 && atomic_load(&q->phase_over) == 0 &&
	    atomic_load(q->b->stop) == 0)
		ballast_slice(q, l);
}

/* Lanes past the first: their own harness, then a phase at each round
 * the first lane starts. */
static void *
lane_main(void *arg)
{
	struct lane *l = arg;
	struct quick *q = l->q;
	unsigned seen = 0;

	l->cpu = runner_thread_pin(l->cpu);
	runner_thread_harness(&l->own, &l->counter, &q->b->machine.clock,
	    (uint64_t)(QUICK_SAMPLE_MS * 1e6));
	l->harness = &l->own;
	for (;;) {
		pthread_mutex_lock(&q->mu);
		while (q->gen == seen && !q->quit)
			pthread_cond_wait(&q->cv, &q->mu);
		seen = q->gen;
		pthread_mutex_unlock(&q->mu);
		if (q->quit)
			break;
		lane_phase(q, l);
		pthread_mutex_lock(&q->mu);
		q->busy--;
		pthread_cond_broadcast(&q->cv);
		pthread_mutex_unlock(&q->mu);
	}
	cycles_counter_close(&l->counter);
	return NULL;
}

/* Whether test i may run on lane k: its claim there overlaps no other
 * lane's tests'. */
static int
lane_fits(struct quick *q, size_t k, const struct claim *c)
{
	for (size_t o = 0; o < q->nlanes; o++)
		if (o != k && claims_overlap(c, &q->lane[o].claims))
			return 0;
	return 1;
}

/* Test i's claim on lane k. */
static void
claim_on(const struct quick *q, size_t i, size_t k, struct claim *c)
{
	const struct bench_test *t = q->b->tests[i];

	claims_of(t, q->lane[k].cpu, quick_placement(t, q->b->o->placement), c);
}

/* Each test to the emptiest lane its claim fits, else alone. */
static void
plan(struct quick *q)
{
	for (size_t i = 0; i < q->b->n && i < JUDGE_MAX_ROWS; i++) {
		size_t best = SIZE_MAX;
		struct claim c;

		for (size_t k = 0; k < q->nlanes; k++) {
			claim_on(q, i, k, &c);
			if (CPU_COUNT(&c.cpus) == 1 && lane_fits(q, k, &c) &&
			    (best == SIZE_MAX ||
			        q->lane[k].ntests < q->lane[best].ntests))
				best = k;
		}
		if (best == SIZE_MAX) {
			q->alone[q->nalone++] = i;
			continue;
		}
		claim_on(q, i, best, &c);
		claims_add(&q->lane[best].claims, &c);
		q->lane[best].tests[q->lane[best].ntests++] = i;
	}
}

/* The lanes' CPUs: --cpu's, else every allowed one (one lane a CPU). */
static void
lanes_of(struct quick *q)
{
	const struct opts *o = q->b->o;
	int n = o->ncpus > 0 ? o->ncpus : bench_usable_cpus();

	q->nlanes = n < 1         ? 1
	    : n > QUICK_LANES_MAX ? QUICK_LANES_MAX
	                          : (size_t)n;
	for (size_t k = 0; k < q->nlanes; k++) {
		q->lane[k].q = q;
		q->lane[k].cpu = k == 0 ? q->b->cpu
		    : o->ncpus > 0      ? o->cpus[k]
		                        : bench_allowed_cpu((int)k);
		claims_clear(&q->lane[k].claims);
	}
	q->lane[0].harness = &q->b->harness;
}

/* The rows the sequential rule looks at: this run's slices against the
 * profile's. */
static void
look(struct quick *q)
{
	struct batch *b = q->b;
	struct judge_row rows[JUDGE_MAX_ROWS];
	struct seq_rule rule = SEQ_RULE_QUICK;
	size_t n = b->n < JUDGE_MAX_ROWS ? b->n : JUDGE_MAX_ROWS;

	for (size_t i = 0; i < n; i++) {
		const struct test_result *r = &b->results[i];

		rows[i] = (struct judge_row){
			.kind = judge_kind_of(b->tests[i]),
			.not_comparable =
			    r->status != BENCH_OK ? "not run" : NULL,
			.now_value = NAN,
			.then_value = NAN,
			.now = b->sliced[i].median,
			.nnow = b->sliced[i].nslices,
			.then = q->then[i].slice,
			.nthen = q->then[i].nslices,
			.higher_better =
			    units_higher_is_better(b->tests[i]->unit),
		};
	}
	sequential_rows(&rule, rows, n, b->o->tolerance_pct, b->seq);
}

/* Whether another round is worth starting: some test going, within
 * the slices and within the budget by the last round's length. */
static int
another_round(struct quick *q, double started, double round_s)
{
	struct batch *b = q->b;
	size_t going = 0;

	if (atomic_load(b->stop) != 0)
		return 0;
	if (b->o->save != NULL)
		return q->round + 1 < QUICK_SAVE_SLICES;
	for (size_t i = 0; i < b->n; i++)
		going += b->seq[i] == SEQ_GOING;
	return going > 0 && now_s() - started + round_s <= QUICK_BUDGET_S;
}

/* One round: the lanes at once, then each test that runs alone. */
static void
round_once(struct quick *q)
{
	atomic_store(&q->measuring, (int)q->nlanes);
	atomic_store(&q->phase_over, 0);
	pthread_mutex_lock(&q->mu);
	q->busy = q->nlanes - 1;
	q->gen++;
	pthread_cond_broadcast(&q->cv);
	pthread_mutex_unlock(&q->mu);
	lane_phase(q, &q->lane[0]);
	pthread_mutex_lock(&q->mu);
	while (q->busy > 0)
		pthread_cond_wait(&q->cv, &q->mu);
	pthread_mutex_unlock(&q->mu);
	for (size_t k = 0; k < q->nalone; k++)
		measure_slice(q, q->lane[0].harness, q->lane[0].cpu,
		    q->alone[k]);
}

/* Start the lanes past the first; a lane that would not start gives
 * its tests to those that run alone. */
static void
lanes_start(struct quick *q)
{
	char err[256];
	size_t k;

	for (k = 1; k < q->nlanes; k++)
		if (threads_worker_start(&q->lane[k].worker, (int)k, lane_main,
		        &q->lane[k], err, sizeof err) != 0)
			break;
	for (size_t s = k; s < q->nlanes; s++)
		for (size_t t = 0; t < q->lane[s].ntests; t++)
			q->alone[q->nalone++] = q->lane[s].tests[t];
	q->nlanes = k;
}

static void
lanes_stop(struct quick *q)
{
	pthread_mutex_lock(&q->mu);
	q->quit = 1;
	pthread_cond_broadcast(&q->cv);
	pthread_mutex_unlock(&q->mu);
	for (size_t k = 1; k < q->nlanes; k++)
		threads_worker_join(&q->lane[k].worker);
}

/* The profile's slices of each test (--check). */
static void
profile_slices(struct quick *q)
{
	struct batch *b = q->b;

	for (size_t i = 0; b->o->check != NULL && i < b->n; i++)
		(void)profile_test_get(&b->ref, b->ref_index, b->tests[i]->id,
		    &q->then[i]);
}

void
quick_run(struct batch *b)
{
	static struct quick q; /* one quick run a process */
	double started = now_s(), round_s;

	memset(&q, 0, sizeof q);
	q.b = b;
	q.then = calloc(b->n + 1, sizeof *q.then);
	pthread_mutex_init(&q.mu, NULL);
	pthread_cond_init(&q.cv, NULL);
	if (q.then != NULL)
		profile_slices(&q);
	lanes_of(&q);
	plan(&q);
	lanes_start(&q);
	for (;;) {
		double t0 = now_s();

		round_once(&q);
		if (b->o->check != NULL && q.then != NULL)
			look(&q);
		round_s = now_s() - t0;
		if (!another_round(&q, started, round_s))
			break;
		q.round++;
	}
	lanes_stop(&q);
	pthread_mutex_destroy(&q.mu);
	pthread_cond_destroy(&q.cv);
	free(q.then);
	b->quick_rounds = q.round + 1;
	b->quick_s = now_s() - started;
}
