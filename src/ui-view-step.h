/*
 * ui-view-step.h: how a sentinel sees a step: its newest slice against
 * the slices of the state of the machine it ran in.
 */

#ifndef BENCHTOP_VIEW_STEP_H
#define BENCHTOP_VIEW_STEP_H

#include <stddef.h>
#include <stdint.h>

#include "monitor-ring.h"

/* Samples of a row's history the view reads, the newest. */
#define VIEW_HISTORY_MAX 256
/* A slice of fewer samples is no slice's figure (the oldest in a history
 * is cut). */
#define VIEW_SLICE_MIN 4
/* A step is told from this many degrees of freedom of its interval on:
 * the slices of one state, each state's first and last left out. */
#define VIEW_STEP_DF 2

/* A change of the context: when it was seen (store ms) and what it moves
 * (CONTEXT_SENSE_*). */
struct view_change {
	uint32_t t_ms;
	unsigned senses;
};

/* One slice: the log of its median ns/op, whether it counts in a spread
 * (most of its samples undisturbed), and its state (view_step_state_at). */
struct view_slice {
	double log_ns;
	int calm;
	size_t state;
};

/* The state of a slice ended at t_ms: how many of the changes
 * c[0..nc) the row senses (`senses`) were seen by then. A change is seen
 * a refresh after it happened, and a slice that began before it was seen
 * may hold the new state: judged as the old one's, it read tracing
 * switched off as a step of 3.6x. */
size_t view_step_state_at(uint32_t t_ms, const struct view_change *c, size_t nc,
    unsigned senses);

/* The sd of the calm slices of s[0..m) about their state's mean, pooled
 * over the states, each state's slices beside another state left out (a
 * change is seen a refresh late: they may hold both); its degrees of
 * freedom in *df. NAN with none. Of one state, the sd of its calm
 * slices. */
double view_step_pooled_sd(const struct view_slice *s, size_t m, size_t *df);

/* What view_step_judge finds: the newest slice's speed against those
 * before it (> 1 faster), NAN when there is nothing to judge it by, and
 * the 95% prediction interval of one more slice, %. */
struct view_step {
	double ratio;
	double pi_pct;
};

/*
 * The newest slice of history h[0..n), n <= VIEW_HISTORY_MAX, against the
 * slices before it in the same state: the history is cut at the changes of the
 * context (changes[0..nchanges), oldest first) that the row senses (`senses`,
 * CONTEXT_SENSE_*). A slice is the median of every sample (a hog's
 * disturbed ones too: a sentinel is there to see it); the interval is
 * of the slices of each state that most samples left undisturbed.
 */
struct view_step view_step_judge(const struct ring_entry *h, size_t n,
    const struct view_change *changes, size_t nchanges, unsigned senses);

/*
 * Whether step q (a speed ratio, > 1 faster) tells no more than `said`,
 * a step told just before (0: none): the same way and not twice as far
 * in logs. A sentinel's line about a host's moment 1.2x slower said
 * nothing of a hog that came 11 s later, 1.9x slower, when the same way
 * again was not news for 30 s.
 */
int view_step_same(double q, double said);

#endif
