/*
 * ui-table.c: the main screen: one row per test, grouped, with columns
 * that drop in a fixed priority as the terminal narrows, and the self
 * row last: benchtop's own scheduler, in the same columns, dimmed. It is
 * drawn after the items, not one of them, so the cursor, sorting, groups
 * and the t key never reach it; it keeps the table area's last line when
 * the tests fill the screen.
 */

#include "config.h"

#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base-fmt.h"
#include "ref-compare.h"
#include "ui-header.h"
#include "ui-index.h"
#include "ui-priv.h"
#include "ui-spark.h"
#include "ui-table.h"

enum col {
	COL_NAME,
	COL_VALUE,
	COL_UNIT,
	COL_NS,
	COL_CYC,
	COL_SPARK,
	COL_SPREAD,
	COL_DELTA,
	COL_REF,
	COL_REF_B,
	COL_B_VS_A,
	COL_INDEX,
	COL_STATUS,
	COL_COUNT
};

/*
 * Title, width and priority of each column: when the terminal narrows,
 * the column with the highest `drop` number goes first. NAME, VALUE and
 * UNIT never go (a value without its unit says nothing); the references
 * outlast the history, which the detail screen shows in full. SPARK and
 * STATUS take what is left, STATUS at least "noisy 100%" or "first
 * look" whole. 80 columns hold TEST VALUE UNIT NS/OP HISTORY VS REF
 * STATUS; with two references, TEST VALUE UNIT VS A VS B B/A STATUS;
 * after b, TEST VALUE UNIT VS BASELINE STATUS: the verdict never goes.
 * 120 columns after b keep CYC/OP (cycles are what the story is told
 * in) and lose CV% first, then the index.
 */
static const struct column {
	const char *title;
	int width;
	int drop;
} table_columns[COL_COUNT] = {
	[COL_NAME] = { "TEST", 22, 0 },
	[COL_VALUE] = { "VALUE", 9, 0 },
	[COL_UNIT] = { "UNIT", 7, 0 },
	[COL_NS] = { "NS/OP", 9, 5 },
	[COL_CYC] = { "CYC/OP", 9, 7 },
	[COL_SPARK] = { "HISTORY", 10, 6 },
	[COL_SPREAD] = { "CV%", 6, 9 },
	[COL_DELTA] = { "VS BASELINE", 20, 2 },
	[COL_REF] = { "VS REF", 7, 3 },
	[COL_REF_B] = { "VS B", 7, 3 },
	[COL_B_VS_A] = { "B/A", 7, 3 },
	/* BYTE 3.11's result / baseline, on its six rows (ui-story.c). */
	[COL_INDEX] = { "INDEX", 6, 8 },
	[COL_STATUS] = { "STATUS", 10, 2 }, /* "noisy 100%", "first look" */
};

struct layout {
	int width[COL_COUNT]; /* 0: column dropped */
	int spark_cols;       /* glyphs of the sparkline itself */
};

static int
total_width(const struct layout *l)
{
	int w = 0;

	for (int c = 0; c < COL_COUNT; c++)
		w += l->width[c] ? l->width[c] + 1 : 0;
	return w;
}

/* Choose the columns for `cols` columns of terminal. */
static void
layout_make(struct layout *l, int cols, int baseline, int ref, int ref_b)
{
	for (int c = 0; c < COL_COUNT; c++)
		l->width[c] = table_columns[c].width;
	if (!baseline)
		l->width[COL_DELTA] = 0;
	if (!ref)
		l->width[COL_REF] = 0;
	if (!ref || !ref_b)
		l->width[COL_REF_B] = l->width[COL_B_VS_A] = 0;
	while (total_width(l) > cols) {
		int worst = -1;

		for (int c = 1; c < COL_COUNT; c++)
			if (l->width[c] &&
			    (worst < 0 ||
			        table_columns[c].drop >
			            table_columns[worst].drop))
				worst = c;
		if (worst < 0)
			break;
		l->width[worst] = 0;
	}
	/* The sparkline takes the room left, up to 48 glyphs + bounds. */
	if (l->width[COL_SPARK]) {
		int room = cols - total_width(l) - 12;

		l->width[COL_SPARK] += room > 48 ? 48 : room > 0 ? room : 0;
	}
	l->spark_cols = l->width[COL_SPARK] > 14 ? l->width[COL_SPARK] - 14
	                                         : l->width[COL_SPARK];
	if (l->width[COL_STATUS])
		l->width[COL_STATUS] =
		    cols - total_width(l) + l->width[COL_STATUS];
}

/* Bytes of the first `cells` characters of UTF-8 text `s`, every
 * character one cell wide (the table's glyphs are): where to cut it. */
static int
cell_bytes(const char *s, int cells, int *shown)
{
	int b = 0;

	*shown = 0;
	while (s[b] != '\0' && *shown < cells) {
		b++;
		while ((s[b] & 0xc0) == 0x80) /* continuation bytes */
			b++;
		++*shown;
	}
	return b;
}

/* Text in a column of `width` cells: padded by cells, not bytes, so a
 * "±" or an arrow does not eat the end of the text. */
static void
put(int y, int *x, int width, const char *s, int right)
{
	int shown, bytes;

	if (width <= 0)
		return;
	bytes = cell_bytes(s, width, &shown);
	if (right)
		mvprintw(y, *x, "%*s%.*s", width - shown, "", bytes, s);
	else
		mvprintw(y, *x, "%.*s%*s", bytes, s, width - shown, "");
	*x += width + 1;
}

static void
draw_titles(struct ui *ui, int y, const struct layout *l)
{
	int x = 0;

	ui_kit_role_on(ui, UI_ROLE_TITLE);
	mvhline(y, 0, ' ', COLS);
	for (int c = 0; c < COL_COUNT; c++)
		put(y, &x, l->width[c],
		    c == COL_REF && l->width[COL_REF_B]
		        ? "VS A"
		        : table_columns[c].title,
		    c != COL_NAME && c != COL_UNIT && c != COL_SPARK &&
		        c != COL_DELTA && c != COL_STATUS);
	ui_kit_role_off(ui, UI_ROLE_TITLE);
}

/*
 * The change as --check says it, in the direction of speed: "1.08x
 * slower ±12%" (what an unchanged machine's next slice may read: the
 * bar it must pass), "same ±6%", or with a verdict "1.62x slower WORSE",
 * "1.25x faster better", "2.10x slower busy" (other load took its CPU:
 * not judged, the header says it once); "±wide" when the row's own slices
 * disagree by more than half. At most 20 cells: the column's width, so the word
 * is never cut off.
 */
static void
format_delta(const struct ui *ui, const struct view_row *r, char *buf,
    size_t size)
{
	char ratio[24], bar[16];
	const char *pm = ui->utf8 ? "\u00b1" : "+-";

	if (!r->has_delta || !(r->change_ratio > 0)) {
		(void)snprintf(buf, size, "-");
		return;
	}
	(void)judge_ratio_text(r->change_ratio, ratio, sizeof ratio);
	if (r->significant || r->busy) {
		(void)snprintf(buf, size, "%s %s", ratio,
		    r->busy         ? "busy"
		        : r->better ? "better"
		                    : "WORSE");
		return;
	}
	if (r->bar_pct > VIEW_WIDE_BAR_PCT)
		(void)snprintf(bar, sizeof bar, "%swide", pm);
	else
		(void)snprintf(bar, sizeof bar, "%s%.0f%%", pm, r->bar_pct);
	(void)snprintf(buf, size, "%s %s", ratio, bar);
}

/*
 * The status in `width` cells: the full form when it fits; else the
 * placement goes first, then the label before a number ("ok single,
 * noisy 100%", "ok, noisy 100%", "noisy 100%"), then a cut at a word.
 */
static void
format_status(const struct view_row *r, char *buf, size_t size, int width)
{
	const char *place = bench_placement_name(r->meta.placement);
	char full[256], noisy[32];

	(void)snprintf(noisy, sizeof noisy, "noisy %.0f%%", r->noisy_pct);
	if (!r->enabled)
		(void)snprintf(full, sizeof full, "off");
	else if (r->meta.slices == 0 && r->n == 0)
		(void)snprintf(full, sizeof full, "waiting");
	else if (r->meta.status == BENCH_OK && r->meta.first_pass)
		(void)snprintf(full, sizeof full, "first look %s", place);
	else if (r->meta.status == BENCH_OK && r->noisy_pct >= VIEW_NOISY_PCT)
		(void)snprintf(full, sizeof full, "ok %s, %s", place, noisy);
	else if (r->meta.status == BENCH_OK)
		(void)snprintf(full, sizeof full, "ok %s", place);
	else
		(void)snprintf(full, sizeof full, "%s: %s",
		    bench_status_name(r->meta.status), r->meta.reason);
	/* Too wide and noisy: the placement goes before the number does. */
	if ((int)strlen(full) > width && strstr(full, noisy) != NULL &&
	    r->meta.status == BENCH_OK)
		(void)snprintf(full, sizeof full, "%s%s",
		    (int)strlen(noisy) + 4 <= width ? "ok, " : "", noisy);
	else if ((int)strlen(full) > width && r->meta.first_pass)
		(void)snprintf(full, sizeof full, "first look");
	ui_kit_fit(buf, size, full, width);
}

static enum ui_role
row_role(const struct view_row *r)
{
	if (!r->enabled || r->meta.status == BENCH_UNSUPPORTED)
		return UI_ROLE_DIM;
	if (r->meta.status == BENCH_FAILED)
		return UI_ROLE_BAD;
	return UI_ROLE_NORMAL;
}

static void
draw_spark(struct ui *ui, int y, int *x, const struct layout *l,
    const struct view_row *r)
{
	char spark[SPARK_BUFSIZE(64)], lo[8], hi[8];
	struct spark_scale *sc = &ui->scales[r->index];
	int cols = l->spark_cols < 64 ? l->spark_cols : 64;

	if (!l->width[COL_SPARK])
		return;
	if (!ui->frozen)
		spark_scale_update(sc, r->spark, r->nspark);
	spark_render(spark, sizeof spark, r->spark, r->nspark, (size_t)cols, sc,
	    ui->utf8, r->marks);
	ui_kit_role_on(ui, UI_ROLE_SPARK);
	mvaddstr(y, *x, spark);
	ui_kit_role_off(ui, UI_ROLE_SPARK);
	if (l->width[COL_SPARK] > cols && sc->primed) {
		fmt_si(lo, sizeof lo, sc->lo, 6);
		fmt_si(hi, sizeof hi, sc->hi, 6);
		mvprintw(y, *x + cols, " %6s-%-6s", lo, hi);
	}
	*x += l->width[COL_SPARK] + 1;
}

/* VALUE: the window's median, or "2.68M*": the newest slices' after a
 * change (row_shown). */
static const char *
shown_value(const struct view_row *r, char *buf, size_t size,
    const struct layout *l)
{
	int w = l->width[COL_VALUE];

	if (!r->shown_recent)
		return fmt_value4(buf, size, r->shown_value, w);
	(void)fmt_value4(buf, size - 1, r->shown_value, w - 1);
	(void)strncat(buf, "*", size - strlen(buf) - 1);
	return buf;
}

static void
draw_row(struct ui *ui, int y, const struct layout *l, const struct view_row *r,
    int selected)
{
	char buf[256];
	int x = 0;
	enum ui_role role = row_role(r);

	if (selected)
		attron(A_REVERSE);
	ui_kit_role_on(ui, role);
	mvhline(y, 0, ' ', COLS);
	put(y, &x, l->width[COL_NAME], r->test->id, 0);
	put(y, &x, l->width[COL_VALUE], shown_value(r, buf, sizeof buf, l), 1);
	put(y, &x, l->width[COL_UNIT], bench_unit_name(r->test->unit), 0);
	put(y, &x, l->width[COL_NS],
	    fmt_ns(buf, sizeof buf, r->shown_ns, l->width[COL_NS]), 1);
	put(y, &x, l->width[COL_CYC],
	    fmt_si(buf, sizeof buf, r->shown_cyc, l->width[COL_CYC]), 1);
	draw_spark(ui, y, &x, l, r);
	put(y, &x, l->width[COL_SPREAD],
	    fmt_pct(buf, sizeof buf, r->cv_pct, l->width[COL_SPREAD], 0), 1);
	if (l->width[COL_DELTA]) {
		enum ui_role d = !r->has_delta ? role
		    : r->busy                  ? UI_ROLE_WARN
		    : !r->significant          ? role
		    : r->better                ? UI_ROLE_GOOD
		                               : UI_ROLE_BAD;

		format_delta(ui, r, buf, sizeof buf);
		ui_kit_role_on(ui, d);
		put(y, &x, l->width[COL_DELTA], buf, 0);
		ui_kit_role_off(ui, d);
		ui_kit_role_on(ui, role);
	}
	put(y, &x, l->width[COL_REF],
	    ui_kit_ratio_text(ui, r, 0, buf, sizeof buf), 1);
	put(y, &x, l->width[COL_REF_B],
	    ui_kit_ratio_text(ui, r, 1, buf, sizeof buf), 1);
	put(y, &x, l->width[COL_B_VS_A],
	    compare_format_ratio(compare_b_vs_a(ui->cfg.ref, ui->refs, r->test),
	        buf, sizeof buf),
	    1);
	if (isfinite(ui_index_item(ui, r)))
		(void)snprintf(buf, sizeof buf, "%.1f", ui_index_item(ui, r));
	else
		buf[0] = '\0';
	put(y, &x, l->width[COL_INDEX], buf, 1);
	format_status(r, buf, sizeof buf, l->width[COL_STATUS]);
	put(y, &x, l->width[COL_STATUS], buf, 0);
	ui_kit_role_off(ui, role);
	if (selected)
		attroff(A_REVERSE);
}

/* "12 tests: 10 ok, 1 failed, 1 n/a  2 noisy  5 WORSE, 0 better, 1 busy
 * (most open_close 2.01x slower)": the group at a glance, its change as the
 * rows say it. */
static void
format_group(const struct view_group *g, char *buf, size_t size)
{
	int k = snprintf(buf, size, "%zu test%s: %zu ok", g->tests,
	    g->tests == 1 ? "" : "s", g->ok);

	if (g->failed)
		k += snprintf(buf + k, size - (size_t)k, ", %zu failed",
		    g->failed);
	if (g->unsupported)
		k += snprintf(buf + k, size - (size_t)k, ", %zu n/a",
		    g->unsupported);
	if (g->off)
		k += snprintf(buf + k, size - (size_t)k, ", %zu off", g->off);
	if (g->noisy)
		k += snprintf(buf + k, size - (size_t)k, "  %zu noisy",
		    g->noisy);
	if (g->max_delta_id != NULL) {
		const char *dot = strchr(g->max_delta_id, '.');
		char ratio[24];

		k += snprintf(buf + k, size - (size_t)k,
		    "  %zu WORSE, %zu better", g->worse, g->better);
		if (g->busy)
			k += snprintf(buf + k, size - (size_t)k, ", %zu busy",
			    g->busy);
		(void)snprintf(buf + k, size - (size_t)k, " (most %s %s)",
		    dot ? dot + 1 : g->max_delta_id,
		    judge_ratio_text(g->max_ratio, ratio, sizeof ratio));
	}
}

/* The column where column c starts under layout l. */
static int
column_x(const struct layout *l, int c)
{
	int x = 0;

	for (int k = 0; k < c; k++)
		x += l->width[k] ? l->width[k] + 1 : 0;
	return x;
}

/* One row's ratio: against reference `which` (0: A, 1: B), or B/A (2). */
static double
row_ratio(const struct ui *ui, const struct view_row *r, int which)
{
	struct compare_ref c;

	if (which == 2)
		return compare_b_vs_a(ui->cfg.ref, ui->refs, r->test);
	if (!ui_kit_has_ref(ui, which))
		return NAN;
	compare_sel(ui->cfg.ref, &ui->refs[which], r->test, r->value,
	    r->meta.placement, &c);
	return c.found && c.comparable ? c.ratio : NAN;
}

/*
 * The group's geometric-mean ratio, the mean that suits ratios (BYTE's
 * index is one): over its enabled tests that have one; NAN if none do.
 */
static double
group_ratio(const struct ui *ui, int group, int which)
{
	double logs = 0;
	size_t n = 0;

	for (size_t i = 0; i < ui->nrows; i++) {
		const struct view_row *r = &ui->rows[i];
		double q;

		if ((int)r->test->group != group || !r->enabled)
			continue;
		q = row_ratio(ui, r, which);
		if (isfinite(q) && q > 0) {
			logs += log(q);
			n++;
		}
	}
	return n > 0 ? exp(logs / (double)n) : NAN;
}

/* The group's heading: its name, its counts, and in the ratio columns
 * its geometric-mean ratios. */
static void
draw_group(struct ui *ui, int y, int group, const struct layout *l)
{
	static const int ratio_cols[] = { COL_REF, COL_REF_B, COL_B_VS_A };
	struct view_group g;
	char buf[256], fit[256];
	int x = column_x(l, COL_REF), first = l->width[COL_REF] ? x : COLS;

	view_group_summarize(ui->rows, ui->nrows, group, &g);
	format_group(&g, buf, sizeof buf);
	ui_kit_role_on(ui, UI_ROLE_GROUP);
	mvprintw(y, 0, "%s %-8s ", ui->utf8 ? "\u2500\u2500" : "--",
	    bench_group_name(group));
	ui_kit_role_off(ui, UI_ROLE_GROUP);
	ui_kit_role_on(ui, UI_ROLE_DIM);
	(void)ui_kit_put_clipped(y, 13,
	    ui_kit_fit(fit, sizeof fit, buf, first - 14 > 0 ? first - 14 : 0));
	ui_kit_role_off(ui, UI_ROLE_DIM);
	for (size_t k = 0; k < sizeof ratio_cols / sizeof ratio_cols[0]; k++) {
		int c = ratio_cols[k];

		if (!l->width[c])
			continue;
		x = column_x(l, c);
		put(y, &x, l->width[c],
		    compare_format_ratio(group_ratio(ui, group, (int)k), buf,
		        sizeof buf),
		    1);
	}
}

/* Scroll so the cursor stays in view. */
static void
scroll_to_cursor(struct ui *ui, size_t rows)
{
	if (ui->cursor < ui->top)
		ui->top = ui->cursor > 0 && ui->items[ui->cursor - 1].group >= 0
		    ? ui->cursor - 1
		    : ui->cursor;
	if (ui->cursor >= ui->top + rows)
		ui->top = ui->cursor - rows + 1;
}

/* Above this share of the workers' time the self row says so. */
#define SELF_LIMIT_PCT 1.0

static void
format_self_status(const struct monitor_self *s, char *buf, size_t size)
{
	double pct = monitor_self_pct(s);

	if (s->slices == 0 || !isfinite(pct))
		(void)snprintf(buf, size, "waiting");
	else if (pct < SELF_LIMIT_PCT)
		(void)snprintf(buf, size, "ok <%g%%", SELF_LIMIT_PCT);
	else
		(void)snprintf(buf, size, "high >=%g%%", SELF_LIMIT_PCT);
}

/* "0.0002": the scheduler's share, to one significant digit below 1%. */
static const char *
self_pct_text(double pct, char *buf, size_t size)
{
	if (!isfinite(pct) || pct > 100)
		(void)snprintf(buf, size, "-");
	else
		(void)snprintf(buf, size, pct >= 1 ? "%.1f" : "%.1g", pct);
	return buf;
}

/* The width of the columns from VALUE to STATUS, with their gaps. */
static int
self_text_width(const struct layout *l)
{
	int w = -1;

	for (int c = COL_VALUE; c < COL_STATUS; c++)
		w += l->width[c] ? l->width[c] + 1 : 0;
	return w;
}

/*
 * The self row reads like a sentence across the columns from VALUE to
 * STATUS (the references do not apply to it): "0.0002% of worker time,
 * 21us/slice, 1234 slices", or its first part where that does not fit.
 */
static void
draw_self(struct ui *ui, int y, const struct layout *l)
{
	const struct monitor_self *s = &ui->self;
	enum ui_role role = UI_ROLE_DIM;
	char buf[160], pct[16], ns[16];
	int x = 0;

	if (!ui->frozen && ui->cfg.monitor != NULL)
		monitor_self(ui->cfg.monitor, &ui->self);
	if (s->slices > 0 && !(monitor_self_pct(s) < SELF_LIMIT_PCT))
		role = UI_ROLE_BAD;
	ui_kit_role_on(ui, role);
	mvhline(y, 0, ' ', COLS);
	put(y, &x, l->width[COL_NAME], "(benchtop) scheduler", 0);
	(void)snprintf(buf, sizeof buf,
	    "%s%% of worker time, %s/slice, %llu slices",
	    self_pct_text(s->slices ? monitor_self_pct(s) : NAN, pct,
	        sizeof pct),
	    fmt_ns(ns, sizeof ns, monitor_self_slice_ns(s), 8),
	    (unsigned long long)s->slices);
	if (s->slices == 0)
		(void)snprintf(buf, sizeof buf, "-");
	else if ((int)strlen(buf) > self_text_width(l))
		*strstr(buf, ", ") = '\0'; /* the share alone, whole */
	put(y, &x, self_text_width(l), buf, 0);
	format_self_status(s, buf, sizeof buf);
	put(y, &x, l->width[COL_STATUS], buf, 0);
	ui_kit_role_off(ui, role);
}

void
ui_table_draw(struct ui *ui)
{
	struct layout l;
	int y = ui_header_draw(ui);
	/* The table area less its last line, kept for the self row. */
	size_t rows = LINES > y + 2 ? (size_t)(LINES - y - 2) : 1, k;

	layout_make(&l, COLS, ui->have_baseline, ui_kit_has_ref(ui, 0),
	    ui_kit_has_ref(ui, 1));
	draw_titles(ui, y++, &l);
	scroll_to_cursor(ui, rows);
	for (k = 0; k < rows && ui->top + k < ui->nitems; k++) {
		const struct ui_line *line = &ui->items[ui->top + k];

		if (line->group >= 0)
			draw_group(ui, y + (int)k, line->group, &l);
		else
			draw_row(ui, y + (int)k, &l, &ui->rows[line->row],
			    ui->top + k == ui->cursor);
	}
	draw_self(ui, y + (int)k, &l);
}
