/*
 * layout.c: one address-space layout for every run of benchtop.
 *
 * Why. A CPU-bound loop's speed can depend on where its code, stack and
 * data sit in the virtual address space, beyond the page offset: branch
 * predictors and L1 way predictors index by more address bits than the
 * page's. With the kernel's randomised layout every process draws a new
 * one, so the same test in two runs of benchtop differs by more than any
 * change a user is looking for. Measured on a Zen 4 guest: byte.dhry2
 * read 27.0-27.5 ns a loop in six runs without randomisation, and 30-47
 * ns in six runs with it; a batch run and a live run of the same binary
 * then disagreed by 30% on nothing but the draw. Running every process
 * of benchtop without randomisation gives each build one layout, the
 * same in every mode and every run. (The helper that times the process
 * tests inherits it across execve, as do the tests' children.)
 *
 * How. personality(ADDR_NO_RANDOMIZE) takes effect at the next execve,
 * so benchtop executes itself again, once, before it has a thread, a
 * descriptor or a file of its own. Where the kernel or a seccomp filter
 * refuses, the run goes on randomised: nothing else depends on it.
 */

#include "config.h"

#include "layout.h"

#include <sys/personality.h>
#include <unistd.h>

extern char **environ;

void
layout_fix(char **argv)
{
	int now = personality(0xffffffff);

	if (now == -1 || (now & ADDR_NO_RANDOMIZE) != 0)
		return;
	if (personality((unsigned long)now | ADDR_NO_RANDOMIZE) == -1)
		return;
	(void)execve("/proc/self/exe", argv, environ);
	/* Not executed: leave the flag as it was, for the children too. */
	(void)personality((unsigned long)now);
}
