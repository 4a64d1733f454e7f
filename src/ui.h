/*
 * ui.h: the live screen, as its front end starts it. Only the UI thread
 * calls curses; it reads store snapshots through view rows and never
 * calls a test. Its state, which the screens share, is in ui-priv.h.
 */

#ifndef BENCHTOP_UI_H
#define BENCHTOP_UI_H

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

struct settings;

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

/* Run the live screen until q or a stop signal; returns 0, or -1 when
 * its buffers could not be allocated (then nothing was drawn). */
int ui_run(const struct ui_config *cfg);

#endif
