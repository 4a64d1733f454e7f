/*
 * ref-select.c: references as classes or machines, and which machine serves
 * which test.
 */

#include "config.h"

#include "ref-select.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bench-registry.h"
#include "bench.h"
#include "ref-data-find.h"

#define KIN_MAX 6

/*
 * Each class and its kin, nearest first: the P6 line runs on into Core,
 * the K7 and the P6 were rivals of one era, NetBurst met the K8, and Zen
 * is nearest Core. The order of this table is the order r steps through.
 */
static const struct kinship {
	const char *id;
	const char *kin[KIN_MAX];
} kinship[] = {
	{ "p5", { "p6", "k7", "netburst", "k8", "core", "zen" } },
	{ "p6", { "k7", "core", "p5", "netburst", "k8", "zen" } },
	{ "netburst", { "k8", "p6", "k7", "core", "zen", "p5" } },
	{ "k7", { "p6", "k8", "netburst", "p5", "core", "zen" } },
	{ "k8", { "k7", "netburst", "core", "p6", "zen", "p5" } },
	{ "core", { "zen", "p6", "k8", "netburst", "k7", "p5" } },
	{ "zen", { "core", "k8", "k7", "netburst", "p6", "p5" } },
};

#define NKINSHIP (sizeof kinship / sizeof kinship[0])

const char *const ref_select_class_ids[] = { "p5", "p6", "netburst", "k7", "k8",
	"core", "zen", NULL };

/* A machine's unstated CPU ranks after its kin, before the unrelated. */
#define RANK_UNSTATED  (KIN_MAX + 1)
#define RANK_UNRELATED (KIN_MAX + 2)

/* How near a machine of class `have` is to class `want`: 0 is the same. */
static int
kin_rank(const char *want, const char *have)
{
	if (strcmp(want, have) == 0)
		return 0;
	if (strcmp(have, "unknown") == 0)
		return RANK_UNSTATED;
	for (size_t i = 0; i < NKINSHIP; i++) {
		if (strcmp(kinship[i].id, want) != 0)
			continue;
		for (int k = 0; k < KIN_MAX; k++)
			if (strcmp(kinship[i].kin[k], have) == 0)
				return 1 + k;
	}
	return RANK_UNRELATED;
}

/* A figure the comparison can use: the result, or ctxbench's average. */
static int
usable_stat(enum ref_stat s)
{
	return s == REF_RESULT || s == REF_AVERAGE;
}

/*
 * How representative a machine's run is of its CPU, lower first: a run on
 * a stable kernel (Linux 2.4, an even minor) before one on a development
 * kernel (2.5: the lmbench summary's first 2.5.65 run reads stat and
 * open/close eight times 2.4.19's on the same host), and a UP kernel
 * before an SMP one (the SMP kernel's bus-locked instructions are the
 * FreeBSD thread's subject, not the CPU's own cost).
 */
static int
kernel_rank(const char *kernel)
{
	const char *smp = strstr(kernel, "SMP");
	int major, minor;

	if (smp != NULL && (smp == kernel || smp[-1] != '!'))
		return 1;
	if (sscanf(kernel, "%d.%d", &major, &minor) == 2 && major == 2)
		return minor % 2;
	return 0;
}

/* Of two stable runs, the newer kernel: "2.4.20" after "2.4.18-5". */
static long
kernel_version(const char *kernel)
{
	int major = 0, minor = 0, patch = 0;

	if (sscanf(kernel, "%d.%d.%d", &major, &minor, &patch) < 2)
		return 0;
	return (long)major * 1000000L + minor * 1000L + patch;
}

/* <0: machine a represents the class better than b (same kin rank). */
static int
representative_cmp(const struct refdata *rd, size_t a, size_t b)
{
	const char *ka = rd->machines[a].kernel, *kb = rd->machines[b].kernel;
	long va, vb;

	if (kernel_rank(ka) != kernel_rank(kb))
		return kernel_rank(ka) - kernel_rank(kb);
	va = kernel_version(ka);
	vb = kernel_version(kb);
	if (va != vb)
		return va > vb ? -1 : 1;
	return a < b ? -1 : a > b; /* then the first listed */
}

const char ref_select_rule[] =
    "of a class's nearest machines: the stable kernel's run (2.4 over "
    "2.5), UP over SMP, the newest";

size_t
ref_select_machine_for(const struct refdata *rd, const struct refsel *s,
    const char *test, int *stand_in)
{
	size_t best = SIZE_MAX;
	int best_rank = RANK_UNRELATED + 1;

	if (stand_in != NULL)
		*stand_in = 0;
	if (rd == NULL || s->kind == REFSEL_NONE)
		return SIZE_MAX;
	if (s->kind == REFSEL_MACHINE)
		return s->machine < rd->nmachines ? s->machine : SIZE_MAX;
	for (size_t i = 0; i < rd->nresults; i++) {
		const struct ref_result *r = &rd->results[i];
		int rank;

		if (!usable_stat(r->stat) || strcmp(r->test, test) != 0)
			continue;
		rank = kin_rank(s->class_id, rd->machines[r->machine].class_id);
		if (rank < best_rank ||
		    (rank == best_rank &&
		        representative_cmp(rd, r->machine, best) < 0)) {
			best = r->machine;
			best_rank = rank;
		}
	}
	if (stand_in != NULL)
		*stand_in = best != SIZE_MAX && best_rank > 0;
	return best;
}

static int
is_class_id(const char *word)
{
	for (size_t i = 0; ref_select_class_ids[i] != NULL; i++)
		if (strcmp(word, ref_select_class_ids[i]) == 0)
			return 1;
	return 0;
}

static int
data_has_class(const struct refdata *rd, const char *class_id)
{
	for (size_t i = 0; rd != NULL && i < rd->nmachines; i++)
		if (strcmp(rd->machines[i].class_id, class_id) == 0)
			return 1;
	return 0;
}

int
ref_select_parse(const struct refdata *rd, const char *word, struct refsel *out)
{
	memset(out, 0, sizeof *out);
	if (is_class_id(word)) {
		out->kind = REFSEL_CLASS;
		(void)snprintf(out->class_id, sizeof out->class_id, "%s", word);
		return 0;
	}
	if (rd == NULL ||
	    (out->machine = ref_data_find_machine_index(rd, word)) == SIZE_MAX)
		return -1;
	out->kind = REFSEL_MACHINE;
	return 0;
}

void
ref_select_default(const struct refdata *rd, const char *class_id,
    struct refsel *out)
{
	memset(out, 0, sizeof *out);
	if (rd == NULL || rd->nmachines == 0)
		return;
	out->kind = REFSEL_CLASS;
	(void)snprintf(out->class_id, sizeof out->class_id, "%s",
	    class_id != NULL && is_class_id(class_id) &&
	            data_has_class(rd, class_id)
	        ? class_id
	        : "p6");
}

/* The position of `s` in r's round: classes of the data, then machines. */
static size_t
round_position(const struct refdata *rd, const struct refsel *s,
    size_t nclasses, const char **classes)
{
	if (s->kind == REFSEL_MACHINE)
		return nclasses + s->machine;
	for (size_t i = 0; s->kind == REFSEL_CLASS && i < nclasses; i++)
		if (strcmp(classes[i], s->class_id) == 0)
			return i;
	return nclasses + rd->nmachines; /* none, or a class not in the data */
}

void
ref_select_next(const struct refdata *rd, struct refsel *s, int none_too)
{
	const char *classes[NKINSHIP];
	size_t n = 0, pos, total;

	if (rd == NULL || rd->nmachines == 0)
		return;
	for (size_t i = 0; i < NKINSHIP; i++)
		if (data_has_class(rd, kinship[i].id))
			classes[n++] = kinship[i].id;
	total = n + rd->nmachines + (none_too != 0);
	pos = round_position(rd, s, n, classes);
	pos = pos + 1 < total ? pos + 1 : 0;
	memset(s, 0, sizeof *s);
	if (pos < n) {
		s->kind = REFSEL_CLASS;
		(void)snprintf(s->class_id, sizeof s->class_id, "%s",
		    classes[pos]);
	} else if (pos < n + rd->nmachines) {
		s->kind = REFSEL_MACHINE;
		s->machine = pos - n;
	}
}

const char *
ref_select_name(const struct refdata *rd, const struct refsel *s)
{
	if (s->kind == REFSEL_CLASS)
		return s->class_id;
	if (s->kind == REFSEL_MACHINE && rd != NULL &&
	    s->machine < rd->nmachines)
		return rd->machines[s->machine].id;
	return "none";
}

/* Per origin: the machine serving most of its tests, and how many more. */
struct origin_tally {
	size_t machine[64];
	size_t tests[64];
	int stand_in[64];
	size_t n;
};

static void
tally_add(struct origin_tally *t, size_t m, int stand_in)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->machine[i] == m) {
			t->tests[i]++;
			return;
		}
	if (t->n == 64)
		return;
	t->machine[t->n] = m;
	t->tests[t->n] = 1;
	t->stand_in[t->n++] = stand_in;
}

static size_t
tally_main(const struct origin_tally *t)
{
	size_t best = 0;

	for (size_t i = 1; i < t->n; i++)
		if (t->tests[i] > t->tests[best])
			best = i;
	return best;
}

void
ref_select_describe(const struct refdata *rd, const struct refsel *s, char *buf,
    size_t size)
{
	const struct bench_test *t;
	size_t len = 0;

	buf[0] = '\0';
	if (s->kind == REFSEL_MACHINE && rd != NULL &&
	    s->machine < rd->nmachines) {
		(void)snprintf(buf, size, "%s", rd->machines[s->machine].label);
		return;
	}
	for (int o = 0; s->kind == REFSEL_CLASS && o < BENCH_ORIGIN_COUNT;
	     o++) {
		struct origin_tally tally = { .n = 0 };
		size_t main;

		for (size_t i = 0; (t = registry_at(i)) != NULL; i++) {
			int stand_in;
			size_t m;

			if ((int)t->origin != o ||
			    (m = ref_select_machine_for(rd, s, t->id,
			         &stand_in)) == SIZE_MAX)
				continue;
			tally_add(&tally, m, stand_in);
		}
		if (tally.n == 0 || len + 1 >= size)
			continue;
		main = tally_main(&tally);
		len += (size_t)snprintf(buf + len, size - len, "%s%s %s%s",
		    len ? ", " : "", bench_origin_name((enum bench_origin)o),
		    rd->machines[tally.machine[main]].id,
		    tally.stand_in[main] ? "~" : "");
		if (tally.n > 1 && len + 1 < size)
			len += (size_t)snprintf(buf + len, size - len, "+%zu",
			    tally.n - 1);
		if (len >= size)
			len = size - 1; /* cut short: the rest is lost */
	}
}
