/*
 * ui-index.c: the BYTE 3.11 index line of the header: this machine's
 * index of the six items from the current medians beside the seed
 * machines' own, or which items are still missing; and a row's item.
 */

#include "config.h"

#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bench-registry.h"
#include "ref-data-find.h"
#include "ref-index.h"
#include "ui-index.h"
#include "ui-priv.h"

double
ui_index_item(const struct ui *ui, const struct view_row *r)
{
	if (ref_index_position(r->test->id) < 0 || r->n == 0)
		return NAN;
	return ref_index_item(ui->cfg.ref, r->test->id, r->value);
}

/* " p3-850m(A) 93.3": the seed machines' printed indexes, A and B
 * marked, each only if it fits whole in `width` columns. */
static void
seed_indexes(const struct ui *ui, char *buf, size_t size, size_t width)
{
	const struct refdata *rd = ui->cfg.ref;
	size_t len = strlen(buf);

	for (size_t m = 0; m < rd->nmachines; m++) {
		const struct ref_result *rr = ref_data_find_result(rd, m,
		    "byte.index_average", REF_INDEX);
		const char *mark = "";
		char one[96];
		int n;

		if (rr == NULL)
			continue;
		for (int w = 1; w >= 0; w--)
			if (ui_kit_has_ref(ui, w) &&
			    ref_select_machine_for(rd, &ui->refs[w],
			        ref_index_tests[0], NULL) == m)
				mark = w ? "(B)" : "(A)";
		n = snprintf(one, sizeof one, "  %s%s %s", rd->machines[m].id,
		    mark, rr->text);
		if (n > 0 && len + (size_t)n <= width &&
		    len + (size_t)n < size) {
			memcpy(buf + len, one, (size_t)n + 1);
			len += (size_t)n;
		}
	}
}

int
ui_index_draw(struct ui *ui, int y)
{
	double result[REF_INDEX_ITEMS];
	struct ref_index x;
	char line[512], missing[96];
	int wide = COLS >= 100, in_run = 0;

	if (ui->cfg.ref == NULL ||
	    ref_data_find_baseline(ui->cfg.ref, "byte311",
	        ref_index_tests[0]) == NULL)
		return y;
	for (int i = 0; i < REF_INDEX_ITEMS; i++) {
		const struct view_row *r =
		    ui_kit_row_of(ui, registry_find(ref_index_tests[i]));

		result[i] = r != NULL && r->n > 0 ? r->value : NAN;
		in_run += r != NULL;
	}
	ref_index_compute(ui->cfg.ref, result, &x);
	if (in_run == 0)
		(void)snprintf(line, sizeof line,
		    "BYTE 3.11 index: not in this run (--only)");
	else if (isfinite(x.average))
		(void)snprintf(line, sizeof line, "BYTE 3.11 index: %s %.1f",
		    wide ? "this machine" : "here", x.average);
	else
		(void)snprintf(line, sizeof line,
		    "BYTE 3.11 index: %s - (%zu/6, %s %s)",
		    wide ? "this machine" : "here", x.have,
		    wide ? "waiting for" : "no",
		    ref_index_missing(&x, missing, sizeof missing));
	seed_indexes(ui, line, sizeof line, (size_t)COLS);
	(void)ui_kit_put_clipped(y, 0, line);
	return y + 1;
}
