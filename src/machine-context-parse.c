/*
 * machine-context-parse.c: the pure parsers of the kernel's files that
 * the context is read from (machine-context-read.c reads them).
 */

#include "config.h"

#include "machine-context-parse.h"
#include "machine-context.h"

#include <stdio.h>
#include <string.h>

#include "machine-file.h"
#include "machine-steal.h"

/* ---- Pure parsers ---- */

void
context_parse_selected(const char *text, char *buf, size_t size)
{
	const char *open = strchr(text, '['), *close;
	char copy[CONTEXT_VALUE_MAX];

	if (open != NULL && (close = strchr(open, ']')) != NULL) {
		(void)snprintf(buf, size, "%.*s", (int)(close - open - 1),
		    open + 1);
		return;
	}
	/* Not the kernel's "a [b] c": say what it holds, trimmed. */
	(void)snprintf(copy, sizeof copy, "%s", text);
	text = machine_file_first_line(copy);
	(void)snprintf(buf, size, "%.*s", (int)size - 1,
	    text[0] ? text : "(empty)");
}

/* Whether a command-line word is a mitigation switch. */
static int
is_mitigation_flag(const char *w, size_t n)
{
	static const char *const prefixes[] = { "pti", "nopti", "mitigations",
		"spectre", "nospectre", "spec_", "retbleed", "nosmt",
		"mds=", "tsx", "l1tf", "srbds", "mmio_stale", "gather_data",
		"kpti", "nospec" };

	for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++) {
		size_t p = strlen(prefixes[i]);

		if (n >= p && strncmp(w, prefixes[i], p) == 0 &&
		    (n == p || w[p] == '=' || w[p] == '_' || p > 4 ||
		        prefixes[i][p - 1] == '='))
			return 1;
	}
	return 0;
}

void
context_parse_cmdline(const char *text, char *buf, size_t size)
{
	size_t used = 0;

	buf[0] = '\0';
	for (const char *p = text; *p != '\0';) {
		size_t n;

		p += strspn(p, " \t\n");
		n = strcspn(p, " \t\n");
		/* After "--" the words are init's, not the kernel's. */
		if (n == 2 && strncmp(p, "--", 2) == 0)
			break;
		if (n > 0 && is_mitigation_flag(p, n) && used + n + 2 < size) {
			used += (size_t)snprintf(buf + used, size - used,
			    "%s%.*s", used ? " " : "", (int)n, p);
		}
		p += n;
	}
	if (used == 0)
		(void)snprintf(buf, size, "none");
}

void
context_parse_cpu_max(const char *text, char *buf, size_t size)
{
	char quota[32];
	unsigned long long q, period;
	int line = (int)strcspn(text, "\n");

	if (line > 40)
		line = 40;
	if (sscanf(text, "%31s %llu", quota, &period) != 2) {
		(void)snprintf(buf, size, "odd (%.*s)", line, text);
		return;
	}
	if (strcmp(quota, "max") == 0) {
		(void)snprintf(buf, size, "none");
		return;
	}
	if (sscanf(quota, "%llu", &q) != 1 || period == 0) {
		(void)snprintf(buf, size, "odd (%.*s)", line, text);
		return;
	}
	(void)snprintf(buf, size, "%.2f CPU (%llu/%llu)",
	    (double)q / (double)period, q, period);
}

int
context_parse_cgroup2(const char *text, char *buf, size_t size)
{
	for (const char *line = text; *line != '\0';) {
		size_t n = strcspn(line, "\n");

		if (strncmp(line, "0::", 3) == 0) {
			(void)snprintf(buf, size, "%.*s", (int)(n - 3),
			    line + 3);
			return 0;
		}
		line += n;
		line += *line == '\n';
	}
	return -1;
}

int
context_parse_stat(const char *text, struct context_cpu_times *t)
{
	struct steal_jiffies j;
	const char *p = text + 3;
	int fields = 0;

	memset(t, 0, sizeof *t);
	if (strncmp(text, "cpu ", 4) != 0 ||
	    steal_parse_stat(text, -1, &j) != 0)
		return -1;
	/* Steal is the 8th number (Linux 2.6.11 on): a line without it has
	 * no steal to state, which is not the same as none. */
	while (fields < 8 && *(p += strspn(p, " ")) >= '0' && *p <= '9') {
		fields++;
		p += strspn(p, "0123456789");
	}
	if (fields < 8)
		return -1;
	t->total = j.total;
	t->irq = j.irq;
	t->steal = j.steal;
	t->valid = 1;
	return 0;
}
