/*
 * test-steal.c: src/machine-steal.c's parsers on texts, and its readers on
 * fixture trees (ROOT/proc/stat, ROOT/proc/thread-self/schedstat) made in
 * a private scratch directory: absent files, odd values, old kernels.
 */

#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "machine-steal.h"

/* A 2-CPU guest's /proc/stat, CPU 1 with steal, irq and softirq. */
static const char stat_text[] = "cpu  100 10 50 1000 5 3 2 40 7 0\n"
                                "cpu0 50 5 25 500 2 1 1 0 0 0\n"
                                "cpu1 50 5 25 500 3 2 1 40 7 0\n"
                                "intr 12345 0 1 2\n"
                                "ctxt 999\n"
                                "softirq 1 2 3\n";

static void
test_parse_stat(void)
{
	struct steal_jiffies j, per[4], all;

	CHECK("the total line", steal_parse_stat(stat_text, -1, &j) == 0);
	CHECK("total: user..steal, not guest", j.total == 1210);
	CHECK("total steal", j.steal == 40);
	CHECK("irq is irq + softirq", j.irq == 5);
	CHECK("idle is idle + iowait", j.idle == 1005);
	CHECK("cpu1", steal_parse_stat(stat_text, 1, &j) == 0);
	CHECK("cpu1 steal", j.steal == 40 && j.total == 626 && j.irq == 3);
	CHECK("cpu0 no steal",
	    steal_parse_stat(stat_text, 0, &j) == 0 && j.steal == 0);
	CHECK("no cpu2", steal_parse_stat(stat_text, 2, &j) == -1);
	CHECK("cpu1 is not cpu10",
	    steal_parse_stat("cpu  1 1 1 1\ncpu10 1 2 3 4 5 6 7 8\n", 1, &j) ==
	        -1);
	CHECK("an old kernel's four fields",
	    steal_parse_stat("cpu  1 2 3 4\n", -1, &j) == 0 && j.total == 10 &&
	        j.steal == 0 && j.irq == 0);
	CHECK("three fields are not a CPU line",
	    steal_parse_stat("cpu  1 2 3\n", -1, &j) == -1);
	CHECK("words are not numbers",
	    steal_parse_stat("cpu  a b c d e\n", -1, &j) == -1);
	CHECK("a number past 64 bits",
	    steal_parse_stat("cpu  99999999999999999999999 1 1 1\n", -1, &j) ==
	        -1);
	CHECK("empty text", steal_parse_stat("", -1, &j) == -1);
	CHECK("all lines",
	    steal_parse_stat_all(stat_text, per, 4, &all) == 2 &&
	        per[1].steal == 40 && per[0].total == 584 && all.steal == 40 &&
	        per[2].total == 0);
	CHECK("a gap (cpu1 offline)",
	    steal_parse_stat_all("cpu  4 4 4 4\ncpu0 1 1 1 1\ncpu2 3 3 3 3 0 "
	                         "0 0 9\n",
	        per, 4, &all) == 3 &&
	        per[1].total == 0 && per[2].steal == 9);
	CHECK("more CPUs than slots",
	    steal_parse_stat_all(stat_text, per, 1, &all) == 1);
	CHECK("no total line",
	    steal_parse_stat_all("cpu0 1 1 1 1\n", per, 4, &all) == -1);
}

static void
test_shares(void)
{
	struct steal_jiffies a = { 1000, 500, 10, 100 },
	                     b = { 1200, 550, 30, 150 };

	CHECK_NEAR("steal share", steal_share(&a, &b), 0.25, 1e-12);
	CHECK_NEAR("irq share", steal_irq_share(&a, &b), 0.1, 1e-12);
	CHECK("no time passed", steal_share(&a, &a) == -1);
	CHECK("counters went back", steal_share(&b, &a) == -1);
	CHECK("steal in ns (USER_HZ)",
	    steal_ns(&a, &b) ==
	        50 * (1000000000u / (uint64_t)sysconf(_SC_CLK_TCK)));
	CHECK("no steal, no ns", steal_ns(&b, &a) == 0);
}

static void
test_parse_schedstat(void)
{
	struct steal_thread t;

	CHECK("schedstat",
	    steal_parse_schedstat("5893198 13058359 3\n", &t) == 0 &&
	        t.run_ns == 5893198 && t.delay_ns == 13058359 && t.slices == 3);
	CHECK("two numbers are not enough",
	    steal_parse_schedstat("1 2\n", &t) == -1);
	CHECK("empty", steal_parse_schedstat("", &t) == -1);
	CHECK("words", steal_parse_schedstat("x y z", &t) == -1);
}

/* ROOT/rel with `text`; the directories made as needed. */
static void
put(const char *root, const char *rel, const char *text)
{
	char path[PATH_MAX], dir[PATH_MAX];
	FILE *f;

	(void)snprintf(dir, sizeof dir, "%s/proc", root);
	(void)mkdir(dir, 0755);
	(void)snprintf(dir, sizeof dir, "%s/proc/thread-self", root);
	(void)mkdir(dir, 0755);
	(void)snprintf(path, sizeof path, "%s/%s", root, rel);
	if ((f = fopen(path, "w")) == NULL) {
		perror(path);
		exit(99);
	}
	fputs(text, f);
	(void)fclose(f);
}

static void
test_fixture_tree(const char *root)
{
	struct steal_jiffies j;
	struct steal_thread t;
	struct steal_reader r;
	char buf[64];

	CHECK("absent stat", steal_read_cpu(root, 0, &j) == -1);
	CHECK("absent schedstat", steal_read_thread(root, &t) == -1);
	CHECK("a reader of absent files", steal_reader_open(&r, root) == -1);
	CHECK("reads nothing",
	    steal_reader_cpu(&r, 0, &j) == -1 &&
	        steal_reader_thread(&r, &t) == -1);
	steal_reader_close(&r);
	put(root, "proc/stat", stat_text);
	put(root, "proc/thread-self/schedstat", "100 200 3\n");
	CHECK("stat from the tree",
	    steal_read_cpu(root, 1, &j) == 0 && j.steal == 40);
	CHECK("schedstat from the tree",
	    steal_read_thread(root, &t) == 0 && t.delay_ns == 200);
	CHECK("a reader of the tree", steal_reader_open(&r, root) == 0);
	CHECK("reader: stat",
	    steal_reader_cpu(&r, -1, &j) == 0 && j.steal == 40);
	put(root, "proc/thread-self/schedstat", "100 300 4\n");
	CHECK("reader: read again from the start",
	    steal_reader_thread(&r, &t) == 0 && t.delay_ns == 300 &&
	        t.slices == 4);
	steal_reader_close(&r);
	CHECK("closed", r.stat_fd == -1 && r.sched_fd == -1);
	CHECK("a small buffer is cut, not overrun",
	    steal_read_stat_text(root, buf, 8) == 0 && strlen(buf) == 7);
	put(root, "proc/stat", "");
	CHECK("empty stat", steal_read_cpu(root, -1, &j) == -1);
	put(root, "proc/thread-self/schedstat", "-");
	CHECK("odd schedstat", steal_read_thread(root, &t) == -1);
}

/* The real files: this thread's schedstat moves as it runs. */
static void
test_real_files(void)
{
	struct steal_thread a, b;
	struct steal_jiffies j;
	volatile unsigned long spin = 0;

	if (steal_read_thread("", &a) != 0) {
		printf("# no schedstat here: real files not checked\n");
		return;
	}
	while (spin < 20000000)
		spin++;
	CHECK("schedstat read", steal_read_thread("/", &b) == 0);
	CHECK("run time grew", b.run_ns > a.run_ns);
	CHECK("the machine's total line", steal_read_cpu("", -1, &j) == 0);
	CHECK("total time counted", j.total > 0);
}

/* Remove what put() made under root, and root. */
static void
remove_tree(const char *root)
{
	static const char *const rel[] = { "proc/thread-self/schedstat",
		"proc/stat", "proc/thread-self", "proc", "" };
	char path[PATH_MAX];

	for (size_t i = 0; i < sizeof rel / sizeof rel[0]; i++) {
		(void)snprintf(path, sizeof path, "%s/%s", root, rel[i]);
		if (remove(path) != 0 && i >= 2)
			printf("# could not remove %s\n", path);
	}
}

int
main(void)
{
	const char *tmp = getenv("TMPDIR");
	char root[PATH_MAX - 64];

	test_parse_stat();
	test_shares();
	test_parse_schedstat();
	if ((size_t)snprintf(root, sizeof root, "%s/test-steal.XXXXXX",
	        tmp != NULL && *tmp != '\0' ? tmp : "/tmp") >= sizeof root) {
		printf("TMPDIR too long\n");
		return 99;
	}
	if (mkdtemp(root) == NULL) {
		perror("mkdtemp");
		return 99;
	}
	test_fixture_tree(root);
	remove_tree(root);
	test_real_files();
	return check_summary("test-steal");
}
