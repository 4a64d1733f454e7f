/*
 * machine-context-read.c: reading the machine's context from the kernel's
 * own files, under a root path. The readers only open, read and close
 * small files (sysfs, procfs), so that the screen can read the whole
 * context every refresh for tens of microseconds; what the text means is
 * machine-context-parse.c's.
 */

#include "config.h"

#include "machine-context-parse.h"
#include "machine-context-read.h"
#include "machine-context.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "machine-cpu-detect.h"
#include "machine-cpu.h"
#include "machine-file.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

/* Enough for every single-value file; /proc/stat's first line and the
 * first processor block of /proc/cpuinfo fit too. */
#define READ_MAX 4096

/* The sorted names of the vulnerabilities directory. */
#define VULN_MAX 40

/* ---- Files ---- */

/*
 * Files read every refresh stay open (machine_file_read_kept); files
 * read once (the vulnerabilities, /proc/self) are not kept.
 */
static enum machine_file_result
read_text(const char *root, const char *path, char *buf, size_t size)
{
	if (strstr(path, "/vulnerabilities/") != NULL ||
	    strstr(path, "/proc/self/") != NULL)
		return machine_file_read(root, path, buf, size);
	return machine_file_read_kept(root, path, buf, size);
}

/*
 * A one-line file's value: its first line, "" as "(empty)", "absent" or
 * "unreadable (why)"; returns what the read gave.
 */
static enum machine_file_result
read_value(const char *root, const char *path, char *buf, size_t size)
{
	char text[READ_MAX];
	enum machine_file_result rc = read_text(root, path, text, sizeof text);

	if (rc == MACHINE_FILE_ABSENT)
		(void)snprintf(buf, size, "%s", CONTEXT_ABSENT);
	else if (rc == MACHINE_FILE_UNREADABLE)
		(void)snprintf(buf, size, "%.*s", (int)size - 1, text);
	else {
		const char *v = machine_file_first_line(text);

		(void)snprintf(buf, size, "%.*s", (int)size - 1,
		    v[0] ? v : "(empty)");
	}
	return rc;
}

/* ---- Readers ---- */

static int
compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every /sys/devices/system/cpu/vulnerabilities entry, by name. */
static void
read_vulnerabilities(struct machine_context *c, const char *root)
{
	static const char dir_path[] =
	    "/sys/devices/system/cpu/vulnerabilities";
	char full[512], key[CONTEXT_KEY_MAX], path[300];
	char value[CONTEXT_VALUE_MAX], *names[VULN_MAX];
	struct dirent *d;
	size_t n = 0;
	DIR *dir;

	machine_file_path(full, sizeof full, root, dir_path);
	if ((dir = opendir(full)) == NULL) {
		context_set(c, "vuln",
		    errno == ENOENT ? CONTEXT_ABSENT : "unreadable");
		return;
	}
	while ((d = readdir(dir)) != NULL && n < VULN_MAX)
		if (d->d_name[0] != '.' &&
		    (names[n] = strdup(d->d_name)) != NULL)
			n++;
	(void)closedir(dir);
	qsort(names, n, sizeof names[0], compare_names);
	for (size_t i = 0; i < n; i++) {
		(void)snprintf(key, sizeof key, "vuln.%.40s", names[i]);
		(void)snprintf(path, sizeof path, "%s/%.64s", dir_path,
		    names[i]);
		(void)read_value(root, path, value, sizeof value);
		context_set(c, key, value);
		free(names[i]);
	}
}

/* A file holding "a [b] c": its selected word. */
static void
read_selected(struct machine_context *c, const char *root, const char *key,
    const char *path)
{
	char text[READ_MAX], value[CONTEXT_VALUE_MAX];

	if (read_text(root, path, text, sizeof text) == MACHINE_FILE_OK)
		context_parse_selected(text, value, sizeof value);
	else
		(void)read_value(root, path, value, sizeof value);
	context_set(c, key, value);
}

static void
read_cmdline(struct machine_context *c, const char *root)
{
	char text[READ_MAX], value[CONTEXT_VALUE_MAX];

	if (read_text(root, "/proc/cmdline", text, sizeof text) ==
	    MACHINE_FILE_OK)
		context_parse_cmdline(text, value, sizeof value);
	else
		(void)read_value(root, "/proc/cmdline", value, sizeof value);
	context_set(c, "cmdline", value);
}

/* Whether SMT's control word says more than on/off ("notsupported"). */
static int
control_says_more(enum machine_file_result k, const char *control)
{
	return k == MACHINE_FILE_OK && strcmp(control, "on") != 0 &&
	    strcmp(control, "off") != 0;
}

/* "on" or "off" from smt/active, the control's word when it says more. */
static void
read_smt(struct machine_context *c, const char *root)
{
	char active[64], control[64], value[CONTEXT_VALUE_MAX];
	enum machine_file_result a, k;

	a = read_value(root, "/sys/devices/system/cpu/smt/active", active,
	    sizeof active);
	k = read_value(root, "/sys/devices/system/cpu/smt/control", control,
	    sizeof control);
	if (a == MACHINE_FILE_OK && strcmp(active, "0") && strcmp(active, "1"))
		(void)snprintf(value, sizeof value, "odd (%s)", active);
	else if (a == MACHINE_FILE_OK && control_says_more(k, control))
		(void)snprintf(value, sizeof value, "%s (%s)",
		    active[0] == '1' ? "on" : "off", control);
	else if (a == MACHINE_FILE_OK)
		(void)snprintf(value, sizeof value, "%s",
		    active[0] == '1' ? "on" : "off");
	else
		(void)snprintf(value, sizeof value, "%s",
		    k == MACHINE_FILE_OK ? control : active);
	context_set(c, "smt", value);
}

/* "governor performance, boost on", or "no cpufreq". */
static void
read_cpufreq(struct machine_context *c, const char *root)
{
	char gov[64], boost[64], value[CONTEXT_VALUE_MAX];
	enum machine_file_result g, b;

	g = read_value(root,
	    "/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", gov,
	    sizeof gov);
	b = read_value(root, "/sys/devices/system/cpu/cpufreq/boost", boost,
	    sizeof boost);
	if (b != MACHINE_FILE_OK &&
	    read_value(root, "/sys/devices/system/cpu/intel_pstate/no_turbo",
	        boost, sizeof boost) == MACHINE_FILE_OK) {
		/* intel_pstate says it the other way round. */
		(void)snprintf(boost, sizeof boost, "%s",
		    strcmp(boost, "0") == 0 ? "1" : "0");
		b = MACHINE_FILE_OK;
	}
	if (g == MACHINE_FILE_ABSENT)
		(void)snprintf(value, sizeof value, "no cpufreq");
	else
		(void)snprintf(value, sizeof value, "governor %s%s", gov,
		    b != MACHINE_FILE_OK      ? ""
		        : !strcmp(boost, "1") ? ", boost on"
		        : !strcmp(boost, "0") ? ", boost off"
		                              : ", boost odd");
	context_set(c, "cpufreq", value);
}

/* Where cgroup2 is mounted, from /proc/self/mounts. */
static int
cgroup2_mount(const char *root, char *buf, size_t size)
{
	char text[READ_MAX * 4], dev[64], dir[256], type[64];

	if (read_text(root, "/proc/self/mounts", text, sizeof text) !=
	    MACHINE_FILE_OK)
		return -1;
	for (const char *line = text; *line != '\0';) {
		if (sscanf(line, "%63s %255s %63s", dev, dir, type) == 3 &&
		    strcmp(type, "cgroup2") == 0) {
			(void)snprintf(buf, size, "%s", dir);
			return 0;
		}
		line += strcspn(line, "\n");
		line += *line == '\n';
	}
	return -1;
}

/* This process's cgroup v2 directory, from /proc/self/cgroup and the
 * cgroup2 mount; "" when either is missing. */
static void
find_cgroup(struct machine_context *c, const char *root)
{
	char text[READ_MAX], mount[256], group[256];

	c->cgroup_dir[0] = '\0';
	if (read_text(root, "/proc/self/cgroup", text, sizeof text) !=
	        MACHINE_FILE_OK ||
	    context_parse_cgroup2(text, group, sizeof group) != 0 ||
	    cgroup2_mount(root, mount, sizeof mount) != 0)
		return;
	(void)snprintf(c->cgroup_dir, sizeof c->cgroup_dir, "%.255s%.63s",
	    mount, strcmp(group, "/") == 0 ? "" : group);
}

/* cpu.max and cpuset.cpus.effective of this process's cgroup (v2). */
static void
read_cgroup(struct machine_context *c, const char *root)
{
	char text[READ_MAX], path[400], value[CONTEXT_VALUE_MAX];

	if (c->cgroup_dir[0] == '\0') {
		context_set(c, "cgroup.cpu_max", CONTEXT_ABSENT);
		context_set(c, "cgroup.cpuset", CONTEXT_ABSENT);
		return;
	}
	(void)snprintf(path, sizeof path, "%s/cpu.max", c->cgroup_dir);
	switch (read_text(root, path, text, sizeof text)) {
	case MACHINE_FILE_OK:
		context_parse_cpu_max(text, value, sizeof value);
		break;
	case MACHINE_FILE_ABSENT:
		(void)snprintf(value, sizeof value, "%s", CONTEXT_ABSENT);
		break;
	default: /* text says why */
		(void)snprintf(value, sizeof value, "%.*s",
		    CONTEXT_VALUE_MAX - 1, text);
	}
	context_set(c, "cgroup.cpu_max", value);
	(void)snprintf(path, sizeof path, "%s/cpuset.cpus.effective",
	    c->cgroup_dir);
	(void)read_value(root, path, value, sizeof value);
	context_set(c, "cgroup.cpuset", value);
}

/* The trace events on (they sit on every system call's path). */
static void
read_tracing(struct machine_context *c, const char *root)
{
	char text[READ_MAX], value[CONTEXT_VALUE_MAX];
	size_t used = 0;

	/* "0": no event on, the common case, from one small file; the list
	 * (which walks every event) only when some are on. */
	if (read_text(root, "/sys/kernel/tracing/events/enable", text,
	        sizeof text) == MACHINE_FILE_OK &&
	    text[0] == '0') {
		context_set(c, "tracing", "none");
		return;
	}
	if (read_text(root, "/sys/kernel/tracing/set_event", text,
	        sizeof text) != MACHINE_FILE_OK) {
		(void)read_value(root, "/sys/kernel/tracing/set_event", value,
		    sizeof value);
		context_set(c, "tracing", value);
		return;
	}
	value[0] = '\0';
	for (char *w = strtok(text, " \n"); w != NULL; w = strtok(NULL, " \n"))
		if (used + strlen(w) + 2 < sizeof value)
			used += (size_t)snprintf(value + used,
			    sizeof value - used, "%s%s", used ? " " : "", w);
	context_set(c, "tracing", used ? value : "none");
}

static void
read_kernel(struct machine_context *c, const char *root)
{
	char type[64], release[96], value[CONTEXT_VALUE_MAX];

	if (read_value(root, "/proc/sys/kernel/ostype", type, sizeof type) !=
	    MACHINE_FILE_OK)
		(void)snprintf(type, sizeof type, "Linux");
	(void)read_value(root, "/proc/sys/kernel/osrelease", release,
	    sizeof release);
	(void)snprintf(value, sizeof value, "%s %s", type, release);
	context_set(c, "kernel", value);
}

/* The hypervisor's CPUID signature (leaf 0x40000000), or NULL. */
static const char *
hypervisor_vendor(char *buf, size_t size)
{
#if defined(__x86_64__) || defined(__i386__)
	static const char *const names[][2] = { { "KVMKVMKVM", "KVM" },
		{ "Microsoft Hv", "Hyper-V" }, { "VMwareVMware", "VMware" },
		{ "XenVMMXenVMM", "Xen" }, { "TCGTCGTCGTCG", "QEMU (TCG)" },
		{ "ACRNACRNACRN", "ACRN" }, { " lrpepyh  vr", "Parallels" },
		{ "bhyve bhyve ", "bhyve" } };
	unsigned a, b, cx, d;
	char sig[13];

	__cpuid(0x40000000, a, b, cx, d);
	memcpy(sig, &b, 4);
	memcpy(sig + 4, &cx, 4);
	memcpy(sig + 8, &d, 4);
	sig[12] = '\0';
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(sig, names[i][0]) == 0)
			return names[i][1];
	if (isprint((unsigned char)sig[0])) {
		(void)snprintf(buf, size, "%s", machine_file_first_line(sig));
		return buf;
	}
#endif
	(void)buf;
	(void)size;
	return NULL;
}

/* Xen's sysfs name, else the CPUID "hypervisor" flag of /proc/cpuinfo
 * (machine-cpu-detect.c's parser), named by its signature on this
 * machine. */
static void
read_hypervisor(struct machine_context *c, const char *root)
{
	char text[READ_MAX], value[CONTEXT_VALUE_MAX], sig[16];
	const char *vendor;
	struct cpu_id id;

	if (read_value(root, "/sys/hypervisor/type", value, sizeof value) ==
	    MACHINE_FILE_OK) {
		context_set(c, "hypervisor", value);
		return;
	}
	if (read_text(root, "/proc/cpuinfo", text, sizeof text) !=
	    MACHINE_FILE_OK) {
		context_set(c, "hypervisor", CONTEXT_ABSENT);
		return;
	}
	cpu_detect_parse_cpuinfo(text, &id);
	/* The signature is this CPU's: only when reading this machine. */
	vendor = id.hypervisor && (root[0] == '\0' || strcmp(root, "/") == 0)
	    ? hypervisor_vendor(sig, sizeof sig)
	    : NULL;
	context_set(c, "hypervisor",
	    vendor              ? vendor
	        : id.hypervisor ? "yes"
	                        : "none");
}

static void
read_stat(struct machine_context *c, const char *root)
{
	char text[512];
	struct context_cpu_times now;

	/* The first line is all we need; the kernel builds the rest anyway. */
	if (read_text(root, "/proc/stat", text, sizeof text) !=
	        MACHINE_FILE_OK ||
	    context_parse_stat(text, &now) != 0)
		memset(&now, 0, sizeof now);
	context_shares(&c->times, &now, &c->steal_pct, &c->irq_pct);
	c->times = now;
}

/* What the kernel fixes at boot: read by a struct's first read. */
static void
read_boot_facts(struct machine_context *c, const char *root)
{
	read_kernel(c, root);
	read_hypervisor(c, root);
	read_cmdline(c, root);
	read_vulnerabilities(c, root);
	find_cgroup(c, root);
}

/* What can change while benchtop runs: every read. */
static void
read_live_facts(struct machine_context *c, const char *root)
{
	char value[CONTEXT_VALUE_MAX];

	(void)read_value(root,
	    "/sys/devices/system/clocksource/clocksource0/current_clocksource",
	    value, sizeof value);
	context_set(c, "clocksource", value);
	read_selected(c, root, "thp.enabled",
	    "/sys/kernel/mm/transparent_hugepage/enabled");
	read_selected(c, root, "thp.defrag",
	    "/sys/kernel/mm/transparent_hugepage/defrag");
	read_smt(c, root);
	/* Every read: tracing is the change a tuner makes most, and the
	 * screen re-runs the system calls the moment it sees it (33 us of
	 * CPU a read on a 2-CPU guest with no event on). */
	read_tracing(c, root);
	if (c->reads++ % CONTEXT_SLOW_EVERY == 0) {
		read_cpufreq(c, root);
		read_cgroup(c, root);
	}
	read_stat(c, root);
}

void
context_read(struct machine_context *c, const char *root)
{
	if (context_get(c, "kernel") == NULL) {
		struct context_cpu_times times = c->times;

		memset(c, 0, sizeof *c);
		c->times = times;
		read_boot_facts(c, root);
	}
	read_live_facts(c, root);
}
