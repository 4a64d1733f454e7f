/*
 * app-live.c: wiring of the live monitor.
 *
 * Threads: main blocks every signal before any thread exists, so every
 * thread inherits the full mask, and then waits for INT/TERM/HUP/WINCH
 * with sigtimedwait: signal handling is plain code here, never a handler.
 * The UI thread ("bt-ui") owns curses; the workers ("bt-worker<i>") own
 * the measurements.
 */

#include "config.h"

#include "app-live.h"

#include <curses.h>
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <term.h>
#include <time.h>
#include <unistd.h>

#include "base-cycles.h"
#include "base-fatal.h"
#include "base-threads.h"
#include "base-tmpdir.h"
#include "bench-registry.h"
#include "bench.h"
#include "export-context.h"
#include "export-listen.h"
#include "export-log.h"
#include "export.h"
#include "machine.h"
#include "monitor-borrow.h"
#include "monitor-store.h"
#include "monitor.h"
#include "ref-compare.h"
#include "report-verdict.h"
#include "ui-rcfile.h"
#include "ui.h"

/*
 * Each test's first slice: a first look at every row within seconds,
 * marked as such until a full slice replaces it. It counts from the
 * slice's start, setup and calibration included (see run_config), so
 * that most tests give calibration's last sample and one more, a test
 * whose setup or calibration is dear calibration's alone.
 */
#define FIRST_SLICE_MS 50

/* How long an export waits for the workers when every CPU is claimed. */
#define EXPORT_WAIT_MS 200

struct live {
	const struct opts *o;
	const struct bench_test **tests;
	size_t n;
	struct machine machine;
	struct store *store;
	struct monitor *monitor;
	char tmpdir[4096];
	struct sample_log log;
	atomic_int quit, resize, ui_done;
	struct ui_config ui;
	int ui_rc;
	struct refdata ref;
	struct refsel refs[COMPARE_REFS];
	struct opts opts;    /* the command line over benchtoprc */
	struct settings rc;  /* benchtoprc as read */
	char rc_path[4096];  /* "" when there is no place for it */
	char rc_warn[2048];  /* what of benchtoprc was not used, or "" */
	char rc_notice[128]; /* the screen's first feedback line, or "" */
	int ref_from_rc;     /* --ref came from benchtoprc */
	struct exporter exporter;
	int have_exporter;
	struct context_watch context; /* --watch's: read every pass */
	size_t context_changes;
	struct listener *listener; /* --listen, or NULL */
	struct export_check check; /* --watch --check PROFILE */
	char *check_list;          /* its tests, the --only of the run */
};

/*
 * What TERM says of the terminal on fd: 1 when terminfo knows it and it
 * can move the cursor and clear a line; else 0 with why in `why`. An
 * unset, empty, dumb or unknown TERM is a terminal without capabilities.
 */
static int
term_capable(int fd, char *why, size_t size)
{
	const char *term = getenv("TERM");
	int err = 0, ok;

	if (term == NULL) {
		(void)snprintf(why, size, "TERM is not set");
		return 0;
	}
	if (*term == '\0' || strcmp(term, "dumb") == 0) {
		(void)snprintf(why, size, "TERM is %s%.64s%s",
		    *term ? "'" : "empty", term, *term ? "'" : "");
		return 0;
	}
	if (setupterm(NULL, fd, &err) != OK) {
		(void)snprintf(why, size, "TERM '%.32s' is unknown", term);
		return 0;
	}
	ok = cursor_address != NULL && clr_eol != NULL;
	(void)del_curterm(cur_term);
	if (!ok)
		(void)snprintf(why, size, "TERM '%.32s' cannot move the cursor",
		    term);
	return ok;
}

int
live_usable(char *why, size_t size)
{
	if (!isatty(STDOUT_FILENO) || !isatty(STDIN_FILENO)) {
		(void)snprintf(why, size, "stdout is not a terminal");
		return 0;
	}
	return term_capable(STDOUT_FILENO, why, size);
}

int
live_stderr_capable(void)
{
	char why[128];

	return isatty(STDERR_FILENO) &&
	    term_capable(STDERR_FILENO, why, sizeof why);
}

/*
 * How many workers and where: -j, else half the allowed CPUs (at least
 * one), so that each worker has a CPU for its partner; worker i on --cpu's
 * i-th, else every (allowed / workers)-th allowed CPU: with 2 workers on
 * 4 CPUs, 0 and 2, whose spread partners go to 1 and 3 and claim no
 * other worker's CPU.
 */
static void
worker_cpus(const struct opts *o, struct monitor_config *mc)
{
	int n = bench_usable_cpus(), stride;

	mc->workers = o->jobs > 0 ? o->jobs : (n / 2 > 1 ? n / 2 : 1);
	stride = n > mc->workers ? n / mc->workers : 1;
	for (int i = 0; i < mc->workers; i++)
		mc->cpus[i] = o->ncpus > 0 ? o->cpus[i % o->ncpus]
		                           : bench_allowed_cpu(i * stride);
}

static void *
ui_main(void *arg)
{
	struct live *l = arg;

	l->ui_rc = ui_run(&l->ui);
	atomic_store(&l->quit, 1);
	atomic_store(&l->ui_done, 1);
	return NULL;
}

/*
 * How often main looks whether the screen has quit while it waits for
 * signals: a signal ends the wait at once, so this only bounds how long
 * benchtop lingers after q (a fifth of a second is not felt).
 */
#define LIVE_SIGNAL_TICK_MS 200

/* Wait for signals until the UI is gone; returns the stopping signal. */
static int
wait_signals(struct live *l)
{
	struct timespec tick = { 0, LIVE_SIGNAL_TICK_MS * 1000000L };
	sigset_t set;
	int sig, stop_sig = 0;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGWINCH);
	while (!atomic_load(&l->ui_done)) {
		sig = sigtimedwait(&set, NULL, &tick);
		if (sig == SIGWINCH) {
			atomic_store(&l->resize, 1);
		} else if (sig > 0) {
			stop_sig = sig;
			atomic_store(&l->quit, 1);
		}
	}
	return stop_sig;
}

/* --jsonl (with --watch) and --openmetrics-file. */
static int
start_exporter(struct live *l)
{
	FILE *jsonl =
	    l->o->watch_s > 0 && l->o->format == REPORT_JSONL ? stdout : NULL;

	if (jsonl == NULL && l->o->om_file == NULL)
		return 0;
	l->have_exporter = 1;
	if (export_init(&l->exporter, l->store, &l->machine, l->o->om_file,
	        jsonl) != 0)
		return -1;
	if (l->o->check != NULL && l->o->om_file != NULL)
		l->exporter.check = &l->check;
	return 0;
}

/*
 * --check PROFILE with --watch: one machine's figures to judge against,
 * and its tests as the run's (unless --only says which); 0 or
 * EXIT_USAGE with why in err.
 */
static int
check_prepare(struct live *l, int loaded, char *err, size_t size)
{
	char was[256];

	if (l->o->check == NULL)
		return loaded;
	if (loaded != 0) { /* compare_load speaks of --ref: name --check */
		(void)snprintf(was, sizeof was, "%s", err);
		if (strncmp(was, "--ref:", 6) == 0)
			(void)snprintf(err, size, "--check:%.200s", was + 6);
		return loaded;
	}
	if (l->refs[0].kind != REFSEL_MACHINE ||
	    l->refs[1].kind != REFSEL_NONE) {
		(void)snprintf(err, size,
		    "--check: '%.64s' is not one machine or profile",
		    l->o->check);
		return EXIT_USAGE;
	}
	l->check = (struct export_check){ &l->ref, l->refs[0].machine,
		l->o->tolerance_pct };
	if (l->o->only == NULL &&
	    (l->check_list = verdict_test_list(&l->ref, l->check.machine)) ==
	        NULL) {
		(void)snprintf(err, size,
		    "--check: '%.64s' holds no test benchtop runs",
		    l->o->check);
		return EXIT_USAGE;
	}
	return 0;
}

/* Everything before the threads; 0 or an exit code after a message. */
static int
prepare(struct live *l, char *err, size_t size)
{
	const char *cause;
	struct cycles_info info;
	int rc;

	(void)bench_usable_cpus(); /* the process's mask, before any pinning */
	cycles_measure(&info);
	machine_probe(&l->machine, &info);
	context_watch_init(&l->context, &l->machine);
	rc = compare_load(&l->ref, l->o->data,
	    l->o->check ? l->o->check : l->o->ref, l->machine.class_id, l->refs,
	    err, size);
	if (rc != 0 && l->ref_from_rc) {
		/* A reference kept from an earlier run may be gone: warn. */
		(void)snprintf(l->rc_warn, sizeof l->rc_warn,
		    "%s: %s; using the default reference", l->rc_path, err);
		fatal_say(NULL, l->rc_warn);
		(void)snprintf(l->rc_notice, sizeof l->rc_notice, "%.120s",
		    l->rc_warn);
		ref_data_free(&l->ref);
		rc = compare_load(&l->ref, l->o->data, NULL,
		    l->machine.class_id, l->refs, err, size);
	}
	if ((rc = check_prepare(l, rc, err, size)) != 0)
		return rc == -2 || rc == EXIT_USAGE ? EXIT_USAGE : EXIT_RUNTIME;
	l->tests =
	    fatal_calloc(registry_count(), sizeof *l->tests, "the test list");
	if (registry_select(l->o->only ? l->o->only : l->check_list, l->o->skip,
	        l->tests, &l->n, &cause) != 0) {
		(void)snprintf(err, size, "%s", cause);
		return EXIT_USAGE;
	}
	if (l->o->listen != NULL &&
	    (l->listener = listen_open(l->o->listen, err, size)) == NULL)
		return EXIT_USAGE;
	if (export_log_open(&l->log, l->o->log, err, size) != 0)
		return EXIT_RUNTIME;
	if (tmpdir_create(l->o->dir, l->tmpdir, sizeof l->tmpdir, err, size) !=
	    0)
		return EXIT_RUNTIME;
	l->store = store_new(l->tests, l->n, cycles_now_ns());
	if (l->store == NULL || start_exporter(l) != 0 ||
	    export_log_start(&l->log, l->store) != 0) {
		(void)snprintf(err, size, "out of memory");
		return EXIT_RUNTIME;
	}
	return 0;
}

static int
start_threads(struct live *l, struct threads_worker *ui_thread, char *err,
    size_t size)
{
	struct monitor_config mc = {
		.tmpdir = l->tmpdir,
		.slice_ns = (uint64_t)(l->o->slice_ms * 1e6),
		.first_ns = (uint64_t)((l->o->slice_ms < FIRST_SLICE_MS
		                               ? l->o->slice_ms
		                               : FIRST_SLICE_MS) *
		    1e6),
		.sample_ns = (uint64_t)(l->o->sample_ms * 1e6),
		.mem_bytes = (size_t)l->o->mem_mib << 20,
		.placement = l->o->placement,
		.clock = &l->machine.clock,
	};

	worker_cpus(l->o, &mc);
	if ((l->monitor = monitor_start(l->store, &mc, err, size)) == NULL)
		return -1;
	l->exporter.monitor = l->monitor; /* the self record */
	if (l->listener != NULL &&
	    listen_start(l->listener,
	        &(struct listen_source){ l->store, &l->machine, l->monitor,
	            l->o->watch_s > 0 ? NULL : l->o->html,
	            l->o->check ? &l->check : NULL },
	        err, size) != 0)
		return -1;
	l->ui = (struct ui_config){
		.store = l->store,
		.monitor = l->monitor,
		.machine = &l->machine,
		.delay_ms = (int)(l->o->delay_s * 1000),
		.color = !l->o->no_color && getenv("NO_COLOR") == NULL,
		.quiet = l->o->quiet_ui,
		.log = l->log.fd >= 0 ? &l->log : NULL,
		.quit = &l->quit,
		.resize = &l->resize,
		.ref = l->refs[0].kind != REFSEL_NONE ? &l->ref : NULL,
		.refs = { l->refs[0], l->refs[1] },
		.exporter = l->have_exporter ? &l->exporter : NULL,
		.settings = &l->rc,
		.rc_path = l->rc_path[0] ? l->rc_path : NULL,
		.notice = l->rc_notice,
		.html = l->o->html,
		.argc = l->o->argc,
		.argv = l->o->argv,
	};
	if (l->o->watch_s > 0)
		return 0; /* no screen: main exports */
	return threads_start(ui_thread, "bt-ui", ui_main, l, err, size);
}

/* After the screen: what --log could not write is said, not dropped. */
static void
report_log_loss(const struct sample_log *log)
{
	char why[160];

	if (*export_log_status(log, why, sizeof why) != '\0')
		fatal_say(NULL, why);
}

static void
cleanup(struct live *l)
{
	listen_close(l->listener); /* before what it reads goes */
	monitor_stop(l->monitor);
	store_free(l->store);
	tmpdir_remove(l->tmpdir);
	export_log_close(&l->log);
	ref_data_free(&l->ref);
	if (l->have_exporter)
		export_free(&l->exporter);
	free(l->tests);
	free(l->check_list);
}

/*
 * One export and --log write, from a CPU no slice claims (see
 * borrow_screen_begin). What the log could not write waits in its
 * buffer for the next pass, and is said at the end (report_log_loss).
 */
static int
export_pass(struct live *l)
{
	int pass = borrow_screen_begin(l->monitor, 0, EXPORT_WAIT_MS), rc = 0;

	/* The context first: a change is logged before the samples after
	 * it, and the OpenMetrics file states the context now. */
	l->context_changes += context_watch_tick(&l->context, l->store, &l->log,
	    l->have_exporter ? &l->exporter : NULL, l->context_changes, NULL,
	    NULL);
	if (l->have_exporter) {
		l->exporter.ctx = &l->context.now;
		rc = export_tick(&l->exporter);
	}
	if (l->log.fd >= 0)
		(void)export_log_write(&l->log, 0);
	borrow_screen_end(l->monitor, pass);
	return rc;
}

/* --watch: export every interval until INT/TERM/HUP; the normal stop. */
static int
watch_loop(struct live *l)
{
	uint64_t every = (uint64_t)(l->o->watch_s * 1e9);
	struct timespec tick;
	sigset_t set;
	int sig;

	tick.tv_sec = (time_t)(every / 1000000000u);
	tick.tv_nsec = (long)(every % 1000000000u);
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	for (;;) {
		sig = sigtimedwait(&set, NULL, &tick);
		if (sig > 0) {
			/* The samples since the last pass; what is measured
			 * from now on is neither logged nor exported. */
			if (l->log.fd >= 0)
				(void)export_log_write(&l->log, 0);
			return 0;
		}
		if ((l->have_exporter || l->log.fd >= 0) &&
		    export_pass(l) != 0) {
			fatal_say("export", strerror(errno));
			return EXIT_RUNTIME;
		}
	}
}

/* Each line of `text` as a message of its own, never cut. */
static void
say_lines(const char *text)
{
	while (*text != '\0') {
		size_t n = strcspn(text, "\n");

		fatal_sayf("%.*s", (int)n, text);
		text += n + (text[n] == '\n');
	}
}

/*
 * benchtoprc under the command line: each setting applies unless its
 * flag was given. The screen's own state (sort, groups...) is applied
 * by the screen.
 */
static void
load_settings(struct live *l)
{
	const struct settings *s = &l->rc;
	struct opts *o = &l->opts;

	if (ui_rcfile_path(l->rc_path, sizeof l->rc_path) != 0) {
		l->rc_path[0] = '\0';
		return;
	}
	if (ui_rcfile_read(l->rc_path, &l->rc, l->rc_warn, sizeof l->rc_warn) !=
	    0)
		say_lines(l->rc_warn);
	if (l->rc.bad_lines > 0)
		(void)snprintf(l->rc_notice, sizeof l->rc_notice,
		    "benchtoprc: %u line%s ignored (listed on quit)",
		    l->rc.bad_lines, l->rc.bad_lines == 1 ? "" : "s");
	if (s->present[SETTINGS_WORKERS] && !(o->given & OPTS_GIVEN_JOBS))
		o->jobs = atoi(s->value[SETTINGS_WORKERS]);
	if (s->present[SETTINGS_REFRESH] && !(o->given & OPTS_GIVEN_DELAY))
		o->delay_s = strtod(s->value[SETTINGS_REFRESH], NULL);
	if (s->present[SETTINGS_PLACEMENT] &&
	    !(o->given & OPTS_GIVEN_PLACEMENT))
		o->placement = strcmp(s->value[SETTINGS_PLACEMENT], "same") == 0
		    ? BENCH_PLACE_SAME
		    : BENCH_PLACE_SPREAD;
	if (s->present[SETTINGS_QUIET] && !(o->given & OPTS_GIVEN_QUIET))
		o->quiet_ui = s->value[SETTINGS_QUIET][0] == '1';
	if (s->present[SETTINGS_REF] && o->ref == NULL) {
		o->ref = s->value[SETTINGS_REF];
		l->ref_from_rc = 1;
	}
}

int
live_run(const struct opts *o)
{
	struct threads_worker ui_thread = { 0 };
	struct live l;
	char err[256] = "";
	sigset_t all;
	int rc, sig;

	memset(&l, 0, sizeof l);
	l.opts = *o;
	l.o = &l.opts;
	l.log.fd = -1;
	if (o->watch_s == 0)
		load_settings(&l); /* the screen's settings: not --watch's */
	sigfillset(&all);
	(void)pthread_sigmask(SIG_SETMASK, &all, NULL);
	if ((rc = prepare(&l, err, sizeof err)) != 0 ||
	    start_threads(&l, &ui_thread, err, sizeof err) != 0) {
		fatal_say(NULL, err);
		cleanup(&l);
		return rc ? rc : EXIT_RUNTIME;
	}
	if (o->watch_s > 0) {
		rc = watch_loop(&l);
		report_log_loss(&l.log);
		cleanup(&l);
		return rc;
	}
	sig = wait_signals(&l);
	threads_worker_join(&ui_thread);
	if (l.rc.bad_lines > 0) /* the screen hid them: again, after it */
		say_lines(l.rc_warn);
	report_log_loss(&l.log);
	cleanup(&l);
	if (sig != 0)
		return 128 + sig;
	if (l.ui_rc != 0) /* ui_run allocates nothing else that can fail */
		fatal_say("screen", "out of memory");
	return l.ui_rc == 0 ? EXIT_OK : EXIT_RUNTIME;
}
