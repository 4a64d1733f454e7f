/*
 * ui.c: the curses lifecycle, the main loop, and the refresh of view rows
 * from the store: the top of the screen, which calls the rest and is
 * called by none of it. Keys are in ui-keys.c, benchtoprc in
 * ui-settings.c, the quiet screen in ui-quiet.c; one file per screen
 * draws the rest (ui-table.c, ui-detail.c, ui-help.c, ui-compare.c) with
 * the header (ui-header.c) and the helpers of ui-kit.c. --log is written
 * by export-log.c.
 */

#include "config.h"

#include "ui.h"

#include <curses.h>
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "base-cycles.h"
#include "base-time.h"
#include "monitor-queue.h"
#include "ui-compare.h"
#include "ui-context.h"
#include "ui-detail.h"
#include "ui-help.h"
#include "ui-keys.h"
#include "ui-priv.h"
#include "ui-quiet.h"
#include "ui-settings.h"
#include "ui-table.h"
#include "ui-view-machine.h"

/*
 * How long getch waits for a key: the screen's heartbeat between
 * refreshes (resize, quit and quiet mode are seen within it); short
 * enough to feel immediate, long enough to cost well under 1% of a CPU.
 */
#define UI_INPUT_TIMEOUT_MS 100

/*
 * The OpenMetrics file is rewritten this often whatever the refresh: a
 * Prometheus scrape interval is 15 s or more, and a rewrite summarises
 * every test's ring: more work than each frame should carry.
 */
#define UI_EXPORT_PERIOD_NS 10000000000u

/* Below this the table cannot be drawn: one line says so. */
#define UI_MIN_COLS  60
#define UI_MIN_LINES 12

/* The UI thread's own CPU use since the last call, in % of one CPU. */
static void
measure_self(struct ui *ui)
{
	uint64_t cpu = time_thread_cpu_ns(), wall = cycles_now_ns();

	if (wall - ui->wall_t0_ns < 1000000000u)
		return;
	ui->ui_cpu_pct = (double)(cpu - ui->cpu_t0_ns) * 100.0 /
	    (double)(wall - ui->wall_t0_ns);
	ui->cpu_t0_ns = cpu;
	ui->wall_t0_ns = wall;
}

/* ---- Rows and lines ---- */

/* The rows from the store; what the context says of each first, as the
 * verdict weighs it (a known cause). */
static void
refresh_rows(struct ui *ui)
{
	for (size_t i = 0; i < ui->nrows; i++) {
		struct store_view sv;

		store_snapshot(ui->cfg.store, i, &sv, ui->buf, VIEW_SPARK_MAX,
		    0);
		sv.n = store_drop_first_looks(ui->buf, sv.n);
		ui->rows[i].senses_change =
		    ui_context_senses_change(ui, sv.test);
		ui->rows[i].state_ms = ui->state_ms;
		ui->rows[i].changes = ui->changes;
		ui->rows[i].nchanges = ui->nchanges;
		view_row_build(&ui->rows[i], &sv, ui->buf, ui->marks,
		    ui->nmarks, ui->have_baseline ? &ui->base[i] : NULL);
		ui->rows[i].index = i;
	}
	view_machine_judge_rows(ui->rows, ui->nrows,
	    ui->have_baseline ? ui->base : NULL, &ui->machine);
}

static double
sort_number(const struct view_row *r, enum ui_sort key)
{
	double v = key == UI_SORT_NS ? r->ns
	    : key == UI_SORT_CV      ? r->cv_pct
	    : r->has_delta           ? r->delta_pct
	                             : NAN;

	return isfinite(v) ? v : HUGE_VAL;
}

/* qsort_r's comparison: the screen's sort key comes in `arg`. */
static int
compare_rows(const void *a, const void *b, void *arg)
{
	const struct ui *sort_ui = arg;
	const struct view_row *x = &sort_ui->rows[*(const size_t *)a];
	const struct view_row *y = &sort_ui->rows[*(const size_t *)b];
	int c = 0;

	if (sort_ui->sort == UI_SORT_GROUP || sort_ui->collapsed)
		c = (int)x->test->group - (int)y->test->group;
	else if (sort_ui->sort == UI_SORT_NAME)
		c = strcmp(x->test->id, y->test->id);
	else {
		double p = sort_number(x, sort_ui->sort);
		double q = sort_number(y, sort_ui->sort);

		c = (p > q) - (p < q);
	}
	if (c == 0)
		c = (x->index > y->index) - (x->index < y->index);
	return sort_ui->sort_reverse ? -c : c;
}

/* Order the rows, hide hidden groups, add group headings when grouped. */
static void
build_lines(struct ui *ui)
{
	size_t *order = ui->order, n = 0;
	const struct view_row *cur = ui_kit_current_row(ui);
	size_t cur_index = cur ? cur->index : 0;
	int last_group = -1;

	for (size_t i = 0; i < ui->nrows; i++)
		if (!(ui->hidden_groups & (1u << ui->rows[i].test->group)))
			order[n++] = i;
	qsort_r(order, n, sizeof order[0], compare_rows, ui);
	ui->nitems = 0;
	for (size_t k = 0; k < n; k++) {
		int g = (int)ui->rows[order[k]].test->group;

		if ((ui->sort == UI_SORT_GROUP || ui->collapsed) &&
		    g != last_group) {
			ui->items[ui->nitems++] = (struct ui_line){ g, 0 };
			last_group = g;
		}
		if (!ui->collapsed)
			ui->items[ui->nitems++] =
			    (struct ui_line){ -1, order[k] };
	}
	/* Keep the cursor on the same test across re-sorting. */
	ui->cursor = 0;
	while (ui->cursor + 1 < ui->nitems && ui->items[ui->cursor].group >= 0)
		ui->cursor++;
	for (size_t l = 0; l < ui->nitems && cur != NULL; l++)
		if (ui->items[l].group < 0 && ui->items[l].row == cur_index)
			ui->cursor = l;
}

/* ---- Drawing and the loop ---- */

static void
draw(struct ui *ui)
{
	erase();
	if (COLS < UI_MIN_COLS || LINES < UI_MIN_LINES) {
		/* Short enough for a 24-column terminal. */
		mvprintw(0, 0, "benchtop: need %dx%d", UI_MIN_COLS,
		    UI_MIN_LINES);
		mvprintw(1, 0, "terminal is %dx%d", COLS, LINES);
		refresh();
		return;
	}
	if (ui->screen == UI_HELP)
		ui_help_draw(ui);
	else if (ui->screen == UI_COMPARE)
		ui_compare_draw(ui);
	else if (ui->screen == UI_DETAIL && ui_kit_current_row(ui) != NULL)
		ui_detail_draw(ui);
	else
		ui_table_draw(ui);
	refresh();
}

/* Take the new size from the terminal (SIGWINCH reaches main, not us). */
static void
apply_resize(void)
{
	struct winsize ws;

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 &&
	    ws.ws_col > 0)
		(void)resizeterm(ws.ws_row, ws.ws_col);
}

static int
ui_alloc(struct ui *ui)
{
	size_t n = store_count(ui->cfg.store);

	ui->nrows = n;
	ui->rows = calloc(n ? n : 1, sizeof *ui->rows);
	ui->items = calloc(2 * n + BENCH_GROUP_COUNT + 1, sizeof *ui->items);
	ui->base = calloc(n ? n : 1, sizeof *ui->base);
	ui->order = calloc(n ? n : 1, sizeof *ui->order);
	ui->scales = calloc(n ? n : 1, sizeof *ui->scales);
	ui->buf = malloc(STORE_FINE_SLOTS * sizeof *ui->buf);
	return ui->rows && ui->items && ui->base && ui->buf && ui->order &&
	        ui->scales
	    ? 0
	    : -1;
}

static void
ui_free(struct ui *ui)
{
	ui_context_free(ui);
	free(ui->rows);
	free(ui->items);
	free(ui->base);
	free(ui->buf);
	free(ui->order);
	free(ui->scales);
}

static void
curses_start(struct ui *ui)
{
	const char *cs;

	(void)setlocale(LC_ALL, "");
	cs = nl_langinfo(CODESET);
	ui->utf8 = cs != NULL && strcmp(cs, "UTF-8") == 0;
	ui_kit_utf8(ui->utf8);
	(void)initscr();
	(void)cbreak();
	(void)noecho();
	(void)keypad(stdscr, TRUE);
	(void)curs_set(0);
	(void)set_escdelay(25); /* Esc answers at once, as in htop */
	timeout(UI_INPUT_TIMEOUT_MS);
	ui_kit_colors_init(ui);
}

/* Refresh the data: --log, the exporters, the rows (ui_run calls it when
 * the refresh delay has passed); returns 1: draw the screen. */
static int
tick(struct ui *ui, uint64_t *next_ns)
{
	uint64_t now = cycles_now_ns();

	measure_self(ui);
	if (ui->cfg.log != NULL)
		(void)export_log_write(ui->cfg.log, ui->nmarks);
	if (ui->cfg.exporter != NULL && now >= ui->next_export_ns) {
		ui->export_error =
		    export_tick(ui->cfg.exporter) != 0 ? errno : 0;
		ui->next_export_ns = now + UI_EXPORT_PERIOD_NS;
	}
	if (!ui->frozen) {
		refresh_rows(ui);
		ui_context_after_refresh(ui);
	}
	/* After the rows: whether a change's tests still run again. */
	ui->rerunning =
	    ui->cfg.monitor != NULL && queue_urgent_left(ui->cfg.monitor) > 0;
	*next_ns = now + (uint64_t)ui_quiet_next_ms(ui) * 1000000u;
	return 1;
}

/*
 * Between refreshes: read the context from a CPU no slice claims, else
 * while the workers wait at a sample boundary (a read of a few files,
 * between two samples: no sample is disturbed); a change brings the
 * refresh forward. Waiting for the refresh when a two-party test held
 * both CPUs of a 2-CPU guest, tracing switched on was known 0.85 s late.
 */
static void
poll_between(struct ui *ui, uint64_t now, uint64_t *next, uint64_t *next_poll)
{
	*next_poll = now + (uint64_t)ui_quiet_poll_ms(ui) * 1000000u;
	if (!ui_quiet_try(ui) && !ui_quiet_try_parked(ui))
		return;
	if (ui_context_tick(ui))
		*next = now;
	ui_quiet_release(ui);
}

/* Refresh when due (the context first), draw when refreshed or dirty;
 * meanwhile read the context when its poll is due. */
static void
step(struct ui *ui, uint64_t *next, uint64_t *next_poll, int dirty)
{
	uint64_t now = cycles_now_ns();
	int due = now >= *next;

	if (!due && !dirty) {
		if (now >= *next_poll)
			poll_between(ui, now, next, next_poll);
		return;
	}
	ui_quiet_hold(ui); /* quiet: nothing measures now */
	if (due) {
		*next_poll = now + (uint64_t)ui_quiet_poll_ms(ui) * 1000000u;
		/* before the rows take in samples after it */
		(void)ui_context_tick(ui);
		(void)tick(ui, next);
	}
	build_lines(ui);
	draw(ui);
	ui_quiet_release(ui);
}

int
ui_run(const struct ui_config *cfg)
{
	struct ui ui;
	uint64_t next = 0, next_poll = 0;
	int dirty = 1, ch;

	memset(&ui, 0, sizeof ui);
	ui.cfg = *cfg;
	ui.refs[0] = cfg->refs[0];
	ui.refs[1] = cfg->refs[1];
	ui.start_ns = ui.wall_t0_ns = cycles_now_ns();
	ui.cpu_t0_ns = time_thread_cpu_ns();
	if (ui_alloc(&ui) != 0 || ui_context_init(&ui) != 0) {
		ui_free(&ui);
		return -1;
	}
	ui_settings_apply(&ui);
	if (cfg->notice != NULL)
		(void)snprintf(ui.message, sizeof ui.message, "%s",
		    cfg->notice);
	curses_start(&ui);
	ui_quiet_init(&ui);
	while (!atomic_load(cfg->quit)) {
		if (atomic_exchange(cfg->resize, 0)) {
			apply_resize();
			dirty = 1;
		}
		step(&ui, &next, &next_poll, dirty);
		dirty = 0;
		if ((ch = getch()) == ERR)
			continue;
		/* resizeterm() queues KEY_RESIZE itself: just redraw. */
		if (ch != KEY_RESIZE && ui_keys_handle(&ui, ch))
			atomic_store(cfg->quit, 1);
		if (ui.recompute)
			next = 0; /* a key changed the order or the state */
		ui.recompute = 0;
		dirty = 1;
	}
	endwin();
	if (cfg->log != NULL)
		(void)export_log_write(cfg->log, ui.nmarks);
	ui_settings_save(&ui);
	ui_free(&ui);
	return 0;
}
