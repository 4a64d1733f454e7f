/*
 * exec-helper.h: benchtop's helper mode for byte.execl, BYTE's Execl
 * Throughput test: `benchtop --exec-helper N` execs itself with N-1 until
 * N is 0, then exits 0: N more execs after the first (byte.execl passes
 * n-1 to get n execs per sample). It runs before anything else in main (no
 * option parsing, no threads), so each pass costs an exec and nothing more.
 */

#ifndef BENCHTOP_EXEC_HELPER_H
#define BENCHTOP_EXEC_HELPER_H

#define EXEC_HELPER_FLAG "--exec-helper"

/* If argv asks for helper mode, never returns; otherwise returns. */
void exec_helper_main(int argc, char **argv);

#endif
