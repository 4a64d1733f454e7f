/*
 * main.c: options, signals, and the choice between the live screen and
 * the batch report. The only file (with base-fatal.c) that exits.
 */

#include "config.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app-batch.h"
#include "app-compare.h"
#include "app-live.h"
#include "app-opts-usage.h"
#include "app-opts.h"
#include "app-paths.h"
#include "app-refs.h"
#include "base-fatal.h"
#include "bench-proc-client.h"
#include "bench-registry.h"
#include "machine-identify.h"
#include "ref-data.h"
#include "report.h"

/* Number of the signal that asked benchtop to stop, or 0. */
static atomic_int stop_signal;

static void
on_stop_signal(int sig)
{
	atomic_store(&stop_signal, sig);
}

/* INT, TERM and HUP end the run cleanly; SIGPIPE becomes EPIPE. */
static void
install_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_stop_signal;
	sigemptyset(&sa.sa_mask);
	(void)sigaction(SIGINT, &sa, NULL);
	(void)sigaction(SIGTERM, &sa, NULL);
	(void)sigaction(SIGHUP, &sa, NULL);
	(void)signal(SIGPIPE, SIG_IGN);
}

static int
print_list(const struct opts *o)
{
	char helper[PATH_MAX + 128];
	int rc, ok = 0;

	/* The text list also names the process tests' measuring process. */
	if (o->format == REPORT_TEXT)
		ok = proc_client_describe(helper, sizeof helper) == 0;
	rc = report_list(stdout, o->format);
	if (rc == 0 && o->format == REPORT_TEXT &&
	    (printf("\nProcess tests %s %s\n",
	         ok ? "are timed in" : "cannot run:", helper) < 0 ||
	        fflush(stdout) != 0))
		rc = -1;
	if (rc != 0) {
		fatal_say("write error", strerror(errno));
		return EXIT_RUNTIME;
	}
	return EXIT_OK;
}

static int
print_text(const char *text)
{
	if (fputs(text, stdout) == EOF || fflush(stdout) != 0) {
		fatal_say("write error", strerror(errno));
		return EXIT_RUNTIME;
	}
	return EXIT_OK;
}

/* --identify [DUMP]: the CPU, its class, the reference machines of it. */
static int
identify(const struct opts *o)
{
	char path[4200], err[300];

	(void)snprintf(path, sizeof path, "%s/machines.tsv",
	    ref_data_dir(o->data));
	if (identify_print(stdout, o->dump,
	        access(path, R_OK) == 0 ? path : NULL, err, sizeof err) != 0) {
		fatal_say("--identify", err);
		return EXIT_RUNTIME;
	}
	if (fflush(stdout) != 0) {
		fatal_say("write error", strerror(errno));
		return EXIT_RUNTIME;
	}
	return EXIT_OK;
}

/* --list-refs: the names the references can take, for completion. */
static int
list_refs(const struct opts *o)
{
	char err[300];

	if (refs_list(stdout, o->data, err, sizeof err) != 0) {
		fatal_say("--list-refs", err);
		return EXIT_RUNTIME;
	}
	if (fflush(stdout) != 0) {
		fatal_say("write error", strerror(errno));
		return EXIT_RUNTIME;
	}
	return EXIT_OK;
}

int
main(int argc, char **argv)
{
	struct opts o;
	const char *cause;
	char err[256];

	if (opts_parse(argc, argv, &o, err, sizeof err) != 0) {
		fatal_say(NULL, err);
		return EXIT_USAGE;
	}
	if (registry_check(&cause) != 0) {
		fatal_say("bad test table", cause);
		return EXIT_RUNTIME;
	}
	if ((o.mode == OPTS_AUTO || o.mode == OPTS_WATCH ||
	        o.mode == OPTS_BATCH || o.mode == OPTS_COMPARE) &&
	    paths_check(&o, err, sizeof err) != 0) {
		fatal_say(NULL, err); /* before any test runs */
		return EXIT_USAGE;
	}
	switch (o.mode) {
	case OPTS_HELP:
		return print_text(opts_usage);
	case OPTS_VERSION:
		return print_text(PACKAGE_STRING "\n");
	case OPTS_LIST:
		return print_list(&o);
	case OPTS_REFS:
		return list_refs(&o);
	case OPTS_IDENTIFY:
		return identify(&o);
	case OPTS_AUTO:
		if (live_usable(err, sizeof err))
			return live_run(&o);
		if (o.listen != NULL) {
			fatal_sayf("--listen needs the live screen or --watch "
			           "(%s)",
			    err);
			return EXIT_USAGE;
		}
		fatal_say(err, "running the batch report");
		break;
	case OPTS_WATCH:
		return live_run(&o);
	case OPTS_COMPARE:
		return compare_run(&o);
	case OPTS_BATCH:
		break;
	}
	install_signals();
	return batch_run(&o, &stop_signal);
}
