/*
 * machine-cpu-trust.c: what of a CPU's identification can be trusted.
 * A hypervisor shows its guests a model template: a model number, a
 * brand string, cache and topology leaves of its choosing. It cannot
 * show features the core lacks (the guest would fault on them), so a
 * feature newer than the model number says the model is a template's:
 * a 2-vCPU KVM guest on a Sapphire Rapids-class Xeon reported family 6
 * model 167 (Rocket Lake, which has neither AMX nor AVX512-FP16) with
 * both. Which generations have each feature: Intel's ISA extensions
 * reference (AMX and AVX512-FP16 from Sapphire Rapids; FP16 also on
 * Alder Lake's P-cores where AVX-512 was left on) and AMD's (AVX-512
 * from Zen 4).
 */

#include "config.h"

#include "machine-cpu-trust.h"
#include "machine-cpu.h"

#include <stdio.h>
#include <string.h>

static const struct feature_rule {
	const char *vendor;
	unsigned feature;
	const char *name;  /* "AMX" */
	const char *says;  /* the generation it proves: "... or later" */
	const char *holds; /* the generations that have it, '|' between */
} rules[] = {
	/* Strongest first: the first feature present names the class. */
	{ "GenuineIntel", CPU_AGE_AMX, "AMX", "Sapphire Rapids or later",
	    "|Sapphire Rapids|Emerald Rapids|Granite Rapids|Diamond Rapids|" },
	{ "GenuineIntel", CPU_AGE_AVX512_FP16, "AVX512-FP16",
	    "Sapphire Rapids or later",
	    "|Sapphire Rapids|Emerald Rapids|Granite Rapids|Diamond Rapids|"
	    "Alder Lake|" },
	{ "AuthenticAMD", CPU_AGE_AVX512F, "AVX-512", "Zen 4 or later",
	    "|Zen 4|Zen 5|Zen 6|" },
};

#define NRULES (sizeof rules / sizeof rules[0])

unsigned
cpu_trust_features_cpuid(uint32_t leaf7_ebx, uint32_t leaf7_edx)
{
	return (leaf7_ebx & (1u << 16) ? CPU_AGE_AVX512F : 0) |
	    (leaf7_edx & (1u << 23) ? CPU_AGE_AVX512_FP16 : 0) |
	    (leaf7_edx & (1u << 24) ? CPU_AGE_AMX : 0);
}

int
cpu_trust_has_flag(const char *flags, const char *flag)
{
	size_t n = strlen(flag), w;
	const char *p = flags, *end = flags + strcspn(flags, "\n");

	while (p < end) {
		p += strspn(p, " \t");
		w = strcspn(p, " \t\n");
		if (w == n && strncmp(p, flag, n) == 0)
			return 1;
		p += w;
	}
	return 0;
}

unsigned
cpu_trust_features_flags(const char *flags)
{
	return (cpu_trust_has_flag(flags, "avx512f") ? CPU_AGE_AVX512F : 0) |
	    (cpu_trust_has_flag(flags, "avx512_fp16") ? CPU_AGE_AVX512_FP16
	                                              : 0) |
	    (cpu_trust_has_flag(flags, "amx_tile") ? CPU_AGE_AMX : 0);
}

/* Whether generation g is one of the '|'-delimited list. */
static int
holds(const char *list, const char *g)
{
	char word[48];

	(void)snprintf(word, sizeof word, "|%s|", g);
	return strstr(list, word) != NULL;
}

/* The first rule whose feature id has; NULL when none. */
static const struct feature_rule *
strongest(const struct cpu_id *id)
{
	for (size_t i = 0; i < NRULES; i++)
		if (strcmp(id->vendor, rules[i].vendor) == 0 &&
		    (id->features & rules[i].feature))
			return &rules[i];
	return NULL;
}

/* "AMX and AVX512-FP16 say X": the features present that say what r
 * says and that the model's generation lacks. */
static size_t
features_saying(const struct cpu_id *id, const struct feature_rule *r,
    char *buf, size_t size)
{
	size_t used = 0, n = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < NRULES; i++)
		if (strcmp(id->vendor, rules[i].vendor) == 0 &&
		    (id->features & rules[i].feature) &&
		    strcmp(rules[i].says, r->says) == 0 &&
		    !holds(rules[i].holds, id->model_generation) && used < size)
			used += (size_t)snprintf(buf + used, size - used,
			    "%s%s", n++ ? " and " : "", rules[i].name);
	if (n > 0 && used < size)
		(void)snprintf(buf + used, size - used, " say%s %s",
		    n == 1 ? "s" : "", r->says);
	return n;
}

/* The class named from the rule's feature, and whence. */
static void
name_from_feature(struct cpu_id *id, const struct feature_rule *r)
{
	id->cls.generation = r->says;
	cpu_class_rename(&id->cls);
	(void)snprintf(id->generation_from, sizeof id->generation_from,
	    "features (%s)", r->name);
}

void
cpu_trust_judge(struct cpu_id *id)
{
	const struct feature_rule *r = strongest(id);
	char said[96] = "";
	size_t used = 0;

	id->model_generation = id->cls.generation ? id->cls.generation : "";
	(void)snprintf(id->generation_from, sizeof id->generation_from, "%s",
	    id->model_generation[0] ? "model" : "none");
	id->doubts[0] = '\0';
	if (r != NULL && id->model_generation[0] == '\0')
		name_from_feature(id, r);
	else if (r != NULL && features_saying(id, r, said, sizeof said) > 0) {
		used = (size_t)snprintf(id->doubts, sizeof id->doubts,
		    "model %d says %s; %s", id->model, id->model_generation,
		    said);
		name_from_feature(id, r);
	}
	if (id->hypervisor && used < sizeof id->doubts)
		(void)snprintf(id->doubts + used, sizeof id->doubts - used,
		    "%sunder a hypervisor", used ? "; " : "");
}
