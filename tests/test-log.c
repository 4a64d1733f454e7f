/*
 * test-log.c: --log loses no sample silently (export-log.c). A file size
 * limit (RLIMIT_FSIZE) makes writes fail and fall short the way a full
 * disk does: the lines wait and the status says why; once the limit is
 * lifted every sample is in the file, once, as a whole line. A ring that
 * goes round before the log could take its samples is counted as lost.
 */

#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "bench-registry.h"
#include "check.h"
#include "export-log.h"
#include "monitor-store.h"

#define EPOCH UINT64_C(1000000000)

static void
push(struct store *s, size_t count)
{
	static uint64_t ms;

	for (size_t k = 0; k < count; k++) {
		struct sample smp = { 0 };

		smp.t_ns = EPOCH + ++ms * 1000000u;
		smp.ns_per_op = 100;
		smp.cycles_per_op = 300;
		store_push(s, 0, &smp);
	}
}

static void
file_limit(rlim_t bytes)
{
	struct rlimit rl;

	(void)getrlimit(RLIMIT_FSIZE, &rl);
	rl.rlim_cur = bytes < rl.rlim_max ? bytes : rl.rlim_max;
	(void)setrlimit(RLIMIT_FSIZE, &rl);
}

/* Lines of the file, and whether each has the header's 11 fields. */
static size_t
count_lines(const char *path, int *whole)
{
	char line[512];
	size_t n = 0;
	FILE *f = fopen(path, "r");

	*whole = f != NULL;
	while (f != NULL && fgets(line, sizeof line, f) != NULL) {
		int commas = 0;

		for (const char *p = line; *p; p++)
			commas += *p == ',';
		*whole &= commas == 10 && line[strlen(line) - 1] == '\n';
		n++;
	}
	if (f != NULL)
		(void)fclose(f);
	return n;
}

int
main(void)
{
	const struct bench_test *tests[1] = { registry_at(0) };
	struct store *s = store_new(tests, 1, EPOCH);
	char path[] = "/tmp/test-log.XXXXXX", err[256], why[160];
	struct sample_log lg;
	int fd = mkstemp(path), whole;

	if (s == NULL || fd < 0)
		return 99;
	(void)close(fd);
	(void)signal(SIGXFSZ, SIG_IGN); /* writes past the limit: EFBIG */
	CHECK("opens, writes the header",
	    export_log_open(&lg, path, err, sizeof err) == 0 &&
	        export_log_start(&lg, s) == 0);
	push(s, 50);
	file_limit(sizeof SAMPLE_LOG_HEADER + 100); /* a line or two more */
	CHECK("a full file: the write says so", export_log_write(&lg, 0) != 0);
	export_log_status(&lg, why, sizeof why);
	printf("status while full: %s\n", why);
	CHECK("the status names the error and what waits",
	    strstr(why, "--log: File too large") != NULL &&
	        strstr(why, "lines waiting") != NULL);
	push(s, 10);
	CHECK("still full", export_log_write(&lg, 0) != 0);
	file_limit(RLIM_INFINITY);
	CHECK("room again: everything written", export_log_write(&lg, 0) == 0);
	CHECK("the status is clear again",
	    *export_log_status(&lg, why, sizeof why) == '\0');
	CHECK("header and all 60 samples, each once",
	    count_lines(path, &whole) == 61);
	CHECK("every line whole, 11 fields", whole);
	push(s, STORE_FINE_SLOTS + 5); /* the ring goes round first */
	(void)export_log_write(&lg, 0);
	export_log_status(&lg, why, sizeof why);
	printf("status after the ring went round: %s\n", why);
	CHECK("samples the ring dropped are counted as lost",
	    lg.lost >= 5 && strstr(why, "samples lost") != NULL);
	CHECK("every sample is in the file or counted lost",
	    count_lines(path, &whole) - 61 + lg.lost == STORE_FINE_SLOTS + 5 &&
	        whole);
	export_log_close(&lg);
	store_free(s);
	(void)unlink(path);
	return check_summary("test-log");
}
