/*
 * bench-proc-files.h: the inputs of the process tests (a C file to compile, a
 * shell script and the text it sorts, dc's program) and the private
 * work directory they are written to. For bench-proc.c.
 */

#ifndef BENCHTOP_PROC_FILES_H
#define BENCHTOP_PROC_FILES_H

#include <stddef.h>

struct bench_ctx;

/* byte.cc's source file: about 160 lines, like BYTE's cctest.c. */
extern const char proc_files_cc_source[];
/* One copy of the shell scripts' workload; $1 the text, $2 the dir. */
extern const char proc_files_shell_script[];
/* byte.dc's program, read on stdin. */
extern const char proc_files_dc_input[];
/* The tools the script needs besides /bin/sh; NULL-terminated. */
extern const char *const proc_files_shell_tools[];

/* Write the text the scripts sort into buf; its length. */
size_t proc_files_make_text(char *buf, size_t size);

/* A regular file we may execute? */
int proc_files_is_program(const char *path);
/* `name` along $PATH (or /usr/bin:/bin) into out: 0, or -1 if none. */
int proc_files_find_in_path(const char *name, char *out, size_t size);

/* Make "<tmpdir>/proc.XXXXXX" into dir; BENCH_OK or a reason in ctx. */
int proc_files_dir_make(struct bench_ctx *ctx, char *dir, size_t size);
/* Write the new file dir/name (mode 0600); its path into `path`. */
int proc_files_dir_write(struct bench_ctx *ctx, const char *dir,
    const char *name, const char *data, size_t len, char *path, size_t size);
/* Empty the directory (what a killed script left) and remove it; dir
 * becomes "". A no-op on "". */
void proc_files_dir_remove(char *dir);

#endif
