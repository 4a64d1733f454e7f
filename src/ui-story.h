/*
 * ui-story.h: the story (V): references A and B in cycles.
 */

#ifndef BENCHTOP_UI_STORY_H
#define BENCHTOP_UI_STORY_H

struct ui;
struct view_row;

/*
 * Key V opens the demo view of references A and B in cycles (on the
 * comparison screen, which scrolls it).
 */
void ui_story_open(struct ui *ui);
void ui_story_draw(struct ui *ui);
/* The detail view's lines of references A and B: their machines' figures
 * and cycles per op (how derived), this machine's, and B against A. */
void ui_story_detail(struct ui *ui, int *y, const struct view_row *r);

#endif
