/*
 * base-fatal.c: "benchtop: WHAT: WHY" on stderr, the terminal restored first.
 */

#include "config.h"

#include "base-fatal.h"

#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* A message must not land inside the curses screen: end it first. */
static void
restore_terminal(void)
{
	if (stdscr != NULL && !isendwin())
		(void)endwin();
}

void
fatal_say(const char *what, const char *why)
{
	if (why == NULL || *why == '\0')
		why = "unknown error";
	restore_terminal();
	if (what != NULL && *what != '\0')
		fprintf(stderr, "benchtop: %s: %s\n", what, why);
	else
		fprintf(stderr, "benchtop: %s\n", why);
}

void
fatal_sayf(const char *fmt, ...)
{
	char why[512];
	va_list ap;

	va_start(ap, fmt);
	(void)vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	fatal_say(NULL, why);
}

void
fatal_exit(const char *what, const char *why)
{
	fatal_say(what, why);
	exit(EXIT_RUNTIME);
}

void *
fatal_calloc(size_t n, size_t size, const char *what)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (p == NULL)
		fatal_exit("out of memory", what);
	return p;
}
