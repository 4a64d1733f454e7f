/*
 * ui-help.c: every key and what every column and mark means (? h F1).
 * The keys come from ui-keys.c's table, the one the key handler reads;
 * the columns and marks follow. The text scrolls (j/k, PgUp/PgDn), and a
 * line wider than the screen wraps at a word: nothing is cut.
 */

#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "ui-header.h"
#include "ui-help.h"
#include "ui-keys.h"
#include "ui-priv.h"

/* The keys' names take this many columns, after a two-space indent. */
#define NAMES_WIDTH 12
/* Where a line's continuation starts: below the text, not the names. */
#define TEXT_INDENT (2 + NAMES_WIDTH + 1)

static const char *const columns_text[] = {
	"Columns",
	"  TEST         the test's id: origin (byte, lmbench, ctxbench, bsd,",
	"               extra), a point, the test's name",
	"  VALUE        median of the recent samples in the origin's UNIT,",
	"               one format a column: k, M, G for thousands, "
	"millions...",
	"  UNIT         higher is better: lps (loops a second), lpm (a "
	"minute),",
	"               KBps, MB/s, calls/s, loops/s; lower is better: us, ns,",
	"               cycles",
	"  NS/OP        median cost of one operation: ns, us, ms or s",
	"  CYC/OP       the same in CPU cycles (source in the header)",
	"  HISTORY      sparkline of recent samples, oldest left, then its",
	"               scale (lowest-highest); a tick is a mark (m)",
	"  CV%          coefficient of variation of the recent samples",
	"  VS BASELINE  the newest slice since b, +-95% CI; ^ better, v worse,",
	"               = unchanged; 'better' or 'WORSE' when the whole",
	"               interval is beyond a bar (5%, the baseline's sample",
	"               spread, where its slices say one lands, of undisturbed",
	"               samples, the machine's drift from every row's slices):",
	"               at once beyond twice the bar, or worse with the "
	"slice's",
	"               CPU mostly taken by something else; else two slices in",
	"               a row",
	"  VS REF       this machine against the reference (r): the ratio in",
	"               the direction of the unit, above 1x it does better;",
	"               differs: a two-party test placed unlike the reference",
	"               (the sources' machines ran both parties on one CPU: u",
	"               for same), unknown: the source does not say; no ratio",
	"  VS A, VS B   with a second reference (R, --ref A,B): this machine",
	"               against A and against B",
	"  B/A          the cycles B pays over A (the time where a clock is",
	"               not stated): above 1x, B pays more",
	"  INDEX        on BYTE 3.11's six index rows: value / baseline, as",
	"               BYTE computes it (the header's index line: all six)",
	"  STATUS       ok and the placement the slice ran with (single: one",
	"               party; same: all on one CPU; spread: on two CPUs),",
	"               first look (the first pass's short slice), waiting,",
	"               off (t), or why it cannot run (unsupported, failed)",
	"  (benchtop)   self row: scheduler's % of worker time, cost per",
	"               slice; ok below 1%",
	"",
	"Marks",
	"  2.00x        a ratio: twice as good as the machine compared with",
	"  ~            after a ratio or machine: a stand-in, a machine of",
	"               another class (no machine of the class has the test)",
	"  +N           after a machine in the ref line: N more machines",
	"               serve the origin's other tests",
	"  n/c          definition changed since the reference: not comparable",
	"  -            no figure (no reference value, or no samples yet)",
	"  noisy N%     N% of the recent samples disturbed by other load",
	"  ...          text cut to fit the screen (never inside a number)",
	"  group line   its tests' counts and, with a reference, their",
	"               geometric-mean ratio (in the columns VS REF, VS A...)",
	"",
	"Groups: 1 syscall 2 signal 3 ipc 4 ctxsw 5 process 6 file 7 vm",
	"        8 memory 9 network (cpu and lock: g)",
};

/* Sink of the help's lines: each drawn when it is in the window. */
struct help_out {
	size_t line; /* lines so far */
	size_t top;  /* the first line shown */
	int y, ymax; /* next screen line, and the last usable one + 1 */
};

static void
emit(struct ui *ui, struct help_out *o, const char *s, int n)
{
	if (o->line++ < o->top || o->y >= o->ymax)
		return;
	if (s[0] != ' ' && s[0] != '\0')
		ui_kit_role_on(ui, UI_ROLE_GROUP);
	mvaddnstr(o->y++, 0, s, n);
	ui_kit_role_off(ui, UI_ROLE_GROUP);
}

/* One logical line, wrapped at a space to the screen's width. */
static void
emit_wrapped(struct ui *ui, struct help_out *o, const char *s)
{
	char cont[256];
	int len = (int)strlen(s), cut;

	if (len <= COLS || COLS <= TEXT_INDENT + 8) {
		emit(ui, o, s, COLS);
		return;
	}
	for (cut = COLS; cut > TEXT_INDENT && s[cut] != ' '; cut--)
		;
	if (cut <= TEXT_INDENT)
		cut = COLS; /* one long word: nothing better to do */
	emit(ui, o, s, cut);
	(void)snprintf(cont, sizeof cont, "%*s%s", TEXT_INDENT, "",
	    s + cut + (s[cut] == ' '));
	emit_wrapped(ui, o, cont);
}

/* A key of the table: its names, then its text, line by line. */
static void
emit_key(struct ui *ui, struct help_out *o, const struct ui_keydef *k)
{
	const char *what = k->what;
	int first = 1;

	while (*what != '\0') {
		size_t n = strcspn(what, "\n");
		char line[256];

		(void)snprintf(line, sizeof line, "  %-*s %.*s", NAMES_WIDTH,
		    first ? k->names : "", (int)n, what);
		emit_wrapped(ui, o, line);
		what += n + (what[n] == '\n');
		first = 0;
	}
}

/* Everything, drawn from line o->top on; returns the number of lines. */
static size_t
help_emit(struct ui *ui, struct help_out *o)
{
	emit(ui, o, "Keys (any other key: back to the table)", COLS);
	for (size_t i = 0; i < ui_keys_count; i++)
		emit_key(ui, o, &ui_keys[i]);
	emit(ui, o, "", COLS);
	for (size_t i = 0; i < sizeof columns_text / sizeof columns_text[0];
	     i++)
		emit_wrapped(ui, o, columns_text[i]);
	return o->line;
}

void
ui_help_draw(struct ui *ui)
{
	int y0 = ui_header_draw(ui);
	struct help_out o = { 0, ui->help_top, y0, LINES - 1 };
	size_t total = help_emit(ui, &o), drawn = (size_t)(o.y - y0);

	/* Scrolled past the end: stop at the last page. */
	if (ui->help_top > 0 && drawn < (size_t)(o.ymax - y0) &&
	    ui->help_top + drawn > total - 1) {
		size_t page = (size_t)(o.ymax - y0);

		if (ui->help_top != (total > page ? total - page : 0)) {
			ui->help_top = total > page ? total - page : 0;
			erase();
			ui_help_draw(ui);
			return;
		}
	}
	ui_kit_role_on(ui, UI_ROLE_TITLE);
	mvhline(LINES - 1, 0, ' ', COLS);
	mvprintw(LINES - 1, 0, "help, lines %zu-%zu of %zu  %s",
	    ui->help_top + 1, ui->help_top + drawn, total,
	    ui->help_top + drawn < total ? "j/PgDn: more, any other key: back"
	                                 : "k/PgUp: back up, any other key: "
	                                   "table");
	ui_kit_role_off(ui, UI_ROLE_TITLE);
}
