/*
 * test-cpu.c: cpu_classify() on signatures, edge models included; the
 * signature decoder; /proc/cpuinfo samples; the project's raw-dump
 * fixtures (tests/fixtures/cpu/, through libcpuid, checked against the
 * expected lines after their 80-dash line); the machines list of
 * --identify; and, when BENCHTOP_CPUID_DUMPS names a directory of real
 * dumps (not part of the tree), those dumps against the
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
#include "cpu.h"
#include "identify.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))
#define INTEL    "GenuineIntel"
#define AMD      "AuthenticAMD"
#define NDASHES  80 /* the separator line of a dump */

struct class_case {
	const char *vendor;
	int family, model;
	const char *brand, *id, *name;
};

/* Display family and model, as cpu_classify() takes them. */
static const struct class_case class_cases[] = {
	{ INTEL, 5, 0x4, "", "p5", "P5" },
	{ INTEL, 5, 0x9, "", "other", "Quark" },
	{ INTEL, 6, 0x1, "", "p6", "P6" },
	{ INTEL, 6, 0x5, "", "p6", "P6" },
	{ INTEL, 6, 0xC, "", "p6", "P6" }, /* unnamed, still in P6's range */
	{ INTEL, 6, 0x9, "Intel(R) Pentium(R) M processor 1600MHz", "p6",
	    "P6" },
	{ INTEL, 6, 0xD, "Intel(R) Pentium(R) M processor 1.60GHz", "p6",
	    "P6" },
	/* The edge: Yonah is the last P6, Merom the first Core. */
	{ INTEL, 6, 0xE, "Genuine Intel(R) CPU T2400 @ 1.83GHz", "p6", "P6" },
	{ INTEL, 6, 0xF, "Intel(R) Core(TM)2 CPU 6600 @ 2.40GHz", "core",
	    "Core (Merom)" },
	{ INTEL, 6, 0x2A, "Intel(R) Core(TM) i7-2600K CPU @ 3.40GHz", "core",
	    "Core (Sandy Bridge)" },
	{ INTEL, 6, 0x2D, "Intel(R) Xeon(R) CPU E5-2670 0 @ 2.60GHz", "core",
	    "Xeon (Sandy Bridge)" },
	{ INTEL, 6, 0x55, "Intel(R) Xeon(R) Gold 6248 CPU @ 2.50GHz", "core",
	    "Xeon (Skylake/Cascade Lake)" },
	{ INTEL, 6, 0x97, "12th Gen Intel(R) Core(TM) i7-12700K", "core",
	    "Core (Alder Lake)" },
	{ INTEL, 6, 0x5C, "Intel(R) Celeron(R) CPU N3350 @ 1.10GHz", "other",
	    "Atom (Goldmont)" },
	{ INTEL, 6, 0x57, "Intel(R) Xeon Phi(TM) CPU 7210 @ 1.30GHz", "other",
	    "Xeon Phi (Knights Landing)" },
	{ INTEL, 6, 0xFE, "", "core", "Core" }, /* a model the table lacks */
	{ INTEL, 6, 0xFE, "Intel(R) Xeon(R) CPU", "core", "Xeon (Core)" },
	{ INTEL, 15, 0x0, "", "netburst", "P7 (NetBurst)" },
	{ INTEL, 15, 0x2, "Intel(R) Celeron(R) CPU 2.00GHz", "netburst",
	    "P7 (NetBurst)" },
	{ INTEL, 15, 0x4, "Intel(R) Pentium(R) D CPU 3.00GHz", "netburst",
	    "P7 (NetBurst)" },
	{ INTEL, 15, 0x2, "Intel(R) Xeon(TM) CPU 2.40GHz", "netburst",
	    "Xeon (NetBurst)" },
	{ INTEL, 15, 0x6, "Intel(R) Xeon(TM) MP CPU 3.40GHz", "netburst",
	    "Xeon (NetBurst)" },
	{ INTEL, 15, 0xFF, "", "netburst", "P7 (NetBurst)" },
	{ INTEL, 18, 0x1, "", "core", "Core (Nova Lake)" },
	{ INTEL, 19, 0x1, "Intel(R) Xeon(R)", "core", "Xeon (Diamond Rapids)" },
	{ INTEL, 4, 0x8, "", "other", "Other" },
	{ AMD, 5, 0x8, "AMD-K6(tm) 3D processor", "other", "K6-2" },
	{ AMD, 6, 0x3, "AMD Duron(tm) Processor", "k7", "Athlon (K7)" },
	{ AMD, 6, 0x4, "AMD Athlon(tm) Processor", "k7", "Athlon (K7)" },
	{ AMD, 6, 0x6, "AMD Athlon(tm) MP 2000+", "k7", "Athlon MP (K7)" },
	{ AMD, 6, 0xA, "AMD Athlon(tm) XP 3200+", "k7", "Athlon (K7)" },
	/* "MP" counts only as a word. */
	{ AMD, 6, 0xA, "AMD Athlon(tm) XMP 3200+", "k7", "Athlon (K7)" },
	{ AMD, 15, 0x2C, "AMD Athlon(tm) 64 Processor 3000+", "k8",
	    "Athlon 64 (K8)" },
	{ AMD, 15, 0x5, "AMD Opteron(tm) Processor 248", "k8", "Opteron (K8)" },
	{ AMD, 0x10, 0x2, "AMD Phenom(tm) 9600 Quad-Core Processor", "other",
	    "K10" },
	{ AMD, 0x17, 0x01, "AMD Ryzen 7 1800X Eight-Core Processor", "zen",
	    "Zen" },
	{ AMD, 0x17, 0x2F, "", "zen", "Zen" },
	{ AMD, 0x17, 0x30, "", "zen", "Zen 2" },
	{ AMD, 0x17, 0x31, "AMD EPYC 7742 64-Core Processor", "zen",
	    "Zen 2 (EPYC)" },
	{ AMD, 0x17, 0x4F, "", "zen", "Zen 2" },
	{ AMD, 0x17, 0x50, "", "zen", "Zen" },
	{ AMD, 0x17, 0x71, "AMD Ryzen 9 3900X 12-Core Processor", "zen",
	    "Zen 2" },
	{ AMD, 0x17, 0x8F, "", "zen", "Zen" }, /* between the ranges */
	{ AMD, 0x19, 0x01, "AMD EPYC 7763 64-Core Processor", "zen",
	    "Zen 3 (EPYC)" },
	{ AMD, 0x19, 0x0F, "", "zen", "Zen 3" },
	{ AMD, 0x19, 0x10, "", "zen", "Zen 4" },
	{ AMD, 0x19, 0x11, "AMD EPYC 9654 96-Core Processor", "zen",
	    "Zen 4 (EPYC)" },
	{ AMD, 0x19, 0x1F, "", "zen", "Zen 4" },
	{ AMD, 0x19, 0x21, "AMD Ryzen 9 5950X 16-Core Processor", "zen",
	    "Zen 3" },
	{ AMD, 0x19, 0x5F, "", "zen", "Zen 3" },
	{ AMD, 0x19, 0x61, "AMD Ryzen 9 7950X 16-Core Processor", "zen",
	    "Zen 4" },
	{ AMD, 0x19, 0xAF, "", "zen", "Zen 4" },
	{ AMD, 0x19, 0xB0, "", "zen", "Zen" },
	{ AMD, 0x1A, 0x02, "AMD EPYC 9755 128-Core Processor", "zen",
	    "Zen 5 (EPYC)" },
	{ AMD, 0x1A, 0x2F, "", "zen", "Zen 5" },
	{ AMD, 0x1A, 0x30, "", "zen", "Zen" },
	{ AMD, 0x1A, 0x44, "AMD Ryzen 9 9950X 16-Core Processor", "zen",
	    "Zen 5" },
	{ AMD, 0x1A, 0x50, "", "zen", "Zen 6" },
	{ "HygonGenuine", 0x18, 0x0, "Hygon C86 7185 32-core Processor", "zen",
	    "Zen" },
	{ "CentaurHauls", 6, 0xF, "VIA Nano processor", "other", "Other" },
	{ "", 0, 0, "", "unknown", "Unknown" },
};

static void
test_classify(void)
{
	const struct class_case *c;
	struct cpu_class k;
	char what[160];
	size_t i;

	for (i = 0; i < NELEM(class_cases); i++) {
		c = &class_cases[i];
		cpu_classify(c->vendor, c->family, c->model, c->brand, &k);
		(void)snprintf(what, sizeof what, "%s %#x/%#x '%s' -> %s",
		    c->vendor, c->family, c->model, c->brand, c->name);
		if (!CHECK(what,
		        strcmp(k.id, c->id) == 0 &&
		            strcmp(k.name, c->name) == 0))
			printf("     got %s, '%s'\n", k.id, k.name);
	}
	cpu_classify(NULL, 6, 8, NULL, &k);
	CHECK("NULL vendor and brand: unknown", strcmp(k.id, "unknown") == 0);
	cpu_classify(INTEL, 6, 8, "", &k);
	CHECK("the generation of 06_08H is Coppermine",
	    strcmp(k.generation, "Coppermine") == 0 && !k.server);
}

/* CPUID.1:EAX -> display family/model, stepping, raw extended fields. */
static void
test_signature(void)
{
	static const struct {
		uint32_t eax;
		int family, model, stepping, ext_family, ext_model;
	} cases[] = {
		{ 0x00000652, 6, 0x05, 2, 0, 0 },      /* Pentium II */
		{ 0x000006A0, 6, 0x0A, 0, 0, 0 },      /* Athlon XP */
		{ 0x00000F29, 15, 0x02, 9, 0, 0 },     /* Pentium 4 */
		{ 0x00020FC2, 15, 0x2C, 2, 0, 2 },     /* Athlon 64, rev E */
		{ 0x000506E3, 6, 0x5E, 3, 0, 5 },      /* Skylake */
		{ 0x00A10F11, 0x19, 0x11, 1, 0xA, 1 }, /* Zen 4 */
		{ 0x00B40F40, 0x1A, 0x44, 0, 0xB, 4 }, /* Zen 5 */
		/* Extended model only counts for base family 6 and 15. */
		{ 0x00010543, 5, 0x04, 3, 0, 1 },
	};
	struct cpu_id id;
	char what[64];
	size_t i;

	for (i = 0; i < NELEM(cases); i++) {
		cpu_decode_signature(cases[i].eax, &id);
		(void)snprintf(what, sizeof what, "signature %08x",
		    (unsigned)cases[i].eax);
		CHECK(what,
		    id.family == cases[i].family &&
		        id.model == cases[i].model &&
		        id.stepping == cases[i].stepping &&
		        id.ext_family == cases[i].ext_family &&
		        id.ext_model == cases[i].ext_model);
	}
}

/* A 2.4 kernel on a Pentium III; the second block must be ignored. */
static const char cpuinfo_p3[] =
    "processor\t: 0\n"
    "vendor_id\t: GenuineIntel\n"
    "cpu family\t: 6\n"
    "model\t\t: 8\n"
    "model name\t: Pentium III (Coppermine)\n"
    "stepping\t: 10\n"
    "cpu MHz\t\t: 851.940\n"
    "cache size\t: 256 KB\n"
    "fdiv_bug\t: no\n"
    "cpuid level\t: 2\n"
    "flags\t\t: fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca "
    "cmov pat pse36 mmx fxsr sse\n"
    "bogomips\t: 1697.38\n"
    "\n"
    "processor\t: 1\n"
    "vendor_id\t: AuthenticAMD\n"
    "cpu family\t: 15\n";

/* A Zen 4 EPYC guest of KVM. */
static const char cpuinfo_kvm[] =
    "processor\t: 0\n"
    "vendor_id\t: AuthenticAMD\n"
    "cpu family\t: 25\n"
    "model\t\t: 17\n"
    "model name\t: AMD EPYC 9654 96-Core Processor\n"
    "stepping\t: 1\n"
    "microcode\t: 0x1000065\n"
    "cache size\t: 1024 KB\n"
    "physical id\t: 0\n"
    "siblings\t: 4\n"
    "core id\t\t: 0\n"
    "cpu cores\t: 2\n"
    "flags\t\t: fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca "
    "cmov pat pse36 clflush mmx fxsr sse sse2 ht syscall nx mmxext "
    "fxsr_opt pdpe1gb rdtscp lm rep_good nopl cpuid extd_apicid "
    "tsc_known_freq pni pclmulqdq ssse3 fma cx16 pcid sse4_1 sse4_2 "
    "x2apic movbe popcnt aes xsave avx f16c rdrand hypervisor lahf_lm "
    "cmp_legacy svm cr8_legacy abm sse4a misalignsse 3dnowprefetch\n"
    "bugs\t\t: sysret_ss_attrs spectre_v1 spectre_v2 spec_store_bypass\n"
    "address sizes\t: 52 bits physical, 57 bits virtual\n";

/* Bare metal: "hypervisor" only inside another word must not count. */
static const char cpuinfo_skylake[] =
    "processor\t: 0\n"
    "vendor_id\t: GenuineIntel\n"
    "cpu family\t: 6\n"
    "model\t\t: 94\n"
    "model name\t: Intel(R) Core(TM) i7-6700K CPU @ 4.00GHz\n"
    "stepping\t: 3\n"
    "siblings\t: 8\n"
    "cpu cores\t: 4\n"
    "flags\t\t: fpu vme de pse tsc sse sse2 ht nonhypervisor_x vmx\n";

/* arm64: no vendor_id, no family, no model name. */
static const char cpuinfo_arm[] =
    "processor\t: 0\n"
    "BogoMIPS\t: 108.00\n"
    "Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 cpuid\n"
    "CPU implementer\t: 0x41\n"
    "CPU architecture: 8\n"
    "CPU variant\t: 0x3\n"
    "CPU part\t: 0xd0c\n"
    "CPU revision\t: 1\n";

static void
test_cpuinfo_p3(void)
{
	struct cpu_id id;

	cpu_parse_cpuinfo(cpuinfo_p3, &id);
	CHECK("P3 cpuinfo: the first block",
	    strcmp(id.vendor, INTEL) == 0 && id.family == 6 && id.model == 8 &&
	        id.stepping == 10 &&
	        strcmp(id.brand, "Pentium III (Coppermine)") == 0);
	CHECK("P3 cpuinfo: P6, no hypervisor, caches unknown",
	    strcmp(id.cls.id, "p6") == 0 && strcmp(id.cls.name, "P6") == 0 &&
	        !id.hypervisor && id.l2_kib == -1 && id.cores == 0 &&
	        strcmp(id.source, "cpuinfo") == 0);
}

static void
test_cpuinfo_modern(void)
{
	struct cpu_id id;

	cpu_parse_cpuinfo(cpuinfo_kvm, &id);
	CHECK("KVM cpuinfo: Zen 4 (EPYC) under a hypervisor",
	    strcmp(id.cls.id, "zen") == 0 &&
	        strcmp(id.cls.name, "Zen 4 (EPYC)") == 0 && id.hypervisor);
	CHECK("KVM cpuinfo: raw extended fields, cores, siblings",
	    id.family == 25 && id.model == 17 && id.ext_family == 10 &&
	        id.ext_model == 1 && id.cores == 2 && id.logical == 4);
	cpu_parse_cpuinfo(cpuinfo_skylake, &id);
	CHECK("Skylake cpuinfo: Core (Skylake), bare metal",
	    strcmp(id.cls.name, "Core (Skylake)") == 0 && !id.hypervisor &&
	        id.ext_model == 5 && id.cores == 4 && id.logical == 8);
}

static void
test_cpuinfo_arm(void)
{
	struct cpu_id id;

	cpu_parse_cpuinfo(cpuinfo_arm, &id);
	CHECK("arm64 cpuinfo: no vendor, class unknown",
	    id.vendor[0] == '\0' && id.family == 0 && id.brand[0] == '\0' &&
	        strcmp(id.cls.id, "unknown") == 0 &&
	        strcmp(id.cls.name, "Unknown") == 0);
}

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

/* What identify_print() writes for a dump, with a '\n' in front. */
static char *
identify_text(const char *dump, const char *machines, int *rc, char *err,
    size_t errsize)
{
	char *text = NULL;
	size_t len;
	FILE *out = open_memstream(&text, &len);

	if (out == NULL)
		return NULL;
	fputc('\n', out);
	*rc = identify_print(out, dump, machines, err, errsize);
	(void)fclose(out);
	return text;
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
	if (!CHECK(what, cpu_read_dump(path, &id, err, sizeof err) == 0)) {
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
	char *text = NULL;
	size_t len;
	FILE *out = open_memstream(&text, &len);

	if (out == NULL)
		return NULL;
	*rc = identify_print_machines(out, class_id, path, err, errsize);
	(void)fclose(out);
	return text;
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
	rc = cpu_read_dump(path, &id, err, sizeof err);
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
	    cpu_read_dump(missing, &id, err, sizeof err) == -1 &&
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

int
main(void)
{
	int skipped;

	test_classify();
	test_signature();
	test_cpuinfo_p3();
	test_cpuinfo_modern();
	test_cpuinfo_arm();
	skipped = test_fixtures();
	skipped += test_real_dumps();
	test_machines();
	test_shipped_machines();
	test_dump_errors();
	test_this_machine();
	if (check_run == 0) {
		printf("test-cpu: everything skipped (%d parts)\n", skipped);
		return CHECK_SKIP;
	}
	return check_summary("test-cpu");
}
