/*
 * report-html.h: one self-contained HTML page of a report (--html FILE):
 * the machine, a chart per group against the reference machines, the
 * origin's own table (--report), and every test with its samples. It is
 * made from the same struct report as the JSON report, so the two never
 * disagree; nothing in it is fetched or run by the browser.
 */

#ifndef BENCHTOP_REPORT_HTML_H
#define BENCHTOP_REPORT_HTML_H

#include <stddef.h>
#include <stdio.h>

#include "ref-select.h"
#include "report-common.h"
#include "report-seed.h"
#include "report-svg.h"
#include "report-verdict.h"

enum html_kind {
	HTML_BATCH,    /* --batch */
	HTML_SEED,     /* --report LAYOUT, run or --machine */
	HTML_CHECK,    /* --check PROFILE */
	HTML_SNAPSHOT, /* a key on the live screen */
};

struct html_page {
	enum html_kind kind;
	const struct report *rep; /* the JSON report's data */
	enum report_seed seed;    /* --report, or SEED_NONE */
	size_t seed_machine;      /* --machine's index, or SIZE_MAX */
	/* What the charts compare with (rep->refs: --ref A,B, a class or a
	 * machine each); a second one is drawn beside the first. */
	struct refsel refs[SVG_MAX_REFS];
	size_t nrefs;
	double tolerance_pct; /* --check */
	/* --check: each result's verdict and why it is not comparable (see
	 * report-verdict.h), the machine's shift and the exit status. */
	const struct judge_line *verdicts;
	const char *const *verdict_why;
	const struct judge_machine *verdict_machine;
	int check_status;
	/* Per result: its samples' ns/op, oldest first; NULL if not kept. */
	const double *const *samples;
	const size_t *nsamples;
	int argc; /* the command that made it, shown verbatim */
	char *const *argv;
	double when_s; /* wall-clock time of the figures, seconds since 1970 */
};

/* A page with no charts and no command: fill in what applies. */
void report_html_init(struct html_page *p, enum html_kind kind,
    const struct report *rep);

/* Write the page; 0, or -1 with errno when the stream failed. */
int report_html_write(FILE *f, const struct html_page *p);

/*
 * Write the page to `path` through a temporary file in the same
 * directory and a rename: a reader sees the old page or the new one,
 * never half of one. Returns 0, or -1 with a message in err.
 */
int report_html_save(const char *path, const struct html_page *p, char *err,
    size_t errsize);

#endif
