/*
 * test-cpu.c: cpu_classify() on signatures, edge models included; the
 * signature decoder; /proc/cpuinfo samples. test-identify.c checks what
 * --identify prints from dumps and data files.
 */

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "machine-cpu-arm.h"
#include "machine-cpu-detect.h"
#include "machine-cpu-trust.h"
#include "machine-cpu.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))
#define INTEL    "GenuineIntel"
#define AMD      "AuthenticAMD"

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

	cpu_detect_parse_cpuinfo(cpuinfo_p3, &id);
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

	cpu_detect_parse_cpuinfo(cpuinfo_kvm, &id);
	CHECK("KVM cpuinfo: Zen 4 (EPYC) under a hypervisor",
	    strcmp(id.cls.id, "zen") == 0 &&
	        strcmp(id.cls.name, "Zen 4 (EPYC)") == 0 && id.hypervisor);
	CHECK("KVM cpuinfo: raw extended fields, cores, siblings",
	    id.family == 25 && id.model == 17 && id.ext_family == 10 &&
	        id.ext_model == 1 && id.cores == 2 && id.logical == 4);
	cpu_detect_parse_cpuinfo(cpuinfo_skylake, &id);
	CHECK("Skylake cpuinfo: Core (Skylake), bare metal",
	    strcmp(id.cls.name, "Core (Skylake)") == 0 && !id.hypervisor &&
	        id.ext_model == 5 && id.cores == 4 && id.logical == 8);
}

static void
test_cpuinfo_arm(void)
{
	struct cpu_id id;

	cpu_detect_parse_cpuinfo(cpuinfo_arm, &id);
	if (!CHECK("arm64 cpuinfo: the MIDR's fields, Neoverse N1",
	        strcmp(id.vendor, "ARM") == 0 && id.family == 15 &&
	            id.model == 0xd0c && id.ext_model == 3 &&
	            id.stepping == 1 &&
	            strcmp(id.brand, "ARM Neoverse N1 r3p1") == 0 &&
	            strcmp(id.cls.id, "other") == 0 &&
	            strcmp(id.cls.name, "Neoverse N1") == 0 &&
	            strcmp(id.source, "cpuinfo") == 0))
		printf("     '%s' %d 0x%x '%s' '%s'\n", id.vendor, id.family,
		    (unsigned)id.model, id.brand, id.cls.name);
}

/* MIDR values: known parts, an unknown part, an unknown implementer. */
static void
test_midr(void)
{
	static const struct {
		uint64_t midr;
		const char *vendor, *brand, *name;
	} t[] = {
		{ 0x413fd0c1, "ARM", "ARM Neoverse N1 r3p1", "Neoverse N1" },
		{ 0x410fd4f1, "ARM", "ARM Neoverse V2 r0p1", "Neoverse V2" },
		{ 0x611f0221, "Apple", "Apple M1 Icestorm r1p1",
		    "M1 Icestorm" },
		{ 0x410ffff0, "ARM", "ARM part 0xfff r0p0", "Other" },
		{ 0x990f0010, "0x99", "0x99 part 0x001 r0p0", "Other" },
	};
	struct cpu_id id;

	for (size_t i = 0; i < NELEM(t); i++) {
		memset(&id, 0, sizeof id);
		cpu_arm_decode_midr(t[i].midr, &id);
		if (!CHECK("MIDR: implementer, brand, class",
		        strcmp(id.vendor, t[i].vendor) == 0 &&
		            strcmp(id.brand, t[i].brand) == 0 &&
		            strcmp(id.cls.name, t[i].name) == 0 &&
		            strcmp(id.cls.id, "other") == 0))
			printf("     '%s' '%s' '%s'\n", id.vendor, id.brand,
			    id.cls.name);
	}
}

/* The kernel's MIDRs from fixture trees: a mixed machine (four A55s,
 * then A76s of two variants), and a tree without them. */
static void
test_midr_sysfs(void)
{
	const char *top = getenv("top_srcdir");
	char dir[512];
	struct cpu_id id;

	(void)snprintf(dir, sizeof dir, "%s/tests/fixtures/cpu/sys-arm64-mixed",
	    top != NULL && top[0] != '\0' ? top : "..");
	memset(&id, 0, sizeof id);
	if (!CHECK("sysfs MIDR: read",
	        cpu_arm_read_midr(dir, &id) == 0 &&
	            strcmp(id.source, "midr") == 0))
		return;
	if (!CHECK("sysfs MIDR: CPU 0 names it, each core once",
	        strcmp(id.brand, "ARM Cortex-A55 + Cortex-A76") == 0 &&
	            strcmp(id.cls.name, "Cortex-A55") == 0 &&
	            id.model == 0xd05 && id.ext_model == 2))
		printf("     '%s' '%s'\n", id.brand, id.cls.name);
	(void)snprintf(dir, sizeof dir, "%s/tests/fixtures/cpu",
	    top != NULL && top[0] != '\0' ? top : "..");
	CHECK("sysfs MIDR: none is -1", cpu_arm_read_midr(dir, &id) == -1);
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
	    fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)len + 1)))
		buf[fread(buf, 1, (size_t)len, f)] = '\0';
	(void)fclose(f);
	return buf;
}

/* The guest: model 167 (Rocket Lake's) with AMX, under KVM. */
static void
test_cpuinfo_template(void)
{
	const char *top = getenv("top_srcdir");
	char path[512], *text;
	struct cpu_id id;

	(void)snprintf(path, sizeof path,
	    "%s/tests/fixtures/cpu/intel-kvm-model-167-amx.cpuinfo",
	    top != NULL && top[0] != '\0' ? top : "..");
	if (!CHECK(path, (text = slurp(path)) != NULL))
		return;
	cpu_detect_parse_cpuinfo(text, &id);
	free(text);
	CHECK("template cpuinfo: the features, the hypervisor",
	    id.features ==
	            (CPU_AGE_AVX512F | CPU_AGE_AVX512_FP16 | CPU_AGE_AMX) &&
	        id.hypervisor);
	if (!CHECK("template cpuinfo: what contradicts what",
	        strcmp(id.doubts,
	            "model 167 says Rocket Lake; AMX and AVX512-FP16 say "
	            "Sapphire Rapids or later; under a hypervisor") == 0))
		printf("     got '%s'\n", id.doubts);
	CHECK("template cpuinfo: the class from the features",
	    strcmp(id.cls.id, "core") == 0 &&
	        strcmp(id.cls.name, "Xeon (Sapphire Rapids or later)") == 0 &&
	        strcmp(id.model_generation, "Rocket Lake") == 0 &&
	        strcmp(id.generation_from, "features (AMX)") == 0);
}

/* Planted identifications against cpu_trust_judge(). */
static void
test_trust(void)
{
	static const struct {
		const char *vendor;
		int family, model;
		unsigned features;
		int hypervisor;
		const char *name, *from, *doubts;
	} t[] = {
		{ INTEL, 6, 0xA7, CPU_AGE_AMX, 0,
		    "Core (Sapphire Rapids or later)", "features (AMX)",
		    "model 167 says Rocket Lake; AMX says Sapphire Rapids or "
		    "later" },
		{ INTEL, 6, 0xA7, CPU_AGE_AVX512_FP16, 1,
		    "Core (Sapphire Rapids or later)", "features (AVX512-FP16)",
		    "model 167 says Rocket Lake; AVX512-FP16 says Sapphire "
		    "Rapids or later; under a hypervisor" },
		/* Rocket Lake has AVX-512F: no Intel rule reads it. */
		{ INTEL, 6, 0xA7, CPU_AGE_AVX512F, 0, "Core (Rocket Lake)",
		    "model", "" },
		{ INTEL, 6, 0x8F, CPU_AGE_AMX | CPU_AGE_AVX512_FP16, 1,
		    "Core (Sapphire Rapids)", "model", "under a hypervisor" },
		{ INTEL, 6, 0x97, CPU_AGE_AVX512_FP16, 0, "Core (Alder Lake)",
		    "model", "" },
		/* A model the table lacks: the features name it, no doubt. */
		{ INTEL, 6, 0xFE, CPU_AGE_AMX, 0,
		    "Core (Sapphire Rapids or later)", "features (AMX)", "" },
		{ AMD, 0x17, 0x31, CPU_AGE_AVX512F, 1, "Zen 4 or later",
		    "features (AVX-512)",
		    "model 49 says Zen 2; AVX-512 says Zen 4 or later; under a "
		    "hypervisor" },
		{ AMD, 0x1A, 0x02, CPU_AGE_AVX512F, 1, "Zen 5", "model",
		    "under a hypervisor" },
		{ INTEL, 6, 0x07, 0, 0, "P6", "model", "" },
		{ "", 0, 0, 0, 0, "Unknown", "none", "" },
	};

	for (size_t i = 0; i < NELEM(t); i++) {
		struct cpu_id id;

		memset(&id, 0, sizeof id);
		(void)snprintf(id.vendor, sizeof id.vendor, "%s", t[i].vendor);
		id.family = t[i].family;
		id.model = t[i].model;
		id.features = t[i].features;
		id.hypervisor = t[i].hypervisor;
		cpu_classify(id.vendor, id.family, id.model, "", &id.cls);
		cpu_trust_judge(&id);
		if (!CHECK("trust: class, whence, doubts",
		        strcmp(id.cls.name, t[i].name) == 0 &&
		            strcmp(id.generation_from, t[i].from) == 0 &&
		            strcmp(id.doubts, t[i].doubts) == 0))
			printf("     %zu: '%s' '%s' '%s'\n", i, id.cls.name,
			    id.generation_from, id.doubts);
	}
}

/* Feature words and leaf 7 bits. */
static void
test_features(void)
{
	CHECK("flags: amx_tile, avx512_fp16, avx512f; not amx_bf16 alone",
	    cpu_trust_features_flags("sse avx512f amx_tile avx512_fp16\n") ==
	            (CPU_AGE_AVX512F | CPU_AGE_AMX | CPU_AGE_AVX512_FP16) &&
	        cpu_trust_features_flags("avx512fx amx_bf16\namx_tile") == 0);
	CHECK("leaf 7: EBX[16], EDX[23], EDX[24]",
	    cpu_trust_features_cpuid(1u << 16, 0) == CPU_AGE_AVX512F &&
	        cpu_trust_features_cpuid(0, 1u << 23) == CPU_AGE_AVX512_FP16 &&
	        cpu_trust_features_cpuid(0, 1u << 24) == CPU_AGE_AMX &&
	        cpu_trust_features_cpuid(~(1u << 16), ~(3u << 23)) == 0);
}

int
main(void)
{
	test_trust();
	test_features();
	test_midr();
	test_midr_sysfs();
	test_cpuinfo_template();
	test_classify();
	test_signature();
	test_cpuinfo_p3();
	test_cpuinfo_modern();
	test_cpuinfo_arm();
	return check_summary("test-cpu");
}
