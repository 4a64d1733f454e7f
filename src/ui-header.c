/*
 * ui-header.c: the lines above every screen: this machine, its clock,
 * the monitor's state and the user's choices, and the references.
 */

#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base-cycles.h"
#include "base-fmt.h"
#include "bench.h"
#include "measure-judge-kind.h"
#include "measure-judge-live.h"
#include "measure-judge.h"
#include "ui-context.h"
#include "ui-focus.h"
#include "ui-header.h"
#include "ui-index.h"
#include "ui-kit.h"
#include "ui-priv.h"
#include "ui-quiet.h"
#include "ui-rcfile.h"
#include "ui-view-machine.h"

/* Host and kernel shorten first; the uptime and loads stay whole. */
static void
header_line1(struct ui *ui)
{
	const struct machine *m = ui->cfg.machine;
	uint64_t up = (cycles_now_ns() - ui->start_ns) / 1000000000u;
	double load[3] = { 0, 0, 0 };
	char who[256], upt[32], loads[64], cpu[32];
	const char *parts[] = { who, upt, loads, cpu };

	(void)getloadavg(load, 3);
	(void)snprintf(who, sizeof who, "benchtop %s  %s  %s", PACKAGE_VERSION,
	    m->host, m->kernel);
	(void)snprintf(upt, sizeof upt, "  up %02llu:%02llu:%02llu",
	    (unsigned long long)(up / 3600), (unsigned long long)(up / 60 % 60),
	    (unsigned long long)(up % 60));
	(void)snprintf(loads, sizeof loads, "  load %.2f %.2f %.2f", load[0],
	    load[1], load[2]);
	(void)snprintf(cpu, sizeof cpu, "  ui %.1f%% cpu", ui->ui_cpu_pct);
	(void)ui_kit_put_parts(0, 0, parts, 4);
}

/* The CPU's name shortens first; the clocks stay whole. */
static void
header_line2(struct ui *ui)
{
	const struct machine *m = ui->cfg.machine;
	const struct cycles_info *c = &m->clock;
	/* The clock as the watch last confirmed it (read every 10 s). */
	double hz =
	    ui->context != NULL ? ui->context->watch.clock_hz : c->core_hz;
	char name[512], cpus[32], core[32], tsc[32], cyc[48];
	const char *parts[] = { name, cpus, core, tsc, cyc };

	/* What identification doubts (a model number its features
	 * contradict) is said where the class is; else only "VM". */
	const char *doubt = m->cpu.doubts;
	int says = doubt[0] != '\0' && strcmp(doubt, "none") != 0 &&
	    strcmp(doubt, "under a hypervisor") != 0;

	(void)snprintf(name, sizeof name, "CPU %s [%s%s%s]",
	    m->cpu.brand[0] ? m->cpu.brand : "unknown", m->class_name,
	    says                    ? "; "
	        : m->cpu.hypervisor ? ", VM"
	                            : "",
	    says ? doubt : "");
	(void)snprintf(cpus, sizeof cpus, ", %d CPUs", m->cpu.cpus_online);
	if (hz > 0)
		(void)snprintf(core, sizeof core, "  core %.2f GHz", hz / 1e9);
	else /* why: --identify and the page */
		(void)snprintf(core, sizeof core, "  core clock unknown");
	(void)snprintf(tsc, sizeof tsc, "  TSC %.2f GHz", c->tsc_hz / 1e9);
	(void)snprintf(cyc, sizeof cyc, "  cycles %s",
	    cycles_source_name(c->source));
	(void)ui_kit_put_parts(1, 0, parts, 5);
}

/* What --log and the exporters could not write, until they can again;
 * returns the column after it. */
static int
export_problems_draw(struct ui *ui, int y, int x)
{
	char buf[160], line[200];

	ui_kit_role_on(ui, UI_ROLE_BAD);
	if (ui->cfg.log != NULL &&
	    *export_log_status(ui->cfg.log, buf, sizeof buf) != '\0') {
		(void)snprintf(line, sizeof line, "  [%s]", buf);
		x = ui_kit_put_clipped(y, x, line);
	}
	if (ui->export_error != 0) {
		(void)snprintf(line, sizeof line, "  [export: %s]",
		    strerror(ui->export_error));
		x = ui_kit_put_clipped(y, x, line);
	}
	ui_kit_role_off(ui, UI_ROLE_BAD);
	return x;
}

/* The state line: workers, placement, refresh, sort, flags, feedback. */
static void
header_state(struct ui *ui, int y)
{
	struct monitor *mon = ui->cfg.monitor;
	int paused = monitor_paused(mon), x;
	char line[512];

	/* With one CPU allowed every two-party test runs `same`: say so. */
	(void)snprintf(line, sizeof line, "workers %d  placement %s",
	    monitor_workers(mon),
	    bench_usable_cpus() < 2
	        ? "same (1 CPU allowed)"
	        : bench_placement_name(monitor_placement(mon)));
	x = ui_kit_put_clipped(y, 0, line);
	/* A key's answer outranks the refresh and sort, which the help and
	 * the table's order show too. */
	(void)snprintf(line, sizeof line, "  refresh %.1fs  sort %s%s",
	    ui_quiet_delay_ms(ui) / 1000.0, ui_rcfile_sort_names[ui->sort],
	    ui->sort_reverse ? " (reversed)" : "");
	if (ui->message[0] == '\0' ||
	    x + fmt_cells(line) + 5 + fmt_cells(ui->message) <= COLS)
		x = ui_kit_put_clipped(y, x, line);
	if (paused || ui->frozen) {
		(void)snprintf(line, sizeof line, "  %s%s",
		    paused ? "[PAUSED: no measurement] " : "",
		    ui->frozen ? "[FROZEN display]" : "");
		ui_kit_role_on(ui, UI_ROLE_WARN);
		x = ui_kit_put_clipped(y, x, line);
		ui_kit_role_off(ui, UI_ROLE_WARN);
	}
	if (ui->quiet && ui->quiet_cpu >= 0)
		(void)snprintf(line, sizeof line, "  [QUIET: ui on CPU %d]",
		    ui->quiet_cpu);
	else
		(void)snprintf(line, sizeof line, "%s",
		    ui->quiet ? "  [QUIET]" : "");
	x = ui_kit_put_clipped(y, x, line);
	x = ui_focus_draw(ui, y, x);
	if (ui->have_baseline)
		x = ui_kit_put_clipped(y, x, "  baseline set");
	x = export_problems_draw(ui, y, x);
	if (ui->message[0] != '\0') {
		(void)snprintf(line, sizeof line, "  -- %s", ui->message);
		x = ui_kit_put_clipped(y, x, line);
	}
	(void)ui_focus_pass_draw(ui, y, x);
}

/* The busy rows' speed ratios: "2.10x slower", "1.62-3.10x slower",
 * "1.20x slower to 1.30x faster". */
static void
busy_range(const struct view_machine *m, char *buf, size_t size)
{
	char lo[32], hi[32];

	(void)judge_ratio_text(m->busy_lo, lo, sizeof lo);
	(void)judge_ratio_text(m->busy_hi, hi, sizeof hi);
	if (m->busy == 1 || strcmp(lo, hi) == 0)
		(void)snprintf(buf, size, "%s", lo);
	else if (m->busy_hi < 1)
		(void)snprintf(buf, size, "%.2f-%s", 1 / m->busy_hi, lo);
	else
		(void)snprintf(buf, size, "%s to %s", lo, hi);
}

/* "other load took the CPU of 5 rows: 1.62-3.10x slower, not judged"
 * into line at `used`; the new length. */
static int
since_b_busy(const struct view_machine *m, char *line, size_t size, int used)
{
	char range[80];

	if (m->busy == 0 || used >= (int)size)
		return used;
	busy_range(m, range, sizeof range);
	return used +
	    snprintf(line + used, size - (size_t)used,
	        "%sother load took the CPU of %zu row%s: %s, "
	        "not judged",
	        used ? "; " : "since b: ", m->busy, m->busy == 1 ? "" : "s",
	        range);
}

/*
 * "since b: machine 1.20x slower +-8%; memory bandwidth 1.31x slower as
 * a kind (5 rows)": every row moved at once, or a kind of them, or other
 * load (the rows busy), said once on a line of its own, which no narrow
 * screen cuts for another fact. 0 when there is nothing to say (no line
 * drawn).
 */
static int
header_since_b(struct ui *ui, int y)
{
	const struct view_machine *m = &ui->machine;
	char line[384], ratio[32];
	int used = 0;

	if (!ui->have_baseline)
		return 0;
	if (m->known && (m->beyond || m->spread_pct > JUDGE_BAR_MIN_PCT))
		used =
		    snprintf(line, sizeof line, "since b: machine %s +-%.0f%%",
		        judge_ratio_text(m->shift, ratio, sizeof ratio),
		        m->spread_pct);
	for (int k = 0; m->known && k < JUDGE_KIND_COUNT; k++)
		if (m->kinds.moved[k] && used < (int)sizeof line)
			used +=
			    snprintf(line + used, sizeof line - (size_t)used,
			        "%s%s %s as a kind (%zu rows)",
			        used ? "; " : "since b: ",
			        judge_kind_name((enum judge_kind)k),
			        judge_ratio_text(m->kinds.shift[k] / m->shift,
			            ratio, sizeof ratio),
			        m->kinds.tests[k]);
	used = since_b_busy(m, line, sizeof line, used);
	if (used == 0)
		return 0;
	ui_kit_role_on(ui, UI_ROLE_WARN);
	(void)ui_kit_put_clipped(y, 0, line);
	ui_kit_role_off(ui, UI_ROLE_WARN);
	return 1;
}

/* "ref A p6: byte p3-850m, lmbench doug-750-2.5.65a~ ... (~ stand-in)" */
static void
header_ref(struct ui *ui, int y, int which)
{
	char what[384], line[512];

	if (!ui_kit_has_ref(ui, which)) {
		(void)ui_kit_put_clipped(y, 0,
		    ui->cfg.ref ? "ref none (r: a class or machine)"
		                : "ref none (no reference data)");
		return;
	}
	ref_select_describe(ui->cfg.ref, &ui->refs[which], what, sizeof what);
	(void)snprintf(line, sizeof line, "ref %s%s: %s%s",
	    ui_kit_has_ref(ui, 1) ? (which ? "B " : "A ") : "",
	    ref_select_name(ui->cfg.ref, &ui->refs[which]), what,
	    strchr(what, '~') ? "  (~ stand-in)" : "");
	(void)ui_kit_put_clipped(y, 0, line);
}

int
ui_header_draw(struct ui *ui)
{
	int y;

	ui_kit_role_on(ui, UI_ROLE_HEADER);
	header_line1(ui);
	header_line2(ui);
	ui_kit_role_off(ui, UI_ROLE_HEADER);
	y = ui_context_header_draw(ui, 2);
	header_state(ui, y++);
	y += header_since_b(ui, y);
	header_ref(ui, y++, 0);
	if (ui_kit_has_ref(ui, 1))
		header_ref(ui, y++, 1);
	return ui_index_draw(ui, y);
}
