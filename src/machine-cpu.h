/*
 * machine-cpu.h: what CPU this is, as a struct cpu_id, and cpu_classify(),
 * a pure table that says which class of the reference machines (P6,
 * NetBurst, K7, ...) it belongs to. Filling it in: machine-cpu-detect.h
 * (libcpuid where built with it, x86, else /proc/cpuinfo),
 * machine-cpu-arm.h (MIDR_EL1) and machine-cpu-trust.h (what its CPUID
 * says against itself).
 */

#ifndef BENCHTOP_CPU_H
#define BENCHTOP_CPU_H

#include <stddef.h>
#include <stdint.h>

/*
 * The class of a CPU, for putting it beside the reference machines. `id`
 * is one of "p5", "p6", "netburst", "k7", "k8", "core", "zen", "other",
 * "unknown": the values of data/machines.tsv's class column. The strings
 * are static: the struct may be copied freely.
 */
struct cpu_class {
	const char *id;
	const char *generation; /* "Coppermine", "Sandy Bridge", "Zen 4"; "" */
	int server;             /* the brand says Xeon, EPYC, Opteron or MP */
	char name[48];          /* "P6", "Xeon (NetBurst)", "Zen 4 (EPYC)" */
};

/*
 * Family and model are the display values CPUID defines, and what
 * /proc/cpuinfo prints: family = base family + ext_family when the base is
 * 15; model = base model + (ext_model << 4) when the base family is 6 or 15.
 * ext_family and ext_model are the raw fields, CPUID.1:EAX[27:20] and
 * [19:16]. (libcpuid calls the display values ext_family and ext_model.)
 */
struct cpu_id {
	char vendor[32]; /* "GenuineIntel", "AuthenticAMD"; "" off x86 */
	char brand[64];  /* the brand string, trimmed; "" before it existed */
	int family, model, stepping;
	int ext_family, ext_model;
	char codename[64];           /* libcpuid's name for it, or "" */
	int cores, logical;          /* per package; 0 when unknown */
	int l1d_kib, l2_kib, l3_kib; /* -1 when unknown, 0 when absent */
	int hypervisor;    /* CPUID.1:ECX[31]: CPUID may be synthetic */
	unsigned features; /* CPU_AGE_* bits: what dates a core */
	/* What the model number alone says ("Rocket Lake"; "" none), where
	 * the class's generation came from ("model", "features (AMX)",
	 * "none"), and what contradicts what: "model 167 says Rocket Lake;
	 * AMX says Sapphire Rapids or later; under a hypervisor" ("" when
	 * nothing does). cpu_trust_judge() fills them. */
	const char *model_generation;
	char generation_from[40];
	char doubts[160];
	int cpus_online;      /* 0 for a dump */
	char source[16];      /* "libcpuid", "cpuinfo", "midr" or "dump" */
	struct cpu_class cls; /* cpu_classify() of the fields above */
};

/* Features whose presence dates a core: a hypervisor's model template
 * may give an old model number to a newer core, never new features. */
enum cpu_age_feature {
	CPU_AGE_AVX512F = 1u << 0,     /* CPUID.7.0:EBX[16] */
	CPU_AGE_AVX512_FP16 = 1u << 1, /* CPUID.7.0:EDX[23] */
	CPU_AGE_AMX = 1u << 2,         /* CPUID.7.0:EDX[24], AMX-TILE */
};

/* Display family, model, stepping and the raw extended fields of a
 * CPUID.1:EAX signature. */
void cpu_decode_signature(uint32_t eax, struct cpu_id *id);

/*
 * Classify by vendor string, display family and model, and brand string
 * (which only sets `server`). Pure: a table lookup.
 */
void cpu_classify(const char *vendor, int family, int model, const char *brand,
    struct cpu_class *out);

/* The class c named again after its generation changed. Pure. */
void cpu_class_rename(struct cpu_class *c);

/* The clock a brand string names ("... CPU @ 2.40GHz", "... 850MHz"), in
 * Hz; 0 where it names none. Pure. */
double cpu_brand_hz(const char *brand);

#endif
