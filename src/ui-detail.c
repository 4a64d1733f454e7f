/*
 * ui-detail.c: one test in full (enter): definition, origin, placement,
 * a large sparkline and a histogram, the statistics of its recent
 * samples, calibration, the harness overhead and the last error.
 */

#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "base-fmt.h"
#include "base-stats.h"
#include "measure-judge-live.h"
#include "ui-context.h"
#include "ui-detail.h"
#include "ui-header.h"
#include "ui-priv.h"
#include "ui-spark.h"
#include "ui-story.h"

/* Print `text` wrapped at the screen's width from line *y. */
static void
wrap(int *y, int indent, const char *text)
{
	int width = COLS - indent - 1;
	const char *p = text;

	while (*p != '\0' && *y < LINES - 1) {
		int len = (int)strlen(p), cut = len;

		if (len > width) {
			cut = width;
			while (cut > 0 && p[cut] != ' ')
				cut--;
			if (cut == 0)
				cut = width;
		}
		mvprintw((*y)++, indent, "%.*s", cut, p);
		p += cut;
		while (*p == ' ')
			p++;
	}
}

static void
detail_stats(struct ui *ui, int *y, const struct view_row *r)
{
	double scratch[VIEW_SPARK_MAX];
	struct stats_summary s;
	char a[16], b[16], c[16], d[16], e[16], f[16], line[256];

	stats_summarize(r->spark, r->nspark, scratch, &s);
	mvprintw((*y)++, 2, "%-8s %10s %10s %10s %10s %10s %10s", "value",
	    "min", "p5", "median", "mean", "p95", "max");
	mvprintw((*y)++, 2, "%-8s %10s %10s %10s %10s %10s %10s",
	    bench_unit_name(r->test->unit), fmt_value(a, sizeof a, s.min, 10),
	    fmt_value(b, sizeof b, s.p5, 10),
	    fmt_value(c, sizeof c, s.median, 10),
	    fmt_value(d, sizeof d, s.mean, 10),
	    fmt_value(e, sizeof e, s.p95, 10),
	    fmt_value(f, sizeof f, s.max, 10));
	(*y)++;
	/* Three lines of under 76 columns: whole at 80, never wrapped. */
	(void)snprintf(line, sizeof line,
	    "ns/op %s   cycles/op %s   CV %.2f%%   median 95%% CI +-%.2f%%",
	    fmt_ns(a, sizeof a, r->ns, 9), fmt_si(b, sizeof b, r->cyc, 9),
	    r->cv_pct, r->ci_pct);
	(void)ui_kit_put_clipped((*y)++, 2, line);
	(void)snprintf(line, sizeof line,
	    "samples %llu (window %zu, noisy %.0f%%)   n per sample %llu",
	    (unsigned long long)r->total, r->n, r->noisy_pct,
	    (unsigned long long)r->meta.n_per_sample);
	(void)ui_kit_put_clipped((*y)++, 2, line);
	(void)snprintf(line, sizeof line,
	    "overhead subtracted %s/op   slices %llu",
	    fmt_ns(c, sizeof c, r->meta.overhead_ns, 8),
	    (unsigned long long)r->meta.slices);
	(void)ui_kit_put_clipped((*y)++, 2, line);
	(void)ui;
}

/* After b: the change and the bar it is judged against, and what the bar
 * is made of, so that a row that says nothing can be read. */
static void
detail_verdict(struct ui *ui, int *y, const struct view_row *r)
{
	const struct judge_baseline *b = &ui->base[r->index];
	char line[256];

	if (!ui->have_baseline || !r->has_delta)
		return;
	(void)snprintf(line, sizeof line,
	    "vs baseline %+.1f%% +-%.1f%%   bar %.1f%% (spread %.1f%%, "
	    "slices %.1f%%, machine %.1f%%; x%.2f, %zu rows)   newest %.0f%% "
	    "noisy",
	    r->delta_pct, r->delta_ci_pct, judge_live_bar(b), b->spread_pct,
	    judge_live_slices(b), b->drift_pct, judge_live_rows_scale(b->rows),
	    b->rows, r->recent_noisy);
	(void)ui_kit_put_clipped((*y)++, 2, line);
}

static void
detail_graphs(struct ui *ui, int *y, const struct view_row *r)
{
	char line[SPARK_BUFSIZE(256)], title[160];
	size_t w = (size_t)(COLS - 4) < 256 ? (size_t)(COLS - 4) : 256;
	struct spark_scale sc = { 0 };

	spark_scale_update(&sc, r->spark, r->nspark);
	spark_render(line, sizeof line, r->spark, r->nspark, w, &sc, ui->utf8,
	    r->marks);
	(void)snprintf(title, sizeof title,
	    "history (oldest left), scale %g .. %g %s:", sc.lo, sc.hi,
	    bench_unit_name(r->test->unit));
	(void)ui_kit_put_clipped((*y)++, 2, title);
	ui_kit_role_on(ui, UI_ROLE_SPARK);
	mvaddstr((*y)++, 2, line);
	ui_kit_role_off(ui, UI_ROLE_SPARK);
	ui_context_marks_draw(ui, y, r, 2, (int)w); /* the marks' names */
	spark_histogram(line, sizeof line, r->spark, r->nspark, w, ui->utf8);
	mvprintw((*y)++, 2, "distribution (min left, max right):");
	ui_kit_role_on(ui, UI_ROLE_SPARK);
	mvaddstr((*y)++, 2, line);
	ui_kit_role_off(ui, UI_ROLE_SPARK);
}

void
ui_detail_draw(struct ui *ui)
{
	const struct view_row *r = ui_kit_current_row(ui);
	const struct bench_test *t = r->test;
	int y = ui_header_draw(ui);
	char line[512], claim[160], partner[32];

	ui_kit_role_on(ui, UI_ROLE_TITLE);
	mvhline(y, 0, ' ', COLS);
	(void)snprintf(line, sizeof line, "%s  %s  (%s, group %s)", t->id,
	    t->title, bench_origin_name(t->origin), bench_group_name(t->group));
	(void)ui_kit_put_clipped(y++, 0, line);
	ui_kit_role_off(ui, UI_ROLE_TITLE);
	wrap(&y, 2, t->definition);
	/* A test without a partner has no partner CPU to show. */
	(void)snprintf(partner, sizeof partner, ", partner CPU %d",
	    r->meta.partner_cpu);
	(void)snprintf(line, sizeof line,
	    "placement %s, worker CPU %d%s; status %s%s%s",
	    bench_placement_name(r->meta.placement), r->meta.cpu,
	    r->meta.partner_cpu >= 0 ? partner : "",
	    bench_status_name(r->meta.status), r->meta.reason[0] ? ": " : "",
	    r->meta.reason);
	wrap(&y, 2, line);
	(void)snprintf(line, sizeof line, "last slice claimed %s",
	    claims_format(&r->meta.claim, claim, sizeof claim));
	wrap(&y, 2, line);
	y++;
	detail_graphs(ui, &y, r);
	y++;
	detail_stats(ui, &y, r);
	detail_verdict(ui, &y, r);
	ui_story_detail(ui, &y, r);
	ui_context_detail_draw(ui, &y, r);
	mvprintw(LINES - 1, 0, "any key: back to the table");
}
