/*
 * ref-select.h: what the screen and the reports compare with. A reference is
 * one machine of the reference data (or a saved profile), or a CPU class
 * (p6, netburst, k7...). A class takes, for each test, a machine of that
 * class among those with a figure for the test; where none of them is of
 * the class, the one nearest in kind (a K7 stands in for a P6 before a
 * NetBurst does), and a machine whose source does not state its CPU (the
 * lmbench 2.0 summary's 750 MHz host) serves every class. Either way the
 * row's reference is then a stand-in, and says so. Among several machines
 * equally near, the most representative run serves (ref_select_rule).
 */

#ifndef BENCHTOP_REFSEL_H
#define BENCHTOP_REFSEL_H

#include <stddef.h>

#include "ref-data.h"

enum refsel_kind { REFSEL_NONE, REFSEL_CLASS, REFSEL_MACHINE };

struct refsel {
	enum refsel_kind kind;
	size_t machine;    /* REFSEL_MACHINE: index into the machines */
	char class_id[16]; /* REFSEL_CLASS: machines.tsv's class column */
};

/* How a class picks among equally near machines, in words. */
extern const char ref_select_rule[];

/* The classes a reference can be, in the order r steps through them. */
extern const char *const ref_select_class_ids[];

/*
 * The machine that serves test `test` for `s`, or SIZE_MAX when none has
 * a figure for it; *stand_in (may be NULL) is 1 when that machine is not
 * of the class asked for.
 */
size_t ref_select_machine_for(const struct refdata *rd, const struct refsel *s,
    const char *test, int *stand_in);

/* A class id (any of ref_select_class_ids) or a machine id; 0, or -1. */
int ref_select_parse(const struct refdata *rd, const char *word,
    struct refsel *out);

/* This CPU's class where the data has a machine of it, else p6. */
void ref_select_default(const struct refdata *rd, const char *class_id,
    struct refsel *out);

/*
 * The next reference: the classes the data has machines of, then every
 * machine, then (with `none_too`) no reference; then round again.
 */
void ref_select_next(const struct refdata *rd, struct refsel *s, int none_too);

/* "p6", "p3-850m" or "none". */
const char *ref_select_name(const struct refdata *rd, const struct refsel *s);

/*
 * Which machine serves which origin: "byte p3-850m, lmbench
 * doug-750-2.5.65a~, bsd p3-1300-up+2" ('~': a stand-in; "+2": two more
 * machines serve some of that origin's tests). A machine: its label.
 */
void ref_select_describe(const struct refdata *rd, const struct refsel *s,
    char *buf, size_t size);

#endif
