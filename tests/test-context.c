/*
 * test-context.c: the machine's context (machine-context.c) read from
 * fixture trees made in a scratch directory: a fake sysfs and procfs as
 * this virtual machine has them, an empty tree (every fact absent), odd
 * values, and a file that cannot be read (a directory where the file
 * should be: read() fails even for root). Then the pure parsers, the
 * differences and their names, the one-line summary and which tests each
 * fact moves.
 */

#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench-context.h"
#include "check.h"
#include "machine-context-parse.h"
#include "machine-context-read.h"
#include "machine-context.h"

static char scratch[512];

/* Make root/path's parent directories and write text to it. */
static void
put(const char *root, const char *path, const char *text)
{
	char full[1024];
	FILE *f;

	(void)snprintf(full, sizeof full, "%s%s", root, path);
	for (char *p = full + strlen(root) + 1; *p != '\0'; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		(void)mkdir(full, 0755);
		*p = '/';
	}
	if ((f = fopen(full, "w")) == NULL) {
		printf("test-context: %s: %s\n", full, strerror(errno));
		exit(99);
	}
	fputs(text, f);
	(void)fclose(f);
}

static void
make_root(char *root, size_t size, const char *name)
{
	(void)snprintf(root, size, "%s/%s", scratch, name);
	(void)mkdir(root, 0755);
}

#define VULN "/sys/devices/system/cpu/vulnerabilities/"
#define THP  "/sys/kernel/mm/transparent_hugepage/"
#define CLK  "/sys/devices/system/clocksource/clocksource0/current_clocksource"

/* This machine as it boots: pti=on, retpolines, kvm-clock, no cpufreq. */
static void
make_vm_tree(const char *r)
{
	put(r, VULN "meltdown", "Mitigation: PTI\n");
	put(r, VULN "spectre_v2",
	    "Mitigation: Retpolines; STIBP: disabled; RSB filling\n");
	put(r, VULN "mds", "Not affected\n");
	put(r, "/proc/cmdline",
	    "console=ttyS0 mitigations=auto,nosmt clocksource=kvm-clock "
	    "pti=on nospectre_v1 quiet -- spectre_v2=off\n");
	put(r, CLK, "kvm-clock\n");
	put(r, THP "enabled", "always [madvise] never\n");
	put(r, THP "defrag", "always defer defer+madvise [madvise] never\n");
	put(r, "/sys/devices/system/cpu/smt/active", "0\n");
	put(r, "/sys/devices/system/cpu/smt/control", "notsupported\n");
	put(r, "/proc/self/cgroup", "1:cpu:/\n0::/bench.slice\n");
	put(r, "/proc/self/mounts",
	    "proc /proc proc rw 0 0\n"
	    "cgroup2 /sys/fs/cgroup cgroup2 rw,nosuid 0 0\n");
	put(r, "/sys/fs/cgroup/bench.slice/cpu.max", "50000 100000\n");
	put(r, "/sys/fs/cgroup/bench.slice/cpuset.cpus.effective", "0-1\n");
	put(r, "/sys/kernel/tracing/set_event", "");
	put(r, "/proc/sys/kernel/ostype", "Linux\n");
	put(r, "/proc/sys/kernel/osrelease", "6.1.0-test\n");
	put(r, "/proc/cpuinfo",
	    "processor\t: 0\nvendor_id\t: AuthenticAMD\n"
	    "flags\t\t: fpu sse2 hypervisor lm\n\nprocessor\t: 1\n");
	put(r, "/proc/stat",
	    "cpu  100 0 100 700 0 50 50 0 0 0\ncpu0 1 2 3 4 5 6 7 8\n");
}

static void
check_fact(const struct machine_context *c, const char *key, const char *want)
{
	const char *got = context_get(c, key);
	char what[256];

	(void)snprintf(what, sizeof what, "%s = \"%s\" (got \"%s\")", key, want,
	    got ? got : "(none)");
	CHECK(what, got != NULL && strcmp(got, want) == 0);
}

static void
test_vm_tree(void)
{
	struct machine_context c;
	char root[600], line[256];

	make_root(root, sizeof root, "vm");
	make_vm_tree(root);
	memset(&c, 0, sizeof c);
	context_read(&c, root);
	check_fact(&c, "vuln.meltdown", "Mitigation: PTI");
	check_fact(&c, "vuln.mds", "Not affected");
	check_fact(&c, "cmdline", "mitigations=auto,nosmt pti=on nospectre_v1");
	check_fact(&c, "clocksource", "kvm-clock");
	check_fact(&c, "thp.enabled", "madvise");
	check_fact(&c, "thp.defrag", "madvise");
	check_fact(&c, "smt", "off (notsupported)");
	check_fact(&c, "cpufreq", "no cpufreq");
	check_fact(&c, "cgroup.cpu_max", "0.50 CPU (50000/100000)");
	check_fact(&c, "cgroup.cpuset", "0-1");
	check_fact(&c, "tracing", "none");
	check_fact(&c, "kernel", "Linux 6.1.0-test");
	check_fact(&c, "hypervisor", "yes");
	CHECK("vulnerabilities in name order",
	    strcmp(c.f[3].key, "vuln.mds") == 0 &&
	        strcmp(c.f[4].key, "vuln.meltdown") == 0);
	CHECK("steal unknown after one read", isnan(c.steal_pct));
	context_summary(&c, line, sizeof line);
	CHECK("summary line",
	    strcmp(line,
	        "kernel: PTI, retpolines; clock kvm-clock; THP madvise; "
	        "steal -; quota 0.50") == 0);
	/* 1000 ticks more: 30 stolen, 20 in interrupts. */
	put(root, "/proc/stat", "cpu  400 0 400 1050 0 60 60 30 0 0\n");
	context_read(&c, root);
	CHECK_NEAR("steal share", c.steal_pct, 3.0, 1e-9);
	CHECK_NEAR("irq share", c.irq_pct, 2.0, 1e-9);
	context_summary(&c, line, sizeof line);
	CHECK("summary says steal 3%", strstr(line, "; steal 3%") != NULL);
}

static void
test_empty_tree(void)
{
	struct machine_context c;
	char root[600], line[256];

	make_root(root, sizeof root, "empty");
	memset(&c, 0, sizeof c);
	context_read(&c, root);
	check_fact(&c, "vuln", "absent");
	check_fact(&c, "cmdline", "absent");
	check_fact(&c, "clocksource", "absent");
	check_fact(&c, "thp.enabled", "absent");
	check_fact(&c, "thp.defrag", "absent");
	check_fact(&c, "smt", "absent");
	check_fact(&c, "cpufreq", "no cpufreq");
	check_fact(&c, "cgroup.cpu_max", "absent");
	check_fact(&c, "cgroup.cpuset", "absent");
	check_fact(&c, "tracing", "absent");
	check_fact(&c, "hypervisor", "absent");
	context_read(&c, root);
	CHECK("no /proc/stat: steal unknown", isnan(c.steal_pct));
	context_summary(&c, line, sizeof line);
	CHECK("summary of nothing",
	    strcmp(line,
	        "kernel: mitigations n/a; clock absent; THP absent; "
	        "steal -") == 0);
}

static void
test_odd_tree(void)
{
	struct machine_context c;
	char root[600], full[700];

	make_root(root, sizeof root, "odd");
	make_vm_tree(root);
	put(root, THP "enabled", "  sometimes  \n");
	put(root, THP "defrag", "");
	put(root, "/sys/devices/system/cpu/smt/active", "2\n");
	put(root, "/sys/fs/cgroup/bench.slice/cpu.max", "lots\n");
	put(root, "/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor",
	    "performance\n");
	put(root, "/sys/devices/system/cpu/cpufreq/boost", "1\n");
	put(root, "/sys/kernel/tracing/set_event",
	    "raw_syscalls:sys_enter\nraw_syscalls:sys_exit\n");
	put(root, "/proc/stat", "cpu  1 2 3 4\n");
	/* A directory where the file should be: read() fails, even as root. */
	(void)snprintf(full, sizeof full, "%s%s", root, CLK);
	(void)unlink(full);
	(void)mkdir(full, 0755);
	memset(&c, 0, sizeof c);
	context_read(&c, root);
	check_fact(&c, "thp.enabled", "sometimes");
	check_fact(&c, "thp.defrag", "(empty)");
	check_fact(&c, "smt", "odd (2)");
	check_fact(&c, "cgroup.cpu_max", "odd (lots)");
	check_fact(&c, "cpufreq", "governor performance, boost on");
	check_fact(&c, "tracing",
	    "raw_syscalls:sys_enter raw_syscalls:sys_exit");
	check_fact(&c, "clocksource", "unreadable (Is a directory)");
	context_read(&c, root);
	CHECK("stat without steal: unknown", isnan(c.steal_pct));
}

static void
test_parsers(void)
{
	struct context_cpu_times a, b;
	double steal, irq;
	char buf[160];

	context_parse_selected("[always] madvise never", buf, sizeof buf);
	CHECK("selected first", strcmp(buf, "always") == 0);
	context_parse_cmdline("ro quiet", buf, sizeof buf);
	CHECK("no flags: none", strcmp(buf, "none") == 0);
	context_parse_cmdline("nopti spectre_v2=retpoline ptifoo", buf,
	    sizeof buf);
	CHECK("flags, not lookalikes",
	    strcmp(buf, "nopti spectre_v2=retpoline") == 0);
	context_parse_cpu_max("max 100000\n", buf, sizeof buf);
	CHECK("no quota", strcmp(buf, "none") == 0);
	CHECK("cgroup v1 only",
	    context_parse_cgroup2("1:cpu:/\n", buf, sizeof buf) == -1);
	CHECK("cgroup v2 line",
	    context_parse_cgroup2("0::/\n", buf, sizeof buf) == 0 &&
	        strcmp(buf, "/") == 0);
	CHECK("stat: not a cpu line",
	    context_parse_stat("intr 1 2 3", &a) == -1 && !a.valid);
	CHECK("stat parsed",
	    context_parse_stat("cpu  1 1 1 1 1 1 1 1 0 0\n", &a) == 0 &&
	        a.total == 8 && a.steal == 1 && a.irq == 2);
	b = a;
	context_shares(&a, &b, &steal, &irq);
	CHECK("no time passed: unknown", isnan(steal) && isnan(irq));
	b.total += 10;
	b.steal = 0; /* went backwards: a counter reset, not a share */
	context_shares(&a, &b, &steal, &irq);
	CHECK("counter backwards: unknown", isnan(steal));
}

/* What context_diff reported, as "key:was>now," */
static void
collect(const char *key, const char *was, const char *now, void *arg)
{
	char *out = arg;

	(void)snprintf(out + strlen(out), 512 - strlen(out), "%s:%s>%s,", key,
	    was, now);
}

static void
test_diff_and_labels(void)
{
	struct machine_context a, b;
	char out[512] = "", label[CONTEXT_LABEL_MAX];

	memset(&a, 0, sizeof a);
	context_set(&a, "thp.enabled", "madvise");
	context_set(&a, "clocksource", "kvm-clock");
	context_set(&a, "vuln.meltdown", "Mitigation: PTI");
	b = a;
	CHECK("same: no difference", context_diff(&a, &b, NULL, NULL) == 0);
	context_set(&b, "thp.enabled", "always");
	context_set(&b, "smt", "on");
	CHECK("two differences",
	    context_diff(&a, &b, collect, out) == 2 &&
	        strcmp(out, "thp.enabled:madvise>always,smt:absent>on,") == 0);
	context_change_label("thp.enabled", "always", label, sizeof label);
	CHECK("THP label", strcmp(label, "THP always") == 0);
	context_change_label("clocksource", "tsc", label, sizeof label);
	CHECK("clock label", strcmp(label, "clock tsc") == 0);
	context_change_label("vuln.spectre_v2",
	    "Mitigation: Retpolines; STIBP: disabled", label, sizeof label);
	CHECK("vulnerability label cut at ';'",
	    strcmp(label, "spectre_v2: Mitigation: Retpolines") == 0);
	CHECK("THP moves page faults",
	    context_key_senses("thp.defrag") == CONTEXT_SENSE_THP);
	CHECK("a vulnerability moves kernel entry",
	    context_key_senses("vuln.mds") == CONTEXT_SENSE_ENTRY);
}

static void
test_senses(void)
{
	struct bench_test null_call = { .id = "lmbench.null_call",
		.group = BENCH_GROUP_SYSCALL };
	struct bench_test clock = { .id = "extra.clock_gettime",
		.group = BENCH_GROUP_SYSCALL };
	struct bench_test fault = { .id = "lmbench.page_fault",
		.group = BENCH_GROUP_VM };
	struct bench_test dhry = { .id = "byte.dhry2",
		.group = BENCH_GROUP_CPU };
	char buf[128];

	CHECK("null call: entry and CPU",
	    bench_context_senses(&null_call) ==
	        (CONTEXT_SENSE_ENTRY | CONTEXT_SENSE_CPU));
	CHECK("clock_gettime: the clock source",
	    bench_context_senses(&clock) & CONTEXT_SENSE_CLOCK);
	CHECK("page fault: THP",
	    bench_context_senses(&fault) & CONTEXT_SENSE_THP);
	CHECK("dhrystone: only steal and quota",
	    bench_context_senses(&dhry) == CONTEXT_SENSE_CPU);
	CHECK("senses named",
	    strcmp(context_sense_text(bench_context_senses(&fault), buf,
	               sizeof buf),
	        "mitigations/tracing, THP, steal/quota") == 0);
}

/* The machine itself: whatever it has, every fact is there. */
static void
test_this_machine(void)
{
	struct machine_context c;

	memset(&c, 0, sizeof c);
	context_read(&c, "/");
	CHECK("this machine: kernel read",
	    strncmp(context_get(&c, "kernel"), "Linux ", 6) == 0);
	CHECK("this machine: clock source read",
	    context_get(&c, "clocksource") != NULL);
}

int
main(void)
{
	const char *tmp = getenv("TMPDIR");
	char cmd[600];
	int rc;

	(void)snprintf(scratch, sizeof scratch, "%s/test-context.XXXXXX",
	    tmp ? tmp : "/tmp");
	if (mkdtemp(scratch) == NULL) {
		printf("test-context: mkdtemp: %s\n", strerror(errno));
		return 99;
	}
	test_vm_tree();
	test_empty_tree();
	test_odd_tree();
	test_parsers();
	test_diff_and_labels();
	test_senses();
	test_this_machine();
	rc = check_summary("test-context");
	(void)snprintf(cmd, sizeof cmd, "rm -rf '%s'", scratch);
	if (system(cmd) != 0)
		printf("test-context: could not remove %s\n", scratch);
	return rc;
}
