/*
 * app-batch.h: the batch report: run each selected test in turn, then print
 * the whole report at once (a report is never half-written).
 */

#ifndef BENCHTOP_BATCH_H
#define BENCHTOP_BATCH_H

#include <stdatomic.h>

#include "app-opts.h"

/* Run the batch report; returns an exit code (app-opts.h). `stop` holds the
 * number of a signal that asked to stop, or 0. */
int batch_run(const struct opts *o, atomic_int *stop);

#endif
