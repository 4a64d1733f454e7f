/*
 * machine-identify.c: the --identify report. The CPU's fields come from
 * machine-cpu-detect.c (which alone knows libcpuid) and its class from
 * machine-cpu.c; the reference machines of the same class from the id and class
 * columns of data/machines.tsv.
 */

#include "config.h"

#include "machine-identify.h"

#include "machine.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base-tsv.h"
#include "machine-context-read.h"
#include "machine-context.h"
#include "machine-cpu-detect.h"
#include "machine-file.h"

static void
print_text(FILE *out, const char *key, const char *value, const char *none)
{
	fprintf(out, "%s: %s\n", key, value[0] != '\0' ? value : none);
}

/* Family and model in decimal, as /proc/cpuinfo, and in hex, as Intel's
 * and AMD's documents (06_5EH, family 19h) write them. */
static void
print_number(FILE *out, const char *key, int value)
{
	fprintf(out, "%s: %d (0x%x)\n", key, value, (unsigned)value);
}

static void
print_count(FILE *out, const char *key, int n)
{
	if (n > 0)
		fprintf(out, "%s: %d\n", key, n);
	else
		fprintf(out, "%s: unknown\n", key);
}

/* Caches in KiB: -1 unknown, 0 absent (libcpuid's convention). */
static void
print_cache(FILE *out, const char *key, int kib)
{
	if (kib > 0)
		fprintf(out, "%s: %d KiB\n", key, kib);
	else
		fprintf(out, "%s: %s\n", key, kib == 0 ? "none" : "unknown");
}

/*
 * Codenames libcpuid gives that name one of benchtop's generations
 * without spelling it: the Zen generations' parts and the Xeon of the
 * Northwood core. '|' separates them.
 */
static const struct {
	const char *generation;
	const char *codenames;
} generation_codenames[] = {
	{ "Zen",
	    "Summit Ridge|Naples|Raven Ridge|Whitehaven|Snowy Owl|Dali|"
	    "Pinnacle Ridge|Picasso|Colfax" },
	{ "Zen 2", "Matisse|Rome|Renoir|Lucienne|Castle Peak|Van Gogh" },
	{ "Zen 3", "Vermeer|Milan|Cezanne|Barcelo|Rembrandt|Chagall" },
	{ "Zen 4",
	    "Raphael|Genoa|Phoenix|Dragon Range|Storm Peak|Bergamo|"
	    "Siena|Hawk Point" },
	{ "Zen 5",
	    "Granite Ridge|Turin|Strix|Fire Range|Shimada Peak|"
	    "Krackan" },
	{ "Northwood", "Gallatin|Prestonia" },
};

/* Whether `text` holds `word` (len bytes) not followed by more of a
 * name: "Zen" is not in "Zen 2", "Rome" is in "EPYC (Rome)". */
static int
holds_word(const char *text, const char *word, size_t len)
{
	for (const char *p = text; (p = strstr(p, word)) != NULL; p++) {
		const char *end = p;

		end += len;
		if (!isalnum((unsigned char)*end) &&
		    !(*end == ' ' && isdigit((unsigned char)end[1])))
			return 1;
	}
	return 0;
}

/* Whether one of the `sep`-separated words of `list` is in `text`. */
static int
holds_one_of(const char *text, const char *list, char sep)
{
	char word[64];

	while (*list != '\0') {
		size_t n = strcspn(list, sep == '/' ? "/" : "|");

		(void)snprintf(word, sizeof word, "%.*s", (int)n, list);
		if (n > 0 && holds_word(text, word, strlen(word)))
			return 1;
		list += n + (list[n] == sep);
	}
	return 0;
}

int
identify_codename_confirmed(const struct cpu_id *id)
{
	const char *gen = id->cls.generation;

	if (id->codename[0] == '\0' || gen[0] == '\0')
		return 1; /* nothing to contradict it */
	if (holds_one_of(id->codename, gen, '/'))
		return 1;
	for (size_t i = 0;
	     i < sizeof generation_codenames / sizeof generation_codenames[0];
	     i++)
		if (strcmp(gen, generation_codenames[i].generation) == 0 &&
		    holds_one_of(id->codename,
		        generation_codenames[i].codenames, '|'))
			return 1;
	return 0;
}

/* A file of one integer; -1 when it cannot be read. */
static int
read_int(const char *path)
{
	char line[32], *end;
	long v;

	if (machine_file_read_line(NULL, path, line, sizeof line) != 0)
		return -1;
	v = strtol(line, &end, 10);
	return end != line && v >= 0 && v <= 1 << 30 ? (int)v : -1;
}

/* The online CPUs of the kernel's list ("0-3,8") into on[]; count. */
static int
online_cpus(const char *cpu_dir, unsigned char *on, int max)
{
	char path[4200], list[1024];
	int n = 0, lo, hi, k;
	const char *p = list;

	(void)snprintf(path, sizeof path, "%s/online", cpu_dir);
	if (machine_file_read_line(NULL, path, list, sizeof list) != 0)
		return -1;
	while (sscanf(p, "%d%n", &lo, &k) == 1) {
		hi = lo;
		p += k;
		if (*p == '-' && sscanf(p + 1, "%d%n", &hi, &k) == 1)
			p += k + 1;
		for (int c = lo; c <= hi && c < max && c >= 0; c++) {
			n += !on[c];
			on[c] = 1;
		}
		if (*p != ',')
			break;
		p++;
	}
	return n > 0 ? n : -1;
}

#define KERNEL_MAX_CPUS 4096

int
identify_kernel_counts(const char *cpu_dir, int *cores, int *logical)
{
	unsigned char on[KERNEL_MAX_CPUS] = { 0 };
	unsigned char core_seen[KERNEL_MAX_CPUS] = { 0 };
	char path[4200];
	int package = -1;

	*cores = *logical = 0;
	if (online_cpus(cpu_dir, on, KERNEL_MAX_CPUS) < 0)
		return -1;
	/* Per package, as CPUID counts: the first online CPU's package. */
	for (int c = 0; c < KERNEL_MAX_CPUS; c++) {
		int pkg, core;

		if (!on[c])
			continue;
		(void)snprintf(path, sizeof path,
		    "%s/cpu%d/topology/physical_package_id", cpu_dir, c);
		pkg = read_int(path);
		(void)snprintf(path, sizeof path, "%s/cpu%d/topology/core_id",
		    cpu_dir, c);
		core = read_int(path);
		if (pkg < 0 || core < 0 || core >= KERNEL_MAX_CPUS)
			return -1;
		if (package < 0)
			package = pkg;
		if (pkg != package)
			continue;
		++*logical;
		*cores += !core_seen[core];
		core_seen[core] = 1;
	}
	return 0;
}

/* Where the cache sizes come from: cpuid, sysfs, hypervisor or none. */
static const char *
caches_from(const struct cpu_id *id)
{
	if (id->l1d_kib < 0 && id->l2_kib < 0 && id->l3_kib < 0)
		return "none";
	if (id->hypervisor)
		return "hypervisor (its CPUID leaves: a template's or the "
		       "host's sizes, not this guest's share)";
	return strcmp(id->source, "cpuinfo") == 0 ? "sysfs" : "cpuid";
}

/* Where the core counts come from: kernel, cpuid, cpuinfo, hypervisor
 * or none. */
static const char *
counts_from(const struct cpu_id *id, int kernel)
{
	if (kernel)
		return id->hypervisor
		    ? "kernel (the vCPUs the hypervisor gives)"
		    : "kernel";
	if (id->cores <= 0 && id->logical <= 0)
		return "none";
	if (id->hypervisor)
		return "hypervisor (its CPUID leaves, not this guest's vCPUs)";
	return strcmp(id->source, "cpuinfo") == 0 ? "cpuinfo" : "cpuid";
}

/* What the identification trusts, and what contradicts what. */
static void
print_trust(FILE *out, const struct cpu_id *id, int kernel)
{
	print_text(out, "generation_from", id->generation_from, "none");
	print_text(out, "doubts", id->doubts, "none");
	fprintf(out, "caches_from: %s\n", caches_from(id));
	fprintf(out, "counts_from: %s\n", counts_from(id, kernel));
}

/*
 * The report's fields. Where libcpuid's figures meet something that
 * contradicts them (benchtop's own table of families, the kernel's CPU
 * list), they are left out and said so: a codename from a table older
 * than the CPU, a VM's synthetic topology. kcores and klogical: the
 * kernel's counts per package, 0 when there are none (a dump).
 */
static void
print_fields(FILE *out, const struct cpu_id *id, int kcores, int klogical)
{
	int confirmed = identify_codename_confirmed(id);
	int kernel = kcores > 0 && klogical > 0;
	int counts_differ =
	    kernel && (id->cores != kcores || id->logical != klogical);

	print_text(out, "vendor", id->vendor, "unknown");
	print_number(out, "family", id->family);
	print_number(out, "model", id->model);
	fprintf(out, "stepping: %d\n", id->stepping);
	print_number(out, "ext_family", id->ext_family);
	print_number(out, "ext_model", id->ext_model);
	print_text(out, "brand", id->brand, "(none)");
	print_text(out, "codename", confirmed ? id->codename : "", "unknown");
	print_count(out, "cores", kernel ? kcores : id->cores);
	print_count(out, "logical", kernel ? klogical : id->logical);
	print_cache(out, "l1d_cache", id->l1d_kib);
	print_cache(out, "l2_cache", id->l2_kib);
	print_cache(out, "l3_cache", id->l3_kib);
	fprintf(out, "hypervisor: %s\n",
	    id->hypervisor ? "yes (CPUID may be synthetic)" : "no");
	fprintf(out, "class: %s\n", id->cls.id);
	print_text(out, "generation", id->cls.generation, "unknown");
	fprintf(out, "server: %s\n", id->cls.server ? "yes" : "no");
	fprintf(out, "name: %s\n", id->cls.name);
	print_text(out, "source", id->source, "none");
	print_trust(out, id, kernel);
	fprintf(out,
	    "from: vendor to brand, codename and caches: %s; cores and "
	    "logical: %s; class to name: benchtop's table of families and "
	    "models\n",
	    id->source[0] ? id->source : "none",
	    kernel ? "the kernel's CPU list (online, topology), per package"
	        : id->source[0] ? id->source
	                        : "none");
	if (!confirmed)
		fprintf(out,
		    "left out: %s's codename '%s': benchtop's table makes "
		    "this %s\n",
		    id->source, id->codename, id->cls.generation);
	if (counts_differ)
		fprintf(out,
		    "left out: %s's cores %d, logical %d: the kernel's CPU "
		    "list has %d and %d\n",
		    id->source, id->cores, id->logical, kcores, klogical);
}

void
identify_print_cpu(FILE *out, const struct cpu_id *id)
{
	print_fields(out, id, 0, 0);
}

/* The next row, or -1 with "file:line: why" in err. */
static int
next_row(struct tsv *t, const char *path, char *err, size_t errsize)
{
	int rc = tsv_next(t);

	if (rc < 0)
		(void)snprintf(err, errsize, "%s:%zu: %s", path, t->line,
		    t->error);
	return rc;
}

/* The header's id and class columns. */
static int
read_header(struct tsv *t, const char *path, int *id_col, int *class_col,
    char *err, size_t errsize)
{
	int rc = next_row(t, path, err, errsize);

	if (rc <= 0) {
		if (rc == 0)
			(void)snprintf(err, errsize, "%s: no header line",
			    path);
		return -1;
	}
	*id_col = tsv_column(t, "id");
	*class_col = tsv_column(t, "class");
	if (*id_col < 0 || *class_col < 0) {
		(void)snprintf(err, errsize,
		    "%s:%zu: the header has no '%s' column", path, t->line,
		    *id_col < 0 ? "id" : "class");
		return -1;
	}
	return 0;
}

/* Append to `list` the id of every row of class `class_id`. */
static int
collect_ids(struct tsv *t, const char *path, const char *class_id, FILE *list,
    char *err, size_t errsize)
{
	int id_col, class_col, rc;

	if (read_header(t, path, &id_col, &class_col, err, errsize) != 0)
		return -1;
	while ((rc = next_row(t, path, err, errsize)) > 0) {
		if ((size_t)id_col >= t->n || (size_t)class_col >= t->n) {
			(void)snprintf(err, errsize,
			    "%s:%zu: fewer columns than the header", path,
			    t->line);
			return -1;
		}
		if (strcmp(t->field[class_col], class_id) == 0)
			fprintf(list, " %s", t->field[id_col]);
	}
	return rc;
}

/* The ids of class_id's rows as " a b c" in *ids (malloc'd). */
static int
machines_of_class(const char *path, const char *class_id, char **ids, char *err,
    size_t errsize)
{
	struct tsv t;
	size_t len;
	FILE *f, *list;
	int rc;

	*ids = NULL;
	if ((f = fopen(path, "r")) == NULL) {
		(void)snprintf(err, errsize, "%s: cannot open: %s", path,
		    strerror(errno));
		return -1;
	}
	if ((list = open_memstream(ids, &len)) == NULL) {
		(void)snprintf(err, errsize, "out of memory");
		(void)fclose(f);
		return -1;
	}
	tsv_open(&t, f);
	rc = collect_ids(&t, path, class_id, list, err, errsize);
	tsv_close(&t);
	(void)fclose(list);
	(void)fclose(f);
	return rc;
}

int
identify_print_machines(FILE *out, const char *class_id,
    const char *machines_tsv, char *err, size_t errsize)
{
	char *ids;

	if (machines_tsv == NULL) {
		fputs("reference machines: (no data)\n", out);
		return 0;
	}
	/* An unknown CPU is not "the same class" as an unknown machine. */
	if (strcmp(class_id, "unknown") == 0) {
		fputs("reference machines: (none: the class is unknown)\n",
		    out);
		return 0;
	}
	if (machines_of_class(machines_tsv, class_id, &ids, err, errsize) !=
	    0) {
		free(ids);
		return -1;
	}
	if (ids[0] != '\0')
		fprintf(out, "reference machines:%s\n", ids);
	else
		fprintf(out, "reference machines: (none of class %s)\n",
		    class_id);
	free(ids);
	return 0;
}

int
identify_print(FILE *out, const char *dump_path, const char *machines_tsv,
    char *err, size_t errsize)
{
	struct cpu_id id;
	int kcores = 0, klogical = 0;

	if (dump_path == NULL) {
		cpu_detect(&id);
		if (identify_kernel_counts("/sys/devices/system/cpu", &kcores,
		        &klogical) != 0)
			kcores = klogical = 0;
	} else if (cpu_detect_read_dump(dump_path, &id, err, errsize) != 0)
		return -1;
	print_fields(out, &id, kcores, klogical);
	if (dump_path == NULL) {
		/* The shares since boot: /proc/stat's counters start at 0. */
		struct machine_context ctx = { .times = { .valid = 1 } };

		struct cycles_info clock;

		context_read(&ctx, "/");
		context_print(out, &ctx, "since boot");
		machine_clock_measure(&clock, id.brand);
		machine_clock_print(out, &clock);
	}
	return identify_print_machines(out, id.cls.id, machines_tsv, err,
	    errsize);
}
