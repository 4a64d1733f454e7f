/*
 * base-fatal.h: the one way benchtop says that something went wrong.
 *
 * Every message that ends the program, or that the user must see on
 * stderr, has one shape: "benchtop: WHAT: WHY", one line. The screen, if
 * it is still up, gives the terminal back first (call these from the
 * thread that owns the screen, or once it has stopped). A message is
 * never empty: a missing WHY reads "unknown error".
 *
 * Errors travel back to main as exit codes, so that every exit path
 * removes what the run made (scratch directory, children): only
 * start-up allocations, made before anything exists to clean up, end the
 * program on the spot (fatal_calloc).
 */

#ifndef BENCHTOP_FATAL_H
#define BENCHTOP_FATAL_H

#include <stddef.h>

/* Exit codes, documented in --help and the man page. */
#define EXIT_OK      0
#define EXIT_RUNTIME 1
#define EXIT_USAGE   2

/* "benchtop: WHAT: WHY" (WHAT NULL: "benchtop: WHY"). */
void fatal_say(const char *what, const char *why);

/* "benchtop: " and the formatted text. */
void fatal_sayf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* fatal_say, then exit with status 1 (EXIT_RUNTIME). */
_Noreturn void fatal_exit(const char *what, const char *why);

/* calloc that never returns NULL: "benchtop: out of memory: WHAT". */
void *fatal_calloc(size_t n, size_t size, const char *what);

#endif
