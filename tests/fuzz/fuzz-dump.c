/*
 * fuzz-dump.c: libFuzzer harness of the raw CPUID dump reader
 * (--identify FILE): any file must give a CPU or a one-line error.
 */

#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "machine-cpu.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[] = "/tmp/bt-fuzz-dump.XXXXXX", err[256];
	struct cpu_id id;
	int fd = mkstemp(path);

	if (fd < 0)
		return 0;
	if (write(fd, data, size) == (ssize_t)size) {
		err[0] = '\0';
		if (cpu_detect_read_dump(path, &id, err, sizeof err) != 0 &&
		    (err[0] == '\0' || strchr(err, '\n') != NULL))
			__builtin_trap(); /* one line, always */
	}
	(void)close(fd);
	(void)unlink(path);
	return 0;
}
