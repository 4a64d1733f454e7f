/*
 * machine-cpu.c: CPU classification: which class of the reference machines a
 * vendor, family, model and brand belong to (a pure table), and the
 * CPUID signature decoder. Reading the CPU is machine-cpu-detect.c's.
 *
 * Where the names come from: Intel family 6 from Merom (0xF) on, and
 * families 18 and 19, are the models of Linux's
 * arch/x86/include/asm/intel-family.h; the P6, NetBurst and K7 core of
 * each model is the name those parts were sold under, as CPU identification
 * tools (x86info, libcpuid's database) list them; the Zen generations are
 * the model ranges of Linux's arch/x86/kernel/cpu/amd.c (bsp_init_amd,
 * which sets X86_FEATURE_ZEN1..ZEN6 from them).
 */

#include "config.h"

#include "machine-cpu.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define INTEL "GenuineIntel"
#define AMD   "AuthenticAMD"
#define HYGON "HygonGenuine"

/* One row of the classifier: display family and an inclusive model range. */
struct class_row {
	const char *vendor;
	int family, lo, hi;
	const char *id;
	const char *generation;
};

/*
 * First match wins: named models come before the catch-all of their family.
 * P6 is Intel family 6 up to model 0xE (Pentium Pro to Core Duo; the Pentium
 * M is 9 and 0xD); 0xF (Merom) on is Core, except the Atom and Xeon Phi
 * models, which are other cores sharing family 6.
 */
static const struct class_row class_rows[] = {
	{ INTEL, 5, 0x01, 0x01, "p5", "P5" },
	{ INTEL, 5, 0x02, 0x02, "p5", "P54C" },
	{ INTEL, 5, 0x04, 0x04, "p5", "P55C" },
	{ INTEL, 5, 0x07, 0x07, "p5", "P54C" },
	{ INTEL, 5, 0x08, 0x08, "p5", "Tillamook" },
	{ INTEL, 5, 0x09, 0x09, "other", "Quark" },
	{ INTEL, 5, 0x00, 0xFF, "p5", "" },

	{ INTEL, 6, 0x01, 0x01, "p6", "Pentium Pro" },
	{ INTEL, 6, 0x03, 0x03, "p6", "Klamath" },
	{ INTEL, 6, 0x05, 0x05, "p6", "Deschutes" },
	{ INTEL, 6, 0x06, 0x06, "p6", "Mendocino/Dixon" },
	{ INTEL, 6, 0x07, 0x07, "p6", "Katmai" },
	{ INTEL, 6, 0x08, 0x08, "p6", "Coppermine" },
	{ INTEL, 6, 0x09, 0x09, "p6", "Banias" },
	{ INTEL, 6, 0x0A, 0x0A, "p6", "Cascades" },
	{ INTEL, 6, 0x0B, 0x0B, "p6", "Tualatin" },
	{ INTEL, 6, 0x0D, 0x0D, "p6", "Dothan" },
	{ INTEL, 6, 0x0E, 0x0E, "p6", "Yonah" },
	{ INTEL, 6, 0x00, 0x0E, "p6", "" },

	{ INTEL, 6, 0x1C, 0x1C, "other", "Atom (Bonnell)" },
	{ INTEL, 6, 0x26, 0x26, "other", "Atom (Bonnell)" },
	{ INTEL, 6, 0x27, 0x27, "other", "Atom (Saltwell)" },
	{ INTEL, 6, 0x35, 0x36, "other", "Atom (Saltwell)" },
	{ INTEL, 6, 0x37, 0x37, "other", "Atom (Silvermont)" },
	{ INTEL, 6, 0x4A, 0x4A, "other", "Atom (Silvermont)" },
	{ INTEL, 6, 0x4D, 0x4D, "other", "Atom (Silvermont)" },
	{ INTEL, 6, 0x5A, 0x5A, "other", "Atom (Silvermont)" },
	{ INTEL, 6, 0x4C, 0x4C, "other", "Atom (Airmont)" },
	{ INTEL, 6, 0x75, 0x75, "other", "Atom (Airmont)" },
	{ INTEL, 6, 0x5C, 0x5C, "other", "Atom (Goldmont)" },
	{ INTEL, 6, 0x5F, 0x5F, "other", "Atom (Goldmont)" },
	{ INTEL, 6, 0x7A, 0x7A, "other", "Atom (Goldmont Plus)" },
	{ INTEL, 6, 0x86, 0x86, "other", "Atom (Tremont)" },
	{ INTEL, 6, 0x96, 0x96, "other", "Atom (Tremont)" },
	{ INTEL, 6, 0x9C, 0x9C, "other", "Atom (Tremont)" },
	{ INTEL, 6, 0xBE, 0xBE, "other", "Atom (Gracemont)" },
	{ INTEL, 6, 0xAF, 0xAF, "other", "Atom (Crestmont)" },
	{ INTEL, 6, 0xB6, 0xB6, "other", "Atom (Crestmont)" },
	{ INTEL, 6, 0xDD, 0xDD, "other", "Atom (Darkmont)" },
	{ INTEL, 6, 0x57, 0x57, "other", "Xeon Phi (Knights Landing)" },
	{ INTEL, 6, 0x85, 0x85, "other", "Xeon Phi (Knights Mill)" },

	{ INTEL, 6, 0x0F, 0x0F, "core", "Merom" },
	{ INTEL, 6, 0x16, 0x16, "core", "Merom" },
	{ INTEL, 6, 0x17, 0x17, "core", "Penryn" },
	{ INTEL, 6, 0x1D, 0x1D, "core", "Penryn" },
	{ INTEL, 6, 0x1A, 0x1A, "core", "Nehalem" },
	{ INTEL, 6, 0x1E, 0x1F, "core", "Nehalem" },
	{ INTEL, 6, 0x2E, 0x2E, "core", "Nehalem" },
	{ INTEL, 6, 0x25, 0x25, "core", "Westmere" },
	{ INTEL, 6, 0x2C, 0x2C, "core", "Westmere" },
	{ INTEL, 6, 0x2F, 0x2F, "core", "Westmere" },
	{ INTEL, 6, 0x2A, 0x2A, "core", "Sandy Bridge" },
	{ INTEL, 6, 0x2D, 0x2D, "core", "Sandy Bridge" },
	{ INTEL, 6, 0x3A, 0x3A, "core", "Ivy Bridge" },
	{ INTEL, 6, 0x3E, 0x3E, "core", "Ivy Bridge" },
	{ INTEL, 6, 0x3C, 0x3C, "core", "Haswell" },
	{ INTEL, 6, 0x3F, 0x3F, "core", "Haswell" },
	{ INTEL, 6, 0x45, 0x46, "core", "Haswell" },
	{ INTEL, 6, 0x3D, 0x3D, "core", "Broadwell" },
	{ INTEL, 6, 0x47, 0x47, "core", "Broadwell" },
	{ INTEL, 6, 0x4F, 0x4F, "core", "Broadwell" },
	{ INTEL, 6, 0x56, 0x56, "core", "Broadwell" },
	{ INTEL, 6, 0x4E, 0x4E, "core", "Skylake" },
	{ INTEL, 6, 0x5E, 0x5E, "core", "Skylake" },
	/* Cascade Lake and Cooper Lake share 0x55, told apart by stepping. */
	{ INTEL, 6, 0x55, 0x55, "core", "Skylake/Cascade Lake" },
	/* Coffee, Whiskey and Amber Lake share these, by stepping. */
	{ INTEL, 6, 0x8E, 0x8E, "core", "Kaby/Coffee Lake" },
	{ INTEL, 6, 0x9E, 0x9E, "core", "Kaby/Coffee Lake" },
	{ INTEL, 6, 0xA5, 0xA6, "core", "Comet Lake" },
	{ INTEL, 6, 0x66, 0x66, "core", "Cannon Lake" },
	{ INTEL, 6, 0x6A, 0x6A, "core", "Ice Lake" },
	{ INTEL, 6, 0x6C, 0x6C, "core", "Ice Lake" },
	{ INTEL, 6, 0x7D, 0x7E, "core", "Ice Lake" },
	{ INTEL, 6, 0x9D, 0x9D, "core", "Ice Lake" },
	{ INTEL, 6, 0xA7, 0xA7, "core", "Rocket Lake" },
	{ INTEL, 6, 0x8C, 0x8D, "core", "Tiger Lake" },
	{ INTEL, 6, 0x8F, 0x8F, "core", "Sapphire Rapids" },
	{ INTEL, 6, 0xCF, 0xCF, "core", "Emerald Rapids" },
	{ INTEL, 6, 0xAD, 0xAE, "core", "Granite Rapids" },
	{ INTEL, 6, 0x8A, 0x8A, "core", "Lakefield" },
	{ INTEL, 6, 0x97, 0x97, "core", "Alder Lake" },
	{ INTEL, 6, 0x9A, 0x9A, "core", "Alder Lake" },
	{ INTEL, 6, 0xB7, 0xB7, "core", "Raptor Lake" },
	{ INTEL, 6, 0xBA, 0xBA, "core", "Raptor Lake" },
	{ INTEL, 6, 0xBF, 0xBF, "core", "Raptor Lake" },
	{ INTEL, 6, 0xAA, 0xAA, "core", "Meteor Lake" },
	{ INTEL, 6, 0xAC, 0xAC, "core", "Meteor Lake" },
	{ INTEL, 6, 0xB5, 0xB5, "core", "Arrow Lake" },
	{ INTEL, 6, 0xC5, 0xC6, "core", "Arrow Lake" },
	{ INTEL, 6, 0xBD, 0xBD, "core", "Lunar Lake" },
	{ INTEL, 6, 0xCC, 0xCC, "core", "Panther Lake" },
	{ INTEL, 6, 0xD5, 0xD5, "core", "Wildcat Lake" },
	{ INTEL, 6, 0x0F, 0xFF, "core", "" },

	/* Family 15: the core names; the Xeons and Pentium Ds share them. */
	{ INTEL, 15, 0x00, 0x01, "netburst", "Willamette" },
	{ INTEL, 15, 0x02, 0x02, "netburst", "Northwood" },
	{ INTEL, 15, 0x03, 0x04, "netburst", "Prescott" },
	{ INTEL, 15, 0x06, 0x06, "netburst", "Cedar Mill" },
	{ INTEL, 15, 0x00, 0xFF, "netburst", "" },

	{ INTEL, 18, 0x01, 0x01, "core", "Nova Lake" },
	{ INTEL, 18, 0x03, 0x03, "core", "Nova Lake" },
	{ INTEL, 18, 0x00, 0xFF, "core", "" },
	{ INTEL, 19, 0x01, 0x01, "core", "Diamond Rapids" },
	{ INTEL, 19, 0x00, 0xFF, "core", "" },

	{ AMD, 5, 0x00, 0x03, "other", "K5" },
	{ AMD, 5, 0x06, 0x07, "other", "K6" },
	{ AMD, 5, 0x08, 0x08, "other", "K6-2" },
	{ AMD, 5, 0x09, 0x09, "other", "K6-III" },
	{ AMD, 5, 0x0D, 0x0D, "other", "K6-2+/III+" },

	/* Family 6 is the K7 only (the K6 is family 5). */
	{ AMD, 6, 0x01, 0x01, "k7", "Argon" },
	{ AMD, 6, 0x02, 0x02, "k7", "Pluto/Orion" },
	{ AMD, 6, 0x03, 0x03, "k7", "Spitfire" },
	{ AMD, 6, 0x04, 0x04, "k7", "Thunderbird" },
	{ AMD, 6, 0x06, 0x06, "k7", "Palomino" },
	{ AMD, 6, 0x07, 0x07, "k7", "Morgan" },
	{ AMD, 6, 0x08, 0x08, "k7", "Thoroughbred" },
	{ AMD, 6, 0x0A, 0x0A, "k7", "Barton" },
	{ AMD, 6, 0x00, 0xFF, "k7", "" },
	{ AMD, 15, 0x00, 0xFF, "k8", "" },

	{ AMD, 0x10, 0x00, 0xFF, "other", "K10" },
	{ AMD, 0x12, 0x00, 0xFF, "other", "K10 (Llano)" },
	{ AMD, 0x14, 0x00, 0xFF, "other", "Bobcat" },
	{ AMD, 0x15, 0x00, 0xFF, "other", "Bulldozer family" },
	{ AMD, 0x16, 0x00, 0xFF, "other", "Jaguar family" },

	/* Zen+ is a shrink of Zen: Linux puts both under ZEN1. */
	{ AMD, 0x17, 0x00, 0x2F, "zen", "Zen" },
	{ AMD, 0x17, 0x30, 0x4F, "zen", "Zen 2" },
	{ AMD, 0x17, 0x50, 0x5F, "zen", "Zen" },
	{ AMD, 0x17, 0x60, 0x7F, "zen", "Zen 2" },
	{ AMD, 0x17, 0x90, 0x91, "zen", "Zen 2" },
	{ AMD, 0x17, 0xA0, 0xAF, "zen", "Zen 2" },
	{ AMD, 0x19, 0x00, 0x0F, "zen", "Zen 3" },
	{ AMD, 0x19, 0x10, 0x1F, "zen", "Zen 4" },
	{ AMD, 0x19, 0x20, 0x5F, "zen", "Zen 3" },
	{ AMD, 0x19, 0x60, 0xAF, "zen", "Zen 4" },
	{ AMD, 0x1A, 0x00, 0x2F, "zen", "Zen 5" },
	{ AMD, 0x1A, 0x40, 0x4F, "zen", "Zen 5" },
	{ AMD, 0x1A, 0x50, 0x5F, "zen", "Zen 6" },
	{ AMD, 0x1A, 0x60, 0x7F, "zen", "Zen 5" },
	{ AMD, 0x1A, 0x80, 0xAF, "zen", "Zen 6" },
	{ AMD, 0x1A, 0xC0, 0xCF, "zen", "Zen 6" },
	{ AMD, 0x17, 0x00, 0xFF, "zen", "" },
	{ AMD, 0x19, 0x00, 0xFF, "zen", "" },
	{ AMD, 0x1A, 0x00, 0xFF, "zen", "" },
	/* Hygon's Dhyana is AMD's Zen, licensed. */
	{ HYGON, 0x18, 0x00, 0xFF, "zen", "Zen" },
};

#define NROWS (sizeof class_rows / sizeof class_rows[0])

/* The display names of the classes named after one core. */
static const struct {
	const char *id, *plain, *server;
} class_names[] = {
	{ "p5", "P5", "P5" },
	{ "p6", "P6", "Xeon (P6)" },
	{ "netburst", "P7 (NetBurst)", "Xeon (NetBurst)" },
	{ "k7", "Athlon (K7)", "Athlon MP (K7)" },
	{ "k8", "Athlon 64 (K8)", "Opteron (K8)" },
};

/* Whether `word` is in `text` with no letter or digit either side. */
static int
has_word(const char *text, const char *word)
{
	size_t n = strlen(word);
	const char *p;

	for (p = strstr(text, word); p != NULL; p = strstr(p + 1, word))
		if ((p == text || !isalnum((unsigned char)p[-1])) &&
		    !isalnum((unsigned char)p[n]))
			return 1;
	return 0;
}

/* "MP" counts only as a word: the Athlon MP, the Xeon MP. */
static int
brand_is_server(const char *brand)
{
	return has_word(brand, "Xeon") || has_word(brand, "EPYC") ||
	    has_word(brand, "Opteron") || has_word(brand, "MP");
}

static const struct class_row *
class_lookup(const char *vendor, int family, int model)
{
	size_t i;

	for (i = 0; i < NROWS; i++)
		if (strcmp(vendor, class_rows[i].vendor) == 0 &&
		    family == class_rows[i].family &&
		    model >= class_rows[i].lo && model <= class_rows[i].hi)
			return &class_rows[i];
	return NULL;
}

/* "Core (Skylake)", "Xeon (Skylake)"; "Core", "Xeon (Core)" unnamed. */
static void
core_name(struct cpu_class *c)
{
	const char *g = c->generation;

	if (c->server)
		(void)snprintf(c->name, sizeof c->name, "Xeon (%s)",
		    *g ? g : "Core");
	else if (*g)
		(void)snprintf(c->name, sizeof c->name, "Core (%s)", g);
	else
		(void)snprintf(c->name, sizeof c->name, "Core");
}

/* Core and Zen are named by generation; the older classes by core. */
static void
class_name(struct cpu_class *c)
{
	const char *g = c->generation;
	size_t i;

	for (i = 0; i < sizeof class_names / sizeof class_names[0]; i++)
		if (strcmp(c->id, class_names[i].id) == 0) {
			(void)snprintf(c->name, sizeof c->name, "%s",
			    c->server ? class_names[i].server
			              : class_names[i].plain);
			return;
		}
	if (strcmp(c->id, "core") == 0)
		core_name(c);
	else if (strcmp(c->id, "zen") == 0)
		(void)snprintf(c->name, sizeof c->name, "%s%s", *g ? g : "Zen",
		    c->server ? " (EPYC)" : "");
	else if (strcmp(c->id, "other") == 0)
		(void)snprintf(c->name, sizeof c->name, "%s", *g ? g : "Other");
	else
		(void)snprintf(c->name, sizeof c->name, "Unknown");
}

void
cpu_class_rename(struct cpu_class *c)
{
	class_name(c);
}

void
cpu_classify(const char *vendor, int family, int model, const char *brand,
    struct cpu_class *out)
{
	const struct class_row *row;

	vendor = vendor != NULL ? vendor : "";
	brand = brand != NULL ? brand : "";
	row = class_lookup(vendor, family, model);
	out->generation = row != NULL ? row->generation : "";
	if (row != NULL)
		out->id = row->id;
	else /* an x86 vendor we have no row for, or no CPUID at all */
		out->id = vendor[0] != '\0' && family > 0 ? "other" : "unknown";
	out->server = brand_is_server(brand);
	class_name(out);
}

void
cpu_decode_signature(uint32_t eax, struct cpu_id *id)
{
	int family = (int)(eax >> 8) & 0xF, model = (int)(eax >> 4) & 0xF;

	id->stepping = (int)eax & 0xF;
	id->ext_model = (int)(eax >> 16) & 0xF;
	id->ext_family = (int)(eax >> 20) & 0xFF;
	id->family = family + (family == 15 ? id->ext_family : 0);
	id->model = model;
	if (family == 6 || family == 15)
		id->model += id->ext_model << 4;
}

/* "2.40GHz", "850MHz", "3.0 GHz": a number just before the unit. */
double
cpu_brand_hz(const char *brand)
{
	static const struct {
		const char *unit;
		double scale;
	} units[] = { { "GHz", 1e9 }, { "MHz", 1e6 } };

	for (size_t u = 0; brand != NULL && u < 2; u++) {
		const char *at = strstr(brand, units[u].unit);
		const char *p = at;

		while (p != NULL && p > brand && p[-1] == ' ')
			p--;
		while (p != NULL && p > brand &&
		    (isdigit((unsigned char)p[-1]) || p[-1] == '.'))
			p--;
		if (at != NULL && p < at && isdigit((unsigned char)*p))
			return strtod(p, NULL) * units[u].scale;
	}
	return 0;
}
