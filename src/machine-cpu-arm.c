/*
 * machine-cpu-arm.c: naming an arm64 CPU from its Main ID Register,
 * MIDR_EL1, which the kernel shows whole in sysfs
 * (cpuN/regs/identification/midr_el1) and in fields in /proc/cpuinfo
 * ("CPU implementer", "CPU part", ...). arm64 has no brand string and
 * no libcpuid: this is what identifies it. The implementers and parts
 * are those of Linux's arch/arm64/include/asm/cputype.h.
 */

#include "config.h"

#include "machine-cpu-arm.h"
#include "machine-cpu-trust.h"
#include "machine-cpu.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "machine-file.h"

static const struct {
	unsigned code;
	const char *name;
} implementers[] = {
	{ 0x41, "ARM" },
	{ 0x42, "Broadcom" },
	{ 0x43, "Cavium" },
	{ 0x46, "Fujitsu" },
	{ 0x48, "HiSilicon" },
	{ 0x4e, "NVIDIA" },
	{ 0x51, "Qualcomm" },
	{ 0x61, "Apple" },
	{ 0x6d, "Microsoft" },
	{ 0xc0, "Ampere" },
};

static const struct {
	unsigned implementer, part;
	const char *core;
} parts[] = {
	{ 0x41, 0xd03, "Cortex-A53" },
	{ 0x41, 0xd04, "Cortex-A35" },
	{ 0x41, 0xd05, "Cortex-A55" },
	{ 0x41, 0xd07, "Cortex-A57" },
	{ 0x41, 0xd08, "Cortex-A72" },
	{ 0x41, 0xd09, "Cortex-A73" },
	{ 0x41, 0xd0a, "Cortex-A75" },
	{ 0x41, 0xd0b, "Cortex-A76" },
	{ 0x41, 0xd0c, "Neoverse N1" },
	{ 0x41, 0xd0d, "Cortex-A77" },
	{ 0x41, 0xd40, "Neoverse V1" },
	{ 0x41, 0xd41, "Cortex-A78" },
	{ 0x41, 0xd44, "Cortex-X1" },
	{ 0x41, 0xd46, "Cortex-A510" },
	{ 0x41, 0xd47, "Cortex-A710" },
	{ 0x41, 0xd48, "Cortex-X2" },
	{ 0x41, 0xd49, "Neoverse N2" },
	{ 0x41, 0xd4b, "Cortex-A78C" },
	{ 0x41, 0xd4d, "Cortex-A715" },
	{ 0x41, 0xd4e, "Cortex-X3" },
	{ 0x41, 0xd4f, "Neoverse V2" },
	{ 0x41, 0xd80, "Cortex-A520" },
	{ 0x41, 0xd81, "Cortex-A720" },
	{ 0x41, 0xd82, "Cortex-X4" },
	{ 0x41, 0xd84, "Neoverse V3" },
	{ 0x41, 0xd85, "Cortex-X925" },
	{ 0x41, 0xd87, "Cortex-A725" },
	{ 0x41, 0xd8e, "Neoverse N3" },
	{ 0x42, 0x516, "Vulcan" },
	{ 0x43, 0x0af, "ThunderX2" },
	{ 0x46, 0x001, "A64FX" },
	{ 0x48, 0xd01, "TSV110" },
	{ 0x4e, 0x004, "Carmel" },
	{ 0x51, 0x001, "Oryon" },
	{ 0x61, 0x022, "M1 Icestorm" },
	{ 0x61, 0x023, "M1 Firestorm" },
	{ 0x61, 0x032, "M2 Blizzard" },
	{ 0x61, 0x033, "M2 Avalanche" },
	{ 0xc0, 0xac3, "AmpereOne" },
};

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* The core a MIDR names; NULL when the table lacks it. */
static const char *
core_of(uint64_t midr)
{
	unsigned impl = (unsigned)(midr >> 24) & 0xff;
	unsigned part = (unsigned)(midr >> 4) & 0xfff;

	for (size_t i = 0; i < NELEM(parts); i++)
		if (parts[i].implementer == impl && parts[i].part == part)
			return parts[i].core;
	return NULL;
}

static void
implementer_name(unsigned code, char *buf, size_t size)
{
	for (size_t i = 0; i < NELEM(implementers); i++)
		if (implementers[i].code == code) {
			(void)snprintf(buf, size, "%s", implementers[i].name);
			return;
		}
	(void)snprintf(buf, size, "0x%02x", code);
}

void
cpu_arm_decode_midr(uint64_t midr, struct cpu_id *id)
{
	const char *core = core_of(midr);
	char part[16];

	implementer_name((unsigned)(midr >> 24) & 0xff, id->vendor,
	    sizeof id->vendor);
	id->ext_model = (int)(midr >> 20) & 0xf; /* the variant: rNpM's N */
	id->family = (int)(midr >> 16) & 0xf;    /* the architecture */
	id->ext_family = 0;
	id->model = (int)(midr >> 4) & 0xfff; /* the part number */
	id->stepping = (int)midr & 0xf;       /* the revision: rNpM's M */
	(void)snprintf(part, sizeof part, "part 0x%03x", (unsigned)id->model);
	(void)snprintf(id->brand, sizeof id->brand, "%s %s r%dp%d", id->vendor,
	    core ? core : part, id->ext_model, id->stepping);
	cpu_classify(id->vendor, id->family, id->model, id->brand, &id->cls);
	id->cls.generation = core ? core : "";
	cpu_class_rename(&id->cls);
	cpu_trust_judge(id);
}

/* The number of a "key : 0x41" line in text, or -1. */
static long
field(const char *text, const char *key)
{
	size_t n = strlen(key);

	for (const char *p = text; *p != '\0' && *p != '\n';) {
		const char *colon = strchr(p, ':');

		if (strncmp(p, key, n) == 0 && colon != NULL &&
		    colon < p + strcspn(p, "\n") &&
		    p[n + strspn(p + n, " \t")] == ':')
			return strtol(colon + 1, NULL, 0);
		p += strcspn(p, "\n");
		p += *p == '\n';
	}
	return -1;
}

int
cpu_arm_parse_cpuinfo(const char *text, uint64_t *midr)
{
	long impl = field(text, "CPU implementer");
	long variant = field(text, "CPU variant");
	long arch = field(text, "CPU architecture");
	long part = field(text, "CPU part");
	long rev = field(text, "CPU revision");

	if (impl < 0 || part < 0)
		return -1;
	/* "CPU architecture: 8" is the kernel's; MIDR says 0xf for it. */
	*midr = (uint64_t)(impl & 0xff) << 24 |
	    (uint64_t)(variant > 0 ? variant & 0xf : 0) << 20 |
	    (uint64_t)(arch == 8 || arch < 0 ? 0xf : arch & 0xf) << 16 |
	    (uint64_t)(part & 0xfff) << 4 | (uint64_t)(rev > 0 ? rev & 0xf : 0);
	return 0;
}

/* "Cortex-A55 + Cortex-A76": each core (implementer and part) of a
 * mixed machine once, in the order of the CPUs. */
static void
name_mixed(struct cpu_id *id, const uint64_t *seen, size_t n)
{
	size_t used =
	    (size_t)snprintf(id->brand, sizeof id->brand, "%s ", id->vendor);

	for (size_t i = 0; i < n && used < sizeof id->brand; i++) {
		const char *core = core_of(seen[i]);
		char part[16];

		(void)snprintf(part, sizeof part, "part 0x%03x",
		    (unsigned)(seen[i] >> 4) & 0xfff);
		used +=
		    (size_t)snprintf(id->brand + used, sizeof id->brand - used,
		        "%s%s", i ? " + " : "", core ? core : part);
	}
}

int
cpu_arm_read_midr(const char *cpu_dir, struct cpu_id *id)
{
	char path[512], line[64];
	uint64_t seen[8], midr;
	size_t n = 0;

	for (int c = 0; c < 4096; c++) {
		size_t i = 0;

		(void)snprintf(path, sizeof path,
		    "%s/cpu%d/regs/identification/midr_el1", cpu_dir, c);
		if (machine_file_read_line(NULL, path, line, sizeof line) != 0)
			break;
		midr = strtoull(line, NULL, 16);
		while (i < n && (seen[i] & 0xff00fff0u) != (midr & 0xff00fff0u))
			i++;
		if (i == n && n < NELEM(seen))
			seen[n++] = midr;
	}
	if (n == 0)
		return -1;
	cpu_arm_decode_midr(seen[0], id);
	if (n > 1)
		name_mixed(id, seen, n);
	(void)snprintf(id->source, sizeof id->source, "midr");
	return 0;
}
