/*
 * machine-cpu-detect.c: reading what CPU this is: libcpuid (x86, and the only
 * file that uses it), else /proc/cpuinfo and sysfs for the caches; and a
 * raw CPUID dump for --identify FILE. machine-cpu.c classifies the result.
 */

#include "config.h"

#include "machine-cpu-arm.h"
#include "machine-cpu-detect.h"
#include "machine-cpu-trust.h"
#include "machine-cpu.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "machine-file.h"

#ifdef HAVE_LIBCPUID
#include <libcpuid.h>
#endif

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
	cpu_trust_judge(id);
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
	else if ((v = cpuinfo_value(line, "flags")) != NULL) {
		id->hypervisor = cpu_trust_has_flag(v, "hypervisor");
		id->features = cpu_trust_features_flags(v);
	}
}

void
cpu_detect_parse_cpuinfo(const char *text, struct cpu_id *id)
{
	const char *line = text;
	uint64_t midr;

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
	cpu_trust_judge(id);
	if (id->vendor[0] == '\0' && cpu_arm_parse_cpuinfo(text, &midr) == 0)
		cpu_arm_decode_midr(midr, id);
}

/* A cache index of cpu0 from sysfs: its level, type and size ("32K"). */
static int
sysfs_cache(int index, int *level, char *type, size_t tsize, int *kib)
{
	static const char dir[] = "/sys/devices/system/cpu/cpu0/cache";
	char path[96], buf[32];

	(void)snprintf(path, sizeof path, "%s/index%d/level", dir, index);
	if (machine_file_read_line(NULL, path, buf, sizeof buf) != 0)
		return -1;
	*level = atoi(buf);
	(void)snprintf(path, sizeof path, "%s/index%d/type", dir, index);
	if (machine_file_read_line(NULL, path, type, tsize) != 0)
		return -1;
	(void)snprintf(path, sizeof path, "%s/index%d/size", dir, index);
	if (machine_file_read_line(NULL, path, buf, sizeof buf) != 0)
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

/* Enough for the first processor block of /proc/cpuinfo, flags and
 * all (2.5 KB on a Sapphire Rapids core): cpu_detect_parse_cpuinfo() reads
 * that block only. */
#define CPUINFO_MAX 16384

static void
identify_from_cpuinfo(struct cpu_id *id)
{
	char text[CPUINFO_MAX];

	if (machine_file_read("/", "/proc/cpuinfo", text, sizeof text) ==
	    MACHINE_FILE_OK)
		cpu_detect_parse_cpuinfo(text, id);
	caches_from_sysfs(id);
#if defined(__aarch64__) || defined(__arm__)
	/* The kernel's whole MIDRs, each CPU's: a mixed machine's too. */
	(void)cpu_arm_read_midr("/sys/devices/system/cpu", id);
#endif
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
	/* Leaf 7 read raw: libcpuid's flags differ between its versions. */
	if (raw->basic_cpuid[0][EAX] >= 7)
		id->features =
		    cpu_trust_features_cpuid(raw->basic_cpuid[7][EBX],
		        raw->basic_cpuid[7][EDX]);
	cpu_classify(id->vendor, id->family, id->model, id->brand, &id->cls);
	cpu_trust_judge(id);
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
cpu_detect_read_dump(const char *path, struct cpu_id *id, char *err,
    size_t errsize)
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
cpu_detect_read_dump(const char *path, struct cpu_id *id, char *err,
    size_t errsize)
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
