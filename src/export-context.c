/*
 * export-context.c: reading the context again every pass and saying what
 * changed, with its time on the store's clock so that it lines up with
 * the samples around it.
 */

#include "config.h"

#include "export-context.h"

#include <string.h>

#include "base-cycles.h"
#include "base-time.h"
#include "machine-context-read.h"

/* "3.80 GHz" or "unknown": the fact a move of the core clock changes. */
static void
clock_fact_set(struct machine_context *c, double hz)
{
	char v[32];

	if (hz > 0)
		(void)snprintf(v, sizeof v, "%.2f GHz", hz / 1e9);
	else
		(void)snprintf(v, sizeof v, "unknown");
	context_set(c, "clock.core", v);
}

void
context_watch_init(struct context_watch *w, const struct machine *m)
{
	memset(w, 0, sizeof *w);
	w->now = m->ctx;
	w->machine = m;
	w->clock_hz = m->clock.core_hz;
	w->clock_next_ns =
	    cycles_now_ns() + CONTEXT_CLOCK_EVERY_S * 1000000000ull;
	clock_fact_set(&w->now, w->clock_hz);
}

/*
 * Read the core clock again when its time has come. One reading beyond
 * the band is confirmed by a second a second later before the fact moves:
 * a reading is a millisecond, and a moment's load on its CPU or a
 * frequency step in it should not mark the context as changed.
 */
static void
clock_watch(struct context_watch *w, uint64_t now)
{
	struct clock_estimate e;
	double hz;

	if (w->machine == NULL || now < w->clock_next_ns)
		return;
	w->clock_next_ns = now + CONTEXT_CLOCK_EVERY_S * 1000000000ull;
	machine_clock_again(w->machine, &e);
	hz = e.verdict == CLOCK_HELD ? e.hz : 0;
	if (!clock_moved(w->clock_hz, hz, CONTEXT_CLOCK_MOVE)) {
		w->clock_pending = 0;
		return;
	}
	if (!w->clock_pending) {
		w->clock_pending = 1;
		w->clock_next_ns = now + 1000000000ull;
		return;
	}
	w->clock_pending = 0;
	w->clock_hz = hz;
	clock_fact_set(&w->now, hz);
}

/* What context_diff hands each change to: everything a change needs. */
struct tick_state {
	struct context_watch *w;
	struct store *store;
	struct sample_log *lg;
	struct exporter *x;
	size_t marks;
	uint32_t t_ms;
	context_change_fn fn;
	void *arg;
};

static void
one_change(const char *key, const char *was, const char *now, void *arg)
{
	struct tick_state *t = arg;
	struct context_change c = { key, was, now, "", t->t_ms };

	context_change_label(key, now, c.label, sizeof c.label);
	t->marks++;
	if (t->lg != NULL)
		(void)export_log_note(t->lg, t->t_ms, c.label, key, t->marks);
	if (t->x != NULL)
		export_jsonl_context(t->x, key, was, now, c.label,
		    t->t_ms / 1e3);
	if (t->fn != NULL)
		t->fn(&c, t->arg);
}

size_t
context_watch_tick(struct context_watch *w, struct store *s,
    struct sample_log *lg, struct exporter *x, size_t marks,
    context_change_fn fn, void *arg)
{
	struct machine_context was = w->now;
	/* The thread's CPU time, not the wall's: on a busy machine the
	 * wall counts whoever preempted the read. */
	uint64_t t0, t1;
	struct tick_state t = { w, s, lg, x, marks, 0, fn, arg };

	clock_watch(w, cycles_now_ns());
	t0 = time_thread_cpu_ns(); /* the context's own cost, not the clock's */
	context_read(&w->now, "/");
	t1 = time_thread_cpu_ns();
	w->cost_last_ns = t1 - t0;
	w->cost_sum_ns += t1 - t0;
	w->reads++;
	/* The change happened since the last pass: say now, the first
	 * moment it is known. */
	t.t_ms = store_ms(s, cycles_now_ns());
	return context_diff(&was, &w->now, one_change, &t);
}

double
context_watch_cost_us(const struct context_watch *w)
{
	return w->reads ? (double)w->cost_sum_ns / (double)w->reads / 1e3 : 0;
}
