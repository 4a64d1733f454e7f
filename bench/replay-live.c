/*
 * replay-live.c: the live screen's verdicts replayed from a --log
 * recording, with a baseline (the b key) taken every EVERY seconds after
 * WARM seconds: for each baseline, the rows that said WORSE or better at
 * some refresh within the next SPAN seconds, the most at once, and the
 * refreshes whose header had a kind line. What bench/tuner.sh's quiet
 * part measures in rounds of 10 minutes, from one recording of a quiet
 * machine, for as many baselines as it holds, so that a rule of the
 * judge can be weighed on the same samples before and after.
 *
 * It runs the screen's own code (view_row_build, view_machine_judge_rows,
 * view_baseline_take) on the samples as the screen would have had them
 * at each refresh (every second); a slice starts where a test's samples
 * are more than SLICE_GAP_MS apart, and first looks are left out (a
 * sentinel's step re-runs its kind on the screen, which changes no
 * verdict's rule).
 * Context changes in the log are not replayed: record a quiet machine.
 *
 * With REPLAY_EVENTS=FILE (bench/tuner.sh's LOG.events: "EPOCH what"
 * lines), the sentinels instead: each sentinel's newest slice judged at
 * the refresh after it ended, as the screen's ui_rerun_sentinels does
 * (its bar, the same step the same way not said again for
 * BENCH_SENTINEL_AGAIN_MS), with "tracing on" and "tracing off" as
 * changes of the context seen a refresh late; it prints the seconds from
 * each "hog on" to the first sentinel's line, and the lines said more
 * than SETTLE_MS after any event (with nothing changed).
 *
 *   replay-live LOG.csv [EVERY_S [SPAN_S [WARM_S]]]
 *
 * Built and run by bench/replay.sh. Prints one line a baseline and a
 * summary; exits 0, or 1 on a log it cannot read.
 */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench-context.h"
#include "bench-registry.h"
#include "measure-judge-kind.h"
#include "ui-view-machine.h"
#include "ui-view.h"

/* Samples of one slice lie closer than this; slices further apart. */
#define SLICE_GAP_MS 1000u
/* The screen's refresh. */
#define REFRESH_MS 1000u
/* Events of a tuner's log, most. */
#define MAX_EVENTS 256
/* Sentinels, most. */
#define MAX_SENTINELS 8
/* A sentinel's line this long after an event is of the event. */
#define SETTLE_MS 40000u

/* One test's samples, in the order of the log. */
struct track {
	const struct bench_test *test;
	struct ring_entry *e;
	size_t n, cap;
	size_t upto;     /* entries at or before the refresh */
	uint64_t slices; /* of those, slices begun */
};

struct replay {
	struct track *t;
	size_t n;
	uint32_t end_ms;
	double t0;
};

static int
track_push(struct track *t, const struct ring_entry *e)
{
	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 1024;
		struct ring_entry *p = realloc(t->e, cap * sizeof *p);

		if (p == NULL)
			return -1;
		t->e = p;
		t->cap = cap;
	}
	t->e[t->n++] = *e;
	return 0;
}

/* One CSV line of the log into *e and its test's index; 0, or -1 to skip. */
static int
parse_line(struct replay *r, char *line, struct ring_entry *e, size_t *which)
{
	char *f[11], *save = NULL;
	size_t k = 0;
	double ts;

	for (char *p = strtok_r(line, ",\n", &save); p != NULL && k < 11;
	     p = strtok_r(NULL, ",\n", &save))
		f[k++] = p;
	if (k < 11 || strcmp(f[10], "1") == 0) /* a first look */
		return -1;
	ts = strtod(f[0], NULL);
	if (r->t0 == 0)
		r->t0 = ts;
	for (*which = 0; *which < r->n; (*which)++)
		if (strcmp(r->t[*which].test->id, f[1]) == 0)
			break;
	if (*which == r->n)
		return -1; /* benchtop.context, or a test not in this build */
	memset(e, 0, sizeof *e);
	e->t_ms = (uint32_t)((ts - r->t0) * 1000 + 0.5);
	e->cpu = (int16_t)atoi(f[6]);
	e->ns_per_op = strtod(f[4], NULL);
	e->cycles_per_op = strtod(f[5], NULL);
	e->flags = strcmp(f[9], "1") == 0 ? SAMPLE_F_NOISY : 0;
	return 0;
}

static int
replay_read(struct replay *r, FILE *in)
{
	char line[1024];
	struct ring_entry e;
	size_t i;

	r->n = registry_count();
	r->t = calloc(r->n, sizeof *r->t);
	if (r->t == NULL)
		return -1;
	for (i = 0; i < r->n; i++)
		r->t[i].test = registry_at(i);
	while (fgets(line, sizeof line, in) != NULL) {
		struct track *t;

		if (parse_line(r, line, &e, &i) != 0)
			continue;
		t = &r->t[i];
		if (t->n == 0 || e.t_ms > t->e[t->n - 1].t_ms + SLICE_GAP_MS)
			e.flags |= SAMPLE_F_SLICE_START;
		if (track_push(t, &e) != 0)
			return -1;
		if (e.t_ms > r->end_ms)
			r->end_ms = e.t_ms;
	}
	return 0;
}

/* Every row as the screen had it at now_ms, judged against base. */
static void
replay_rows(struct replay *r, uint32_t now_ms, struct view_row *rows,
    const struct judge_baseline *base, struct view_machine *m)
{
	for (size_t i = 0; i < r->n; i++) {
		struct track *t = &r->t[i];
		struct store_view sv;
		size_t from;

		while (t->upto < t->n && t->e[t->upto].t_ms <= now_ms)
			t->slices +=
			    (t->e[t->upto++].flags & SAMPLE_F_SLICE_START) != 0;
		from = t->upto > VIEW_SPARK_MAX ? t->upto - VIEW_SPARK_MAX : 0;
		memset(&sv, 0, sizeof sv);
		sv.test = t->test;
		sv.enabled = 1;
		sv.meta.status = BENCH_OK;
		sv.meta.slices = t->slices;
		sv.n = t->upto - from;
		sv.total = t->upto;
		rows[i].senses_change = 0;
		view_row_build(&rows[i], &sv, t->e + from, NULL, 0,
		    base != NULL && base[i].set ? &base[i] : NULL);
		rows[i].index = i;
	}
	view_machine_judge_rows(rows, r->n, base, m);
}

/* One baseline's round: what its SPAN seconds flagged. */
struct round {
	uint32_t b_ms;
	size_t flagged, most, kind_refreshes, refreshes;
	size_t busy, busy_refreshes; /* rows busy at some point; refreshes
	                                with the header's busy words */
	size_t kind_seen[JUDGE_KIND_COUNT];
	double
	    kind_far[JUDGE_KIND_COUNT]; /* its farthest |log| from the shift */
	double drift;
	char first[256];
};

/* Why a row was flagged: its change, its bar and what made them. */
static void
row_explain(const struct view_row *r, uint32_t b_ms)
{
	printf("  [b %u s] %s %+.1f%% +-%.1f prev %+.1f bar %.1f (slices %zu "
	       "pi %.1f spread %.1f) shift %.3f kind %d noisy %.0f "
	       "ratio %.2f\n",
	    b_ms / 1000, r->test->id, r->delta_pct, r->delta_ci_pct,
	    r->prev_n ? (r->prev_value / r->value - 1) * 100 : NAN, r->bar_pct,
	    r->slices, r->slice_pi_pct, r->spread_pct, r->machine_shift,
	    r->by_kind, r->recent_noisy, r->change_ratio);
}

static void
round_look(struct round *o, const struct view_row *rows, size_t n,
    const struct view_machine *m, unsigned char *ever)
{
	size_t now = 0, kinds = 0;

	for (size_t i = 0; i < n; i++) {
		if (rows[i].busy && !(ever[i] & 2)) {
			ever[i] |= 2;
			o->busy++;
		}
		if (!rows[i].has_delta || !rows[i].significant)
			continue;
		now++;
		if (!(ever[i] & 1)) {
			ever[i] |= 1;
			size_t used = strlen(o->first);

			if (getenv("REPLAY_VERBOSE") != NULL)
				row_explain(&rows[i], o->b_ms);

			o->flagged++;
			(void)snprintf(o->first + used, sizeof o->first - used,
			    "%s%s %.2fx", used ? ", " : "",
			    strchr(rows[i].test->id, '.') + 1,
			    rows[i].change_ratio);
		}
	}
	for (size_t k = 0; k < JUDGE_KIND_COUNT; k++) {
		double far = fabs(log(m->kinds.shift[k] / m->shift));

		if (!m->kinds.moved[k])
			continue;
		kinds++;
		o->kind_seen[k]++;
		o->kind_far[k] = far > o->kind_far[k] ? far : o->kind_far[k];
	}
	o->kind_refreshes += kinds > 0;
	o->busy_refreshes += m->busy > 0;
	o->most = now > o->most ? now : o->most;
	o->refreshes++;
}

/* Up to this many rounds at once (SPAN / EVERY). */
#define MAX_ACTIVE 64

struct active {
	struct round o;
	struct judge_baseline *base;
	unsigned char *ever;
	int on;
};

static void
round_print(const struct round *o)
{
	printf("b at %5.0f s  drift %5.1f%%  flagged %2zu  most at once %2zu"
	       "  kind line in %3zu of %3zu refreshes  busy %zu rows in %zu"
	       "  %s\n",
	    o->b_ms / 1000.0, o->drift, o->flagged, o->most, o->kind_refreshes,
	    o->refreshes, o->busy, o->busy_refreshes,
	    o->first[0] ? o->first : "-");
	if (getenv("REPLAY_VERBOSE") == NULL)
		return;
	for (size_t k = 0; k < JUDGE_KIND_COUNT; k++)
		if (o->kind_seen[k])
			printf("  kind %s in %zu refreshes, up to %.2fx\n",
			    judge_kind_id(k), o->kind_seen[k],
			    exp(o->kind_far[k]));
}

/* Each active round judges the refresh's rows against its baseline. */
static void
rounds_judge(struct active *a, size_t na, const struct view_row *rows,
    struct view_row *mine, size_t n, uint32_t now_ms, uint32_t span_ms)
{
	struct view_machine m;

	for (size_t k = 0; k < na; k++) {
		if (!a[k].on)
			continue;
		memcpy(mine, rows, n * sizeof *mine);
		for (size_t i = 0; i < n; i++) {
			view_row_judge(&mine[i], &a[k].base[i]);
			view_row_shown(&mine[i]);
		}
		view_machine_judge_rows(mine, n, a[k].base, &m);
		round_look(&a[k].o, mine, n, &m, a[k].ever);
		if (now_ms >= a[k].o.b_ms + span_ms) {
			round_print(&a[k].o);
			a[k].on = 0;
		}
	}
}

/* A round begins: b pressed on the rows as they are now. */
static void
round_begin(struct active *a, const struct view_row *rows, size_t n,
    uint32_t now_ms)
{
	double drift = view_machine_drift(rows, n);

	memset(&a->o, 0, sizeof a->o);
	memset(a->ever, 0, n);
	a->o.b_ms = now_ms;
	a->o.drift = drift;
	for (size_t i = 0; i < n; i++) {
		view_baseline_take(&a->base[i], &rows[i], drift);
#ifdef JUDGE_LIVE_ALPHA /* a judge that knows how many rows it judges */
		a->base[i].rows = n; /* every test on: all of them run */
#endif
	}
	a->on = 1;
}

/* The events of a tuner's log, as ms of the replay's clock. */
struct events {
	uint32_t change_ms[MAX_EVENTS]; /* tracing on or off, seen */
	size_t nchanges;
	uint32_t hog_ms[MAX_EVENTS];
	size_t nhogs;
	uint32_t any_ms[MAX_EVENTS];
	size_t nany;
};

static int
events_read(const char *path, double t0, struct events *ev)
{
	FILE *f = fopen(path, "r");
	char line[2048], what[128];
	double ts;

	if (f == NULL)
		return -1;
	memset(ev, 0, sizeof *ev);
	/* A line at a time: the tuner's result lines ("tracing on (round
	 * 1): first WORSE ...") are long, and are no events. */
	while (fgets(line, sizeof line, f) != NULL && ev->nany < MAX_EVENTS) {
		uint32_t ms;

		if (sscanf(line, "%lf %127[^\n]", &ts, what) != 2 ||
		    strstr(what, "): ") != NULL)
			continue;
		ms = ts > t0 ? (uint32_t)((ts - t0) * 1000) : 0;
		ev->any_ms[ev->nany++] = ms;
		if (strncmp(what, "tracing o", 9) ==
		    0) /* seen a refresh late */
			ev->change_ms[ev->nchanges++] = ms + REFRESH_MS;
		else if (strncmp(what, "hog on", 6) == 0)
			ev->hog_ms[ev->nhogs++] = ms;
	}
	fclose(f);
	return 0;
}

/* The changes seen by now_ms, on every row (a build that takes them). */
static void
rows_see_changes(struct view_row *rows, size_t n, const struct events *ev,
    uint32_t now_ms)
{
#ifdef VIEW_STEP_DF
	static struct view_change c[MAX_EVENTS];
	size_t k = 0;

	for (; k < ev->nchanges && ev->change_ms[k] <= now_ms; k++) {
		c[k].t_ms = ev->change_ms[k];
		c[k].senses = CONTEXT_SENSE_ENTRY;
	}
	for (size_t i = 0; i < n; i++) {
		rows[i].changes = c;
		rows[i].nchanges = k;
	}
#else
	(void)rows, (void)n, (void)ev, (void)now_ms;
#endif
}

/* The sentinels' lines: the first after each hog, and those with nothing
 * changed. */
struct said {
	double hog_s[MAX_EVENTS];
	size_t quiet;
	double fired_q[MAX_SENTINELS];
	uint32_t fired_ms[MAX_SENTINELS];
	uint64_t seen[MAX_SENTINELS];
};

/* A line at now_ms: of the hog just before, or of nothing when no event
 * came within SETTLE_MS before it. */
static void
said_line(struct said *s, const struct events *ev, uint32_t now_ms,
    const char *id, double q)
{
	size_t k;

	if (getenv("REPLAY_VERBOSE") != NULL)
		printf("  %6.0f s  %s %.2fx\n", now_ms / 1000.0, id, q);
	for (k = 0; k < ev->nhogs; k++)
		if (now_ms >= ev->hog_ms[k] &&
		    now_ms < ev->hog_ms[k] + SETTLE_MS && !(s->hog_s[k] >= 0))
			s->hog_s[k] = (now_ms - ev->hog_ms[k]) / 1000.0;
	for (k = 0; k < ev->nany; k++)
		if (now_ms >= ev->any_ms[k] &&
		    now_ms < ev->any_ms[k] + SETTLE_MS)
			return;
	s->quiet++;
}

/* Whether step q tells no more than the step said before it, as the
 * build's screen weighs it (before view_step_same: the same way). */
static int
same_step(double q, double said)
{
#ifdef VIEW_STEP_DF
	return view_step_same(q, said);
#else
	return said > 0 && (q < 1) == (said < 1);
#endif
}

/* Sentinel k (row i) after a refresh: a line when its new slice steps. */
static void
sentinel_look(struct said *s, size_t k, const struct view_row *row,
    const struct events *ev, uint32_t now_ms)
{
	double q;

	if (row->meta.slices == s->seen[k])
		return;
	s->seen[k] = row->meta.slices;
	q = view_row_step(row, BENCH_SENTINEL_BAR_MIN_PCT, JUDGE_FAR_BARS);
	if (q == 0 ||
	    (same_step(q, s->fired_q[k]) &&
	        now_ms < s->fired_ms[k] + BENCH_SENTINEL_AGAIN_MS))
		return;
	s->fired_q[k] = q;
	s->fired_ms[k] = now_ms;
	said_line(s, ev, now_ms, row->test->id, q);
}

static void
said_print(const struct said *s, const struct events *ev, uint32_t end_ms)
{
	size_t seen = 0;

	printf("hog on to the first sentinel's line, s:");
	for (size_t k = 0; k < ev->nhogs; k++) {
		seen += s->hog_s[k] >= 0;
		if (s->hog_s[k] >= 0)
			printf(" %.0f", s->hog_s[k]);
		else
			printf(" >%u", SETTLE_MS / 1000);
	}
	printf("\nhogs told within %u s: %zu of %zu; lines with nothing "
	       "changed: %zu in %.0f min\n",
	    SETTLE_MS / 1000, seen, ev->nhogs, s->quiet, end_ms / 60000.0);
}

/* The track of test `id`; r->n when none. */
static size_t
track_of(const struct replay *r, const char *id)
{
	size_t i = 0;

	while (i < r->n && strcmp(r->t[i].test->id, id) != 0)
		i++;
	return i;
}

/* The sentinels replayed, refresh by refresh. */
static void
sentinels_replay(struct replay *r, const struct events *ev,
    struct view_row *rows)
{
	size_t row_of[MAX_SENTINELS], ns = 0;
	struct view_machine m;
	struct said s;

	memset(&s, 0, sizeof s);
	for (size_t k = 0; k < ev->nhogs; k++)
		s.hog_s[k] = -1;
	for (const struct bench_sentinel *b;
	     ns < MAX_SENTINELS && (b = bench_context_sentinel(ns)) != NULL;
	     ns++)
		row_of[ns] = track_of(r, b->id);
	for (uint32_t now = 0; now <= r->end_ms; now += REFRESH_MS) {
		rows_see_changes(rows, r->n, ev, now);
		replay_rows(r, now, rows, NULL, &m);
		for (size_t k = 0; k < ns; k++)
			if (row_of[k] < r->n)
				sentinel_look(&s, k, &rows[row_of[k]], ev, now);
	}
	said_print(&s, ev, r->end_ms);
}

struct totals {
	size_t rounds, clean, over_one, flagged, busy;
};

int
main(int argc, char **argv)
{
	uint32_t every = argc > 2 ? (uint32_t)atoi(argv[2]) * 1000u : 60000u;
	uint32_t span = argc > 3 ? (uint32_t)atoi(argv[3]) * 1000u : 600000u;
	uint32_t warm = argc > 4 ? (uint32_t)atoi(argv[4]) * 1000u : 120000u;
	struct replay r = { 0 };
	struct active a[MAX_ACTIVE];
	struct view_row *rows, *mine;
	struct view_machine m;
	uint32_t next_b = warm;
	FILE *in = argc > 1 ? fopen(argv[1], "r") : NULL;
	size_t na = span / (every ? every : 1) + 1;

	if (in == NULL || every == 0 || span == 0 || na > MAX_ACTIVE) {
		fprintf(stderr,
		    "usage: replay-live LOG.csv [EVERY_S [SPAN_S "
		    "[WARM_S]]] (SPAN/EVERY < %d)\n",
		    MAX_ACTIVE);
		return 1;
	}
	if (replay_read(&r, in) != 0) {
		fprintf(stderr, "replay-live: out of memory\n");
		return 1;
	}
	fclose(in);
	rows = calloc(r.n, sizeof *rows);
	mine = calloc(r.n, sizeof *mine);
	for (size_t k = 0; k < na; k++) {
		a[k].base = calloc(r.n, sizeof *a[k].base);
		a[k].ever = calloc(r.n, 1);
		a[k].on = 0;
	}
	if (getenv("REPLAY_EVENTS") != NULL) {
		struct events ev;

		if (events_read(getenv("REPLAY_EVENTS"), r.t0, &ev) != 0) {
			fprintf(stderr, "replay-live: cannot read %s\n",
			    getenv("REPLAY_EVENTS"));
			return 1;
		}
		sentinels_replay(&r, &ev, rows);
		return 0;
	}
	printf("log: %.0f s, %zu tests; a baseline every %u s after %u s, "
	       "each judged for %u s\n",
	    r.end_ms / 1000.0, r.n, every / 1000, warm / 1000, span / 1000);
	struct totals tot = { 0 };
	for (uint32_t now = 0; now <= r.end_ms; now += REFRESH_MS) {
		replay_rows(&r, now, rows, NULL, &m);
		if (now >= next_b && now + span <= r.end_ms) {
			for (size_t k = 0; k < na; k++)
				if (!a[k].on) {
					round_begin(&a[k], rows, r.n, now);
					break;
				}
			next_b += every;
		}
		for (size_t k = 0; k < na; k++)
			if (a[k].on && now >= a[k].o.b_ms + span) {
				tot.rounds++;
				tot.clean += a[k].o.flagged == 0;
				tot.over_one += a[k].o.flagged > 1;
				tot.flagged += a[k].o.flagged;
				tot.busy += a[k].o.busy;
			}
		rounds_judge(a, na, rows, mine, r.n, now, span);
	}
	printf("rounds %zu: none flagged in %zu, more than one in %zu, "
	       "%.2f rows flagged a round, %.2f busy\n",
	    tot.rounds, tot.clean, tot.over_one,
	    tot.rounds ? (double)tot.flagged / (double)tot.rounds : 0.0,
	    tot.rounds ? (double)tot.busy / (double)tot.rounds : 0.0);
	return 0;
}
