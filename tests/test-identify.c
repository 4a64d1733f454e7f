/*
 * test-identify.c: --identify. The project's raw-dump fixtures
 * (tests/fixtures/cpu/, through libcpuid, checked against the expected
 * lines after their 80-dash line); the machines list; dump errors; this
 * machine's report; and, when BENCHTOP_CPUID_DUMPS names a directory of
 * real dumps (not part of the tree), those dumps against the
 * family/model/stepping and codename stated in its NOTICE.txt.
 * Parts that cannot run here say SKIP; the exit is 77 only if all did.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "machine-cpu-detect.h"
#include "machine-cpu.h"
#include "machine-identify.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))
#define NDASHES  80 /* the separator line of a dump */

/* A whole file, NUL-terminated (malloc'd), or NULL. */
static char *
slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	long len;

	if (f == NULL)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) >= 0 &&
	    fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)len + 1))) {
		buf[fread(buf, 1, (size_t)len, f)] = '\0';
	}
	(void)fclose(f);
	return buf;
}

/* The printers of machine-identify.h: FILE, two strings, an error buffer. */
typedef int (*printer_fn)(FILE *, const char *, const char *, char *, size_t);

/* What print(a, b) writes, after `lead`; NULL if no stream could open. */
static char *
print_text(printer_fn print, const char *lead, const char *a, const char *b,
    int *rc, char *err, size_t errsize)
{
	char *text = NULL;
	size_t len;
	FILE *out = open_memstream(&text, &len);

	if (out == NULL)
		return NULL;
	fputs(lead, out);
	*rc = print(out, a, b, err, errsize);
	(void)fclose(out);
	return text;
}

/* What identify_print() writes for a dump, with a '\n' in front. */
static char *
identify_text(const char *dump, const char *machines, int *rc, char *err,
    size_t errsize)
{
	return print_text(identify_print, "\n", dump, machines, rc, err,
	    errsize);
}

/* The text after a dump's line of 80 dashes, or NULL. */
static const char *
after_dashes(const char *text)
{
	const char *p = text;
	size_t len;

	while (*p != '\0') {
		len = strcspn(p, "\n");
		if (len == NDASHES && strspn(p, "-") == NDASHES)
			return p + len + (p[len] == '\n');
		p += len + (p[len] == '\n');
	}
	return NULL;
}

/* Every line after the fixture's dashes must be a line of the output. */
static void
check_expected(const char *name, const char *fixture, const char *out)
{
	const char *p = after_dashes(fixture);
	char line[256], needle[260], what[320];
	size_t len;

	if (!CHECK(name, p != NULL))
		return;
	for (; *p != '\0'; p += len + (p[len] == '\n')) {
		len = strcspn(p, "\n");
		if (len == 0 || len >= sizeof line)
			continue;
		memcpy(line, p, len);
		line[len] = '\0';
		(void)snprintf(needle, sizeof needle, "\n%s\n", line);
		(void)snprintf(what, sizeof what, "%s: %s", name, line);
		CHECK(what, strstr(out, needle) != NULL);
	}
}

static const char *const fixtures[] = {
	"intel-pentium-ii-deschutes",
	"intel-pentium-iii-katmai",
	"intel-celeron-mendocino",
	"intel-pentium-m-banias",
	"intel-pentium-4-northwood",
	"intel-xeon-mp-gallatin",
	"amd-athlon-thunderbird",
	"amd-athlon-xp-thoroughbred",
	"amd-athlon-64-clawhammer",
	"intel-core-i7-6700k-skylake",
	"amd-epyc-9654-genoa",
	"intel-kvm-model-167-amx",
};

static const char *
top_srcdir(void)
{
	const char *top = getenv("top_srcdir");

	return top != NULL && top[0] != '\0' ? top : "..";
}

static void
test_one_fixture(const char *name)
{
	char path[512], err[256];
	char *fixture, *out;
	int rc = -1;

	(void)snprintf(path, sizeof path, "%s/tests/fixtures/cpu/%s.test",
	    top_srcdir(), name);
	fixture = slurp(path);
	if (!CHECK(path, fixture != NULL))
		return;
	out = identify_text(path, NULL, &rc, err, sizeof err);
	if (!CHECK(name, out != NULL && rc == 0))
		printf("     %s\n", err);
	else
		check_expected(name, fixture, out);
	free(out);
	free(fixture);
}

static int
test_fixtures(void)
{
	size_t i;

#ifndef HAVE_LIBCPUID
	printf("SKIP fixtures: built without libcpuid\n");
	return 1;
#endif
	for (i = 0; i < NELEM(fixtures); i++)
		test_one_fixture(fixtures[i]);
	return 0;
}

/* One row of NOTICE.txt's table: file, F/M/S [(ext model N)], codename. */
struct notice_row {
	char file[128], codename[64];
	int family, model, stepping, ext_model;
};

/* Parse a table row (one line, no newline); 0 if the line is not one. */
static int
notice_row(const char *line, struct notice_row *r)
{
	const char *p = line;
	int n = 0;

	if (sscanf(line, "%127s", r->file) != 1 ||
	    strstr(r->file, ".test") == NULL)
		return 0;
	/* The F/M/S field is the first token of three numbers. */
	while (*(p += strcspn(p, " ")) != '\0') {
		p += strspn(p, " ");
		if (sscanf(p, "%d/%d/%d%n", &r->family, &r->model, &r->stepping,
		        &n) == 3 &&
		    (p[n] == ' ' || p[n] == '\0'))
			break;
	}
	if (*p == '\0')
		return 0;
	p += n + strspn(p + n, " ");
	r->ext_model = -1;
	if (sscanf(p, "(ext model %d)%n", &r->ext_model, &n) == 1)
		p += n + strspn(p + n, " ");
	n = (int)strlen(p);
	while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\r'))
		n--;
	(void)snprintf(r->codename, sizeof r->codename, "%.*s", n, p);
	return 1;
}

/* The class each real dump must get: ours, so NOTICE.txt cannot say it. */
static const struct {
	const char *file, *name;
} real_classes[] = {
	{ "intel-pentium-iii-coppermine.test", "P6" },
	{ "intel-pentium-m-processor-1.60ghz.test", "P6" },
	{ "intel-pentium-4-cpu-3.73ghz-prescott.test", "P7 (NetBurst)" },
	{ "intel-xeon-cpu-2.40ghz.test", "Xeon (NetBurst)" },
	{ "amd-athlon-xp-3200+.test", "Athlon (K7)" },
	{ "amd-athlon-64-processor-3000+.test", "Athlon 64 (K8)" },
};

static const char *
real_class_name(const char *file)
{
	size_t i;

	for (i = 0; i < NELEM(real_classes); i++)
		if (strcmp(real_classes[i].file, file) == 0)
			return real_classes[i].name;
	return NULL;
}

/* Base family and model back from the display values and raw fields. */
static void
check_real_dump(const char *dir, const struct notice_row *r)
{
	char path[700], err[256], what[256];
	const char *want = real_class_name(r->file);
	struct cpu_id id;
	int base; /* the base family: what NOTICE.txt, as libcpuid, states */

	(void)snprintf(path, sizeof path, "%s/%s", dir, r->file);
	(void)snprintf(what, sizeof what, "real dump %s", r->file);
	if (!CHECK(what,
	        cpu_detect_read_dump(path, &id, err, sizeof err) == 0)) {
		printf("     %s\n", err);
		return;
	}
	base = id.family >= 15 ? 15 : id.family;
	CHECK(what,
	    base == r->family &&
	        id.model - (base == 6 || base == 15 ? id.ext_model << 4 : 0) ==
	            r->model &&
	        id.stepping == r->stepping &&
	        (r->ext_model < 0 || id.model == r->ext_model));
	CHECK(what, strcmp(id.codename, r->codename) == 0);
	/* Bare metal, features of their own age: nothing to doubt. */
	if (!CHECK(what, id.doubts[0] == '\0'))
		printf("     doubts '%s'\n", id.doubts);
	if (!CHECK(what, want != NULL && strcmp(id.cls.name, want) == 0))
		printf("     got '%s'\n", id.cls.name);
}

/* Each table row of NOTICE.txt against its dump; the number of rows. */
static size_t
check_notice(const char *dir, const char *notice)
{
	const char *line;
	struct notice_row r;
	char buf[512];
	size_t len, rows = 0;

	for (line = notice; *line != '\0'; line += len + (line[len] == '\n')) {
		len = strcspn(line, "\n");
		(void)snprintf(buf, sizeof buf, "%.*s", (int)len, line);
		if (notice_row(buf, &r)) {
			check_real_dump(dir, &r);
			rows++;
		}
	}
	return rows;
}

static int
test_real_dumps(void)
{
	const char *dir = getenv("BENCHTOP_CPUID_DUMPS");
	char path[600], *notice;
	struct stat st;

	if (dir == NULL || stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		printf(
		    "SKIP real dumps: no directory in BENCHTOP_CPUID_DUMPS\n");
		return 1;
	}
#ifndef HAVE_LIBCPUID
	printf("SKIP real dumps: built without libcpuid\n");
	return 1;
#endif
	(void)snprintf(path, sizeof path, "%s/NOTICE.txt", dir);
	if (!CHECK(path, (notice = slurp(path)) != NULL))
		return 0;
	CHECK("NOTICE.txt names the six dumps",
	    check_notice(dir, notice) == NELEM(real_classes));
	free(notice);
	return 0;
}

/* A machines.tsv of our own: comments, a blank line, rows of 3 classes. */
static const char machines_tsv[] =
    "# reference machines\n"
    "\n"
    "id\tlabel\tvendor\tclass\tmhz\n"
    "p3-850m\tMobile Pentium III 850\tGenuineIntel\tp6\t850\n"
    "# a comment between rows\n"
    "p4-2000\tPentium 4 2.0 GHz\tGenuineIntel\tnetburst\t2000\n"
    "celeron-366-up\tCeleron 366\tGenuineIntel\tp6\t366\n"
    "doug-750\thost doug\tunknown\tunknown\t750\n";

/* Write text to a new temporary file; its path in path. */
static int
write_temp(char *path, size_t size, const char *text)
{
	const char *tmp = getenv("TMPDIR");
	FILE *f;
	int fd;

	(void)snprintf(path, size, "%s/test-cpu.XXXXXX", tmp ? tmp : "/tmp");
	if ((fd = mkstemp(path)) < 0 || (f = fdopen(fd, "w")) == NULL)
		return -1;
	fputs(text, f);
	return fclose(f) == 0 ? 0 : -1;
}

/* identify_print_machines() output for class_id, or NULL on error. */
static char *
machines_text(const char *class_id, const char *path, int *rc, char *err,
    size_t errsize)
{
	return print_text(identify_print_machines, "", class_id, path, rc, err,
	    errsize);
}

static void
check_machines(const char *path, const char *class_id, const char *want)
{
	char err[256], what[128];
	int rc = -1;
	char *got = machines_text(class_id, path, &rc, err, sizeof err);

	(void)snprintf(what, sizeof what, "machines of class %s", class_id);
	if (!CHECK(what, got != NULL && rc == 0 && strcmp(got, want) == 0))
		printf("     got '%s' (%s)\n", got ? got : "", rc ? err : "");
	free(got);
}

static void
check_machines_error(const char *text, const char *want_suffix)
{
	char path[256], err[256], want[512];
	int rc = 0;
	char *got;

	if (!CHECK("temporary file", write_temp(path, sizeof path, text) == 0))
		return;
	got = machines_text("p6", path, &rc, err, sizeof err);
	(void)snprintf(want, sizeof want, "%s%s", path, want_suffix);
	if (!CHECK(want, rc == -1 && strcmp(err, want) == 0))
		printf("     got '%s'\n", err);
	free(got);
	(void)unlink(path);
}

static void
test_machines(void)
{
	char path[256];

	if (!CHECK("temporary file",
	        write_temp(path, sizeof path, machines_tsv) == 0))
		return;
	check_machines(path, "p6",
	    "reference machines: p3-850m celeron-366-up\n");
	check_machines(path, "netburst", "reference machines: p4-2000\n");
	check_machines(path, "k8", "reference machines: (none of class k8)\n");
	check_machines(path, "unknown",
	    "reference machines: (none: the class is unknown)\n");
	check_machines(NULL, "p6", "reference machines: (no data)\n");
	(void)unlink(path);

	check_machines_error("id\tlabel\tvendor\tmhz\n",
	    ":1: the header has no 'class' column");
	check_machines_error("# only comments\n", ": no header line");
	check_machines_error("id\tlabel\tclass\na\tb\tp6\nc\td\n",
	    ":3: fewer columns than the header");
}

/* The project's own data file, when the tree has it. */
static void
test_shipped_machines(void)
{
	char path[512];
	struct stat st;
	char err[256];
	int rc = -1;
	char *got;

	(void)snprintf(path, sizeof path, "%s/data/machines.tsv", top_srcdir());
	if (stat(path, &st) != 0) {
		printf("SKIP shipped machines: no %s\n", path);
		return;
	}
	got = machines_text("p6", path, &rc, err, sizeof err);
	if (!CHECK("data/machines.tsv reads, p3-850m is p6",
	        got != NULL && rc == 0 && strstr(got, " p3-850m") != NULL))
		printf("     %s\n", rc ? err : got ? got : "");
	free(got);
}

#ifdef HAVE_LIBCPUID
/* libcpuid's first warning rides along: what it did not understand. */
static void
check_garbage_dump(void)
{
	char path[256], err[512];
	struct cpu_id id;
	int rc;

	if (!CHECK("temporary file",
	        write_temp(path, sizeof path, "garbage here\n") == 0))
		return;
	rc = cpu_detect_read_dump(path, &id, err, sizeof err);
	CHECK("a dump of garbage: one line, the file, libcpuid's words",
	    rc == -1 && strncmp(err, path, strlen(path)) == 0 &&
	        strstr(err, "Unsupported processor") != NULL &&
	        strstr(err, "line 1: 'garbage here' not understood") != NULL &&
	        strchr(err, '\n') == NULL);
	CHECK("a failed dump leaves the class unknown",
	    strcmp(id.cls.id, "unknown") == 0);
	(void)unlink(path);
}
#endif

/* Bad dumps give one line naming the file and libcpuid's error. */
static void
test_dump_errors(void)
{
	static const char missing[] = "/nonexistent/x.test";
	const char *want = "/nonexistent/x.test: No such file or directory";
	char err[512];
	struct cpu_id id;

#ifndef HAVE_LIBCPUID
	want = "built without libcpuid: cannot read a raw dump";
#endif
	CHECK(want,
	    cpu_detect_read_dump(missing, &id, err, sizeof err) == -1 &&
	        strcmp(err, want) == 0);
#ifdef HAVE_LIBCPUID
	check_garbage_dump();
#endif
}

/* This machine: whatever it is, the report has every field. */
static void
test_this_machine(void)
{
	static const char *const keys[] = { "vendor", "family", "model",
		"stepping", "ext_family", "ext_model", "brand", "codename",
		"cores", "logical", "hypervisor", "class", "server", "name",
		"generation_from", "doubts", "caches_from", "counts_from",
		"reference machines" };
	char err[256], needle[64];
	int rc = -1;
	char *out = identify_text(NULL, NULL, &rc, err, sizeof err);
	size_t i;

	if (!CHECK("identify_print() of this CPU", out != NULL && rc == 0))
		return;
	for (i = 0; i < NELEM(keys); i++) {
		(void)snprintf(needle, sizeof needle, "\n%s: ", keys[i]);
		CHECK(needle + 1, strstr(out, needle) != NULL);
	}
	free(out);
}

/* libcpuid's codename against benchtop's generation. */
static void
test_codename(void)
{
	static const struct {
		const char *generation, *codename;
		int confirmed;
	} cn[] = {
		{ "Zen 5", "Abu Dhabi", 0 },    /* a table older than the CPU */
		{ "Zen 4", "EPYC (Milan)", 0 }, /* a generation early */
		{ "Zen 4", "EPYC (Genoa)", 1 },
		{ "Zen", "Desktop Kit (Zen 2)", 0 },
		{ "Zen 2", "Desktop Kit (Zen 2)", 1 },
		{ "Katmai", "Pentium III (Katmai)", 1 },
		{ "Mendocino/Dixon", "Pentium II (Dixon)", 1 },
		{ "Thunderbird", "Athlon XP (Thorton)", 0 },
		{ "Northwood", "Xeon (Gallatin)", 1 },
		{ "", "Athlon 64 (ClawHammer/1024K)", 1 },
	};
	struct cpu_id id;

	for (size_t i = 0; i < NELEM(cn); i++) {
		memset(&id, 0, sizeof id);
		id.cls.generation = cn[i].generation;
		(void)snprintf(id.codename, sizeof id.codename, "%s",
		    cn[i].codename);
		if (!CHECK("codename against the generation",
		        identify_codename_confirmed(&id) == cn[i].confirmed))
			printf("     %s / %s\n", cn[i].generation,
			    cn[i].codename);
	}
}

/* A file under dir with text. */
static void
put(const char *dir, const char *rel, const char *text)
{
	char path[512], cmd[600];
	FILE *f;

	(void)snprintf(path, sizeof path, "%s/%s", dir, rel);
	(void)snprintf(cmd, sizeof cmd, "mkdir -p \"$(dirname '%s')\"", path);
	if (system(cmd) != 0 || (f = fopen(path, "w")) == NULL)
		return;
	fputs(text, f);
	fclose(f);
}

/* The kernel's counts from a fixture tree: two packages of two cores of
 * two threads, CPU 7 offline; per package: 2 cores, 4 logical. */
static void
test_kernel_counts(void)
{
	char dir[] = "/tmp/bt-cpus.XXXXXX", rel[64], val[16], cmd[64];
	int cores = -1, logical = -1;

	if (!CHECK("fixture tree", mkdtemp(dir) != NULL))
		return;
	put(dir, "online", "0-6\n");
	for (int c = 0; c < 8; c++) {
		(void)snprintf(rel, sizeof rel,
		    "cpu%d/topology/physical_package_id", c);
		(void)snprintf(val, sizeof val, "%d\n", c / 4);
		put(dir, rel, val);
		(void)snprintf(rel, sizeof rel, "cpu%d/topology/core_id", c);
		(void)snprintf(val, sizeof val, "%d\n", c % 2);
		put(dir, rel, val);
	}
	CHECK("kernel counts: read",
	    identify_kernel_counts(dir, &cores, &logical) == 0);
	if (!CHECK("kernel counts: per package", cores == 2 && logical == 4))
		printf("     cores %d logical %d\n", cores, logical);
	put(dir, "online", "");
	CHECK("kernel counts: an empty list is none",
	    identify_kernel_counts(dir, &cores, &logical) == -1);
	(void)snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	(void)system(cmd);
}

int
main(void)
{
	test_codename();
	test_kernel_counts();
	int skipped;

	skipped = test_fixtures();
	skipped += test_real_dumps();
	test_machines();
	test_shipped_machines();
	test_dump_errors();
	test_this_machine();
	if (check_run == 0) {
		printf("test-identify: everything skipped (%d parts)\n",
		    skipped);
		return CHECK_SKIP;
	}
	return check_summary("test-identify");
}
