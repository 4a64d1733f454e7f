/*
 * measure-slices.c: a test measured in slices, each a run of its own,
 * its samples kept for the summary over all of them.
 */

#include "config.h"

#include "measure-slices.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* runner's observe in a sliced run: keep every sample. */
static void
keep_sliced(void *arg, const struct sample *s)
{
	struct slices *sl = arg;

	if (sl->n == sl->cap) {
		size_t cap = sl->cap ? 2 * sl->cap : 64;
		double *ns = realloc(sl->ns, cap * sizeof *ns);
		double *cyc = ns ? realloc(sl->cyc, cap * sizeof *cyc) : NULL;

		if (ns != NULL)
			sl->ns = ns;
		if (cyc == NULL) {
			sl->alloc_failed = 1;
			return;
		}
		sl->cyc = cyc;
		sl->cap = cap;
	}
	sl->ns[sl->n] = s->ns_per_op;
	sl->cyc[sl->n++] = s->cycles_per_op;
}

void
slices_run(struct slices *sl, const struct bench_test *t, struct harness *h,
    struct run_config *cfg, struct test_result *r, size_t round)
{
	struct test_result now;

	if (round > 0 && r->status != BENCH_OK)
		return;
	cfg->observe = keep_sliced;
	cfg->observe_arg = sl;
	cfg->n_hint = round > 0 ? r->n_per_sample : 0;
	(void)runner_run(t, h, cfg, &now);
	if (round == 0 || now.status != BENCH_OK)
		*r = now;
	if (now.status == BENCH_OK && isfinite(now.value) &&
	    sl->nslices < SLICES_MAX)
		sl->median[sl->nslices++] = now.value;
	sl->noisy += now.noisy;
}

void
slices_finish(struct slices *sl, struct test_result *r)
{
	double *scratch;

	sl->noisy_share = NAN;
	if (r->status != BENCH_OK || sl->n == 0)
		return;
	if (sl->alloc_failed ||
	    (scratch = malloc(sl->n * sizeof *scratch)) == NULL) {
		r->status = BENCH_FAILED;
		(void)snprintf(r->reason, sizeof r->reason, "malloc: %s",
		    strerror(ENOMEM));
		return;
	}
	runner_summarise(r, sl->ns, sl->cyc, sl->n, scratch);
	free(scratch);
	r->noisy = sl->noisy;
	sl->noisy_share = (double)sl->noisy / (double)sl->n;
}

void
slices_free(struct slices *sl)
{
	free(sl->ns);
	free(sl->cyc);
	sl->ns = sl->cyc = NULL;
	sl->n = sl->cap = 0;
}
