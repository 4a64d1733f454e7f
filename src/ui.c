/*
 * ui.c: the curses lifecycle, the main loop, the header, and the refresh
 * of view rows from the store. Keys are in ui-keys.c, benchtoprc in
 * ui-settings.c, the quiet screen in ui-quiet.c; one file per screen
 * draws the rest (ui-table.c, ui-detail.c, ui-help.c, ui-compare.c).
 * --log is written by export-log.c.
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
#include "base-fmt.h"
#include "base-units.h"
#include "ref-compare.h"
#include "ui-context.h"

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

static const short role_colors[UI_ROLE_COUNT][2] = {
	[UI_ROLE_NORMAL] = { -1, -1 },
	[UI_ROLE_HEADER] = { COLOR_CYAN, -1 },
	[UI_ROLE_TITLE] = { COLOR_BLACK, COLOR_GREEN },
	[UI_ROLE_GROUP] = { COLOR_YELLOW, -1 },
	[UI_ROLE_SPARK] = { COLOR_CYAN, -1 },
	[UI_ROLE_DIM] = { COLOR_BLUE, -1 },
	[UI_ROLE_BAD] = { COLOR_RED, -1 },
	[UI_ROLE_GOOD] = { COLOR_GREEN, -1 },
	[UI_ROLE_WARN] = { COLOR_MAGENTA, -1 },
};

/* Attributes that carry the role without colour (NO_COLOR). */
static attr_t
role_attr(const struct ui *ui, enum ui_role role)
{
	if (ui->cfg.color && role != UI_ROLE_NORMAL)
		return COLOR_PAIR(role);
	switch (role) {
	case UI_ROLE_TITLE:
		return A_REVERSE;
	case UI_ROLE_GROUP:
	case UI_ROLE_BAD:
		return A_BOLD;
	case UI_ROLE_DIM:
		return A_DIM;
	default:
		return A_NORMAL;
	}
}

void
ui_role_on(struct ui *ui, enum ui_role role)
{
	attron(role_attr(ui, role));
}

void
ui_role_off(struct ui *ui, enum ui_role role)
{
	attroff(role_attr(ui, role));
}

static void
colors_init(struct ui *ui)
{
	if (!ui->cfg.color || !has_colors()) {
		ui->cfg.color = 0;
		return;
	}
	start_color();
	(void)use_default_colors();
	for (int r = 1; r < UI_ROLE_COUNT; r++)
		(void)init_pair((short)r, role_colors[r][0], role_colors[r][1]);
}

static uint64_t
thread_cpu_ns(void)
{
	struct timespec ts;

	(void)clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The UI thread's own CPU use since the last call, in % of one CPU. */
static void
measure_self(struct ui *ui)
{
	uint64_t cpu = thread_cpu_ns(), wall = cycles_now_ns();

	if (wall - ui->wall_t0_ns < 1000000000u)
		return;
	ui->ui_cpu_pct = (double)(cpu - ui->cpu_t0_ns) * 100.0 /
	    (double)(wall - ui->wall_t0_ns);
	ui->cpu_t0_ns = cpu;
	ui->wall_t0_ns = wall;
}

int
ui_has_ref(const struct ui *ui, int which)
{
	return ui->cfg.ref != NULL && ui->refs[which].kind != REFSEL_NONE;
}

const char *
ui_ratio_text(const struct ui *ui, const struct view_row *r, int which,
    char *buf, size_t size)
{
	return compare_ratio_text(ui->cfg.ref, &ui->refs[which], r->test,
	    r->value, buf, size);
}

const struct view_row *
ui_current_row(const struct ui *ui)
{
	if (ui->nitems == 0 || ui->items[ui->cursor].group >= 0)
		return NULL;
	return &ui->rows[ui->items[ui->cursor].row];
}

/* ---- Rows and lines ---- */

static void
refresh_rows(struct ui *ui)
{
	for (size_t i = 0; i < ui->nrows; i++) {
		struct store_view sv;

		store_snapshot(ui->cfg.store, i, &sv, ui->buf, VIEW_SPARK_MAX,
		    0);
		sv.n = store_drop_first_looks(ui->buf, sv.n);
		view_row_build(&ui->rows[i], &sv, ui->buf, ui->marks,
		    ui->nmarks, ui->have_baseline ? &ui->base[i] : NULL);
		ui->rows[i].index = i;
	}
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
	const struct view_row *cur = ui_current_row(ui);
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

/* ---- Header ---- */

int
ui_put_clipped(int y, int x, const char *s)
{
	int room = COLS - x;

	if (room <= 0)
		return x;
	mvaddnstr(y, x, s, room);
	return x + ((int)strlen(s) < room ? (int)strlen(s) : room);
}

static void
header_line1(struct ui *ui)
{
	const struct machine *m = ui->cfg.machine;
	uint64_t up = (cycles_now_ns() - ui->start_ns) / 1000000000u;
	double load[3] = { 0, 0, 0 };
	char line[512];

	(void)getloadavg(load, 3);
	(void)snprintf(line, sizeof line,
	    "benchtop %s  %s  %s  up %02llu:%02llu:%02llu  "
	    "load %.2f %.2f %.2f  ui %.1f%% cpu",
	    PACKAGE_VERSION, m->host, m->kernel,
	    (unsigned long long)(up / 3600), (unsigned long long)(up / 60 % 60),
	    (unsigned long long)(up % 60), load[0], load[1], load[2],
	    ui->ui_cpu_pct);
	(void)ui_put_clipped(0, 0, line);
}

static void
header_line2(struct ui *ui)
{
	const struct machine *m = ui->cfg.machine;
	const struct cycles_info *c = &m->clock;
	char line[512];

	(void)snprintf(line, sizeof line,
	    "CPU %s [%s%s], %d CPUs  core %.2f GHz  TSC %.2f GHz  "
	    "cycles %s",
	    m->cpu.brand[0] ? m->cpu.brand : "unknown", m->class_name,
	    m->cpu.hypervisor ? ", VM" : "", m->cpu.cpus_online,
	    c->core_hz / 1e9, c->tsc_hz / 1e9, cycles_source_name(c->source));
	(void)ui_put_clipped(1, 0, line);
}

/* What --log and the exporters could not write, until they can again;
 * returns the column after it. */
static int
export_problems_draw(struct ui *ui, int y, int x)
{
	char buf[160], line[200];

	ui_role_on(ui, UI_ROLE_BAD);
	if (ui->cfg.log != NULL &&
	    *sample_log_status(ui->cfg.log, buf, sizeof buf) != '\0') {
		(void)snprintf(line, sizeof line, "  [%s]", buf);
		x = ui_put_clipped(y, x, line);
	}
	if (ui->export_error != 0) {
		(void)snprintf(line, sizeof line, "  [export: %s]",
		    strerror(ui->export_error));
		x = ui_put_clipped(y, x, line);
	}
	ui_role_off(ui, UI_ROLE_BAD);
	return x;
}

/* The state line: workers, placement, refresh, sort, flags, feedback. */
static void
header_state(struct ui *ui, int y)
{
	struct monitor *mon = ui->cfg.monitor;
	int paused = monitor_paused(mon), x;
	char line[512];

	(void)snprintf(line, sizeof line,
	    "workers %d  placement %s  refresh %.1fs  sort %s%s",
	    monitor_workers(mon), bench_placement_name(monitor_placement(mon)),
	    ui_quiet_delay_ms(ui) / 1000.0,
	    (const char *[]){ "group", "name", "ns/op", "cv",
	        "delta" }[ui->sort],
	    ui->sort_reverse ? " (reversed)" : "");
	x = ui_put_clipped(y, 0, line);
	if (paused || ui->frozen) {
		(void)snprintf(line, sizeof line, "  %s%s",
		    paused ? "[PAUSED: no measurement] " : "",
		    ui->frozen ? "[FROZEN display]" : "");
		ui_role_on(ui, UI_ROLE_WARN);
		x = ui_put_clipped(y, x, line);
		ui_role_off(ui, UI_ROLE_WARN);
	}
	if (ui->quiet && ui->quiet_cpu >= 0)
		(void)snprintf(line, sizeof line, "  [QUIET: ui on CPU %d]",
		    ui->quiet_cpu);
	else
		(void)snprintf(line, sizeof line, "%s",
		    ui->quiet ? "  [QUIET]" : "");
	x = ui_put_clipped(y, x, line);
	x = ui_focus_draw(ui, y, x);
	if (ui->have_baseline)
		x = ui_put_clipped(y, x, "  baseline set");
	x = export_problems_draw(ui, y, x);
	if (ui->message[0] != '\0') {
		(void)snprintf(line, sizeof line, "  -- %s", ui->message);
		x = ui_put_clipped(y, x, line);
	}
	(void)ui_pass_draw(ui, y, x); /* last: a narrow screen cuts it first */
}

/* "ref A p6: byte p3-850m, lmbench doug-750-2.5.65a~ ... (~ stand-in)" */
static void
header_ref(struct ui *ui, int y, int which)
{
	char what[384], line[512];

	if (!ui_has_ref(ui, which)) {
		(void)ui_put_clipped(y, 0,
		    ui->cfg.ref ? "ref none (r: a class or machine)"
		                : "ref none (no reference data)");
		return;
	}
	refsel_describe(ui->cfg.ref, &ui->refs[which], what, sizeof what);
	(void)snprintf(line, sizeof line, "ref %s%s: %s%s",
	    ui_has_ref(ui, 1) ? (which ? "B " : "A ") : "",
	    refsel_name(ui->cfg.ref, &ui->refs[which]), what,
	    strchr(what, '~') ? "  (~ stand-in)" : "");
	(void)ui_put_clipped(y, 0, line);
}

int
ui_header_draw(struct ui *ui)
{
	int y;

	ui_role_on(ui, UI_ROLE_HEADER);
	header_line1(ui);
	header_line2(ui);
	ui_role_off(ui, UI_ROLE_HEADER);
	y = ui_context_header_draw(ui, 2);
	header_state(ui, y++);
	header_ref(ui, y++, 0);
	if (ui_has_ref(ui, 1))
		header_ref(ui, y++, 1);
	return y;
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
	else if (ui->screen == UI_DETAIL && ui_current_row(ui) != NULL)
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
	(void)initscr();
	(void)cbreak();
	(void)noecho();
	(void)keypad(stdscr, TRUE);
	(void)curs_set(0);
	(void)set_escdelay(25); /* Esc answers at once, as in htop */
	timeout(UI_INPUT_TIMEOUT_MS);
	colors_init(ui);
}

/* Refresh the data: --log, the exporters, the rows (ui_run calls it when
 * the refresh delay has passed); returns 1: draw the screen. */
static int
tick(struct ui *ui, uint64_t *next_ns)
{
	uint64_t now = cycles_now_ns();

	*next_ns = now + (uint64_t)ui_quiet_delay_ms(ui) * 1000000u;
	measure_self(ui);
	ui_context_tick(ui); /* before the rows take in samples after it */
	if (ui->cfg.log != NULL)
		(void)sample_log_write(ui->cfg.log, ui->nmarks);
	if (ui->cfg.exporter != NULL && now >= ui->next_export_ns) {
		ui->export_error =
		    exporter_tick(ui->cfg.exporter) != 0 ? errno : 0;
		ui->next_export_ns = now + UI_EXPORT_PERIOD_NS;
	}
	if (!ui->frozen) {
		refresh_rows(ui);
		ui_context_after_refresh(ui);
	}
	return 1;
}

int
ui_run(const struct ui_config *cfg)
{
	struct ui ui;
	uint64_t next = 0;
	int dirty = 1, ch;

	memset(&ui, 0, sizeof ui);
	ui.cfg = *cfg;
	ui.refs[0] = cfg->refs[0];
	ui.refs[1] = cfg->refs[1];
	ui.start_ns = ui.wall_t0_ns = cycles_now_ns();
	ui.cpu_t0_ns = thread_cpu_ns();
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
		if (cycles_now_ns() >= next || dirty) {
			ui_quiet_hold(&ui); /* quiet: nothing measures now */
			if (cycles_now_ns() >= next)
				(void)tick(&ui, &next);
			build_lines(&ui);
			draw(&ui);
			ui_quiet_release(&ui);
			dirty = 0;
		}
		if ((ch = getch()) == ERR)
			continue;
		/* resizeterm() queues KEY_RESIZE itself: just redraw. */
		if (ch != KEY_RESIZE && ui_key(&ui, ch))
			atomic_store(cfg->quit, 1);
		if (ch == 's' || ch == 'S' || ch == 'b' || ch == 'c')
			next = 0; /* recompute with the new order or state */
		dirty = 1;
	}
	endwin();
	if (cfg->log != NULL)
		(void)sample_log_write(cfg->log, ui.nmarks);
	ui_settings_save(&ui);
	ui_free(&ui);
	return 0;
}
