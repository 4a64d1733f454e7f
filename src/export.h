/*
 * export.h: what a running monitor hands to other tools, every interval:
 * a JSON Lines record per test with new samples (--jsonl, for log
 * shippers) and the Prometheus text file (--openmetrics-file, rewritten
 * atomically for node_exporter's textfile collector).
 */

#ifndef BENCHTOP_EXPORT_H
#define BENCHTOP_EXPORT_H

#include <stdint.h>
#include <stdio.h>

#include "export-check.h"
#include "machine.h"
#include "measure-runner.h"
#include "monitor-store.h"
#include "monitor.h"

struct exporter {
	struct store *store;
	const struct machine *machine;
	const char *om_path;     /* --openmetrics-file, or NULL */
	FILE *jsonl;             /* --jsonl stream, or NULL */
	struct monitor *monitor; /* self and slice records, or NULL */
	uint64_t self_slices;    /* slices at the last self record */
	uint64_t slice_cursor;   /* slices already exported */
	uint64_t *seen;          /* per test: samples already exported */
	struct ring_entry *buf;
	struct test_result *res;
	double *last_slice_s;       /* per res: when its last slice ended */
	double *ns, *cyc, *scratch; /* one ring's samples, summarised */

	/* The context now (the screen's or --watch's, read again each
	 * refresh by the same thread), or NULL: the machine's at start. */
	const struct machine_context *ctx;
	/* --check PROFILE: the check's families in the file too, or NULL. */
	const struct export_check *check;
};

int export_init(struct exporter *x, struct store *s, const struct machine *m,
    const char *om_path, FILE *jsonl);
void export_free(struct exporter *x);

/*
 * Export what is new; returns 0, or -1 with errno (a write failed). With
 * a monitor set, each JSONL tick ends with a "benchtop.slice" record per
 * slice finished since the last tick (test, worker, start_s and end_s on
 * the store's clock, claimed cpus and resources) and a "benchtop.self"
 * record. A test's record says what its last slice claimed.
 *
 * A failed export is never dropped in silence, and the rule is one: with
 * the screen up it shows "[export: why]" in the status line until an
 * export succeeds, and the screen goes on (the user sees it and decides);
 * under --watch nobody reads a screen, so the run ends with
 * "benchtop: export: why" and exit 1 (a consumer that went away, a full
 * disk: carrying on would only fill the gap with nothing).
 */
int export_tick(struct exporter *x);

/* Wall time (s since 1970, UTC) of the store's epoch: a sample's
 * timestamp is this plus its t_ms. */
double export_store_epoch_s(const struct store *s);

/*
 * A change of the machine's context as a JSONL record of a test's shape
 * ("test": "benchtop.context", a consumer keyed on "test" skips it): the
 * fact's key, its value before and now, its name ("THP always") and when,
 * in seconds since the store's epoch. Flushed at once.
 */
void export_jsonl_context(struct exporter *x, const char *key, const char *was,
    const char *now, const char *label, double at_s);

/* A result's status, reason and calibration from a store snapshot. */
void export_result_from_view(struct test_result *r, const struct store_view *v);

/* The self row as a gauge: the scheduler's share of the workers' time
 * (nothing when mon is NULL or before any time). */
void export_om_self(FILE *f, const struct monitor *mon);

#endif
