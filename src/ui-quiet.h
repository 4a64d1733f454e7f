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
 * Around a redraw: draw from a CPU no slice claims, else (and always
 * when quiet) while the workers are parked; then let them go.
 */
void ui_quiet_hold(struct ui *ui);
void ui_quiet_release(struct ui *ui);

#define UI_QUIET_DELAY_MS 5000
/* How long a quiet redraw waits for the workers to reach a boundary. */
#define UI_QUIET_WAIT_MS 1000
/* The same for an ordinary redraw: a few samples, then draw (flagged). */
#define UI_SCREEN_WAIT_MS 200

#endif
