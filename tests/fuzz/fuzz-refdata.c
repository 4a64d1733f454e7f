/*
 * fuzz-refdata.c: libFuzzer harness of the TSV loader (data/ and
 * profiles): any input must give 0 or -1 with a file:line message, never
 * a crash, a leak or undefined behaviour.
 */

#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ref-data.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct refdata rd;
	char err[256];
	FILE *f;

	if (size == 0)
		return 0;
	memset(&rd, 0, sizeof rd);
	f = fmemopen((void *)data, size, "r");
	if (f == NULL)
		return 0;
	if (ref_data_parse(&rd, f, "fuzz.tsv", err, sizeof err) != 0 &&
	    strncmp(err, "fuzz.tsv:", 9) != 0)
		__builtin_trap(); /* an error must name the place */
	(void)fclose(f);
	ref_data_free(&rd);
	return 0;
}
