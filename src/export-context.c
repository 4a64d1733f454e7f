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

void
context_watch_init(struct context_watch *w, const struct machine_context *start)
{
	memset(w, 0, sizeof *w);
	w->now = *start;
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
		(void)sample_log_note(t->lg, t->t_ms, c.label, key, t->marks);
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
	uint64_t t0 = time_thread_cpu_ns(), t1;
	struct tick_state t = { w, s, lg, x, marks, 0, fn, arg };

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
