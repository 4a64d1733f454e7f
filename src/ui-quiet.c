/*
 * ui-quiet.c: keeping the screen out of the numbers. Every redraw runs
 * from a CPU no slice claims, or, when all are claimed, while every
 * worker is parked between two samples (borrow_screen_begin). The quiet
 * screen (--quiet-ui, key Q), for the most sensitive measurements, always
 * parks them, redraws at most every UI_QUIET_DELAY_MS, and moves the UI
 * thread to a CPU no worker uses, when there is one.
 */

#include "config.h"

#include <pthread.h>
#include <sched.h>
#include <stdio.h>

#include "monitor-borrow.h"
#include "ui-priv.h"
#include "ui-quiet.h"

/* The first allowed CPU that no worker is pinned to, or -1. */
static int
free_cpu(const struct ui *ui)
{
	struct monitor *m = ui->cfg.monitor;
	int workers = monitor_workers(m);

	for (int c = 0; c < CPU_SETSIZE; c++) {
		int used = 0;

		if (!CPU_ISSET(c, &ui->affinity))
			continue;
		for (int k = 0; k < workers && !used; k++)
			used = monitor_worker_cpu(m, k) == c ||
			    monitor_worker_cpu(m, k) < 0;
		if (!used)
			return c;
	}
	return -1;
}

void
ui_quiet_init(struct ui *ui)
{
	CPU_ZERO(&ui->affinity);
	if (pthread_getaffinity_np(pthread_self(), sizeof ui->affinity,
	        &ui->affinity) != 0)
		CPU_SET(0, &ui->affinity);
	ui->quiet_cpu = -1;
	if (ui->cfg.quiet)
		ui_quiet_set(ui, 1);
}

/* Move the UI thread off the workers' CPUs, or back where it was. */
static void
move_ui_thread(struct ui *ui, int on)
{
	cpu_set_t one;

	ui->quiet_cpu = on ? free_cpu(ui) : -1;
	if (ui->quiet_cpu >= 0) {
		CPU_ZERO(&one);
		CPU_SET(ui->quiet_cpu, &one);
		if (pthread_setaffinity_np(pthread_self(), sizeof one, &one) !=
		    0)
			ui->quiet_cpu = -1;
	} else {
		(void)pthread_setaffinity_np(pthread_self(),
		    sizeof ui->affinity, &ui->affinity);
	}
}

void
ui_quiet_set(struct ui *ui, int on)
{
	ui->quiet = on;
	move_ui_thread(ui, on);
	if (!on)
		(void)snprintf(ui->message, sizeof ui->message,
		    "quiet off: refresh %.1fs", ui->cfg.delay_ms / 1000.0);
	else if (ui->quiet_cpu >= 0)
		(void)snprintf(ui->message, sizeof ui->message,
		    "quiet: draws between samples, from CPU %d", ui->quiet_cpu);
	else
		(void)snprintf(ui->message, sizeof ui->message,
		    "quiet: draws between samples (no CPU free of workers)");
}

int
ui_quiet_delay_ms(const struct ui *ui)
{
	if (ui->quiet && ui->cfg.delay_ms < UI_QUIET_DELAY_MS)
		return UI_QUIET_DELAY_MS;
	return ui->cfg.delay_ms;
}

int
ui_quiet_next_ms(const struct ui *ui)
{
	int d = ui_quiet_delay_ms(ui);

	return !ui->quiet && ui->rerunning && d > UI_NEWS_DELAY_MS
	    ? UI_NEWS_DELAY_MS
	    : d;
}

int
ui_quiet_poll_ms(const struct ui *ui)
{
	int d = ui_quiet_delay_ms(ui);

	return !ui->quiet && d > UI_NEWS_DELAY_MS ? UI_NEWS_DELAY_MS : d;
}

void
ui_quiet_hold(struct ui *ui)
{
	ui->pass = borrow_screen_begin(ui->cfg.monitor, ui->quiet,
	    ui->quiet ? UI_QUIET_WAIT_MS : UI_SCREEN_WAIT_MS);
}

int
ui_quiet_try(struct ui *ui)
{
	if (ui->quiet)
		return 0;
	ui->pass = borrow_screen_try(ui->cfg.monitor);
	return ui->pass >= 0;
}

int
ui_quiet_try_parked(struct ui *ui)
{
	if (ui->quiet || ui->cfg.monitor == NULL)
		return 0;
	if (borrow_hold(ui->cfg.monitor, UI_POLL_WAIT_MS)) {
		ui->pass = MONITOR_SCREEN_HELD;
		return 1;
	}
	borrow_release(ui->cfg.monitor);
	return 0;
}

void
ui_quiet_release(struct ui *ui)
{
	borrow_screen_end(ui->cfg.monitor, ui->pass);
}
