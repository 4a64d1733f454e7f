/*
 * machine-identify.c: the --identify report. The CPU's fields come from
 * machine-cpu-detect.c (which alone knows libcpuid) and its class from
 * machine-cpu.c; the reference machines of the same class from the id and class
 * columns of data/machines.tsv.
 */

#include "config.h"

#include "machine-identify.h"

#include "machine-context.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINE 1024

/* One TSV file being read, for "file:line" messages. */
struct tsv {
	FILE *f;
	const char *path;
	int lineno;
	char line[MAX_LINE];
};

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

void
identify_print_cpu(FILE *out, const struct cpu_id *id)
{
	print_text(out, "vendor", id->vendor, "unknown");
	print_number(out, "family", id->family);
	print_number(out, "model", id->model);
	fprintf(out, "stepping: %d\n", id->stepping);
	print_number(out, "ext_family", id->ext_family);
	print_number(out, "ext_model", id->ext_model);
	print_text(out, "brand", id->brand, "(none)");
	print_text(out, "codename", id->codename, "unknown");
	print_count(out, "cores", id->cores);
	print_count(out, "logical", id->logical);
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
}

/* Field `col` (from 0) of a tab-separated line; -1 if the line is shorter. */
static int
field_at(const char *line, int col, char *buf, size_t size)
{
	const char *p = line;
	size_t w;

	for (; col > 0; col--) {
		p += strcspn(p, "\t\r\n");
		if (*p != '\t')
			return -1;
		p++;
	}
	w = strcspn(p, "\t\r\n");
	(void)snprintf(buf, size, "%.*s", (int)w, p);
	return 0;
}

/* The column named `name` in a header line, or -1. */
static int
column_of(const char *header, const char *name)
{
	char buf[64];
	int col;

	for (col = 0; field_at(header, col, buf, sizeof buf) == 0; col++)
		if (strcmp(buf, name) == 0)
			return col;
	return -1;
}

/* The next line that is neither blank nor a '#' comment: 1, 0 at the end,
 * -1 with a message in err. */
static int
tsv_next(struct tsv *t, char *err, size_t errsize)
{
	while (fgets(t->line, sizeof t->line, t->f) != NULL) {
		t->lineno++;
		if (strchr(t->line, '\n') == NULL && !feof(t->f)) {
			(void)snprintf(err, errsize, "%s:%d: line too long",
			    t->path, t->lineno);
			return -1;
		}
		if (t->line[0] != '#' && t->line[strspn(t->line, " \t\r\n")])
			return 1;
	}
	return 0;
}

/* The header's id and class columns. */
static int
read_header(struct tsv *t, int *id_col, int *class_col, char *err,
    size_t errsize)
{
	int rc = tsv_next(t, err, errsize);

	if (rc <= 0) {
		if (rc == 0)
			(void)snprintf(err, errsize, "%s: no header line",
			    t->path);
		return -1;
	}
	*id_col = column_of(t->line, "id");
	*class_col = column_of(t->line, "class");
	if (*id_col < 0 || *class_col < 0) {
		(void)snprintf(err, errsize,
		    "%s:%d: the header has no '%s' column", t->path, t->lineno,
		    *id_col < 0 ? "id" : "class");
		return -1;
	}
	return 0;
}

/* Append to `list` the id of every row of class `class_id`. */
static int
collect_ids(struct tsv *t, const char *class_id, FILE *list, char *err,
    size_t errsize)
{
	char id[MAX_LINE], cls[MAX_LINE];
	int id_col, class_col, rc;

	if (read_header(t, &id_col, &class_col, err, errsize) != 0)
		return -1;
	while ((rc = tsv_next(t, err, errsize)) > 0) {
		if (field_at(t->line, id_col, id, sizeof id) != 0 ||
		    field_at(t->line, class_col, cls, sizeof cls) != 0) {
			(void)snprintf(err, errsize,
			    "%s:%d: fewer columns than the header", t->path,
			    t->lineno);
			return -1;
		}
		if (strcmp(cls, class_id) == 0)
			fprintf(list, " %s", id);
	}
	return rc;
}

/* The ids of class_id's rows as " a b c" in *ids (malloc'd). */
static int
machines_of_class(const char *path, const char *class_id, char **ids, char *err,
    size_t errsize)
{
	struct tsv t = { .path = path };
	size_t len;
	FILE *list;
	int rc;

	*ids = NULL;
	if ((t.f = fopen(path, "r")) == NULL) {
		(void)snprintf(err, errsize, "%s: cannot open: %s", path,
		    strerror(errno));
		return -1;
	}
	if ((list = open_memstream(ids, &len)) == NULL) {
		(void)snprintf(err, errsize, "out of memory");
		(void)fclose(t.f);
		return -1;
	}
	rc = collect_ids(&t, class_id, list, err, errsize);
	(void)fclose(list);
	(void)fclose(t.f);
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

	if (dump_path == NULL)
		cpu_detect(&id);
	else if (cpu_read_dump(dump_path, &id, err, errsize) != 0)
		return -1;
	identify_print_cpu(out, &id);
	if (dump_path == NULL) {
		/* The shares since boot: /proc/stat's counters start at 0. */
		struct machine_context ctx = { .times = { .valid = 1 } };

		context_read(&ctx, "/");
		context_print(out, &ctx, "since boot");
	}
	return identify_print_machines(out, id.cls.id, machines_tsv, err,
	    errsize);
}
