/*
 * export-context.h: the machine's context watched while the monitor runs
 * (the screen's thread, or --watch's main thread: never a worker's CPU).
 * Each pass reads it again (tens of microseconds, measured) and hands
 * every fact that changed to --log and --jsonl, and to the caller, who
 * marks it on the screen.
 */

#ifndef BENCHTOP_EXPORT_CONTEXT_H
#define BENCHTOP_EXPORT_CONTEXT_H

#include <stddef.h>
#include <stdint.h>

#include "export-log.h"
#include "export.h"
#include "machine-context.h"
#include "machine.h"
#include "monitor-store.h"

struct context_watch {
	struct machine_context now;
	/* The core clock, read again every CONTEXT_CLOCK_EVERY_S: the fact
	 * "clock.core" moves when two readings in a row are held beyond
	 * CONTEXT_CLOCK_MOVE of it. */
	const struct machine *machine;
	double clock_hz;
	int clock_pending;
	uint64_t clock_next_ns;
	uint64_t cost_last_ns; /* the last read's CPU time (the thread's) */
	uint64_t cost_sum_ns;  /* of every read, for the mean */
	uint64_t reads;
};

/* One change, as the caller sees it. */
struct context_change {
	const char *key, *was, *now;
	char label[CONTEXT_LABEL_MAX]; /* "THP always" */
	uint32_t t_ms;                 /* on the store's clock */
};

typedef void (*context_change_fn)(const struct context_change *c, void *arg);

#define CONTEXT_CLOCK_EVERY_S 10
/*
 * Beyond this share the core clock is a new fact of the context: a new
 * baseline for every row, a state with no slices yet. Not 5%: a 2-CPU
 * guest's core clock read 3.37 to 3.69 GHz with nothing changed (the
 * host's boost), 16 times in 53 minutes beyond 5%, and each such change
 * retook every row's baseline from the samples before it and left it
 * with no slices of its own: that, not b, was what the rows were judged
 * against in the quiet rounds of bench/tuner.sh. A governor, a cap or
 * the boost switched off moves it by a fifth to a half.
 */
#define CONTEXT_CLOCK_MOVE 0.15

/* Start from the machine's context at start, and its core clock. */
void context_watch_init(struct context_watch *w, const struct machine *m);

/*
 * Read the context again; for each fact that changed, a row in `lg` and
 * a record in x's --jsonl (either may be NULL or closed) with `marks` the
 * marks so far plus the changes before it, then fn (may be NULL).
 * Returns how many facts changed.
 */
size_t context_watch_tick(struct context_watch *w, struct store *s,
    struct sample_log *lg, struct exporter *x, size_t marks,
    context_change_fn fn, void *arg);

/* The mean cost of a read, in microseconds (0 before the first). */
double context_watch_cost_us(const struct context_watch *w);

#endif
