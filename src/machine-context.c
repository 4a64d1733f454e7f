/*
 * machine-context.c: reading the machine's context from the kernel's own
 * files, under a root path. The parsers are pure; the readers only open,
 * read and close small files (sysfs, procfs), so that the screen can read
 * the whole context every refresh for tens of microseconds.
 */

#include "config.h"

#include "machine-context.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "machine-cpu.h"
#include "machine-steal.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

/* Enough for every single-value file; /proc/stat's first line and the
 * first processor block of /proc/cpuinfo fit too. */
#define READ_MAX 4096

/* The sorted names of the vulnerabilities directory. */
#define VULN_MAX 40

enum read_result { READ_OK, READ_ABSENT, READ_UNREADABLE };

/* ---- Files ---- */

static void
join_path(char *buf, size_t size, const char *root, const char *path)
{
	size_t r = strlen(root);

	/* "/" and "" both mean this machine: no doubled slash. */
	while (r > 0 && root[r - 1] == '/')
		r--;
	(void)snprintf(buf, size, "%.*s%s", (int)r, root, path);
}

/*
 * Files read every refresh stay open and are read again from offset 0
 * (sysfs and procfs make their text anew on each read at 0): one system
 * call instead of three, about 2 us instead of 7 on a machine with page
 * table isolation. Files read once (the vulnerabilities, /proc/self) are
 * not kept. The table is the process's; a lock, as the screen's thread
 * and a batch worker may both read.
 */
#define KEPT_MAX 24

static struct kept_file {
	char path[256];
	int fd;
} kept[KEPT_MAX];
static size_t nkept;
static pthread_mutex_t kept_lock = PTHREAD_MUTEX_INITIALIZER;

static int
worth_keeping(const char *full)
{
	return strstr(full, "/vulnerabilities/") == NULL &&
	    strstr(full, "/proc/self/") == NULL && strlen(full) < 256;
}

/* Read a kept file again: bytes read, or -1 (not kept, or it failed:
 * then it is no longer kept and the caller opens it anew). */
static ssize_t
read_kept(const char *full, char *buf, size_t size)
{
	ssize_t got = -1;

	(void)pthread_mutex_lock(&kept_lock);
	for (size_t i = 0; i < nkept; i++) {
		if (strcmp(kept[i].path, full) != 0)
			continue;
		if ((got = pread(kept[i].fd, buf, size - 1, 0)) < 0) {
			(void)close(kept[i].fd);
			kept[i] = kept[--nkept];
		}
		break;
	}
	(void)pthread_mutex_unlock(&kept_lock);
	return got;
}

/* Keep fd for path, or close it when the table is full. */
static void
keep_or_close(const char *full, int fd)
{
	(void)pthread_mutex_lock(&kept_lock);
	if (nkept < KEPT_MAX && worth_keeping(full)) {
		(void)snprintf(kept[nkept].path, sizeof kept[nkept].path, "%s",
		    full);
		kept[nkept++].fd = fd;
		fd = -1;
	}
	(void)pthread_mutex_unlock(&kept_lock);
	if (fd >= 0)
		(void)close(fd);
}

/*
 * Read up to size-1 bytes of root/path into buf; a missing file (or
 * directory on the way) is absent, any other error unreadable with
 * errno's text in buf.
 */
static enum read_result
read_text(const char *root, const char *path, char *buf, size_t size)
{
	char full[512];
	ssize_t got = 0, k;
	int fd;

	join_path(full, sizeof full, root, path);
	buf[0] = '\0';
	if ((k = read_kept(full, buf, size)) >= 0) {
		buf[k] = '\0';
		return READ_OK;
	}
	if ((fd = open(full, O_RDONLY | O_CLOEXEC)) < 0) {
		if (errno == ENOENT || errno == ENOTDIR)
			return READ_ABSENT;
		(void)snprintf(buf, size, "unreadable (%s)", strerror(errno));
		return READ_UNREADABLE;
	}
	while ((size_t)got < size - 1 &&
	    (k = read(fd, buf + got, size - 1 - (size_t)got)) > 0)
		got += k;
	if (k < 0 && got == 0) {
		(void)snprintf(buf, size, "unreadable (%s)", strerror(errno));
		(void)close(fd);
		return READ_UNREADABLE;
	}
	buf[got] = '\0';
	keep_or_close(full, fd);
	return READ_OK;
}

/* The first line of text, its spaces around trimmed, in place. */
static char *
first_line(char *text)
{
	size_t len;

	while (*text == ' ' || *text == '\t')
		text++;
	text[strcspn(text, "\n")] = '\0';
	len = strlen(text);
	while (len > 0 && isspace((unsigned char)text[len - 1]))
		text[--len] = '\0';
	return text;
}

/*
 * A one-line file's value: its first line, "" as "(empty)", "absent" or
 * "unreadable (why)"; returns what the read gave.
 */
static enum read_result
read_value(const char *root, const char *path, char *buf, size_t size)
{
	char text[READ_MAX];
	enum read_result rc = read_text(root, path, text, sizeof text);

	if (rc == READ_ABSENT)
		(void)snprintf(buf, size, "%s", CONTEXT_ABSENT);
	else if (rc == READ_UNREADABLE)
		(void)snprintf(buf, size, "%.*s", (int)size - 1, text);
	else {
		const char *v = first_line(text);

		(void)snprintf(buf, size, "%.*s", (int)size - 1,
		    v[0] ? v : "(empty)");
	}
	return rc;
}

int
context_read_line(const char *root, const char *path, char *buf, size_t size)
{
	return read_value(root, path, buf, size) == READ_OK ? 0 : -1;
}

/* ---- The table ---- */

const char *
context_get(const struct machine_context *c, const char *key)
{
	for (size_t i = 0; i < c->n; i++)
		if (strcmp(c->f[i].key, key) == 0)
			return c->f[i].value;
	return NULL;
}

void
context_set(struct machine_context *c, const char *key, const char *value)
{
	size_t i = 0;

	while (i < c->n && strcmp(c->f[i].key, key) != 0)
		i++;
	if (i == CONTEXT_MAX_FACTS)
		return;
	if (i == c->n)
		c->n++;
	(void)snprintf(c->f[i].key, sizeof c->f[i].key, "%.*s",
	    CONTEXT_KEY_MAX - 1, key);
	(void)snprintf(c->f[i].value, sizeof c->f[i].value, "%.*s",
	    CONTEXT_VALUE_MAX - 1, value);
}

/* ---- Pure parsers ---- */

void
context_parse_selected(const char *text, char *buf, size_t size)
{
	const char *open = strchr(text, '['), *close;
	char copy[CONTEXT_VALUE_MAX];

	if (open != NULL && (close = strchr(open, ']')) != NULL) {
		(void)snprintf(buf, size, "%.*s", (int)(close - open - 1),
		    open + 1);
		return;
	}
	/* Not the kernel's "a [b] c": say what it holds, trimmed. */
	(void)snprintf(copy, sizeof copy, "%s", text);
	text = first_line(copy);
	(void)snprintf(buf, size, "%.*s", (int)size - 1,
	    text[0] ? text : "(empty)");
}

/* Whether a command-line word is a mitigation switch. */
static int
is_mitigation_flag(const char *w, size_t n)
{
	static const char *const prefixes[] = { "pti", "nopti", "mitigations",
		"spectre", "nospectre", "spec_", "retbleed", "nosmt",
		"mds=", "tsx", "l1tf", "srbds", "mmio_stale", "gather_data",
		"kpti", "nospec" };

	for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++) {
		size_t p = strlen(prefixes[i]);

		if (n >= p && strncmp(w, prefixes[i], p) == 0 &&
		    (n == p || w[p] == '=' || w[p] == '_' || p > 4 ||
		        prefixes[i][p - 1] == '='))
			return 1;
	}
	return 0;
}

void
context_parse_cmdline(const char *text, char *buf, size_t size)
{
	size_t used = 0;

	buf[0] = '\0';
	for (const char *p = text; *p != '\0';) {
		size_t n;

		p += strspn(p, " \t\n");
		n = strcspn(p, " \t\n");
		/* After "--" the words are init's, not the kernel's. */
		if (n == 2 && strncmp(p, "--", 2) == 0)
			break;
		if (n > 0 && is_mitigation_flag(p, n) && used + n + 2 < size) {
			used += (size_t)snprintf(buf + used, size - used,
			    "%s%.*s", used ? " " : "", (int)n, p);
		}
		p += n;
	}
	if (used == 0)
		(void)snprintf(buf, size, "none");
}

void
context_parse_cpu_max(const char *text, char *buf, size_t size)
{
	char quota[32];
	unsigned long long q, period;
	int line = (int)strcspn(text, "\n");

	if (line > 40)
		line = 40;
	if (sscanf(text, "%31s %llu", quota, &period) != 2) {
		(void)snprintf(buf, size, "odd (%.*s)", line, text);
		return;
	}
	if (strcmp(quota, "max") == 0) {
		(void)snprintf(buf, size, "none");
		return;
	}
	if (sscanf(quota, "%llu", &q) != 1 || period == 0) {
		(void)snprintf(buf, size, "odd (%.*s)", line, text);
		return;
	}
	(void)snprintf(buf, size, "%.2f CPU (%llu/%llu)",
	    (double)q / (double)period, q, period);
}

int
context_parse_cgroup2(const char *text, char *buf, size_t size)
{
	for (const char *line = text; *line != '\0';) {
		size_t n = strcspn(line, "\n");

		if (strncmp(line, "0::", 3) == 0) {
			(void)snprintf(buf, size, "%.*s", (int)(n - 3),
			    line + 3);
			return 0;
		}
		line += n;
		line += *line == '\n';
	}
	return -1;
}

int
context_parse_stat(const char *text, struct context_cpu_times *t)
{
	struct steal_jiffies j;
	const char *p = text + 3;
	int fields = 0;

	memset(t, 0, sizeof *t);
	if (strncmp(text, "cpu ", 4) != 0 ||
	    steal_parse_stat(text, -1, &j) != 0)
		return -1;
	/* Steal is the 8th number (Linux 2.6.11 on): a line without it has
	 * no steal to state, which is not the same as none. */
	while (fields < 8 && *(p += strspn(p, " ")) >= '0' && *p <= '9') {
		fields++;
		p += strspn(p, "0123456789");
	}
	if (fields < 8)
		return -1;
	t->total = j.total;
	t->irq = j.irq;
	t->steal = j.steal;
	t->valid = 1;
	return 0;
}

void
context_shares(const struct context_cpu_times *was,
    const struct context_cpu_times *now, double *steal_pct, double *irq_pct)
{
	*steal_pct = *irq_pct = NAN;
	if (!was->valid || !now->valid || now->total <= was->total ||
	    now->steal < was->steal || now->irq < was->irq)
		return;
	*steal_pct = 100.0 * (double)(now->steal - was->steal) /
	    (double)(now->total - was->total);
	*irq_pct = 100.0 * (double)(now->irq - was->irq) /
	    (double)(now->total - was->total);
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

	join_path(full, sizeof full, root, dir_path);
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

	if (read_text(root, path, text, sizeof text) == READ_OK)
		context_parse_selected(text, value, sizeof value);
	else
		(void)read_value(root, path, value, sizeof value);
	context_set(c, key, value);
}

static void
read_cmdline(struct machine_context *c, const char *root)
{
	char text[READ_MAX], value[CONTEXT_VALUE_MAX];

	if (read_text(root, "/proc/cmdline", text, sizeof text) == READ_OK)
		context_parse_cmdline(text, value, sizeof value);
	else
		(void)read_value(root, "/proc/cmdline", value, sizeof value);
	context_set(c, "cmdline", value);
}

/* Whether SMT's control word says more than on/off ("notsupported"). */
static int
control_says_more(enum read_result k, const char *control)
{
	return k == READ_OK && strcmp(control, "on") != 0 &&
	    strcmp(control, "off") != 0;
}

/* "on" or "off" from smt/active, the control's word when it says more. */
static void
read_smt(struct machine_context *c, const char *root)
{
	char active[64], control[64], value[CONTEXT_VALUE_MAX];
	enum read_result a, k;

	a = read_value(root, "/sys/devices/system/cpu/smt/active", active,
	    sizeof active);
	k = read_value(root, "/sys/devices/system/cpu/smt/control", control,
	    sizeof control);
	if (a == READ_OK && strcmp(active, "0") && strcmp(active, "1"))
		(void)snprintf(value, sizeof value, "odd (%s)", active);
	else if (a == READ_OK && control_says_more(k, control))
		(void)snprintf(value, sizeof value, "%s (%s)",
		    active[0] == '1' ? "on" : "off", control);
	else if (a == READ_OK)
		(void)snprintf(value, sizeof value, "%s",
		    active[0] == '1' ? "on" : "off");
	else
		(void)snprintf(value, sizeof value, "%s",
		    k == READ_OK ? control : active);
	context_set(c, "smt", value);
}

/* "governor performance, boost on", or "no cpufreq". */
static void
read_cpufreq(struct machine_context *c, const char *root)
{
	char gov[64], boost[64], value[CONTEXT_VALUE_MAX];
	enum read_result g, b;

	g = read_value(root,
	    "/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", gov,
	    sizeof gov);
	b = read_value(root, "/sys/devices/system/cpu/cpufreq/boost", boost,
	    sizeof boost);
	if (b != READ_OK &&
	    read_value(root, "/sys/devices/system/cpu/intel_pstate/no_turbo",
	        boost, sizeof boost) == READ_OK) {
		/* intel_pstate says it the other way round. */
		(void)snprintf(boost, sizeof boost, "%s",
		    strcmp(boost, "0") == 0 ? "1" : "0");
		b = READ_OK;
	}
	if (g == READ_ABSENT)
		(void)snprintf(value, sizeof value, "no cpufreq");
	else
		(void)snprintf(value, sizeof value, "governor %s%s", gov,
		    b != READ_OK              ? ""
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

	if (read_text(root, "/proc/self/mounts", text, sizeof text) != READ_OK)
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
	        READ_OK ||
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
	case READ_OK:
		context_parse_cpu_max(text, value, sizeof value);
		break;
	case READ_ABSENT:
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
	        sizeof text) == READ_OK &&
	    text[0] == '0') {
		context_set(c, "tracing", "none");
		return;
	}
	if (read_text(root, "/sys/kernel/tracing/set_event", text,
	        sizeof text) != READ_OK) {
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
	    READ_OK)
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
		(void)snprintf(buf, size, "%s", first_line(sig));
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
	    READ_OK) {
		context_set(c, "hypervisor", value);
		return;
	}
	if (read_text(root, "/proc/cpuinfo", text, sizeof text) != READ_OK) {
		context_set(c, "hypervisor", CONTEXT_ABSENT);
		return;
	}
	cpu_parse_cpuinfo(text, &id);
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
	if (read_text(root, "/proc/stat", text, sizeof text) != READ_OK ||
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

/* ---- What facts mean ---- */

/* Each key's short name and what it moves; a prefix ends in '.'. */
static const struct key_info {
	const char *key;
	const char *label; /* "" for a vulnerability: its own name */
	unsigned senses;
} key_infos[] = {
	{ "vuln.", "", CONTEXT_SENSE_ENTRY },
	{ "cmdline", "cmdline ", CONTEXT_SENSE_ENTRY },
	{ "tracing", "tracing ", CONTEXT_SENSE_ENTRY },
	{ "clocksource", "clock ", CONTEXT_SENSE_CLOCK },
	{ "thp.enabled", "THP ", CONTEXT_SENSE_THP },
	{ "thp.defrag", "THP defrag ", CONTEXT_SENSE_THP },
	{ "smt", "SMT ", CONTEXT_SENSE_CPU },
	{ "cpufreq", "", CONTEXT_SENSE_CPU },
	{ "cgroup.cpu_max", "quota ", CONTEXT_SENSE_CPU },
	{ "cgroup.cpuset", "cpuset ", CONTEXT_SENSE_CPU },
	{ "hypervisor", "hypervisor ", CONTEXT_SENSE_CPU },
	{ "clock.core", "core clock ", CONTEXT_SENSE_CPU }, /* the watch's */
	{ "kernel", "kernel ", CONTEXT_SENSE_ALL },
};

static const struct key_info *
key_info_of(const char *key)
{
	for (size_t i = 0; i < sizeof key_infos / sizeof key_infos[0]; i++) {
		const char *k = key_infos[i].key;
		size_t n = strlen(k);

		if (k[n - 1] == '.' ? strncmp(key, k, n) == 0
		                    : strcmp(key, k) == 0)
			return &key_infos[i];
	}
	return NULL;
}

const char *
context_sense_text(unsigned senses, char *buf, size_t size)
{
	static const char *const names[] = { "mitigations/tracing",
		"clock source", "THP", "steal/quota" };
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned i = 0; i < 4; i++)
		if ((senses & (1u << i)) && used < size)
			used += (size_t)snprintf(buf + used, size - used,
			    "%s%s", used ? ", " : "", names[i]);
	return buf;
}

unsigned
context_key_senses(const char *key)
{
	const struct key_info *k = key_info_of(key);

	return k ? k->senses : CONTEXT_SENSE_ALL;
}

void
context_change_label(const char *key, const char *value, char *buf, size_t size)
{
	const struct key_info *k = key_info_of(key);

	if (k != NULL && strncmp(key, "vuln.", 5) == 0)
		(void)snprintf(buf, size, "%s: %s", key + 5, value);
	else
		(void)snprintf(buf, size, "%s%s%s", k ? k->label : key,
		    k ? "" : " ", value);
	/* Cut at the first ';': "Mitigation: Retpolines; STIBP..." */
	buf[strcspn(buf, ";")] = '\0';
}

size_t
context_diff(const struct machine_context *a, const struct machine_context *b,
    void (*fn)(const char *key, const char *was, const char *now, void *arg),
    void *arg)
{
	size_t n = 0;

	for (size_t i = 0; i < b->n; i++) {
		const char *was = context_get(a, b->f[i].key);

		if (was == NULL)
			was = CONTEXT_ABSENT;
		if (strcmp(was, b->f[i].value) != 0) {
			n++;
			if (fn != NULL)
				fn(b->f[i].key, was, b->f[i].value, arg);
		}
	}
	for (size_t i = 0; i < a->n; i++) {
		if (context_get(b, a->f[i].key) != NULL ||
		    strcmp(a->f[i].value, CONTEXT_ABSENT) == 0)
			continue;
		n++;
		if (fn != NULL)
			fn(a->f[i].key, a->f[i].value, CONTEXT_ABSENT, arg);
	}
	return n;
}

/* ---- The one line ---- */

void
context_kernel_short(const struct machine_context *c, char *buf, size_t size)
{
	const char *melt = context_get(c, "vuln.meltdown");
	const char *sv2 = context_get(c, "vuln.spectre_v2");
	const char *cmd = context_get(c, "cmdline");
	size_t used = 0;

	buf[0] = '\0';
	if (cmd != NULL && strstr(cmd, "mitigations=off") != NULL)
		used += (size_t)snprintf(buf, size, "mitigations=off");
	if (melt != NULL && strstr(melt, "PTI") != NULL && used < size)
		used += (size_t)snprintf(buf + used, size - used, "%sPTI",
		    used ? ", " : "");
	if (sv2 != NULL && strncmp(sv2, "Mitigation: ", 12) == 0 &&
	    used < size) {
		const char *m = sv2 + 12;
		size_t n = strcspn(m, ";");

		used += (size_t)snprintf(buf + used, size - used, "%s%.*s",
		    used ? ", " : "", (int)n, m);
		/* "Retpolines" reads as a word in the line: lowercase. */
		for (size_t i = used - n; i < used && i < size; i++)
			if (n > 4)
				buf[i] = (char)tolower((unsigned char)buf[i]);
	}
	if (used == 0)
		(void)snprintf(buf, size, "%s",
		    context_get(c, "vuln.meltdown") ? "no entry mitigations"
		                                    : "mitigations n/a");
}

void
context_summary(const struct machine_context *c, char *buf, size_t size)
{
	char kernel[96], steal[16];
	const char *clock = context_get(c, "clocksource");
	const char *thp = context_get(c, "thp.enabled");
	const char *quota = context_get(c, "cgroup.cpu_max");
	const char *trace = context_get(c, "tracing");
	size_t used;

	context_kernel_short(c, kernel, sizeof kernel);
	if (isfinite(c->steal_pct))
		(void)snprintf(steal, sizeof steal, "%.0f%%", c->steal_pct);
	else
		(void)snprintf(steal, sizeof steal, "-");
	used = (size_t)snprintf(buf, size,
	    "kernel: %s; clock %s; THP %s; steal %s", kernel,
	    clock ? clock : "?", thp ? thp : "?", steal);
	if (quota != NULL && strchr(quota, '(') != NULL && used < size)
		used += (size_t)snprintf(buf + used, size - used,
		    "; quota %.*s", (int)strcspn(quota, " "), quota);
	if (trace != NULL && strcmp(trace, "none") != 0 &&
	    strcmp(trace, CONTEXT_ABSENT) != 0 && used < size)
		(void)snprintf(buf + used, size - used, "; tracing on");
}

void
context_print(FILE *out, const struct machine_context *c, const char *interval)
{
	char line[256];

	for (size_t i = 0; i < c->n; i++)
		fprintf(out, "context.%s: %s\n", c->f[i].key, c->f[i].value);
	if (isfinite(c->steal_pct))
		fprintf(out,
		    "context.steal: %.1f%% %s\ncontext.irq: %.1f%% %s\n",
		    c->steal_pct, interval, c->irq_pct, interval);
	else
		fputs("context.steal: unknown\ncontext.irq: unknown\n", out);
	context_summary(c, line, sizeof line);
	fprintf(out, "context: %s\n", line);
}
