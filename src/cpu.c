/*
 * cpu.c: CPU identification. libcpuid appears in this file only.
 */

#include "config.h"

#include "cpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef HAVE_LIBCPUID
#include <libcpuid.h>
#endif

/* Copy `src` into `dst`, trimming the spaces old brand strings pad with. */
static void
copy_trimmed(char *dst, size_t size, const char *src)
{
	size_t len;

	while (*src == ' ' || *src == '\t')
		src++;
	(void)snprintf(dst, size, "%s", src);
	len = strlen(dst);
	while (len > 0 && (dst[len - 1] == ' ' || dst[len - 1] == '\n'))
		dst[--len] = '\0';
}

/* The value of "key : value" on the line at `line`, if the key matches. */
static const char *
cpuinfo_value(const char *line, const char *key)
{
	size_t klen = strlen(key);
	const char *colon;

	if (strncmp(line, key, klen) != 0)
		return NULL;
	colon = strchr(line + klen, ':');
	if (colon == NULL || colon > strchr(line, '\n'))
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

void
cpu_parse_cpuinfo(const char *text, struct cpu_id *id)
{
	const char *line = text, *v;

	/* Only the first processor block: they all describe one model. */
	while (*line != '\0' && *line != '\n') {
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
		line += strcspn(line, "\n");
		line += *line == '\n';
	}
}

static void
identify_from_cpuinfo(struct cpu_id *id)
{
	static char text[16384];
	FILE *f = fopen("/proc/cpuinfo", "r");
	size_t len;

	if (f == NULL)
		return;
	len = fread(text, 1, sizeof text - 1, f);
	text[len] = '\0';
	(void)fclose(f);
	cpu_parse_cpuinfo(text, id);
	(void)snprintf(id->source, sizeof id->source, "cpuinfo");
}

#ifdef HAVE_LIBCPUID
static int
identify_with_libcpuid(struct cpu_id *id)
{
	struct cpu_raw_data_t raw;
	struct cpu_id_t data;

	if (!cpuid_present() || cpuid_get_raw_data(&raw) != 0 ||
	    cpu_identify(&raw, &data) != 0)
		return -1;
	copy_trimmed(id->vendor, sizeof id->vendor, data.vendor_str);
	copy_trimmed(id->brand, sizeof id->brand, data.brand_str);
	id->family = data.ext_family;
	id->model = data.ext_model;
	id->stepping = data.stepping;
	(void)snprintf(id->source, sizeof id->source, "libcpuid");
	return 0;
}
#endif

void
cpu_detect(struct cpu_id *id)
{
	memset(id, 0, sizeof *id);
#ifdef HAVE_LIBCPUID
	if (identify_with_libcpuid(id) != 0)
		identify_from_cpuinfo(id);
#else
	identify_from_cpuinfo(id);
#endif
	id->cpus_online = (int)sysconf(_SC_NPROCESSORS_ONLN);
}
