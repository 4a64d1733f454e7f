/*
 * exec-helper.c: the self-exec chain of byte.execl.
 */

#include "config.h"

#include "exec-helper.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void
exec_helper_main(int argc, char **argv)
{
	unsigned long n;
	char next[32], *end;

	if (argc != 3 || strcmp(argv[1], EXEC_HELPER_FLAG) != 0)
		return;
	n = strtoul(argv[2], &end, 10);
	if (*end != '\0')
		_exit(2);
	if (n == 0)
		_exit(0);
	(void)snprintf(next, sizeof next, "%lu", n - 1);
	execl("/proc/self/exe", argv[0], EXEC_HELPER_FLAG, next, (char *)NULL);
	_exit(127);
}
