/*
 * app-refs.h: --list-refs, every name --ref, --story, --check and
 * --machine take, from the data this run would read: so that the shell's
 * completion asks the binary, not a copy of its data directory's path.
 */

#ifndef BENCHTOP_REFS_H
#define BENCHTOP_REFS_H

#include <stddef.h>
#include <stdio.h>

/*
 * One line a name, "KIND<TAB>NAME": "class" for each CPU class, "machine"
 * for each reference machine of the data directory `data_opt` (--data, or
 * NULL: ref_data_dir's choice), "profile" for each profile saved by --save,
 * in name order. 0, or -1 with one line in err.
 */
int refs_list(FILE *out, const char *data_opt, char *err, size_t size);

#endif
