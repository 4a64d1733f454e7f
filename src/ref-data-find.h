/*
 * ref-data-find.h: a machine, a result, a baseline or a context fact looked up
 * in loaded reference data.
 */

#ifndef BENCHTOP_REF_DATA_FIND_H
#define BENCHTOP_REF_DATA_FIND_H

#include <stddef.h>

#include "machine-context.h"
#include "ref-data.h"

const struct ref_machine *ref_data_find_machine(const struct refdata *rd,
    const char *id);

size_t ref_data_find_machine_index(const struct refdata *rd, const char *id);

const struct ref_result *ref_data_find_result(const struct refdata *rd,
    size_t machine, const char *test, enum ref_stat stat);

const struct ref_baseline *ref_data_find_baseline(const struct refdata *rd,
    const char *index, const char *test);

/* A context fact of machine `machine` as recorded, or NULL. */
const char *ref_data_find_context(const struct refdata *rd, size_t machine,
    const char *key);

/* Whether machine `machine` has any context rows (a profile of a
 * benchtop that records them). */
int ref_data_find_has_context(const struct refdata *rd, size_t machine);

/* Machine `machine`'s recorded context as a machine_context (its
 * steal_pct and irq_pct rows as the shares, NAN when absent). */
void ref_data_find_context_of(const struct refdata *rd, size_t machine,
    struct machine_context *out);

#endif
