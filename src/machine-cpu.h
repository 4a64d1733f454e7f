/*
 * machine-cpu.h: what CPU this is. libcpuid where built with it (x86), else
 * /proc/cpuinfo; then cpu_classify(), a pure table, says which class of
 * the reference machines (P6, NetBurst, K7, ...) it belongs to.
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

/* Identify the CPU this process runs on; never fails (fields may be ""). */
void cpu_detect(struct cpu_id *id);

/*
 * Fill id from /proc/cpuinfo text: its first processor block, the
 * "hypervisor" flag included; caches stay unknown (pure, for tests).
 */
void cpu_detect_parse_cpuinfo(const char *text, struct cpu_id *id);

/*
 * Fill id from a raw CPUID dump in libcpuid's text format (what
 * cpuid_tool --save writes; reading stops at a line of 80 dashes). Returns
 * 0, or -1 with a one-line message in err: always -1 without libcpuid.
 */
int cpu_detect_read_dump(const char *path, struct cpu_id *id, char *err,
    size_t errsize);

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

/* The features of CPUID leaf 7 (subleaf 0) EBX and EDX. Pure. */
unsigned cpu_trust_features_cpuid(uint32_t leaf7_ebx, uint32_t leaf7_edx);

/* The features of a /proc/cpuinfo "flags" value (to its line's end). */
unsigned cpu_trust_features_flags(const char *flags);
/* Whether a cpuinfo "flags" value (up to its line's end; the line can
 * be 1,500 bytes) lists the word `flag`. */
int cpu_trust_has_flag(const char *flags, const char *flag);

/*
 * Judge what id's CPUID says against itself: where its features
 * contradict its model number's generation (AMX on model 167, Rocket
 * Lake's, which has none), the generation is named from the features,
 * which no model template can add ("Sapphire Rapids or later"), and the
 * contradiction goes into id->doubts with "under a hypervisor" where one
 * is; where the model names none, the features name it. Pure.
 */
void cpu_trust_judge(struct cpu_id *id);

/*
 * arm64 (machine-cpu-arm.c). Fill id from a MIDR_EL1 value: vendor the
 * implementer ("ARM", "Apple"...), family the architecture field, model
 * the part number, ext_model the variant, stepping the revision, brand
 * "ARM Neoverse N1 r3p1", class other and generation the core's name
 * where the table has it. Pure.
 */
void cpu_arm_decode_midr(uint64_t midr, struct cpu_id *id);

/* The MIDR that /proc/cpuinfo's "CPU implementer", "CPU part"... lines
 * of its first block spell: 0, or -1 when it has none (not arm64). */
int cpu_arm_parse_cpuinfo(const char *text, uint64_t *midr);

/*
 * Every CPU's cpu_dir/cpuN/regs/identification/midr_el1 (cpu_dir is
 * /sys/devices/system/cpu): id named from CPU 0's, a mixed machine's
 * brand naming each core ("ARM Cortex-A76 + Cortex-A55"), source "midr".
 * 0, or -1 when there is no such file.
 */
int cpu_arm_read_midr(const char *cpu_dir, struct cpu_id *id);

/* The clock a brand string names ("... CPU @ 2.40GHz", "... 850MHz"), in
 * Hz; 0 where it names none. Pure. */
double cpu_brand_hz(const char *brand);

#endif
