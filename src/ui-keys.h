/*
 * ui-keys.h: the keys of the live screen.
 */

#ifndef BENCHTOP_UI_KEYS_H
#define BENCHTOP_UI_KEYS_H

#include <stddef.h>

struct ui;

/*
 * One table of every key the screen answers, which
 * both ui_keys_handle and the help read. `anywhere`: the key also works on the
 * help, detail and comparison screens (elsewhere it leads back first).
 */
#define UI_KEY_CODES 10
struct ui_keydef {
	int keys[UI_KEY_CODES]; /* the codes, up to the first 0 */
	const char *names;      /* as the help spells them: "?, h, F1" */
	const char *what;       /* what it does; '\n': the next help line */
	int anywhere;
	int (*act)(struct ui *ui, int ch); /* returns 1 to quit */
};
extern const struct ui_keydef ui_keys[];
extern const size_t ui_keys_count;
/* The table's entry for key code `ch`, or NULL. */
const struct ui_keydef *ui_keys_find(int ch);
/* One key's effect; returns 1 to quit. */
int ui_keys_handle(struct ui *ui, int ch);

#endif
