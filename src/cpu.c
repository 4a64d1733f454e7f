/*
 * cpu.c: CPU identification. libcpuid appears in this file only.
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

#include "cpu.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifdef HAVE_LIBCPUID
#include <libcpuid.h>
#endif

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

/* The raw extended fields behind display values (from /proc/cpuinfo). */
static void
derive_ext_fields(struct cpu_id *id)
{
	int base = id->family >= 15 ? 15 : id->family;

	id->ext_family = id->family - base;
	id->ext_model = base == 6 || base == 15 ? id->model >> 4 : 0;
}

/* Empty strings, unknown counts and caches, class "unknown". */
static void
cpu_reset(struct cpu_id *id)
{
	memset(id, 0, sizeof *id);
	id->l1d_kib = id->l2_kib = id->l3_kib = -1;
	cpu_classify("", 0, 0, "", &id->cls);
}

/* Copy `src` into `dst`, trimming the spaces old brand strings pad with. */
static void
copy_trimmed(char *dst, size_t size, const char *src)
{
	size_t len;

	while (*src == ' ' || *src == '\t')
		src++;
	/* Truncating is intended: the precision says so to -Wformat. */
	(void)snprintf(dst, size, "%.*s", (int)size - 1, src);
	len = strlen(dst);
	while (len > 0 && (dst[len - 1] == ' ' || dst[len - 1] == '\n'))
		dst[--len] = '\0';
}

/* The value of "key : value" on the line at `line`, if the key matches. */
static const char *
cpuinfo_value(const char *line, const char *key)
{
	size_t klen = strlen(key);
	const char *colon, *eol;

	if (strncmp(line, key, klen) != 0)
		return NULL;
	colon = strchr(line + klen, ':');
	eol = strchr(line, '\n');
	if (colon == NULL || (eol != NULL && colon > eol))
		return NULL;
	return colon + 1;
}

/* Copy one line's value (up to the newline) trimmed into dst. */
static void
copy_line_value(char *dst, size_t size, const char *value)
{
	char buf[128];
	size_t len = strcspn(value, "\n");

	if (len >= sizeof buf)
		len = sizeof buf - 1;
	memcpy(buf, value, len);
	buf[len] = '\0';
	copy_trimmed(dst, size, buf);
}

/* Whether a "flags" value lists `flag` (the line can be 1,500 bytes). */
static int
flags_have(const char *value, const char *flag)
{
	size_t n = strlen(flag), w;
	const char *p = value, *end = value + strcspn(value, "\n");

	while (p < end) {
		p += strspn(p, " \t");
		w = strcspn(p, " \t\n");
		if (w == n && strncmp(p, flag, n) == 0)
			return 1;
		p += w;
	}
	return 0;
}

/* One "key : value" line of a processor block. */
static void
cpuinfo_line(const char *line, struct cpu_id *id)
{
	const char *v;

	if ((v = cpuinfo_value(line, "vendor_id")) != NULL)
		copy_line_value(id->vendor, sizeof id->vendor, v);
	else if ((v = cpuinfo_value(line, "model name")) != NULL)
		copy_line_value(id->brand, sizeof id->brand, v);
	else if ((v = cpuinfo_value(line, "cpu family")) != NULL)
		id->family = atoi(v);
	else if ((v = cpuinfo_value(line, "model\t")) != NULL)
		id->model = atoi(v);
	else if ((v = cpuinfo_value(line, "stepping")) != NULL)
		id->stepping = atoi(v);
	else if ((v = cpuinfo_value(line, "cpu cores")) != NULL)
		id->cores = atoi(v);
	else if ((v = cpuinfo_value(line, "siblings")) != NULL)
		id->logical = atoi(v);
	else if ((v = cpuinfo_value(line, "flags")) != NULL)
		id->hypervisor = flags_have(v, "hypervisor");
}

void
cpu_parse_cpuinfo(const char *text, struct cpu_id *id)
{
	const char *line = text;

	cpu_reset(id);
	/* Only the first processor block: they all describe one model. */
	while (*line != '\0' && *line != '\n') {
		cpuinfo_line(line, id);
		line += strcspn(line, "\n");
		line += *line == '\n';
	}
	if (id->vendor[0] != '\0')
		derive_ext_fields(id);
	(void)snprintf(id->source, sizeof id->source, "cpuinfo");
	cpu_classify(id->vendor, id->family, id->model, id->brand, &id->cls);
}

/* The first line of a small sysfs file; -1 if it cannot be read. */
static int
read_first_line(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "r");
	int ok;

	if (f == NULL)
		return -1;
	ok = fgets(buf, (int)size, f) != NULL;
	(void)fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return ok ? 0 : -1;
}

/* A cache index of cpu0 from sysfs: its level, type and size ("32K"). */
static int
sysfs_cache(int index, int *level, char *type, size_t tsize, int *kib)
{
	static const char dir[] = "/sys/devices/system/cpu/cpu0/cache";
	char path[96], buf[32];

	(void)snprintf(path, sizeof path, "%s/index%d/level", dir, index);
	if (read_first_line(path, buf, sizeof buf) != 0)
		return -1;
	*level = atoi(buf);
	(void)snprintf(path, sizeof path, "%s/index%d/type", dir, index);
	if (read_first_line(path, type, tsize) != 0)
		return -1;
	(void)snprintf(path, sizeof path, "%s/index%d/size", dir, index);
	if (read_first_line(path, buf, sizeof buf) != 0)
		return -1;
	*kib = atoi(buf) * (strchr(buf, 'M') != NULL ? 1024 : 1);
	return 0;
}

/* /proc/cpuinfo's "cache size" is L2 or L3 by kernel: sysfs says which. */
static void
caches_from_sysfs(struct cpu_id *id)
{
	char type[16];
	int i, level, kib;

	for (i = 0; i < 8; i++) {
		if (sysfs_cache(i, &level, type, sizeof type, &kib) != 0)
			break;
		if (level == 1 && strcmp(type, "Data") == 0)
			id->l1d_kib = kib;
		else if (level == 2)
			id->l2_kib = kib;
		else if (level == 3)
			id->l3_kib = kib;
	}
}

/*
 * The first processor block of /proc/cpuinfo, whole, however long its
 * lines (a flags line grows with every CPU generation): malloc'd, NULL
 * if it cannot be read.
 */
static char *
read_first_cpuinfo_block(void)
{
	FILE *f = fopen("/proc/cpuinfo", "r"), *mem;
	char *text = NULL, *line = NULL;
	size_t size = 0, cap = 0;

	if (f == NULL)
		return NULL;
	if ((mem = open_memstream(&text, &size)) != NULL) {
		while (getline(&line, &cap, f) > 0 && line[0] != '\n')
			(void)fputs(line, mem);
		if (fclose(mem) != 0) {
			free(text);
			text = NULL;
		}
	}
	free(line);
	(void)fclose(f);
	return text;
}

static void
identify_from_cpuinfo(struct cpu_id *id)
{
	char *text = read_first_cpuinfo_block();

	if (text == NULL)
		return;
	cpu_parse_cpuinfo(text, id);
	free(text);
	caches_from_sysfs(id);
}

#ifdef HAVE_LIBCPUID
/* libcpuid says -1 for "undetermined"; counts below 1 mean unknown here. */
static int
count_or_zero(int n)
{
	return n > 0 ? n : 0;
}

static void
fill_from_libcpuid(const struct cpu_raw_data_t *raw,
    const struct cpu_id_t *data, struct cpu_id *id)
{
	copy_trimmed(id->vendor, sizeof id->vendor, data->vendor_str);
	copy_trimmed(id->brand, sizeof id->brand, data->brand_str);
	copy_trimmed(id->codename, sizeof id->codename, data->cpu_codename);
	cpu_decode_signature(raw->basic_cpuid[1][EAX], id);
	id->cores = count_or_zero(data->num_cores);
	id->logical = count_or_zero(data->num_logical_cpus);
	id->l1d_kib = data->l1_data_cache;
	id->l2_kib = data->l2_cache;
	id->l3_kib = data->l3_cache;
	id->hypervisor = data->flags[CPU_FEATURE_HYPERVISOR] != 0;
	cpu_classify(id->vendor, id->family, id->model, id->brand, &id->cls);
}

static int
identify_with_libcpuid(struct cpu_id *id)
{
	struct cpu_raw_data_t raw;
	struct cpu_id_t data;

	if (!cpuid_present() || cpuid_get_raw_data(&raw) != 0 ||
	    cpu_identify(&raw, &data) != 0)
		return -1;
	fill_from_libcpuid(&raw, &data, id);
	(void)snprintf(id->source, sizeof id->source, "libcpuid");
	return 0;
}

/*
 * libcpuid writes its warnings (a line it does not understand) to stderr;
 * while reading a dump the first is kept for the error message instead.
 * A callback without a context pointer needs this file-scope buffer; the
 * dump is read from the main thread only.
 */
static char dump_warning[160];

static void
keep_first_warning(const char *msg)
{
	static const char prefix[] = "Warning: ", file[] = "file '";
	const char *p;

	if (dump_warning[0] != '\0')
		return;
	if (strncmp(msg, prefix, sizeof prefix - 1) == 0)
		msg += sizeof prefix - 1;
	/* The message names the file already: "file 'x', line 1: ...". */
	if (strncmp(msg, file, sizeof file - 1) == 0 &&
	    (p = strstr(msg, "', ")) != NULL)
		msg = p + 3;
	copy_trimmed(dump_warning, sizeof dump_warning, msg);
}

/* "PATH: cannot ...: libcpuid's error (its first warning)". */
static int
dump_error(char *err, size_t errsize, const char *path, const char *what)
{
	(void)snprintf(err, errsize, "%s: %s: %s%s%s%s", path, what,
	    cpuid_error(), dump_warning[0] ? " (" : "", dump_warning,
	    dump_warning[0] ? ")" : "");
	return -1;
}

/* libcpuid reads a directory as an empty dump: name the real problem. */
static int
is_regular_file(const char *path, char *err, size_t errsize)
{
	struct stat st;

	if (stat(path, &st) != 0) {
		(void)snprintf(err, errsize, "%s: %s", path, strerror(errno));
		return 0;
	}
	if (!S_ISREG(st.st_mode)) {
		(void)snprintf(err, errsize, "%s: not a regular file", path);
		return 0;
	}
	return 1;
}

int
cpu_read_dump(const char *path, struct cpu_id *id, char *err, size_t errsize)
{
	struct cpu_raw_data_t raw;
	struct cpu_id_t data;
	libcpuid_warn_fn_t saved;
	const char *failed = NULL;

	cpu_reset(id);
	if (!is_regular_file(path, err, errsize))
		return -1;
	dump_warning[0] = '\0';
	saved = cpuid_set_warn_function(keep_first_warning);
	if (cpuid_deserialize_raw_data(&raw, path) != 0)
		failed = "cannot read the dump";
	else if (cpu_identify(&raw, &data) != 0)
		failed = "cannot identify the CPU";
	(void)cpuid_set_warn_function(saved);
	if (failed != NULL)
		return dump_error(err, errsize, path, failed);
	fill_from_libcpuid(&raw, &data, id);
	(void)snprintf(id->source, sizeof id->source, "dump");
	return 0;
}
#else
int
cpu_read_dump(const char *path, struct cpu_id *id, char *err, size_t errsize)
{
	cpu_reset(id);
	(void)snprintf(err, errsize,
	    "built without libcpuid: cannot read a raw dump");
	return -1;
}
#endif

void
cpu_detect(struct cpu_id *id)
{
	cpu_reset(id);
#ifdef HAVE_LIBCPUID
	if (identify_with_libcpuid(id) != 0)
		identify_from_cpuinfo(id);
#else
	identify_from_cpuinfo(id);
#endif
	id->cpus_online = (int)sysconf(_SC_NPROCESSORS_ONLN);
}
