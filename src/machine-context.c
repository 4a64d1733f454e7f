/*
 * machine-context.c: the machine's context as a table of facts, what
 * each fact moves, and the one line that sums them up; all pure. The
 * parsers of the kernel's files are machine-context-parse.c's, the
 * readers machine-context-read.c's.
 */

#include "config.h"

#include "machine-context.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- The table ---- */

const char *
context_get(const struct machine_context *c, const char *key)
{
	for (size_t i = 0; i < c->n; i++)
		if (strcmp(c->f[i].key, key) == 0)
			return c->f[i].value;
	return NULL;
}

void
context_set(struct machine_context *c, const char *key, const char *value)
{
	size_t i = 0;

	while (i < c->n && strcmp(c->f[i].key, key) != 0)
		i++;
	if (i == CONTEXT_MAX_FACTS)
		return;
	if (i == c->n)
		c->n++;
	(void)snprintf(c->f[i].key, sizeof c->f[i].key, "%.*s",
	    CONTEXT_KEY_MAX - 1, key);
	(void)snprintf(c->f[i].value, sizeof c->f[i].value, "%.*s",
	    CONTEXT_VALUE_MAX - 1, value);
}

void
context_shares(const struct context_cpu_times *was,
    const struct context_cpu_times *now, double *steal_pct, double *irq_pct)
{
	*steal_pct = *irq_pct = NAN;
	if (!was->valid || !now->valid || now->total <= was->total ||
	    now->steal < was->steal || now->irq < was->irq)
		return;
	*steal_pct = 100.0 * (double)(now->steal - was->steal) /
	    (double)(now->total - was->total);
	*irq_pct = 100.0 * (double)(now->irq - was->irq) /
	    (double)(now->total - was->total);
}

/* ---- What facts mean ---- */

/* Each key's short name and what it moves; a prefix ends in '.'. */
static const struct key_info {
	const char *key;
	const char *label; /* "" for a vulnerability: its own name */
	unsigned senses;
} key_infos[] = {
	{ "vuln.", "", CONTEXT_SENSE_ENTRY },
	{ "cmdline", "cmdline ", CONTEXT_SENSE_ENTRY },
	{ "tracing", "tracing ", CONTEXT_SENSE_ENTRY },
	{ "clocksource", "clock ", CONTEXT_SENSE_CLOCK },
	{ "thp.enabled", "THP ", CONTEXT_SENSE_THP },
	{ "thp.defrag", "THP defrag ", CONTEXT_SENSE_THP },
	{ "smt", "SMT ", CONTEXT_SENSE_CPU },
	{ "cpufreq", "", CONTEXT_SENSE_CPU },
	{ "cgroup.cpu_max", "quota ", CONTEXT_SENSE_CPU },
	{ "cgroup.cpuset", "cpuset ", CONTEXT_SENSE_CPU },
	{ "hypervisor", "hypervisor ", CONTEXT_SENSE_CPU },
	{ "clock.core", "core clock ", CONTEXT_SENSE_CPU }, /* the watch's */
	{ "kernel", "kernel ", CONTEXT_SENSE_ALL },
};

static const struct key_info *
key_info_of(const char *key)
{
	for (size_t i = 0; i < sizeof key_infos / sizeof key_infos[0]; i++) {
		const char *k = key_infos[i].key;
		size_t n = strlen(k);

		if (k[n - 1] == '.' ? strncmp(key, k, n) == 0
		                    : strcmp(key, k) == 0)
			return &key_infos[i];
	}
	return NULL;
}

const char *
context_sense_text(unsigned senses, char *buf, size_t size)
{
	static const char *const names[] = { "mitigations/tracing",
		"clock source", "THP", "steal/quota" };
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned i = 0; i < 4; i++)
		if ((senses & (1u << i)) && used < size)
			used += (size_t)snprintf(buf + used, size - used,
			    "%s%s", used ? ", " : "", names[i]);
	return buf;
}

unsigned
context_key_senses(const char *key)
{
	const struct key_info *k = key_info_of(key);

	return k ? k->senses : CONTEXT_SENSE_ALL;
}

void
context_change_label(const char *key, const char *value, char *buf, size_t size)
{
	const struct key_info *k = key_info_of(key);

	if (k != NULL && strncmp(key, "vuln.", 5) == 0)
		(void)snprintf(buf, size, "%s: %s", key + 5, value);
	else
		(void)snprintf(buf, size, "%s%s%s", k ? k->label : key,
		    k ? "" : " ", value);
	/* Cut at the first ';': "Mitigation: Retpolines; STIBP..." */
	buf[strcspn(buf, ";")] = '\0';
}

size_t
context_diff(const struct machine_context *a, const struct machine_context *b,
    void (*fn)(const char *key, const char *was, const char *now, void *arg),
    void *arg)
{
	size_t n = 0;

	for (size_t i = 0; i < b->n; i++) {
		const char *was = context_get(a, b->f[i].key);

		if (was == NULL)
			was = CONTEXT_ABSENT;
		if (strcmp(was, b->f[i].value) != 0) {
			n++;
			if (fn != NULL)
				fn(b->f[i].key, was, b->f[i].value, arg);
		}
	}
	for (size_t i = 0; i < a->n; i++) {
		if (context_get(b, a->f[i].key) != NULL ||
		    strcmp(a->f[i].value, CONTEXT_ABSENT) == 0)
			continue;
		n++;
		if (fn != NULL)
			fn(a->f[i].key, a->f[i].value, CONTEXT_ABSENT, arg);
	}
	return n;
}

/* ---- The one line ---- */

void
context_kernel_short(const struct machine_context *c, char *buf, size_t size)
{
	const char *melt = context_get(c, "vuln.meltdown");
	const char *sv2 = context_get(c, "vuln.spectre_v2");
	const char *cmd = context_get(c, "cmdline");
	size_t used = 0;

	buf[0] = '\0';
	if (cmd != NULL && strstr(cmd, "mitigations=off") != NULL)
		used += (size_t)snprintf(buf, size, "mitigations=off");
	if (melt != NULL && strstr(melt, "PTI") != NULL && used < size)
		used += (size_t)snprintf(buf + used, size - used, "%sPTI",
		    used ? ", " : "");
	if (sv2 != NULL && strncmp(sv2, "Mitigation: ", 12) == 0 &&
	    used < size) {
		const char *m = sv2 + 12;
		size_t n = strcspn(m, ";");

		used += (size_t)snprintf(buf + used, size - used, "%s%.*s",
		    used ? ", " : "", (int)n, m);
		/* "Retpolines" reads as a word in the line: lowercase. */
		for (size_t i = used - n; i < used && i < size; i++)
			if (n > 4)
				buf[i] = (char)tolower((unsigned char)buf[i]);
	}
	if (used == 0)
		(void)snprintf(buf, size, "%s",
		    context_get(c, "vuln.meltdown") ? "no entry mitigations"
		                                    : "mitigations n/a");
}

void
context_summary(const struct machine_context *c, char *buf, size_t size)
{
	char kernel[96], steal[16];
	const char *clock = context_get(c, "clocksource");
	const char *thp = context_get(c, "thp.enabled");
	const char *quota = context_get(c, "cgroup.cpu_max");
	const char *trace = context_get(c, "tracing");
	size_t used;

	context_kernel_short(c, kernel, sizeof kernel);
	if (isfinite(c->steal_pct))
		(void)snprintf(steal, sizeof steal, "%.0f%%", c->steal_pct);
	else
		(void)snprintf(steal, sizeof steal, "-");
	used = (size_t)snprintf(buf, size,
	    "kernel: %s; clock %s; THP %s; steal %s", kernel,
	    clock ? clock : "?", thp ? thp : "?", steal);
	if (quota != NULL && strchr(quota, '(') != NULL && used < size)
		used += (size_t)snprintf(buf + used, size - used,
		    "; quota %.*s", (int)strcspn(quota, " "), quota);
	if (trace != NULL && strcmp(trace, "none") != 0 &&
	    strcmp(trace, CONTEXT_ABSENT) != 0 && used < size)
		(void)snprintf(buf + used, size - used, "; tracing on");
}

void
context_print(FILE *out, const struct machine_context *c, const char *interval)
{
	char line[256];

	for (size_t i = 0; i < c->n; i++)
		fprintf(out, "context.%s: %s\n", c->f[i].key, c->f[i].value);
	if (isfinite(c->steal_pct))
		fprintf(out,
		    "context.steal: %.1f%% %s\ncontext.irq: %.1f%% %s\n",
		    c->steal_pct, interval, c->irq_pct, interval);
	else
		fputs("context.steal: unknown\ncontext.irq: unknown\n", out);
	context_summary(c, line, sizeof line);
	fprintf(out, "context: %s\n", line);
}
