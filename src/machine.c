/*
 * machine.c: who is running the tests.
 */

#include "config.h"

#include "machine.h"

#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>

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
	context_read(&m->ctx, "/");
}
