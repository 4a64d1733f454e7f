/*
 * ui-help.c: every key and what every column means (? h F1).
 */

#include "config.h"

#include <curses.h>

#include "ui.h"

static const char *const help_lines[] = {
	"Keys",
	"  q            quit                 ?, h, F1     this help",
	"  space        freeze the display (measuring goes on)",
	"  p            pause the load: no measurement at all",
	"  a            one line per group / rows   Q  quiet screen (every 5 "
	"s,",
	"               only while workers wait between samples, own CPU)",
	"  up/down j/k  move    PgUp/PgDn Home/End   page, first, last",
	"  enter        details of the test under the cursor",
	"  t            enable/disable the test under the cursor",
	"  1-9          show/hide group 1..9     g  one group at a time",
	"  s / S        next sort key (group, name, ns/op, cv, delta) / "
	"reverse",
	"  b / B        take a baseline of every median / clear it",
	"  m            drop a mark: a tick in every sparkline at this time",
	"  u            placement same (all parties on one CPU, the UP",
	"               picture) / spread (on two CPUs, SMP), from the next "
	"slice",
	"  r / R        next reference A / B: a CPU class, then a machine",
	"  v            this machine beside every reference machine",
	"  V            the story: A against B in cycles, where both have machines",
	"  c            clear history   + / -  refresh faster / slower   "
	"Ctrl-L  redraw",
	"  H            write an HTML snapshot (--html FILE, else a dated "
	"file here)",
	"",
	"Columns",
	"  VALUE        median of the recent samples in the origin's UNIT",
	"               (lps, lpm, KBps: higher is better; us, cycles: lower)",
	"  NS/OP        median cost of one operation in nanoseconds",
	"  CYC/OP       the same in CPU cycles (source in the header)",
	"  HISTORY      sparkline of recent samples, oldest left, and its "
	"scale",
	"  CV%          coefficient of variation of the recent samples",
	"  VS BASELINE  the newest slice since b, +-95% CI; ^ better, v worse;",
	"               'better' or 'WORSE' when the whole interval is beyond",
	"               a bar (5%, the baseline's sample spread, where its",
	"               slices say one lands, of undisturbed samples, the",
	"               machine's drift from every row's slices): at once",
	"               beyond twice the bar, or worse with the slice's CPU",
	"               mostly taken by something else; else two slices in a",
	"               row",
	"  VS REF       this machine against the reference (r): above 1x it",
	"               does better (n/c: definition changed, not comparable;",
	"               ~: a stand-in, a machine of another class)",
	"  VS B, B/A    with a second reference (R, --ref A,B): this machine",
	"               against B, and B against A (above 1x: B does better)",
	"  STATUS       ok and placement, waiting, off, or why it cannot run;",
	"               noisy N%: N% of recent samples disturbed by other load",
	"  (benchtop)   self row: scheduler's % of worker time, cost per "
	"slice, ok <1%",
	"",
	"Groups: 1 syscall 2 signal 3 ipc 4 ctxsw 5 process 6 file 7 vm",
	"        8 memory 9 network (cpu and lock: g)",
};

void
ui_help_draw(struct ui *ui)
{
	size_t n = sizeof help_lines / sizeof help_lines[0];
	int y = ui_header_draw(ui);

	for (size_t i = 0; i < n && (int)i + y < LINES - 1; i++) {
		if (help_lines[i][0] != ' ' && help_lines[i][0] != '\0')
			ui_role_on(ui, UI_ROLE_GROUP);
		(void)ui_put_clipped(y + (int)i, 0, help_lines[i]);
		ui_role_off(ui, UI_ROLE_GROUP);
	}
	mvprintw(LINES - 1, 0, "any key: back to the table");
}
