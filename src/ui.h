/*
 * ui.h: the live screen. Only the UI thread calls curses; it reads store
 * snapshots through view rows and never calls a test.
 */

#ifndef BENCHTOP_UI_H
#define BENCHTOP_UI_H

#include <sched.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "export-log.h"
#include "export.h"
#include "machine.h"
#include "monitor-store.h"
#include "monitor.h"
#include "ref-data.h"
#include "ref-select.h"
#include "ui-kit.h"
#include "ui-spark.h"
#include "ui-view.h"

struct settings;
struct ui_context;

struct ui_config {
	struct store *store;
	struct monitor *monitor;
	const struct machine *machine;
	int delay_ms;           /* refresh delay (-d), 100..60000 */
	int color;              /* 0 with --no-color or NO_COLOR */
	int quiet;              /* --quiet-ui at start */
	struct sample_log *log; /* --log, or NULL */
	atomic_int *quit;       /* set by main on INT/TERM/HUP; set on q */
	atomic_int *resize;     /* set by main on SIGWINCH */
	const int *worker_cpus;
	const struct refdata *ref;       /* reference data, or NULL */
	struct refsel refs[2];           /* initial references A and B */
	struct exporter *exporter;       /* --openmetrics-file, or NULL */
	const struct settings *settings; /* benchtoprc's screen state */
	const char *rc_path; /* where q writes the settings, or NULL */
	const char *notice;  /* the first feedback line (a warning), or "" */
	const char *html;    /* --html FILE for key H, or NULL */
	int argc;            /* the command line, for the page */
	char *const *argv;
};

enum ui_screen { UI_TABLE, UI_DETAIL, UI_HELP, UI_COMPARE };

enum ui_sort {
	UI_SORT_GROUP,
	UI_SORT_NAME,
	UI_SORT_NS,
	UI_SORT_CV,
	UI_SORT_DELTA,
	UI_SORT_COUNT
};

/* One line of the table: a group heading or a test row. */
struct ui_line {
	int group; /* heading of this group, or -1 for a row */
	size_t row;
};

struct ui {
	struct ui_config cfg;
	int utf8;
	enum ui_screen screen;
	int frozen;
	enum ui_sort sort;
	int sort_reverse;
	unsigned hidden_groups; /* bit per enum bench_group */
	size_t cursor;          /* index into items (a row, never a heading) */
	size_t top;             /* first item shown */
	struct view_row *rows;
	size_t nrows;
	struct ui_line *items;
	size_t *order; /* scratch of build_lines */
	size_t nitems;
	struct judge_baseline *base;
	int have_baseline;
	struct view_machine machine; /* the shift since the baseline */
	uint32_t marks[VIEW_MAX_MARKS];
	size_t nmarks;
	struct ring_entry *buf;
	struct spark_scale *scales; /* per test: sparkline scale */
	uint64_t start_ns;
	double ui_cpu_pct;
	uint64_t cpu_t0_ns, wall_t0_ns;
	char message[128];     /* one-line feedback, e.g. "baseline set" */
	struct refsel refs[2]; /* references A (r) and B (R) */
	size_t compare_top;    /* first line of the comparison screen */
	int story;             /* V: the comparison screen shows the story */
	size_t help_top;       /* first line of the help, j/k scroll it */
	int recompute;         /* set by a key: refresh the rows at once */
	uint64_t next_export_ns;
	int export_error;   /* errno of the last failed export, or 0 */
	int collapsed;      /* a: one line per group, no rows */
	int quiet;          /* Q: draw only while workers are parked */
	int quiet_cpu;      /* the UI's CPU when quiet, -1: shared */
	int pass;           /* borrow_screen_begin's, while drawing */
	char focus[48];     /* f: what runs alone, "" when all do */
	int focus_left;     /* f ended a focus: the cycle is timed afresh */
	cpu_set_t affinity; /* the UI thread's, before quiet */
	struct monitor_self self; /* the self row's figures, unless frozen */

	/* The machine's context, watched (ui-context.c). */
	struct ui_context *context;
};

/* Run the live screen until q or a stop signal; returns 0, or -1 when
 * its buffers could not be allocated (then nothing was drawn). */
int ui_run(const struct ui_config *cfg);

/* benchtoprc (ui-settings.c): the screen's part at start; all on quit. */
void ui_settings_apply(struct ui *ui);
void ui_settings_save(struct ui *ui);

/*
 * Keys (ui-keys.c): one table of every key the screen answers, which
 * both ui_keys_handle and the help read. `anywhere`: the key also works on the
 * help, detail and comparison screens (elsewhere it leads back first).
 */
#define UI_KEY_CODES 10
struct ui_keydef {
	int keys[UI_KEY_CODES]; /* the codes, up to the first 0 */
	const char *names;      /* as the help spells them: "?, h, F1" */
	const char *what;       /* what it does; '\n': the next help line */
	int anywhere;
	int (*act)(struct ui *ui, int ch); /* returns 1 to quit */
};
extern const struct ui_keydef ui_keys[];
extern const size_t ui_keys_count;
/* The table's entry for key code `ch`, or NULL. */
const struct ui_keydef *ui_keys_find(int ch);
/* One key's effect; returns 1 to quit. */
int ui_keys_handle(struct ui *ui, int ch);

/* Screens (ui-table.c, ui-detail.c, ui-help.c); draw reads ui only. */
void ui_table_draw(struct ui *ui);
void ui_detail_draw(struct ui *ui);
void ui_help_draw(struct ui *ui);
void ui_compare_draw(struct ui *ui);

/*
 * The story (ui-story.c): key V opens the demo view of references A and
 * B in cycles (on the comparison screen, which scrolls it). The header's
 * BYTE 3.11 index line (ui-index.c; returns the line below it); a row's
 * index item (result / baseline), NAN for a row outside the index or
 * without a figure.
 */
void ui_story_open(struct ui *ui);
void ui_story_draw(struct ui *ui);
int ui_index_draw(struct ui *ui, int y);
double ui_index_item(const struct ui *ui, const struct view_row *r);
/* The detail view's lines of references A and B: their machines' figures
 * and cycles per op (how derived), this machine's, and B against A. */
void ui_story_detail(struct ui *ui, int *y, const struct view_row *r);

/*
 * The header's pass ("first pass 34/80", then "cycle 52s", or "FOCUS
 * what") and the focus key (ui-focus.c).
 */
int ui_focus_draw(struct ui *ui, int y, int x); /* return the next x */
int ui_focus_pass_draw(struct ui *ui, int y, int x);
void ui_focus_toggle(struct ui *ui);
/* Key H (ui-html.c): the figures on the screen as an HTML page. */
void ui_html_snapshot(struct ui *ui);

/* Quiet mode (ui-quiet.c). */
void ui_quiet_init(struct ui *ui);
void ui_quiet_set(struct ui *ui, int on);
/* The refresh delay now: at least UI_QUIET_DELAY_MS when quiet. */
int ui_quiet_delay_ms(const struct ui *ui);
/*
 * Around a redraw: draw from a CPU no slice claims, else (and always
 * when quiet) while the workers are parked; then let them go.
 */
void ui_quiet_hold(struct ui *ui);
void ui_quiet_release(struct ui *ui);

#define UI_QUIET_DELAY_MS 5000
/* How long a quiet redraw waits for the workers to reach a boundary. */
#define UI_QUIET_WAIT_MS 1000
/* The same for an ordinary redraw: a few samples, then draw (flagged). */
#define UI_SCREEN_WAIT_MS 200

#endif
