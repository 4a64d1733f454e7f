/*
 * machine.c: who is running the tests.
 */

#include "config.h"

#include "machine.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "machine-context-read.h"
#include "machine-cpu-detect.h"
#include "machine-file.h"

/* What the kernel and the brand string say of the core clock. */
static void
clock_bounds_read(const char *brand, struct clock_bounds *b)
{
	char khz[64];

	memset(b, 0, sizeof *b);
	if (machine_file_read_line("/",
	        "/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq", khz,
	        sizeof khz) == 0)
		b->cpufreq_max_hz = strtod(khz, NULL) * 1e3;
	b->brand_hz = cpu_brand_hz(brand);
}

void
machine_clock_measure(struct cycles_info *info, const char *brand)
{
	struct clock_bounds bounds;

	cycles_measure(info);
	clock_bounds_read(brand, &bounds);
	cycles_rejudge(info, &bounds);
}

void
machine_clock_again(const struct machine *m, struct clock_estimate *e)
{
	cycles_clock_read(e, &m->clock_bounds, 1);
}

/* The cycles one step of chain c took at the held clock; NAN if none. */
static double
chain_cycles(const struct cycles_info *c, enum clock_chain chain)
{
	double ns = c->clock.ns_per_step[chain];

	return ns > 0 && c->core_hz > 0 ? ns * c->core_hz / 1e9 : NAN;
}

void
machine_clock_print(FILE *out, const struct cycles_info *c)
{
	char what[160];

	fprintf(out, "clock.core: %s\n",
	    clock_describe(&c->clock, what, sizeof what));
	fprintf(out, "clock.verdict: %s\n",
	    clock_verdict_name(c->clock.verdict));
	if (c->tsc_hz > 0)
		fprintf(out, "clock.tsc: %.3f GHz\n", c->tsc_hz / 1e9);
	for (int i = 0; i < CLOCK_CHAINS; i++) {
		double ns = c->clock.ns_per_step[i];

		if (!(ns > 0))
			continue;
		fprintf(out, "clock.chain.%s: %.4f ns a step",
		    clock_chain_name(i), ns);
		if (isfinite(chain_cycles(c, i)))
			fprintf(out, ", %.2f cycles", chain_cycles(c, i));
		fputc('\n', out);
	}
}

void
machine_probe(struct machine *m, const struct cycles_info *clock)
{
	struct utsname u;

	memset(m, 0, sizeof *m);
	if (uname(&u) == 0) {
		(void)snprintf(m->host, sizeof m->host, "%s", u.nodename);
		(void)snprintf(m->kernel, sizeof m->kernel, "%s %s", u.sysname,
		    u.release);
		(void)snprintf(m->arch, sizeof m->arch, "%s", u.machine);
	}
	cpu_detect(&m->cpu);
	(void)snprintf(m->class_id, sizeof m->class_id, "%s",
	    m->cpu.cls.id ? m->cpu.cls.id : "unknown");
	(void)snprintf(m->class_name, sizeof m->class_name, "%s",
	    m->cpu.cls.name[0] ? m->cpu.cls.name : "unknown");
	m->clock = *clock;
	clock_bounds_read(m->cpu.brand, &m->clock_bounds);
	cycles_rejudge(&m->clock, &m->clock_bounds);
	m->clock_bounds.tsc_hz = m->clock.tsc_hz;
	context_read(&m->ctx, "/");
}
