/*
 * monitor-priv.h: the live monitor's insides, shared by monitor.c (the
 * workers and the self row: the running), monitor-borrow.c (what the
 * screen takes meanwhile: a free CPU, or the workers parked) and
 * monitor-queue.c (which test a worker may take: the choosing). Calls go
 * that way only. Nothing else includes it.
 */

#ifndef BENCHTOP_MONITOR_PRIV_H
#define BENCHTOP_MONITOR_PRIV_H

#include <pthread.h>
#include <stdatomic.h>

#include "base-cycles.h"
#include "base-threads.h"
#include "measure-harness.h"
#include "measure-runner.h"
#include "monitor-claims.h"
#include "monitor-queue.h"
#include "monitor.h"

struct worker {
	struct monitor *m;
	int index;
	int cpu;
	struct threads_worker thread;
	struct cycles_counter counter;
	struct harness harness;
	struct test_result result;  /* the current slice's: no malloc each */
	struct claim claim;         /* held by its slice; under m->lock */
	struct monitor_slice slice; /* the current one's record */
	int first;                  /* the current slice is a first look */
	int sentinel;               /* the current slice is a sentinel's turn */
	int urgent;                 /* ...or an urgent one's (queue_urge) */
	int rotating;               /* a rotation's slice runs; under m->lock */
	/* The runner's stop flag: MONITOR_STOP_ALL (pause, quit: every
	 * worker's) or MONITOR_STOP_CUT (this slice only, queue_urge; set
	 * and cleared under m->lock). */
	atomic_int stop;
	uint64_t seen_gen; /* disturb_gen when the sample began */
	int seen_active;   /* a pass was under way then */
	/* The self row (see DESIGN): written by this worker only. */
	_Atomic uint64_t busy_ns;  /* up since start, naps excluded */
	_Atomic uint64_t sched_ns; /* of which the scheduler's own */
	_Atomic uint64_t slices;   /* runner_run calls */
	uint64_t mark_ns;          /* worker-private: the stretch's start */
};

#define MONITOR_STOP_ALL 1
#define MONITOR_STOP_CUT 2

/* What the stretch of a worker's time that just ended was spent on. */
enum stretch { STRETCH_SCHED, STRETCH_SLICE, STRETCH_NAP };

struct monitor {
	struct store *store;
	struct monitor_config cfg;
	atomic_int interrupt; /* end the current slices now */
	atomic_int paused;
	atomic_int quit;
	atomic_int placement;
	atomic_int hold;           /* quiet UI: park at the next boundary */
	pthread_mutex_t park_lock; /* guards parked */
	pthread_cond_t park_cv;    /* parked workers wait; the UI too */
	int parked;
	pthread_mutex_t lock;    /* guards cursor, busy, claims and log */
	pthread_cond_t claim_cv; /* a claim was given back */
	size_t cursor;           /* the oldest waiting test */
	unsigned char *seen;     /* test i had a slice */
	unsigned char *focus;    /* only these run, when focused */
	int focused;
	/* The cycle: the cursor's round now began at round_start_ns (0
	 * unknown); cycle_ns is the last whole round with no test run ahead
	 * of the rotation for a change (0 none yet): a round that waited
	 * for re-runs is longer than the steady cycle the header names. */
	uint64_t round_start_ns, cycle_ns;
	int round_rerun;
	/* Urgent tests (queue_urge): test i runs ahead of the rotation
	 * while urgent[i] (its rank: lower first) is set, until a slice of
	 * it that began after urged_ns[i] has ended. */
	unsigned char *urgent;
	uint64_t *urged_ns;
	/* Sentinels (queue_set_sentinels): one short turn every
	 * sentinel_every_ns, in turn. */
	size_t sentinels[MONITOR_MAX_SENTINELS];
	unsigned sentinel_kinds[MONITOR_MAX_SENTINELS]; /* group bits */
	size_t nsentinels, sentinel_next;
	uint64_t sentinel_every_ns, sentinel_slice_ns, sentinel_due_ns;
	size_t ahead;        /* where taking ahead resumes */
	unsigned char *busy; /* test i runs on some worker */
	/* Per test: its slices published, over every worker. Only the worker
	 * that holds test i (busy, handed over under `lock`) writes it. */
	uint64_t *slices_run;
	struct claim screen;              /* CPUs the screen borrowed */
	struct monitor_slice *log;        /* ring of finished slices */
	uint64_t logged;                  /* slices ever logged */
	atomic_int disturb_active;        /* screen passes drawing now */
	atomic_uint_fast64_t disturb_gen; /* screen passes ever begun */
	uint64_t screen_since_ns;         /* the borrowed CPU's, one pass */
	uint64_t *n_hint;                 /* calibrated n per test... */
	enum bench_placement *hint_place; /* ...for this placement */
	struct worker w[];
};

#endif
