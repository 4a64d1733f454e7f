/*
 * export-scrape.h: a running monitor's figures read from the store the way the
 * screen reads them (the last STORE_WINDOW samples of each test), for a
 * /metrics scrape and for the HTML snapshot. Any thread may call these;
 * they never block a worker.
 */

#ifndef BENCHTOP_SCRAPE_H
#define BENCHTOP_SCRAPE_H

#include <stdint.h>
#include <stdio.h>

#include "export-check.h"
#include "machine.h"
#include "measure-runner.h"
#include "monitor-store.h"
#include "monitor.h"

/* One test as the screen's row shows it. */
struct scrape_test {
	struct test_result r; /* over the window; value NAN without samples */
	double noisy_pct;     /* of the window's samples */
	uint64_t total;       /* samples ever */
	double last_slice_s;  /* wall time its last slice ended */
	size_t nns;
	double ns[STORE_WINDOW]; /* the window's ns/op, oldest first */
};

/* Test i of the store; 0, or -1 when it has not run a slice yet (then
 * only out->r.test is set, and its value is NAN). */
int scrape_test(struct store *s, size_t i, struct scrape_test *out);

/*
 * A counter's HELP and TYPE. `name` ends in _total. An OpenMetrics
 * counter's family would drop the _total its samples carry, which the
 * Prometheus text parser (promtool's) reads as a family without help and
 * samples without metadata; so in OpenMetrics the counter is written
 * without a TYPE line (type unknown there), valid in both parsers.
 */
void scrape_counter_header(FILE *f, const char *name, const char *help,
    int openmetrics);

/*
 * The --openmetrics families of every test that ran, then the monitor's
 * own: noisy share and samples per test, the scheduler's overhead;
 * with `check` (else NULL), the check's families against its profile
 * (export_check_write). `openmetrics` writes counters as
 * scrape_counter_header says; the caller ends an OpenMetrics body with
 * "# EOF".
 */
int scrape_write_metrics(FILE *f, struct store *s, const struct machine *m,
    const struct monitor *mon, const struct export_check *check,
    int openmetrics);

#endif
