/*
 * export.c: JSON Lines and the OpenMetrics text file from a live store.
 */

#include "config.h"

#include "export.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base-cycles.h"
#include "base-time.h"
#include "monitor-queue.h"
#include "report-json.h"
#include "report-jsonl.h"
#include "report.h"

double
export_store_epoch_s(const struct store *s)
{
	return time_wall_s() - store_ms(s, cycles_now_ns()) / 1e3;
}

int
export_init(struct exporter *x, struct store *s, const struct machine *m,
    const char *om_path, FILE *jsonl)
{
	size_t n = store_count(s);

	memset(x, 0, sizeof *x);
	x->store = s;
	x->machine = m;
	x->om_path = om_path;
	x->jsonl = jsonl;
	x->seen = calloc(n ? n : 1, sizeof *x->seen);
	x->buf = malloc(STORE_FINE_SLOTS * sizeof *x->buf);
	x->res = calloc(n ? n : 1, sizeof *x->res);
	x->last_slice_s = calloc(n ? n : 1, sizeof *x->last_slice_s);
	x->ns = malloc(3 * STORE_FINE_SLOTS * sizeof *x->ns);
	x->cyc = x->ns ? x->ns + STORE_FINE_SLOTS : NULL;
	x->scratch = x->ns ? x->cyc + STORE_FINE_SLOTS : NULL;
	return x->seen && x->buf && x->res && x->last_slice_s && x->ns ? 0 : -1;
}

void
export_free(struct exporter *x)
{
	free(x->seen);
	free(x->buf);
	free(x->res);
	free(x->last_slice_s);
	free(x->ns);
}

/* Summarise `k` entries into a result as the batch runner does. */
static void
summarise(struct exporter *x, struct test_result *r, const struct ring_entry *e,
    size_t k)
{
	for (size_t i = 0; i < k; i++) {
		x->ns[i] = e[i].ns_per_op;
		x->cyc[i] = e[i].cycles_per_op;
	}
	runner_summarise(r, x->ns, x->cyc, k, x->scratch);
}

void
export_result_from_view(struct test_result *r, const struct store_view *v)
{
	r->test = v->test;
	r->status = v->meta.status;
	(void)snprintf(r->reason, sizeof r->reason, "%s", v->meta.reason);
	r->placement = v->meta.placement;
	r->cpu = v->meta.cpu;
	r->partner_cpu = v->meta.partner_cpu;
	r->n_per_sample = v->meta.n_per_sample;
	r->overhead_ns = v->meta.overhead_ns;
}

/*
 * A slice as a record of a test's shape (a consumer keyed on "test"
 * skips it): value and ns its length, samples what it pushed.
 */
static void
export_jsonl_slice(FILE *f, struct store *st, const struct monitor_slice *s,
    double epoch_ns)
{
	double ns = (double)(s->end_ns - s->start_ns);

	fprintf(f,
	    ", \"test\": \"benchtop.slice\", \"version\": 1, "
	    "\"status\": \"ok\", \"value\": %.6f, \"unit\": \"s\", "
	    "\"ns\": %.0f, \"cycles\": null, \"samples\": %llu, "
	    "\"placement\": \"%s\", \"of\": \"%s\", \"worker\": %d, "
	    "\"start_s\": %.6f, \"end_s\": %.6f",
	    ns / 1e9, ns, (unsigned long long)s->samples,
	    bench_placement_name(s->placement),
	    s->test == SIZE_MAX ? "benchtop.screen"
	                        : store_test(st, s->test)->id,
	    s->worker, ((double)s->start_ns - epoch_ns) / 1e9,
	    ((double)s->end_ns - epoch_ns) / 1e9);
}

/*
 * One record per slice finished (or screen pass on a borrowed CPU) since
 * the last tick: what it claimed, from when to when, in seconds since
 * the store's epoch on the monitor's clock.
 */
static void
export_jsonl_slices(struct exporter *x, FILE *f, double ts)
{
	struct monitor_slice s[64];
	double epoch = (double)store_epoch_ns(x->store);
	size_t k;

	while ((k = queue_slices(x->monitor, &x->slice_cursor, s, 64)) > 0)
		for (size_t j = 0; j < k; j++) {
			report_jsonl_head(f, x->machine, ts);
			export_jsonl_slice(f, x->store, &s[j], epoch);
			report_jsonl_claim(f, &s[j].claim);
			fputs("}\n", f);
		}
}

/*
 * The self row as a record of the same shape as a test's, so that a
 * consumer keyed on "test" can skip it: value is the scheduler's share of
 * the workers' time in %, ns its cost per slice, samples the slices; the
 * raw totals follow. "ok" below 1%, "high" from there.
 */
static void
export_jsonl_self(struct exporter *x, FILE *f, const struct machine *m,
    double ts)
{
	const struct monitor *mon = x->monitor;
	struct monitor_self s;
	double pct;

	monitor_self(mon, &s);
	if (s.slices == x->self_slices) /* as tests: only when new */
		return;
	x->self_slices = s.slices;
	pct = monitor_self_pct(&s);
	report_jsonl_head(f, m, ts);
	fprintf(f,
	    ", \"test\": \"benchtop.self\", \"version\": 1, "
	    "\"status\": \"%s\", \"value\": ",
	    pct < 1.0 ? "ok" : "high");
	report_json_number(f, pct);
	fputs(", \"unit\": \"%\", \"ns\": ", f);
	report_json_number(f, monitor_self_slice_ns(&s));
	fprintf(f,
	    ", \"cycles\": null, \"samples\": %llu, \"placement\": \"%s\", "
	    "\"workers\": %d, \"worker_s\": %.6f, \"sched_s\": %.9f}\n",
	    (unsigned long long)s.slices,
	    bench_placement_name(monitor_placement(mon)), s.workers,
	    s.worker_ns / 1e9, s.sched_ns / 1e9);
}

void
export_om_self(FILE *f, const struct monitor *mon)
{
	struct monitor_self s;
	double pct;

	if (mon == NULL)
		return;
	monitor_self(mon, &s);
	pct = monitor_self_pct(&s);
	if (!isfinite(pct))
		return;
	fprintf(f,
	    "# HELP benchtop_scheduler_overhead_ratio benchtop's own scheduler "
	    "time over its workers' time (the self row)\n"
	    "# TYPE benchtop_scheduler_overhead_ratio gauge\n"
	    "benchtop_scheduler_overhead_ratio %.9g\n",
	    pct / 100);
}

/* Write the OpenMetrics file through a temp file and a rename. */
static int
write_om(struct exporter *x, size_t n)
{
	struct report rep = {
		.machine = x->machine,
		.results = x->res,
		.n = n,
		.last_slice_s = x->last_slice_s,
		.ctx = x->ctx,
	};
	char tmp[PATH_MAX];
	FILE *f;
	int fd, ok;

	if ((size_t)snprintf(tmp, sizeof tmp, "%s.XXXXXX", x->om_path) >=
	    sizeof tmp) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if ((fd = mkstemp(tmp)) < 0 || (f = fdopen(fd, "w")) == NULL)
		return -1;
	(void)fchmod(fd, 0644); /* node_exporter runs as another user */
	ok = report_write(f, REPORT_OPENMETRICS, &rep) == 0;
	export_om_self(f, x->monitor);
	if (x->check != NULL)
		ok &= export_check_write(f, x->store, x->check) == 0;
	ok &= ferror(f) == 0;
	ok &= fclose(f) == 0;
	if (!ok || rename(tmp, x->om_path) != 0) {
		int saved = errno;

		(void)unlink(tmp);
		errno = saved;
		return -1;
	}
	return 0;
}

int
export_tick(struct exporter *x)
{
	size_t n = store_count(x->store), m = 0;

	for (size_t i = 0; i < n; i++) {
		struct store_view v;
		struct ring_entry *e;
		size_t fresh, k;

		store_snapshot(x->store, i, &v, x->buf, STORE_FINE_SLOTS, 0);
		if (v.n == 0 || v.meta.slices == 0)
			continue;
		fresh = v.first_seq + v.n > x->seen[i]
		    ? (size_t)(v.first_seq + v.n - x->seen[i])
		    : 0;
		if (fresh > v.n)
			fresh = v.n;
		export_result_from_view(&x->res[m], &v);
		x->last_slice_s[m] =
		    export_store_epoch_s(x->store) + v.meta.last_ms / 1e3;
		k = fresh ? fresh : v.n;
		e = x->buf + v.n - k;
		summarise(x, &x->res[m], e, store_drop_first_looks(e, k));
		if (x->jsonl != NULL && fresh > 0) {
			report_jsonl_fields(x->jsonl, x->machine, time_wall_s(),
			    &x->res[m]);
			report_jsonl_claim(x->jsonl, &v.meta.claim);
			fputs("}\n", x->jsonl);
		}
		x->seen[i] = v.first_seq + v.n;
		m++;
	}
	if (x->jsonl != NULL && x->monitor != NULL) {
		export_jsonl_slices(x, x->jsonl, time_wall_s());
		export_jsonl_self(x, x->jsonl, x->machine, time_wall_s());
	}
	if (x->jsonl != NULL && (fflush(x->jsonl) != 0 || ferror(x->jsonl)))
		return -1;
	return x->om_path != NULL ? write_om(x, m) : 0;
}

void
export_jsonl_context(struct exporter *x, const char *key, const char *was,
    const char *now, const char *label, double at_s)
{
	FILE *f = x->jsonl;

	if (f == NULL)
		return;
	report_jsonl_head(f, x->machine, time_wall_s());
	fputs(", \"test\": \"benchtop.context\", \"version\": 1, "
	      "\"status\": \"changed\", \"value\": null, \"unit\": null, "
	      "\"key\": ",
	    f);
	report_json_string(f, key);
	fputs(", \"was\": ", f);
	report_json_string(f, was);
	fputs(", \"now\": ", f);
	report_json_string(f, now);
	fputs(", \"label\": ", f);
	report_json_string(f, label);
	fprintf(f, ", \"at_s\": %.3f}\n", at_s);
	(void)fflush(f);
}
