/*
 * ui.c: the curses lifecycle, the main loop, keys, the header, and the
 * refresh of view rows from the store. One file per screen draws the rest
 * (ui-table.c, ui-detail.c, ui-help.c).
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

#include "compare.h"
#include "cycles.h"
#include "fmt.h"
#include "units.h"

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

/* Seconds since 1970, UTC: the timestamps of --log. */
static double
wall_seconds(void)
{
	struct timespec ts;

	(void)clock_gettime(CLOCK_REALTIME, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
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

const struct ref_machine *
ui_ref_machine(const struct ui *ui)
{
	const struct refdata *rd = ui->cfg.ref;

	return rd != NULL && ui->ref_index < rd->nmachines
	    ? &rd->machines[ui->ref_index]
	    : NULL;
}

const char *
ui_ratio_text(const struct ui *ui, const struct view_row *r, char *buf,
    size_t size)
{
	return compare_ratio_text(ui->cfg.ref, ui->ref_index, r->test, r->value,
	    buf, size);
}

/* r: the next reference machine (reference data and profiles). */
static void
cycle_ref(struct ui *ui)
{
	const struct refdata *rd = ui->cfg.ref;
	const struct ref_machine *m;

	if (rd == NULL || rd->nmachines == 0) {
		(void)snprintf(ui->message, sizeof ui->message,
		    "no reference data (see --data)");
		return;
	}
	ui->ref_index =
	    ui->ref_index + 1 < rd->nmachines ? ui->ref_index + 1 : 0;
	m = ui_ref_machine(ui);
	(void)snprintf(ui->message, sizeof ui->message, "reference %s: %s",
	    m->id, m->label);
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
		view_row_build(&ui->rows[i], &sv, ui->buf, ui->marks,
		    ui->nmarks, ui->have_baseline ? &ui->base[i] : NULL);
		ui->rows[i].index = i;
	}
}

static struct ui *sort_ui; /* qsort has no context argument */

static double
sort_number(const struct view_row *r, enum ui_sort key)
{
	double v = key == UI_SORT_NS ? r->ns
	    : key == UI_SORT_CV      ? r->cv_pct
	    : r->has_delta           ? r->delta_pct
	                             : NAN;

	return isfinite(v) ? v : HUGE_VAL;
}

static int
compare_rows(const void *a, const void *b)
{
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
	sort_ui = ui;
	qsort(order, n, sizeof order[0], compare_rows);
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

/* ---- --log ---- */

/* Append every sample not yet logged, one write per test: no torn lines. */
static void
write_log(struct ui *ui)
{
	const char *place;
	char line[256], *block = NULL;
	size_t len = 0, cap = 0;

	if (ui->cfg.log_fd < 0)
		return;
	for (size_t i = 0; i < ui->nrows; i++) {
		struct store_view sv;
		const struct bench_test *t;

		store_snapshot(ui->cfg.store, i, &sv, ui->buf, STORE_FINE_SLOTS,
		    0);
		t = sv.test;
		place = bench_placement_name(sv.meta.placement);
		for (size_t k = 0; k < sv.n; k++) {
			const struct ring_entry *e = &ui->buf[k];
			int w;

			if (sv.first_seq + k < ui->logged[i])
				continue;
			w = snprintf(line, sizeof line,
			    "%.3f,%s,%.6g,%s,%.6g,%.6g,%d,%s,%zu,%d\n",
			    ui->log_epoch_s + e->t_ms / 1e3, t->id,
			    units_value(t->unit, t->work_per_op, e->ns_per_op,
			        e->cycles_per_op),
			    bench_unit_name(t->unit), e->ns_per_op,
			    e->cycles_per_op, e->cpu, place, ui->nmarks,
			    (e->flags & SAMPLE_F_NOISY) != 0);
			if (len + (size_t)w + 1 > cap) {
				cap = (cap + (size_t)w + 1) * 2;
				block = realloc(block, cap);
				if (block == NULL)
					return;
			}
			memcpy(block + len, line, (size_t)w);
			len += (size_t)w;
		}
		ui->logged[i] = sv.first_seq + sv.n;
	}
	if (len > 0)
		(void)!write(ui->cfg.log_fd, block, len);
	free(block);
}

/* ---- Header ---- */

static void
header_line1(struct ui *ui)
{
	const struct machine *m = ui->cfg.machine;
	uint64_t up = (cycles_now_ns() - ui->start_ns) / 1000000000u;
	double load[3] = { 0, 0, 0 };

	(void)getloadavg(load, 3);
	mvprintw(0, 0,
	    "benchtop %s  %s  %s  up %02llu:%02llu:%02llu  "
	    "load %.2f %.2f %.2f  ui %.1f%% cpu",
	    PACKAGE_VERSION, m->host, m->kernel,
	    (unsigned long long)(up / 3600), (unsigned long long)(up / 60 % 60),
	    (unsigned long long)(up % 60), load[0], load[1], load[2],
	    ui->ui_cpu_pct);
}

static void
header_line2(struct ui *ui)
{
	const struct machine *m = ui->cfg.machine;
	const struct cycles_info *c = &m->clock;

	mvprintw(1, 0,
	    "CPU %s [%s%s], %d CPUs  core %.2f GHz  TSC %.2f GHz  "
	    "cycles %s",
	    m->cpu.brand[0] ? m->cpu.brand : "unknown", m->class_name,
	    m->cpu.hypervisor ? ", VM" : "", m->cpu.cpus_online,
	    c->core_hz / 1e9, c->tsc_hz / 1e9, cycles_source_name(c->source));
}

static void
header_line3(struct ui *ui)
{
	struct monitor *mon = ui->cfg.monitor;
	int paused = monitor_paused(mon);

	mvprintw(2, 0,
	    "ref %s  workers %d  placement %s  refresh %.1fs  "
	    "sort %s%s",
	    ui_ref_machine(ui) ? ui_ref_machine(ui)->id : "none",
	    monitor_workers(mon), bench_placement_name(monitor_placement(mon)),
	    ui_quiet_delay_ms(ui) / 1000.0,
	    (const char *[]){ "group", "name", "ns/op", "cv",
	        "delta" }[ui->sort],
	    ui->sort_reverse ? " (reversed)" : "");
	if (paused || ui->frozen) {
		ui_role_on(ui, UI_ROLE_WARN);
		printw("  %s%s", paused ? "[PAUSED: no measurement] " : "",
		    ui->frozen ? "[FROZEN display]" : "");
		ui_role_off(ui, UI_ROLE_WARN);
	}
	if (ui->quiet && ui->quiet_cpu >= 0)
		printw("  [QUIET: ui on CPU %d]", ui->quiet_cpu);
	else if (ui->quiet)
		printw("  [QUIET]");
	ui_pass_draw(ui);
	if (ui->have_baseline)
		printw("  baseline set");
	if (ui->message[0] != '\0')
		printw("  -- %s", ui->message);
}

void
ui_header_draw(struct ui *ui)
{
	ui_role_on(ui, UI_ROLE_HEADER);
	header_line1(ui);
	header_line2(ui);
	ui_role_off(ui, UI_ROLE_HEADER);
	header_line3(ui);
}

/* ---- Keys ---- */

static void
move_cursor(struct ui *ui, long delta)
{
	long c = (long)ui->cursor, last = (long)ui->nitems - 1;
	long step = delta < 0 ? -1 : 1;

	if (ui->nitems == 0)
		return;
	c += delta;
	if (c < 0)
		c = 0;
	if (c > last)
		c = last;
	/* Headings are not selectable: step on to the next row. */
	while (c >= 0 && c <= last && ui->items[c].group >= 0)
		c += step;
	if (c < 0 || c > last) {
		c = step < 0 ? 0 : last;
		while (c <= last && ui->items[c].group >= 0)
			c++;
	}
	if (c <= last)
		ui->cursor = (size_t)c;
}

static void
toggle_group(struct ui *ui, int g)
{
	if (g < 0 || g >= BENCH_GROUP_COUNT)
		return;
	ui->hidden_groups ^= 1u << g;
	(void)snprintf(ui->message, sizeof ui->message, "group %s %s",
	    bench_group_name(g),
	    ui->hidden_groups & (1u << g) ? "hidden" : "shown");
}

/* g: show one group at a time, cycling, then all again. */
static void
cycle_groups(struct ui *ui)
{
	unsigned all = (1u << BENCH_GROUP_COUNT) - 1;
	int shown = -1;

	for (int g = 0; g < BENCH_GROUP_COUNT; g++)
		if (ui->hidden_groups == (all & ~(1u << g)))
			shown = g;
	if (shown + 1 >= BENCH_GROUP_COUNT) {
		ui->hidden_groups = 0;
		(void)snprintf(ui->message, sizeof ui->message, "all groups");
		return;
	}
	ui->hidden_groups = all & ~(1u << (shown + 1));
	(void)snprintf(ui->message, sizeof ui->message, "group %s only",
	    bench_group_name(shown + 1));
}

static void
take_baseline(struct ui *ui, int set)
{
	ui->have_baseline = set;
	for (size_t i = 0; i < ui->nrows && set; i++)
		view_baseline_take(&ui->base[i], &ui->rows[i]);
	(void)snprintf(ui->message, sizeof ui->message, "%s",
	    set ? "baseline set: deltas vs now" : "baseline cleared");
}

static void
toggle_test(struct ui *ui)
{
	const struct view_row *r = ui_current_row(ui);

	if (r == NULL)
		return;
	store_set_enabled(ui->cfg.store, r->index, !r->enabled);
	(void)snprintf(ui->message, sizeof ui->message, "%s %s", r->test->id,
	    r->enabled ? "disabled" : "enabled");
}

static void
drop_mark(struct ui *ui)
{
	uint32_t now = store_ms(ui->cfg.store, cycles_now_ns());

	if (ui->nmarks == VIEW_MAX_MARKS) {
		memmove(ui->marks, ui->marks + 1,
		    (VIEW_MAX_MARKS - 1) * sizeof ui->marks[0]);
		ui->nmarks--;
	}
	ui->marks[ui->nmarks++] = now;
	(void)snprintf(ui->message, sizeof ui->message, "mark %zu at %.1fs",
	    ui->nmarks, now / 1000.0);
}

static void
change_delay(struct ui *ui, int faster)
{
	int d = ui->cfg.delay_ms;

	d = faster ? d / 2 : d * 2;
	ui->cfg.delay_ms = d < 100 ? 100 : d > 60000 ? 60000 : d;
	(void)snprintf(ui->message, sizeof ui->message, "refresh %.1fs",
	    ui->cfg.delay_ms / 1000.0);
}

static void
toggle_placement(struct ui *ui)
{
	struct monitor *m = ui->cfg.monitor;
	enum bench_placement p = monitor_placement(m) == BENCH_PLACE_SAME
	    ? BENCH_PLACE_SPREAD
	    : BENCH_PLACE_SAME;

	monitor_set_placement(m, p);
	(void)snprintf(ui->message, sizeof ui->message,
	    "placement %s from the next slice", bench_placement_name(p));
}

static void
clear_history(struct ui *ui)
{
	for (size_t i = 0; i < ui->nrows; i++)
		store_clear(ui->cfg.store, i);
	ui->nmarks = 0;
	(void)snprintf(ui->message, sizeof ui->message, "history cleared");
}

/* Keys that move the cursor; returns 1 if the key was one of them. */
static int
key_move(struct ui *ui, int ch)
{
	long page = LINES > 8 ? LINES - 6 : 1;

	switch (ch) {
	case KEY_UP:
	case 'k':
		move_cursor(ui, -1);
		return 1;
	case KEY_DOWN:
	case 'j':
		move_cursor(ui, 1);
		return 1;
	case KEY_PPAGE:
		move_cursor(ui, -page);
		return 1;
	case KEY_NPAGE:
		move_cursor(ui, page);
		return 1;
	case KEY_HOME:
		move_cursor(ui, -(long)ui->nitems);
		return 1;
	case KEY_END:
		move_cursor(ui, (long)ui->nitems);
		return 1;
	}
	return 0;
}

/*
 * The key dispatcher: one case per key of the help screen, which is why
 * it is long. Returns 1 to quit.
 */
static int
handle_key(struct ui *ui, int ch)
{
	ui->message[0] = '\0';
	if (ui->screen == UI_COMPARE &&
	    (ch == KEY_DOWN || ch == 'j' || ch == KEY_NPAGE)) {
		ui->compare_top += ch == KEY_NPAGE ? (size_t)LINES / 2 : 1;
		return 0;
	}
	if (ui->screen == UI_COMPARE && (ch == KEY_UP || ch == 'k')) {
		ui->compare_top -= ui->compare_top > 0;
		return 0;
	}
	if (ui->screen != UI_TABLE && ch != 'q' && ch != 'p' && ch != ' ' &&
	    ch != 'r') {
		ui->screen = UI_TABLE; /* any other key leaves help/detail */
		return 0;
	}
	if (key_move(ui, ch))
		return 0;
	switch (ch) {
	case 'q':
		return 1;
	case '?':
	case 'h':
	case KEY_F(1):
		ui->screen = UI_HELP;
		break;
	case '\n':
	case '\r':
	case KEY_ENTER:
		ui->screen = ui_current_row(ui) ? UI_DETAIL : UI_TABLE;
		break;
	case ' ':
		ui->frozen = !ui->frozen;
		break;
	case 'p':
		monitor_set_paused(ui->cfg.monitor,
		    !monitor_paused(ui->cfg.monitor));
		break;
	case 'Q':
		ui_quiet_set(ui, !ui->quiet);
		break;
	case 'f':
		ui_focus_toggle(ui);
		break;
	case 'a':
		ui->collapsed = !ui->collapsed;
		(void)snprintf(ui->message, sizeof ui->message, "%s",
		    ui->collapsed ? "one line per group (a: rows again)"
		                  : "rows again");
		break;
	case 't':
		toggle_test(ui);
		break;
	case 'g':
		cycle_groups(ui);
		break;
	case 's':
		ui->sort = (ui->sort + 1) % UI_SORT_COUNT;
		break;
	case 'S':
		ui->sort_reverse = !ui->sort_reverse;
		break;
	case 'b':
		take_baseline(ui, 1);
		break;
	case 'B':
		take_baseline(ui, 0);
		break;
	case 'm':
		drop_mark(ui);
		break;
	case 'u':
		toggle_placement(ui);
		break;
	case 'r':
		cycle_ref(ui);
		break;
	case 'v':
		ui->screen = UI_COMPARE;
		ui->compare_top = 0;
		break;
	case 'c':
		clear_history(ui);
		break;
	case '+':
	case '-':
		change_delay(ui, ch == '+');
		break;
	case 12: /* Ctrl-L */
		clearok(curscr, TRUE);
		break;
	default:
		if (ch >= '1' && ch <= '9')
			toggle_group(ui, ch - '1');
		break;
	}
	return 0;
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
	ui->logged = calloc(n ? n : 1, sizeof *ui->logged);
	ui->order = calloc(n ? n : 1, sizeof *ui->order);
	ui->scales = calloc(n ? n : 1, sizeof *ui->scales);
	ui->buf = malloc(STORE_FINE_SLOTS * sizeof *ui->buf);
	return ui->rows && ui->items && ui->base && ui->logged && ui->buf &&
	        ui->order && ui->scales
	    ? 0
	    : -1;
}

static void
ui_free(struct ui *ui)
{
	free(ui->rows);
	free(ui->items);
	free(ui->base);
	free(ui->logged);
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
	timeout(100);
	colors_init(ui);
}

/* Refresh data (when due, see tick_due); returns 1: draw the screen. */
static int
tick(struct ui *ui, uint64_t *next_ns)
{
	uint64_t now = cycles_now_ns();

	*next_ns = now + (uint64_t)ui_quiet_delay_ms(ui) * 1000000u;
	measure_self(ui);
	write_log(ui);
	/* The OpenMetrics file every 10 s, whatever the refresh. */
	if (ui->cfg.exporter != NULL && now >= ui->next_export_ns) {
		(void)exporter_tick(ui->cfg.exporter);
		ui->next_export_ns = now + 10000000000u;
	}
	if (!ui->frozen)
		refresh_rows(ui);
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
	ui.ref_index = cfg->ref_index;
	ui.start_ns = ui.wall_t0_ns = cycles_now_ns();
	ui.cpu_t0_ns = thread_cpu_ns();
	ui.log_epoch_s =
	    wall_seconds() - store_ms(cfg->store, ui.start_ns) / 1e3;
	if (ui_alloc(&ui) != 0) {
		ui_free(&ui);
		return -1;
	}
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
		if (ch != KEY_RESIZE && handle_key(&ui, ch))
			atomic_store(cfg->quit, 1);
		if (ch == 's' || ch == 'S' || ch == 'b' || ch == 'c')
			next = 0; /* recompute with the new order or state */
		dirty = 1;
	}
	endwin();
	write_log(&ui);
	ui_free(&ui);
	return 0;
}
