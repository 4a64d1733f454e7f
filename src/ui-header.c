/*
 * ui-header.c: the lines above every screen: this machine, its clock,
 * the monitor's state and the user's choices, and the references.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base-cycles.h"
#include "ui-context.h"
#include "ui-kit.h"
#include "ui-rcfile.h"
#include "ui.h"

static void
header_line1(struct ui *ui)
{
	const struct machine *m = ui->cfg.machine;
	uint64_t up = (cycles_now_ns() - ui->start_ns) / 1000000000u;
	double load[3] = { 0, 0, 0 };
	char line[512];

	(void)getloadavg(load, 3);
	(void)snprintf(line, sizeof line,
	    "benchtop %s  %s  %s  up %02llu:%02llu:%02llu  "
	    "load %.2f %.2f %.2f  ui %.1f%% cpu",
	    PACKAGE_VERSION, m->host, m->kernel,
	    (unsigned long long)(up / 3600), (unsigned long long)(up / 60 % 60),
	    (unsigned long long)(up % 60), load[0], load[1], load[2],
	    ui->ui_cpu_pct);
	(void)ui_put_clipped(0, 0, line);
}

static void
header_line2(struct ui *ui)
{
	const struct machine *m = ui->cfg.machine;
	const struct cycles_info *c = &m->clock;
	char line[512];

	(void)snprintf(line, sizeof line,
	    "CPU %s [%s%s], %d CPUs  core %.2f GHz  TSC %.2f GHz  "
	    "cycles %s",
	    m->cpu.brand[0] ? m->cpu.brand : "unknown", m->class_name,
	    m->cpu.hypervisor ? ", VM" : "", m->cpu.cpus_online,
	    c->core_hz / 1e9, c->tsc_hz / 1e9, cycles_source_name(c->source));
	(void)ui_put_clipped(1, 0, line);
}

/* What --log and the exporters could not write, until they can again;
 * returns the column after it. */
static int
export_problems_draw(struct ui *ui, int y, int x)
{
	char buf[160], line[200];

	ui_role_on(ui, UI_ROLE_BAD);
	if (ui->cfg.log != NULL &&
	    *sample_log_status(ui->cfg.log, buf, sizeof buf) != '\0') {
		(void)snprintf(line, sizeof line, "  [%s]", buf);
		x = ui_put_clipped(y, x, line);
	}
	if (ui->export_error != 0) {
		(void)snprintf(line, sizeof line, "  [export: %s]",
		    strerror(ui->export_error));
		x = ui_put_clipped(y, x, line);
	}
	ui_role_off(ui, UI_ROLE_BAD);
	return x;
}

/* The state line: workers, placement, refresh, sort, flags, feedback. */
static void
header_state(struct ui *ui, int y)
{
	struct monitor *mon = ui->cfg.monitor;
	int paused = monitor_paused(mon), x;
	char line[512];

	(void)snprintf(line, sizeof line,
	    "workers %d  placement %s  refresh %.1fs  sort %s%s",
	    monitor_workers(mon), bench_placement_name(monitor_placement(mon)),
	    ui_quiet_delay_ms(ui) / 1000.0, settings_sort_names[ui->sort],
	    ui->sort_reverse ? " (reversed)" : "");
	x = ui_put_clipped(y, 0, line);
	if (paused || ui->frozen) {
		(void)snprintf(line, sizeof line, "  %s%s",
		    paused ? "[PAUSED: no measurement] " : "",
		    ui->frozen ? "[FROZEN display]" : "");
		ui_role_on(ui, UI_ROLE_WARN);
		x = ui_put_clipped(y, x, line);
		ui_role_off(ui, UI_ROLE_WARN);
	}
	if (ui->quiet && ui->quiet_cpu >= 0)
		(void)snprintf(line, sizeof line, "  [QUIET: ui on CPU %d]",
		    ui->quiet_cpu);
	else
		(void)snprintf(line, sizeof line, "%s",
		    ui->quiet ? "  [QUIET]" : "");
	x = ui_put_clipped(y, x, line);
	x = ui_focus_draw(ui, y, x);
	if (ui->have_baseline)
		x = ui_put_clipped(y, x, "  baseline set");
	x = export_problems_draw(ui, y, x);
	if (ui->message[0] != '\0') {
		(void)snprintf(line, sizeof line, "  -- %s", ui->message);
		x = ui_put_clipped(y, x, line);
	}
	(void)ui_pass_draw(ui, y, x); /* last: a narrow screen cuts it first */
}

/* "ref A p6: byte p3-850m, lmbench doug-750-2.5.65a~ ... (~ stand-in)" */
static void
header_ref(struct ui *ui, int y, int which)
{
	char what[384], line[512];

	if (!ui_has_ref(ui, which)) {
		(void)ui_put_clipped(y, 0,
		    ui->cfg.ref ? "ref none (r: a class or machine)"
		                : "ref none (no reference data)");
		return;
	}
	refsel_describe(ui->cfg.ref, &ui->refs[which], what, sizeof what);
	(void)snprintf(line, sizeof line, "ref %s%s: %s%s",
	    ui_has_ref(ui, 1) ? (which ? "B " : "A ") : "",
	    refsel_name(ui->cfg.ref, &ui->refs[which]), what,
	    strchr(what, '~') ? "  (~ stand-in)" : "");
	(void)ui_put_clipped(y, 0, line);
}

int
ui_header_draw(struct ui *ui)
{
	int y;

	ui_role_on(ui, UI_ROLE_HEADER);
	header_line1(ui);
	header_line2(ui);
	ui_role_off(ui, UI_ROLE_HEADER);
	y = ui_context_header_draw(ui, 2);
	header_state(ui, y++);
	header_ref(ui, y++, 0);
	if (ui_has_ref(ui, 1))
		header_ref(ui, y++, 1);
	return ui_index_draw(ui, y);
}
