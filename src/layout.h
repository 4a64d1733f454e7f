/*
 * layout.h: one address-space layout for every run of benchtop.
 */
#ifndef BENCHTOP_LAYOUT_H
#define BENCHTOP_LAYOUT_H

/*
 * Turn address-space layout randomisation off for this process and
 * execute it again, once, from /proc/self/exe with the same argv and
 * environment. Returns only when benchtop already runs without it, or
 * when the kernel refuses (then the run goes on, randomised).
 */
void layout_fix(char **argv);

#endif
