/*
 * monitor-borrow.h: what the screen, the exporter, anything that runs
 * beside the live monitor's workers takes meanwhile: a CPU no slice
 * claims, or the workers parked at their next sample boundary.
 */

#ifndef BENCHTOP_MONITOR_BORROW_H
#define BENCHTOP_MONITOR_BORROW_H

#include "monitor.h"

/*
 * Quiet UI: park every worker at its next sample boundary. Returns 1 once
 * all are parked, 0 if some did not get there within timeout_ms (a slow
 * sample, a setup): they stay asked to. borrow_release lets them go;
 * call it after either outcome.
 */
int borrow_hold(struct monitor *m, long timeout_ms);
void borrow_release(struct monitor *m);
/*
 * The screen, the exporter, anything that runs beside the workers, around
 * each pass (a redraw, an export): begin borrows a CPU that no slice
 * claims and moves the calling thread there, so that it measures
 * nothing; with hold_only (the quiet screen), or when every CPU is
 * claimed, it parks the workers at their next sample boundary for up to
 * wait_ms, and a worker still measuring after that has its sample
 * flagged noisy (SAMPLE_F_SCREEN). Returns the pass for borrow_screen_end:
 * the borrowed CPU, MONITOR_SCREEN_HELD or MONITOR_SCREEN_DISTURBS.
 */
#define MONITOR_SCREEN_HELD     (-1)
#define MONITOR_SCREEN_DISTURBS (-2)
#define MONITOR_SCREEN_NONE     (-3)
int borrow_screen_begin(struct monitor *m, int hold_only, long wait_ms);
/* Only a CPU no slice claims, never the workers: the CPU, or
 * MONITOR_SCREEN_NONE when every CPU is claimed (nothing to end). */
int borrow_screen_try(struct monitor *m);
void borrow_screen_end(struct monitor *m, int pass);

/* For monitor.c's workers only. */
/* At a sample boundary, wait while the screen holds the
 * workers (borrow_hold). */
void borrow_park_if_held(struct monitor *m);

#endif
