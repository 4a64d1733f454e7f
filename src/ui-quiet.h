/*
 * ui-quiet.h: quiet mode (Q), and the screen's borrowing of a CPU or of the
 * parked workers around each redraw.
 */

#ifndef BENCHTOP_UI_QUIET_H
#define BENCHTOP_UI_QUIET_H

struct ui;

void ui_quiet_init(struct ui *ui);
void ui_quiet_set(struct ui *ui, int on);
/* The refresh delay now: at least UI_QUIET_DELAY_MS when quiet. */
int ui_quiet_delay_ms(const struct ui *ui);
/*
 * Until the next refresh: the delay, but at most UI_NEWS_DELAY_MS while
 * the tests a change touched run again (not when quiet): each tells its
 * news as its slice ends, not up to a refresh later.
 */
int ui_quiet_next_ms(const struct ui *ui);
/* Until the next read of the context between refreshes: at most
 * UI_NEWS_DELAY_MS, so a change is known (and its tests queued) within
 * that (when quiet: at the refresh). */
int ui_quiet_poll_ms(const struct ui *ui);
/*
 * Around a redraw: draw from a CPU no slice claims, else (and always
 * when quiet) while the workers are parked; then let them go.
 */
void ui_quiet_hold(struct ui *ui);
/* The same with a CPU no slice claims only, never parking the workers
 * (not when quiet): 1 when held (release it), 0 when none was free. */
int ui_quiet_try(struct ui *ui);
/* With no CPU free, the workers held at their next sample boundary for a
 * short read (not when quiet): 1 when every worker got there within
 * UI_POLL_WAIT_MS (release it), 0 when not (nothing held). */
int ui_quiet_try_parked(struct ui *ui);
void ui_quiet_release(struct ui *ui);

#define UI_QUIET_DELAY_MS 5000
#define UI_NEWS_DELAY_MS  250
/* How long a quiet redraw waits for the workers to reach a boundary. */
#define UI_QUIET_WAIT_MS 1000
/* The same for an ordinary redraw: a few samples, then draw (flagged). */
#define UI_SCREEN_WAIT_MS 200
/* The same for a read of the context between refreshes: two samples of
 * the default 25 ms, else the read waits for the refresh. */
#define UI_POLL_WAIT_MS 50

#endif
