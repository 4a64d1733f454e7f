/*
 * ref-index.c: BYTE 3.11's index of six items.
 */

#include "config.h"

#include "ref-data-find.h"
#include "ref-index.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

const char *const ref_index_tests[REF_INDEX_ITEMS] = {
	"byte.arith_double",
	"byte.dhry2",
	"byte.execl",
	"byte.fs_copy",
	"byte.context1",
	"byte.shell8",
};

int
ref_index_position(const char *test)
{
	for (int i = 0; i < REF_INDEX_ITEMS; i++)
		if (strcmp(ref_index_tests[i], test) == 0)
			return i;
	return -1;
}

double
ref_index_item(const struct refdata *rd, const char *test, double result)
{
	const struct ref_baseline *b =
	    rd != NULL ? ref_data_find_baseline(rd, "byte311", test) : NULL;

	if (b == NULL || !(b->value > 0) || !isfinite(result) || result < 0)
		return NAN;
	return result / b->value;
}

void
ref_index_compute(const struct refdata *rd,
    const double result[REF_INDEX_ITEMS], struct ref_index *out)
{
	double sum = 0;

	out->have = 0;
	for (int i = 0; i < REF_INDEX_ITEMS; i++) {
		out->item[i] =
		    ref_index_item(rd, ref_index_tests[i], result[i]);
		if (isfinite(out->item[i])) {
			out->have++;
			sum += out->item[i];
		}
	}
	out->sum = out->have == REF_INDEX_ITEMS ? sum : NAN;
	out->average = out->sum / REF_INDEX_ITEMS;
}

const char *
ref_index_missing(const struct ref_index *x, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int i = 0; i < REF_INDEX_ITEMS && len < size; i++)
		if (!isfinite(x->item[i]))
			len += (size_t)snprintf(buf + len, size - len, "%s%s",
			    len ? ", " : "",
			    ref_index_tests[i] + strlen("byte."));
	return buf;
}
