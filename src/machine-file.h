/*
 * machine-file.h: the machine layer's one reader of the kernel's small
 * files (procfs, sysfs), under a root path: "/", "" or NULL is this
 * machine, a directory a fixture tree in the tests.
 */

#ifndef BENCHTOP_MACHINE_FILE_H
#define BENCHTOP_MACHINE_FILE_H

#include <stddef.h>

enum machine_file_result {
	MACHINE_FILE_OK,
	MACHINE_FILE_ABSENT,     /* the file, or a directory on its way */
	MACHINE_FILE_UNREADABLE, /* any other error: buf says why */
};

/* root and path joined, without a doubled slash. */
void machine_file_path(char *buf, size_t size, const char *root,
    const char *path);

/* root/path opened read-only (close-on-exec): the descriptor, or -1. */
int machine_file_open(const char *root, const char *path);

/* An open file from its start into buf (NUL-terminated, cut at size - 1):
 * a proc or sysfs file makes its text anew at offset 0. 0, or -1. */
int machine_file_pread(int fd, char *buf, size_t size);

/*
 * Up to size - 1 bytes of root/path into buf, NUL-terminated. ABSENT
 * where the file is missing; UNREADABLE otherwise, with "unreadable
 * (why)" in buf. The file is opened, read and closed.
 */
enum machine_file_result machine_file_read(const char *root, const char *path,
    char *buf, size_t size);

/*
 * The same, for a file read again and again (every refresh): it stays
 * open and the next read is one pread, about 2 us instead of 7 on a
 * machine with page table isolation. The process keeps a small table of
 * such files under a lock; when it is full the file is read as above.
 */
enum machine_file_result machine_file_read_kept(const char *root,
    const char *path, char *buf, size_t size);

/* The first line of root/path, its spaces around trimmed: 0, or -1 when
 * it is absent or unreadable (buf then "" or "unreadable (why)"). */
int machine_file_read_line(const char *root, const char *path, char *buf,
    size_t size);

/* The first line of text, its spaces around trimmed, in place. Pure. */
char *machine_file_first_line(char *text);

#endif
