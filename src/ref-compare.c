/*
 * ref-compare.c: ratios against the reference machines.
 */

#include "config.h"

#include "ref-compare.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "base-fmt.h"
#include "base-units.h"
#include "ref-data-find.h"

static const struct ref_result *
reference_result(const struct refdata *rd, size_t m, const char *test)
{
	const struct ref_result *r =
	    ref_data_find_result(rd, m, test, REF_RESULT);

	return r != NULL ? r : ref_data_find_result(rd, m, test, REF_AVERAGE);
}

enum compare_place
compare_placement(const struct bench_test *t, int x, int y)
{
	if (!(t->flags & BENCH_F_PARTNER))
		return COMPARE_PLACE_ALIKE;
	if (x == REF_PLACE_UNSTATED || y == REF_PLACE_UNSTATED)
		return COMPARE_PLACE_UNSTATED;
	return x == y ? COMPARE_PLACE_ALIKE : COMPARE_PLACE_DIFFERS;
}

const char *
compare_place_text(enum compare_place p)
{
	return p == COMPARE_PLACE_DIFFERS ? "placement differs"
	    : p == COMPARE_PLACE_UNSTATED ? "placement not stated"
	                                  : "";
}

void
compare_test(const struct refdata *rd, size_t m, const struct bench_test *t,
    double value, int here, struct compare_ref *out)
{
	const struct ref_result *r;

	memset(out, 0, sizeof *out);
	out->value = out->ratio = NAN;
	out->machine = SIZE_MAX;
	out->placement = REF_PLACE_UNSTATED;
	if (rd == NULL || m >= rd->nmachines ||
	    (r = reference_result(rd, m, t->id)) == NULL)
		return;
	out->found = 1;
	out->machine = m;
	out->value = r->value;
	out->text = r->text;
	out->placement = r->placement;
	out->place = compare_placement(t, here, r->placement);
	/* Seeds carry version 0: the origin's definition, ours follow it. */
	out->comparable = r->version == 0 || r->version == bench_version(t);
	if (!out->comparable || out->place != COMPARE_PLACE_ALIKE ||
	    !(r->value > 0) || !(value > 0))
		return;
	out->ratio = units_higher_is_better(t->unit) ? value / r->value
	                                             : r->value / value;
}

void
compare_sel(const struct refdata *rd, const struct refsel *s,
    const struct bench_test *t, double value, int here, struct compare_ref *out)
{
	int stand_in;
	size_t m = ref_select_machine_for(rd, s, t->id, &stand_in);

	compare_test(rd, m, t, value, here, out);
	out->stand_in = out->found && stand_in;
}

/* At most 6 columns, 7 with a stand-in's '~': a VS column's width. */
const char *
compare_format_ratio(double ratio, char *buf, size_t size)
{
	char si[16];

	if (!isfinite(ratio))
		(void)snprintf(buf, size, "-");
	else if (ratio >= 1000 || (ratio > 0 && ratio < 0.01))
		(void)snprintf(buf, size, "%sx",
		    fmt_si(si, sizeof si, ratio, 5));
	else
		(void)snprintf(buf, size, "%.*fx", ratio < 10 ? 2 : 1, ratio);
	return buf;
}

const char *
compare_ratio_text(const struct refdata *rd, const struct refsel *s,
    const struct bench_test *t, double value, int here, char *buf, size_t size)
{
	struct compare_ref c;

	compare_sel(rd, s, t, value, here, &c);
	if (c.found && !c.comparable)
		(void)snprintf(buf, size, "n/c");
	else if (c.found && value > 0 && c.place != COMPARE_PLACE_ALIKE)
		(void)snprintf(buf, size, "%s",
		    c.place == COMPARE_PLACE_DIFFERS ? "differs" : "unknown");
	else
		compare_format_ratio(c.ratio, buf, size);
	if (isfinite(c.ratio) && c.stand_in && strlen(buf) + 1 < size)
		strcat(buf, "~");
	return buf;
}

double
compare_ref_cycles(const struct refdata *rd, size_t m,
    const struct bench_test *t, double value)
{
	double mhz;

	if (t->unit == BENCH_UNIT_CYCLES)
		return value > 0 ? value * t->work_per_op : NAN;
	if (rd == NULL || m >= rd->nmachines)
		return NAN;
	mhz = rd->machines[m].mhz;
	if (!(mhz > 0))
		return NAN;
	return units_ns_per_op(t->unit, t->work_per_op, value) * mhz / 1e3;
}

const char *
compare_cycles_how(const struct refdata *rd, size_t m,
    const struct bench_test *t, double value, char *buf, size_t size)
{
	char ns[32];
	double op_ns;

	if (t->unit == BENCH_UNIT_CYCLES)
		(void)snprintf(buf, size, "as printed (cycles)");
	else if (rd == NULL || m >= rd->nmachines || !(rd->machines[m].mhz > 0))
		(void)snprintf(buf, size, "clock not stated");
	else if (!isfinite(
	             op_ns = units_ns_per_op(t->unit, t->work_per_op, value)))
		(void)snprintf(buf, size, "-");
	else
		(void)snprintf(buf, size, "%g MHz x %s", rd->machines[m].mhz,
		    fmt_ns(ns, sizeof ns, op_ns, 9));
	return buf;
}

/* The pair's rule: which of its conditions fails first, if any. */
static enum compare_pair_why
pair_why(const struct refsel refs[2], const struct compare_pair *p)
{
	if (refs[1].kind == REFSEL_NONE)
		return COMPARE_PAIR_NO_B;
	if (!p->a.found || !p->b.found)
		return COMPARE_PAIR_NO_FIGURE;
	if (!p->a.comparable || !p->b.comparable)
		return COMPARE_PAIR_NOT_COMPARABLE;
	if (p->a.machine == p->b.machine)
		return COMPARE_PAIR_SAME_MACHINE;
	if (p->a.stand_in || p->b.stand_in)
		return COMPARE_PAIR_STAND_IN;
	if (p->a.place != COMPARE_PLACE_ALIKE)
		return COMPARE_PAIR_PLACEMENT;
	return COMPARE_PAIR_SHOWN;
}

void
compare_pair(const struct refdata *rd, const struct refsel refs[2],
    const struct bench_test *t, struct compare_pair *out)
{
	memset(out, 0, sizeof *out);
	compare_sel(rd, &refs[1], t, NAN, REF_PLACE_UNSTATED, &out->b);
	compare_sel(rd, &refs[0], t, out->b.value, out->b.placement, &out->a);
	out->cyc_a = out->a.found
	    ? compare_ref_cycles(rd, out->a.machine, t, out->a.value)
	    : NAN;
	out->cyc_b = out->b.found
	    ? compare_ref_cycles(rd, out->b.machine, t, out->b.value)
	    : NAN;
	out->b_vs_a = out->cost_b_vs_a = out->cyc_b_vs_a = NAN;
	out->why = pair_why(refs, out);
	if (out->why != COMPARE_PAIR_SHOWN || !(out->a.ratio > 0))
		return;
	out->cost_b_vs_a = 1.0 / out->a.ratio;
	if (out->cyc_a > 0 && out->cyc_b > 0)
		out->cyc_b_vs_a = out->cyc_b / out->cyc_a;
	/* The story's number: B's cycles over A's, else B's time. */
	out->b_vs_a =
	    isfinite(out->cyc_b_vs_a) ? out->cyc_b_vs_a : out->cost_b_vs_a;
}

/* Where a reference figure's parties ran, in words. */
static const char *
place_words(int placement)
{
	if (placement == REF_PLACE_UNSTATED)
		return "not stated";
	return placement == BENCH_PLACE_SAME ? "on one CPU" : "spread";
}

/* The source document of an origin, as the reasons name it. */
static const char *
origin_document(enum bench_origin o)
{
	switch (o) {
	case BENCH_ORIGIN_BYTE:
		return "the BYTE 3.11 runs";
	case BENCH_ORIGIN_LMBENCH:
		return "the lmbench 2.0 summary";
	case BENCH_ORIGIN_CTXBENCH:
		return "the ctxbench runs";
	case BENCH_ORIGIN_BSD:
		return "the FreeBSD thread";
	default:
		return "the data";
	}
}

/* Has a machine of class `s` a figure of any test of t's origin? */
static int
class_in_origin(const struct refdata *rd, const struct refsel *s,
    const struct bench_test *t)
{
	size_t plen = strcspn(t->id, ".") + 1;

	if (s->kind != REFSEL_CLASS)
		return 0;
	for (size_t i = 0; i < rd->nresults; i++)
		if (strncmp(rd->results[i].test, t->id, plen) == 0 &&
		    strcmp(rd->machines[rd->results[i].machine].class_id,
		        s->class_id) == 0)
			return 1;
	return 0;
}

/* "no netburst machine in the lmbench 2.0 summary: doug... stands in";
 * where the source has one, but not for this test, it says so. */
static void
stand_in_text(const struct refdata *rd, const struct refsel refs[2],
    const struct bench_test *t, const struct compare_pair *p, char *buf,
    size_t size)
{
	int both = p->a.stand_in && p->b.stand_in;
	const struct compare_ref *c = p->b.stand_in ? &p->b : &p->a;

	if (both && p->a.machine == p->b.machine)
		(void)snprintf(buf, size,
		    "no %s or %s machine in %s: %s stands in for both",
		    ref_select_name(rd, &refs[0]),
		    ref_select_name(rd, &refs[1]), origin_document(t->origin),
		    rd->machines[c->machine].id);
	else if (class_in_origin(rd, p->b.stand_in ? &refs[1] : &refs[0], t))
		(void)snprintf(buf, size,
		    "no %s machine in %s measured %s: %s stands in",
		    ref_select_name(rd, p->b.stand_in ? &refs[1] : &refs[0]),
		    origin_document(t->origin), t->id,
		    rd->machines[c->machine].id);
	else
		(void)snprintf(buf, size, "no %s machine in %s: %s stands in",
		    ref_select_name(rd, p->b.stand_in ? &refs[1] : &refs[0]),
		    origin_document(t->origin), rd->machines[c->machine].id);
}

const char *
compare_pair_why_text(const struct refdata *rd, const struct refsel refs[2],
    const struct bench_test *t, const struct compare_pair *p, char *buf,
    size_t size)
{
	buf[0] = '\0';
	if (p->why == COMPARE_PAIR_NO_B)
		(void)snprintf(buf, size, "no reference B (R: choose one)");
	else if (p->why == COMPARE_PAIR_NO_FIGURE)
		(void)snprintf(buf, size, "%s has no figure for %s",
		    ref_select_name(rd, !p->a.found ? &refs[0] : &refs[1]),
		    t->id);
	else if (p->why == COMPARE_PAIR_NOT_COMPARABLE)
		(void)snprintf(buf, size, "not comparable: definition changed");
	else if (p->a.stand_in || p->b.stand_in)
		stand_in_text(rd, refs, t, p, buf, size);
	else if (p->why == COMPARE_PAIR_PLACEMENT)
		(void)snprintf(buf, size, "%s: %s %s, %s %s",
		    compare_place_text(p->a.place),
		    rd->machines[p->a.machine].id, place_words(p->a.placement),
		    rd->machines[p->b.machine].id, place_words(p->b.placement));
	else if (p->why == COMPARE_PAIR_SAME_MACHINE)
		(void)snprintf(buf, size,
		    "%s serves both: one machine against itself",
		    rd->machines[p->a.machine].id);
	return buf;
}

double
compare_b_vs_a(const struct refdata *rd, const struct refsel refs[2],
    const struct bench_test *t)
{
	struct compare_pair p;

	compare_pair(rd, refs, t, &p);
	return p.b_vs_a;
}

double
compare_per_mhz(double value, double core_hz)
{
	return core_hz > 0 ? value / (core_hz / 1e6) : NAN;
}

/* Where --ref's profile is: a path as given, else NAME.tsv in the
 * profile directory; "" when neither exists. */
static void
profile_path(const char *ref_opt, char *path, size_t size)
{
	char dir[4096];

	if (strchr(ref_opt, '/') != NULL || access(ref_opt, F_OK) == 0)
		(void)snprintf(path, size, "%s%s",
		    strchr(ref_opt, '/') ? "" : "./", ref_opt);
	else if (ref_data_profile_dir(dir, sizeof dir) == 0)
		(void)snprintf(path, size, "%s/%s.tsv", dir, ref_opt);
	else
		path[0] = '\0';
	if (path[0] != '\0' && access(path, F_OK) != 0)
		path[0] = '\0';
}

/* One word of --ref: a class or machine id, else a profile (its first
 * machine). */
static int
choose_ref(struct refdata *rd, const char *ref_opt, struct refsel *ref,
    char *err, size_t errsize)
{
	size_t before = rd->nmachines;
	char path[4200];

	if (ref_select_parse(rd, ref_opt, ref) == 0)
		return 0;
	profile_path(ref_opt, path, sizeof path);
	if (path[0] == '\0') {
		(void)snprintf(err, errsize,
		    "--ref: no class, machine or profile '%.64s' (see "
		    "--identify)",
		    ref_opt);
		return -2;
	}
	if (ref_data_load_profile(rd, path, err, errsize) != 0)
		return -1;
	if (rd->nmachines == before) {
		(void)snprintf(err, errsize,
		    "--ref: '%.64s' has no machine row", path);
		return -1;
	}
	ref->kind = REFSEL_MACHINE;
	ref->machine = before; /* the profile's first machine */
	return 0;
}

/* "A" or "A,B": each word chosen as above; a third is refused. */
static int
choose_refs(struct refdata *rd, const char *ref_opt,
    struct refsel refs[COMPARE_REFS], char *err, size_t errsize)
{
	const char *comma = strchr(ref_opt, ',');
	char first[4096];
	int rc;

	if (comma == NULL)
		return choose_ref(rd, ref_opt, &refs[0], err, errsize);
	if (strchr(comma + 1, ',') != NULL || comma == ref_opt ||
	    comma[1] == '\0' || (size_t)(comma - ref_opt) >= sizeof first) {
		(void)snprintf(err, errsize,
		    "--ref: bad value '%.64s' (expected A or A,B)", ref_opt);
		return -2;
	}
	(void)snprintf(first, sizeof first, "%.*s", (int)(comma - ref_opt),
	    ref_opt);
	if ((rc = choose_ref(rd, first, &refs[0], err, errsize)) != 0)
		return rc;
	return choose_ref(rd, comma + 1, &refs[1], err, errsize);
}

int
compare_load(struct refdata *rd, const char *data_opt, const char *ref_opt,
    const char *class_id, struct refsel refs[COMPARE_REFS], char *err,
    size_t errsize)
{
	const char *dir = ref_data_dir(data_opt);
	char probe[4200];

	memset(refs, 0, COMPARE_REFS * sizeof refs[0]);
	(void)snprintf(probe, sizeof probe, "%s/machines.tsv", dir);
	/* No data at all is not an error unless asked for explicitly. */
	if (access(probe, R_OK) != 0 && data_opt == NULL && ref_opt == NULL)
		return 0;
	if (ref_data_load_dir(rd, dir, err, errsize) != 0)
		return -1;
	if (ref_opt != NULL)
		return choose_refs(rd, ref_opt, refs, err, errsize);
	ref_select_default(rd, class_id, &refs[0]);
	return 0;
}
