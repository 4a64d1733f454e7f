/*
 * report-seed.c: BYTE 3.11, lmbench 2.0 and ctxbench tables as their
 * origins printed them. Reference rows print the seed's own text (so the
 * tables come back digit for digit); this machine's row is formatted the
 * way the origin formats a number of that column.
 */

#include "config.h"

#include "report-seed.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "base-units.h"
#include "ref-data-find.h"
#include "ref-index.h"

/* Where a row's figures come from: a reference machine or a live run. */
struct figures {
	const struct refdata *rd;
	size_t machine; /* SIZE_MAX: live */
	const struct test_result *r;
	size_t n;
};

static const struct test_result *
live_result(const struct figures *fg, const char *test)
{
	for (size_t i = 0; i < fg->n; i++)
		if (strcmp(fg->r[i].test->id, test) == 0 &&
		    fg->r[i].status == BENCH_OK)
			return &fg->r[i];
	return NULL;
}

/* A live figure for a stat: low/high from the slowest/fastest sample. */
static int
live_figure(const struct figures *fg, const char *test, enum ref_stat stat,
    double *v)
{
	const struct test_result *r = live_result(fg, test);
	const struct bench_test *t;
	double ns;

	if (r == NULL)
		return -1;
	t = r->test;
	ns = stat == REF_LOW
	    ? (units_higher_is_better(t->unit) ? r->ns.max : r->ns.min)
	    : stat == REF_HIGH
	    ? (units_higher_is_better(t->unit) ? r->ns.min : r->ns.max)
	    : stat == REF_AVERAGE ? r->ns.mean
	                          : r->ns.median;
	*v = units_value(t->unit, t->work_per_op, ns, r->cyc.median);
	return isfinite(*v) ? 0 : -1;
}

/*
 * The figure of `test`/`stat`: the seed's text for a reference machine,
 * or this machine's value formatted with `fmt` into buf. NULL if none.
 */
static const char *
figure(const struct figures *fg, const char *test, enum ref_stat stat,
    char *buf, size_t size, void (*fmt)(char *, size_t, double, int), int width)
{
	const struct ref_result *rr;
	double v;

	if (fg->machine != SIZE_MAX) {
		rr = ref_data_find_result(fg->rd, fg->machine, test, stat);
		return rr ? rr->text : NULL;
	}
	if (live_figure(fg, test, stat, &v) != 0)
		return NULL;
	fmt(buf, size, v, width);
	return buf;
}

/* ---- BYTE 3.11: INDEX VALUES ---- */

/*
 * The six tests of BYTE 3.11's index, in its table's order, with the
 * table's labels (File Copy's says which run was indexed: see
 * byte_copy_test). The one list: the table's rows and the --only of
 * --report byte are both made from it.
 */
#define BYTE_INDEX_TESTS(X)                                                    \
	X("byte.arith_double", "Arithmetic Test (type = double)")              \
	X("byte.dhry2", "Dhrystone 2 without register variables")              \
	X("byte.execl", "Execl Throughput Test")                               \
	X("byte.fs_copy", NULL)                                                \
	X("byte.context1", "Pipe-based Context Switching Test")                \
	X("byte.shell8", "Shell scripts (8 concurrent)")

#define BYTE_ROW(id, label)      { id, label },
#define BYTE_COMMA_ID(id, label) "," id

static const struct {
	const char *test, *label;
} byte_rows[] = { BYTE_INDEX_TESTS(BYTE_ROW) };

/* "byte.arith_double,byte.dhry2,...": past the leading comma. */
static const char byte_index_list[] = BYTE_INDEX_TESTS(BYTE_COMMA_ID);

static void
fmt_fixed1(char *buf, size_t size, double v, int width)
{
	(void)snprintf(buf, size, "%*.1f", width, v);
}

/* The seed indexes File Copy from its 30 s or 120 s run: use that one. */
static const char *
byte_copy_test(const struct figures *fg, char *label, size_t size)
{
	static const char *const ids[] = { "byte.fs_copy_30s",
		"byte.fs_copy_120s" };
	static const char *const secs[] = { "30", "120" };

	for (int i = 0; fg->machine != SIZE_MAX && i < 2; i++) {
		if (ref_data_find_result(fg->rd, fg->machine, ids[i],
		        REF_INDEX)) {
			(void)snprintf(label, size, "File Copy  (%s seconds)",
			    secs[i]);
			return ids[i];
		}
	}
	(void)snprintf(label, size, "File Copy  (10 seconds)");
	return "byte.fs_copy";
}

/* One row; its result into *result. 0, or -1 when a figure is missing. */
static int
byte_row(FILE *f, const struct figures *fg, size_t i, double *result)
{
	const struct ref_baseline *b =
	    ref_data_find_baseline(fg->rd, "byte311", byte_rows[i].test);
	const char *test = byte_rows[i].test, *label = byte_rows[i].label;
	const char *res, *idx;
	char lbuf[64], rbuf[32], ibuf[32];

	if (label == NULL) {
		test = byte_copy_test(fg, lbuf, sizeof lbuf);
		label = lbuf;
	}
	res = figure(fg, test, REF_RESULT, rbuf, sizeof rbuf, fmt_fixed1, 0);
	if (b == NULL || res == NULL || ref_data_number(res, result) != 0)
		return -1;
	idx = fg->machine != SIZE_MAX
	    ? figure(fg, test, REF_INDEX, ibuf, sizeof ibuf, fmt_fixed1, 0)
	    : NULL;
	if (idx == NULL) {
		(void)snprintf(ibuf, sizeof ibuf, "%.1f",
		    ref_index_item(fg->rd, byte_rows[i].test, *result));
		idx = ibuf;
	}
	fprintf(f, "%-40s%12s%11s%11s\n", label, b->text, res, idx);
	return 0;
}

/* A printed SUM or AVERAGE for a reference machine, else computed. */
static const char *
byte_total(const struct figures *fg, const char *test, double v, char *buf,
    size_t size)
{
	const struct ref_result *rr = fg->machine == SIZE_MAX
	    ? NULL
	    : ref_data_find_result(fg->rd, fg->machine, test, REF_INDEX);

	if (rr != NULL)
		return rr->text;
	(void)snprintf(buf, size, "%.1f", v);
	return buf;
}

static int
byte_write(FILE *f, const struct figures *fg, char *err, size_t errsize)
{
	size_t n = sizeof byte_rows / sizeof byte_rows[0];
	char sbuf[32], abuf[32];
	double result[REF_INDEX_ITEMS];
	struct ref_index x;

	fputs("                     INDEX VALUES            \n"
	      "TEST                                        BASELINE     RESULT"
	      "      INDEX\n\n",
	    f);
	for (size_t i = 0; i < n; i++) {
		if (byte_row(f, fg, i, &result[i]) != 0) {
			(void)snprintf(err, errsize,
			    "--report byte: no figure "
			    "for %s",
			    byte_rows[i].test);
			return -1;
		}
	}
	/* The live screen's index is this same computation. */
	ref_index_compute(fg->rd, result, &x);
	fprintf(f, "%74s\n", "=========");
	fprintf(f, "     SUM of %2zu items%54s\n", n,
	    byte_total(fg, "byte.index_sum", x.sum, sbuf, sizeof sbuf));
	fprintf(f, "     AVERAGE%62s\n",
	    byte_total(fg, "byte.index_average", x.average, abuf, sizeof abuf));
	return 0;
}

/* ---- lmbench 2.0: the summary ---- */

/* lmbench's way of fitting a number in a narrow column: 0.38 39.8 424.
 * 2378 20.K, with the precision the width allows. */
static void
fmt_lm(char *buf, size_t size, double v, int width)
{
	int digits = v < 1 ? 1 : (int)floor(log10(v)) + 1;
	int decimals = width - digits - 1;

	if (digits > width) {
		(void)snprintf(buf, size, "%.0f.K", v / 1000);
		if ((int)strlen(buf) > width)
			(void)snprintf(buf, size, "%.0fK", v / 1000);
	} else if (decimals > 0)
		(void)snprintf(buf, size, "%.*f", decimals, v);
	else if (digits == width)
		(void)snprintf(buf, size, "%.0f", v);
	else
		(void)snprintf(buf, size, "%.0f.", v);
}

/* Fixed decimals, as lmbench prints some columns ("3.0300", "4.00000"). */
static void
fmt_dec(char *buf, size_t size, double v, int decimals)
{
	(void)snprintf(buf, size, "%.*f", decimals, v);
}

struct lm_col {
	const char *test;
	int width;
	int decimals; /* -1: lmbench's fitting, else fixed */
};

struct lm_table {
	const char *title;
	const char *head[3]; /* the seed's header lines */
	int host_width;      /* before " OS" */
	struct lm_col cols[10];
	int mhz; /* print the Mhz column */
};

static const struct lm_table lm_tables[] = {
	{ "Processor, Processes - times in microseconds - smaller is better",
	    { "Host              OS  Mhz null null      open selct sig  sig  "
	      "fork exec sh  ",
	        "                           call  I/O stat clos TCP   inst "
	        "hndl proc proc proc",
	        "------ ------------- ---- ---- ---- ---- ---- ----- ---- ---- "
	        "---- ---- ----" },
	    6,
	    { { "lmbench.null_call", 4, -1 }, { "lmbench.null_io", 4, -1 },
	        { "lmbench.stat", 4, -1 }, { "lmbench.open_close", 4, -1 },
	        { "lmbench.select_tcp", 5, -1 },
	        { "lmbench.sig_install", 4, -1 },
	        { "lmbench.sig_handle", 4, -1 }, { "lmbench.fork", 4, -1 },
	        { "lmbench.exec", 4, -1 }, { "lmbench.sh", 4, -1 } },
	    1 },
	{ "Context switching - times in microseconds - smaller is better",
	    { "Host                 OS 2p/0K 2p/16K 2p/64K 8p/16K 8p/64K "
	      "16p/16K 16p/64K",
	        "                         ctxsw  ctxsw  ctxsw ctxsw  ctxsw   "
	        "ctxsw   ctxsw",
	        "--------- ------------- ----- ------ ------ ------ ------ "
	        "------- -------" },
	    9,
	    { { "lmbench.ctx_2p_0k", 5, 3 }, { "lmbench.ctx_2p_16k", 6, 4 },
	        { "lmbench.ctx_2p_64k", 6, 1 }, { "lmbench.ctx_8p_16k", 6, 1 },
	        { "lmbench.ctx_8p_64k", 6, 1 }, { "lmbench.ctx_16p_16k", 7, 1 },
	        { "lmbench.ctx_16p_64k", 7, 1 } },
	    0 },
	{ "*Local* Communication latencies in microseconds - smaller is "
	  "better",
	    { "Host                 OS 2p/0K  Pipe AF     UDP  RPC/   TCP  "
	      "RPC/ TCP",
	        "                         ctxsw       UNIX         UDP         "
	        "TCP conn",
	        "--------- ------------- ----- ----- ---- ----- ----- ----- "
	        "----- ----" },
	    9,
	    { { "lmbench.ctx_2p_0k", 5, 3 }, { "lmbench.lat_pipe", 5, 3 },
	        { "lmbench.lat_unix", 4, 1 }, { "lmbench.lat_udp", 5, 1 },
	        { "lmbench.lat_rpc_udp", 5, 1 }, { "lmbench.lat_tcp", 5, 1 },
	        { "lmbench.lat_rpc_tcp", 5, 1 },
	        { "lmbench.lat_connect", 4, -1 } },
	    0 },
	{ "File & VM system latencies in microseconds - smaller is better",
	    { "Host                 OS   0K File      10K File      Mmap    "
	      "Prot    Page",
	        "                        Create Delete Create Delete  Latency "
	        "Fault   Fault",
	        "--------- ------------- ------ ------ ------ ------  ------- "
	        "-----   -----" },
	    9,
	    { { "lmbench.fs_create_0k", 6, 1 },
	        { "lmbench.fs_delete_0k", 6, 1 },
	        { "lmbench.fs_create_10k", 6, 1 },
	        { "lmbench.fs_delete_10k", 6, 1 }, { "lmbench.mmap", 8, 1 },
	        { "lmbench.prot_fault", 5, 3 },
	        { "lmbench.page_fault", 7, 5 } },
	    0 },
	{ "*Local* Communication bandwidths in MB/s - bigger is better",
	    { "Host                OS  Pipe AF    TCP  File   Mmap  Bcopy  "
	      "Bcopy  Mem   Mem",
	        "                             UNIX      reread reread (libc) "
	        "(hand) read write",
	        "--------- ------------- ---- ---- ---- ------ ------ ------ "
	        "------ ---- -----" },
	    9,
	    { { "lmbench.bw_pipe", 4, -1 }, { "lmbench.bw_unix", 4, -1 },
	        { "lmbench.bw_tcp", 4, -1 }, { "lmbench.bw_file_reread", 6, 1 },
	        { "lmbench.bw_mmap_reread", 6, 1 },
	        { "lmbench.bw_bcopy_libc", 6, 1 },
	        { "lmbench.bw_bcopy_hand", 6, 1 },
	        { "lmbench.bw_mem_read", 4, -1 },
	        { "lmbench.bw_mem_write", 5, 1 } },
	    0 },
};

static void
fmt_col(char *buf, size_t size, double v, int spec)
{
	/* spec packs width * 16 + decimals + 1 (0: lmbench's fitting). */
	if (spec % 16 == 0)
		fmt_lm(buf, size, v, spec / 16);
	else
		fmt_dec(buf, size, v, spec % 16 - 1);
}

/* Host and OS of a row: a reference machine's, or this machine's. */
static void
lm_host_os(const struct figures *fg, const struct machine *m, char *host,
    char *os, double *mhz)
{
	const struct ref_machine *rm;

	if (fg->machine == SIZE_MAX) {
		(void)snprintf(host, 16, "%.15s", m->host);
		(void)snprintf(os, 32, "%.31s", m->kernel);
		*mhz = m->clock.core_hz / 1e6;
		return;
	}
	rm = &fg->rd->machines[fg->machine];
	(void)snprintf(host, 16, "%s", rm->host ? rm->host : rm->id);
	(void)snprintf(os, 32, "Linux %s", rm->kernel ? rm->kernel : "?");
	*mhz = rm->mhz;
}

static void
lm_row(FILE *f, const struct lm_table *t, const struct figures *fg,
    const struct machine *m)
{
	char host[16], os[32], buf[32];
	const char *v;
	double mhz;

	lm_host_os(fg, m, host, os, &mhz);
	fprintf(f, "%-*.*s %13.13s", t->host_width, t->host_width, host, os);
	if (t->mhz && mhz > 0)
		fprintf(f, " %4.0f", mhz);
	else if (t->mhz)
		fprintf(f, " %4s", "?"); /* this machine's clock is unknown */
	for (int c = 0; c < 10 && t->cols[c].test != NULL; c++) {
		const struct lm_col *col = &t->cols[c];

		v = figure(fg, col->test, REF_RESULT, buf, sizeof buf, fmt_col,
		    col->width * 16 + col->decimals + 1);
		fprintf(f, " %*s", col->width, v ? v : "");
	}
	fputc('\n', f);
}

/* The reference rows: every machine with lmbench figures, then ours. */
static int
lm_write(FILE *f, const struct figures *fg, const struct machine *m)
{
	const struct refdata *rd = fg->rd;

	fputs("                 L M B E N C H  2 . 0   S U M M A R Y\n"
	      "                 ------------------------------------\n",
	    f);
	for (size_t k = 0; k < sizeof lm_tables / sizeof lm_tables[0]; k++) {
		const struct lm_table *t = &lm_tables[k];
		struct figures row = *fg;

		fprintf(f, "\n%s\n%.*s\n%s\n%s\n%s\n", t->title,
		    (int)strlen(t->title),
		    "----------------------------------------------------------"
		    "----------",
		    t->head[0], t->head[1], t->head[2]);
		for (size_t i = 0; rd != NULL && i < rd->nmachines; i++) {
			if (ref_data_find_result(rd, i, "lmbench.null_call",
			        REF_RESULT) == NULL)
				continue;
			row.machine = i;
			lm_row(f, t, &row, m);
		}
		if (fg->machine == SIZE_MAX)
			lm_row(f, t, fg, m);
	}
	return 0;
}

/* ---- ctxbench ---- */

static const struct {
	const char *test, *label;
} ctx_rows[] = {
	{ "ctxbench.sigusr1", "SIGUSR1" },
	{ "ctxbench.msgq", "message queue" },
	{ "ctxbench.pipes", "pipes" },
	{ "ctxbench.semaphore", "semiphore" }, /* sic: the seed's spelling */
	{ "ctxbench.spin_yield", "spin+yield" },
	{ "ctxbench.spinlock", "spinlock" },
};

static void
fmt_int(char *buf, size_t size, double v, int width)
{
	(void)width;
	(void)snprintf(buf, size, "%.0f", v);
}

static void
ctx_row(FILE *f, const struct figures *fg, const char *test, const char *name,
    double mhz)
{
	static const enum ref_stat stats[] = { REF_LOW, REF_HIGH, REF_AVERAGE };
	char buf[3][32], pm[32];
	const char *v[3], *per;
	double avg;

	for (int s = 0; s < 3; s++)
		v[s] = figure(fg, test, stats[s], buf[s], sizeof buf[s],
		    fmt_int, 0);
	if (v[0] == NULL || v[1] == NULL || v[2] == NULL)
		return;
	per = fg->machine != SIZE_MAX
	    ? figure(fg, test, REF_PER_MHZ, pm, sizeof pm, fmt_int, 0)
	    : NULL;
	if (per == NULL && ref_data_number(v[2], &avg) == 0 && mhz > 0) {
		(void)snprintf(pm, sizeof pm, "%.3f", avg / mhz);
		per = pm;
	}
	fprintf(f, "  %-20s %10s %10s %10s %10s\n", name, v[0], v[1], v[2],
	    per ? per : "-");
}

static int
ctx_write(FILE *f, const struct figures *fg, const struct machine *m)
{
	const struct refdata *rd = fg->rd;

	for (size_t k = 0; k < sizeof ctx_rows / sizeof ctx_rows[0]; k++) {
		struct figures row = *fg;

		fprintf(f,
		    "\n                                   loops/sec\n"
		    "%-25s%8s%11s%11s%11s\n",
		    ctx_rows[k].label, "low", "high", "average", "avg/MHz");
		for (size_t i = 0; rd != NULL && i < rd->nmachines; i++) {
			char name[64];

			row.machine = i;
			(void)snprintf(name, sizeof name, "%s.out",
			    rd->machines[i].kernel ? rd->machines[i].kernel
			                           : rd->machines[i].id);
			ctx_row(f, &row, ctx_rows[k].test, name,
			    rd->machines[i].mhz);
		}
		if (fg->machine == SIZE_MAX)
			ctx_row(f, fg, ctx_rows[k].test, m->host,
			    m->clock.core_hz / 1e6);
	}
	return 0;
}

/* ---- entry points ---- */

int
report_seed_parse(const char *name, enum report_seed *out)
{
	static const char *const names[SEED_COUNT] = {
		[SEED_BYTE] = "byte",
		[SEED_LMBENCH] = "lmbench",
		[SEED_CTXBENCH] = "ctxbench",
	};

	for (int i = SEED_NONE + 1; i < SEED_COUNT; i++) {
		if (strcmp(names[i], name) == 0) {
			*out = (enum report_seed)i;
			return 0;
		}
	}
	return -1;
}

const char *
report_seed_tests(enum report_seed s)
{
	switch (s) {
	case SEED_BYTE:
		return byte_index_list + 1;
	case SEED_LMBENCH:
		return "lmbench.*";
	default:
		return "ctxbench.*";
	}
}

/* What a quick live table traded: samples per test and how sure each
 * median is (the widest 95% confidence interval, and whose). */
static void
live_footer(FILE *f, const struct test_result *r, size_t n)
{
	size_t ok = 0, lo = SIZE_MAX, hi = 0, noisy = 0;
	double widest = -1;
	const char *who = NULL;

	for (size_t i = 0; i < n; i++) {
		double ci;

		if (r[i].status != BENCH_OK || r[i].ns.median <= 0)
			continue;
		ok++;
		lo = r[i].ns.n < lo ? r[i].ns.n : lo;
		hi = r[i].ns.n > hi ? r[i].ns.n : hi;
		noisy += r[i].noisy;
		ci = r[i].ns.ci95_median / r[i].ns.median * 100;
		if (isfinite(ci) && ci > widest) {
			widest = ci;
			who = r[i].test->id;
		}
	}
	if (ok == 0)
		return;
	fprintf(f,
	    "\nThis machine: %zu tests, %zu to %zu samples each, the "
	    "median of each; %zu samples noisy.\n",
	    ok, lo, hi, noisy);
	if (who != NULL)
		fprintf(f,
		    "Widest 95%% confidence interval of a median: "
		    "+-%.1f%% (%s). -t SECONDS for more samples.\n",
		    widest, who);
}

int
report_seed_write(FILE *f, enum report_seed s, const struct refdata *rd,
    size_t machine, const struct machine *m, const struct test_result *r,
    size_t n, char *err, size_t errsize)
{
	struct figures fg = { rd, machine, r, n };
	int rc;

	if (rd == NULL) {
		(void)snprintf(err, errsize,
		    "--report: no reference data "
		    "(see --data)");
		return -1;
	}
	switch (s) {
	case SEED_BYTE:
		rc = byte_write(f, &fg, err, errsize);
		break;
	case SEED_LMBENCH:
		rc = lm_write(f, &fg, m);
		break;
	default:
		rc = ctx_write(f, &fg, m);
		break;
	}
	if (rc == 0 && machine == SIZE_MAX)
		live_footer(f, r, n);
	return rc;
}
