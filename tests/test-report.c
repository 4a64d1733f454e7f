/*
 * test-report.c: output formats. The CSV header and JSON names are a
 * contract; number formatting is golden; write errors are reported.
 * (The JSON of a real run is parsed by python3 in tests/smoke.sh.)
 */

#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench-registry.h"
#include "check.h"
#include "report-csv.h"
#include "report.h"

static struct machine machine;
static struct test_result results[2];

static void
make_results(void)
{
	memset(&machine, 0, sizeof machine);
	strcpy(machine.host, "host\"1");
	strcpy(machine.cpu.brand, "Test CPU");
	machine.clock.core_hz = 3e9;
	machine.clock.tsc_hz = 2e9;
	results[0].test = registry_find("lmbench.null_call");
	results[0].status = BENCH_OK;
	results[0].value = 0.38;
	results[0].ns.n = 40;
	results[0].ns.median = 380;
	results[0].cyc.median = 1140;
	results[0].ns.cv_pct = 0.5;
	results[0].cpu = 0;
	results[0].partner_cpu = -1;
	results[1].test = registry_find("bsd.lock_pingpong");
	results[1].status = BENCH_UNSUPPORTED;
	strcpy(results[1].reason, "needs two CPUs, \"1\", available");
	results[1].value = NAN;
	results[1].cpu = results[1].partner_cpu = -1;
}

/* Render into memory. */
static char *
render(enum report_format fmt)
{
	struct report rep = { &machine, results, 2, 1.0, 25.0, NULL, { { 0 } },
		NULL, NULL };
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	CHECK("render ok", report_write(f, fmt, &rep) == 0);
	fclose(f);
	return buf;
}

static void
test_csv(void)
{
	char *out = render(REPORT_CSV);
	static const char header[] =
	    "id,group,origin,status,reason,unit,value,ns_per_op,"
	    "cycles_per_op,cv_pct,samples,placement,cpu,ref,ref_value,"
	    "ref_ratio,ref_stand_in,ref_b,ref_b_value,ref_b_ratio,b_vs_a,"
	    "ref_b_stand_in,ref_cycles,ref_b_cycles,b_vs_a_cycles\n";

	const char *body = out;

	/* The machine's context comes first, as '#' comment lines. */
	while (body[0] == '#' && strchr(body, '\n') != NULL)
		body = strchr(body, '\n') + 1;
	CHECK("CSV header is fixed",
	    strncmp(body, header, sizeof header - 1) == 0);
	CHECK("exported header matches",
	    strncmp(report_csv_header, header, sizeof header - 2) == 0 &&
	        strlen(report_csv_header) == sizeof header - 2);
	CHECK("ok row",
	    strstr(out,
	        "\nlmbench.null_call,syscall,lmbench,ok,"
	        ",us,0.38,380,1140,0.5,40,single,0,,,,,,,,,,,,\n"));
	CHECK("reason quoted, quotes doubled",
	    strstr(out,
	        ",unsupported,\"needs two CPUs, \"\"1\"\", "
	        "available\",cycles,,,,,0,single,,,,,,,,,,,,,\n"));
	free(out);
}

static void
test_json(void)
{
	char *out = render(REPORT_JSON);

	CHECK("schema first", strncmp(out, "{\n  \"schema\": 1,\n", 17) == 0);
	CHECK("string escaped", strstr(out, "\"host\": \"host\\\"1\""));
	CHECK("id", strstr(out, "{\"id\": \"lmbench.null_call\""));
	CHECK("value", strstr(out, "\"value\": 0.38,"));
	CHECK("ns_per_op", strstr(out, "\"ns_per_op\": 380,"));
	CHECK("status unsupported", strstr(out, "\"status\": \"unsupported\""));
	CHECK("no value when unsupported", strstr(out, "\"value\": null"));
	CHECK("null partner", strstr(out, "\"partner_cpu\": null"));
	CHECK("no NaN leaks", strstr(out, "nan") == NULL);
	CHECK("ends the document",
	    strcmp(out + strlen(out) - 6, "  ]\n}\n") == 0);
	free(out);
}

/*
 * A machine whose clock the chains could not hold (a folding renamer's
 * add chain against its multiply): the clock and the cycles say unknown,
 * in the text and in JSON, never a number.
 */
static void
test_clock_unknown(void)
{
	struct machine held = machine;
	struct clock_estimate *e = &machine.clock.clock;
	struct stats_summary cyc = results[0].cyc;
	char *out;

	memset(e, 0, sizeof *e);
	e->ns_per_step[CLOCK_CHAIN_ADD_REG] = 0.0467;
	e->ns_per_step[CLOCK_CHAIN_MUL] = 0.8333;
	clock_judge(e, &(struct clock_bounds){ 2e9, 0, 0 });
	machine.clock.core_hz = e->hz;
	results[0].cyc.median = NAN; /* as runner_summarise leaves it */
	out = render(REPORT_TEXT);
	CHECK("text: the core clock unknown, both chains said",
	    strstr(out,
	        "core unknown (add chain 21.41 GHz, multiply chain "
	        "3.60 GHz disagree)") != NULL);
	CHECK("text: no cycles figure",
	    strstr(out, "380.0           -") != NULL);
	free(out);
	out = render(REPORT_JSON);
	CHECK("JSON: core_hz null", strstr(out, "\"core_hz\": null") != NULL);
	CHECK("JSON: the verdict",
	    strstr(out, "\"verdict\": \"unknown: chains disagree\"") != NULL);
	CHECK("JSON: cycles null", strstr(out, "\"cycles_per_op\": null"));
	free(out);
	machine = held;
	results[0].cyc = cyc;
}

static void
test_fmt(void)
{
	static const struct {
		double v;
		const char *want;
	} cases[] = {
		{ 433741.84, "433741.8" },
		{ 0.38, "0.3800" },
		{ 1.5, "1.500" },
		{ 42.123, "42.12" },
		{ 0, "0.000" },
		{ 0.000123456, "0.0001235" },
		{ NAN, "-" },
		{ 123.45, "123.5" },
		{ -2.5, "-2.500" },
	};
	char buf[32];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		if (!CHECK("fmt golden",
		        strcmp(report_common_fmt_value(buf, sizeof buf,
		                   cases[i].v),
		            cases[i].want) == 0))
			printf("     %g -> '%s', want '%s'\n", cases[i].v, buf,
			    cases[i].want);
}

/* How many times `label` occurs in `out`. */
static int
om_lines_with(const char *out, const char *label)
{
	int n = 0;

	for (const char *p = strstr(out, label); p; p = strstr(p + 1, label))
		n++;
	return n;
}

/*
 * The OpenMetrics names as Prometheus users expect them: one unit a
 * metric, test alone as the values' label, placement on the info metric
 * only, status as a state set, the class as --identify spells it.
 */
static void
test_om(void)
{
	static const double last[2] = { 1796203980.125, NAN };
	struct report rep = { &machine, results, 2, 1.0, 25.0, NULL, { { 0 } },
		last, NULL };
	char *buf = NULL, *out;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	strcpy(machine.class_id, "zen");
	strcpy(machine.class_name, "Zen 5");
	CHECK("om render ok", report_write(f, REPORT_OPENMETRICS, &rep) == 0);
	fclose(f);
	out = buf;
	CHECK("op_seconds keyed by test alone",
	    strstr(out,
	        "\nbenchtop_op_seconds{test=\"lmbench.null_call\"} "
	        "3.8e-07\n"));
	CHECK("latency in seconds, its own metric",
	    strstr(out,
	        "\nbenchtop_latency_seconds{test=\"lmbench.null_call\"} "
	        "3.8e-07\n"));
	CHECK("cv as a ratio",
	    strstr(out,
	        "\nbenchtop_sample_cv_ratio{test=\"lmbench.null_call\"} "
	        "0.005\n"));
	CHECK("test_ok bare",
	    strstr(out, "\nbenchtop_test_ok{test=\"bsd.lock_pingpong\"} 0\n"));
	CHECK("status a state set",
	    strstr(out,
	        "\nbenchtop_test_status{test=\"bsd.lock_pingpong\","
	        "status=\"unsupported\"} 1\n") &&
	        strstr(out,
	            "\nbenchtop_test_status{test=\"bsd.lock_pingpong\","
	            "status=\"ok\"} 0\n"));
	CHECK("placement only on the info metric",
	    om_lines_with(out, "placement=") == 2 &&
	        om_lines_with(out, "\nbenchtop_test_info{") == 2);
	CHECK("class as --identify spells it",
	    strstr(out, ",class=\"zen\",class_name=\"Zen 5\","));
	CHECK("slice time to the millisecond",
	    strstr(out,
	        "\nbenchtop_last_slice_timestamp_seconds{test=\"lmbench."
	        "null_call\"} 1796203980.125\n") &&
	        om_lines_with(out, "timestamp_seconds{test=\"bsd.") == 0);
	free(buf);
}

/* A full device: the error comes back as -1 with errno. */
static void
test_write_error(void)
{
	struct report rep = { &machine, results, 2, 1.0, 25.0, NULL, { { 0 } },
		NULL, NULL };
	FILE *f = fopen("/dev/full", "w");

	if (f == NULL)
		return;
	CHECK("write to /dev/full fails",
	    report_write(f, REPORT_JSON, &rep) == -1 && errno == ENOSPC);
	fclose(f);
}

/* How many entries of dir start with `stem`: a temporary file left
 * behind shows as a second one. */
static int
entries_like(const char *dir, const char *stem)
{
	char cmd[600];
	FILE *p;
	int n = -1;

	(void)snprintf(cmd, sizeof cmd, "ls -a '%s' | grep -c '^%s'", dir,
	    stem);
	if ((p = popen(cmd, "r")) != NULL) {
		if (fscanf(p, "%d", &n) != 1)
			n = -1;
		(void)pclose(p);
	}
	return n;
}

/* A page is written whole or not at all, and no temporary file stays. */
static void
test_save(void)
{
	char dir[] = "/tmp/test-report.XXXXXX", path[300], err[200], buf[16];
	struct report_save s;
	FILE *f;

	if (mkdtemp(dir) == NULL) {
		CHECK("mkdtemp", 0);
		return;
	}
	(void)snprintf(path, sizeof path, "%s/page.html", dir);
	CHECK("save: begins",
	    report_common_save_begin(&s, "--html", path, err, sizeof err) == 0);
	fputs("first", s.f);
	CHECK("save: ends",
	    report_common_save_end(&s, 1, err, sizeof err) == 0);
	CHECK("save: one file, no temporary", entries_like(dir, "page") == 1);
	CHECK("save: begins again",
	    report_common_save_begin(&s, "--html", path, err, sizeof err) == 0);
	fputs("half", s.f);
	CHECK("save: a failed writer fails",
	    report_common_save_end(&s, 0, err, sizeof err) == -1);
	CHECK("save: says the option and the path",
	    strncmp(err, "--html: cannot write '", 22) == 0 &&
	        strstr(err, "page.html") != NULL);
	CHECK("save: the temporary removed", entries_like(dir, "page") == 1);
	f = fopen(path, "r");
	CHECK("save: the old page kept",
	    f != NULL && fgets(buf, sizeof buf, f) != NULL &&
	        strcmp(buf, "first") == 0);
	if (f != NULL)
		(void)fclose(f);
	(void)unlink(path);
	(void)snprintf(path, sizeof path, "%s/no/page.html", dir);
	CHECK("save: a directory that is not there",
	    report_common_save_begin(&s, "--html", path, err, sizeof err) ==
	            -1 &&
	        strstr(err, "No such file") != NULL);
	CHECK("save: nothing left", entries_like(dir, "") == 2); /* . and .. */
	(void)rmdir(dir);
}

int
main(void)
{
	make_results();
	test_csv();
	test_json();
	test_clock_unknown();
	test_fmt();
	test_om();
	test_write_error();
	test_save();
	return check_summary("test-report");
}
