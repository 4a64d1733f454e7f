/*
 * ui-settings.h: benchtoprc's part of the screen state: applied at start, saved
 * on quit.
 */

#ifndef BENCHTOP_UI_SETTINGS_H
#define BENCHTOP_UI_SETTINGS_H

struct ui;

void ui_settings_apply(struct ui *ui);
void ui_settings_save(struct ui *ui);

#endif
