/*
 * ui-settings.c: the screen's part of benchtoprc. At start: the sort,
 * the hidden groups and tests, one line per group. On quit: all that the
 * user chose on the screen, with the references, placement, refresh,
 * quiet screen and workers, written for the next start.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base-fatal.h"
#include "ui-priv.h"
#include "ui-rcfile.h"
#include "ui-settings.h"

/* Whether `id` is one of the comma-separated `list`. */
static int
listed(const char *list, const char *id)
{
	size_t len = strlen(id);

	for (const char *p = list; (p = strstr(p, id)) != NULL; p += len)
		if ((p == list || p[-1] == ',') &&
		    (p[len] == ',' || p[len] == '\0'))
			return 1;
	return 0;
}

/* Switch off each listed test this run has. */
static void
hide_tests(struct ui *ui, const char *list)
{
	for (size_t i = 0; i < ui->nrows; i++)
		if (listed(list, store_test(ui->cfg.store, i)->id))
			store_set_enabled(ui->cfg.store, i, 0);
}

/* The hidden_groups bits of a list of group names. */
static unsigned
groups_of(const char *list)
{
	unsigned bits = 0;

	for (int g = 0; g < BENCH_GROUP_COUNT; g++)
		if (listed(list, bench_group_name((enum bench_group)g)))
			bits |= 1u << g;
	return bits;
}

void
ui_settings_apply(struct ui *ui)
{
	const struct settings *s = ui->cfg.settings;

	if (s == NULL)
		return;
	if (s->present[SETTINGS_SORT])
		ui->sort =
		    (enum ui_sort)ui_rcfile_sort_index(s->value[SETTINGS_SORT]);
	if (s->present[SETTINGS_SORT_REVERSE])
		ui->sort_reverse = s->value[SETTINGS_SORT_REVERSE][0] == '1';
	if (s->present[SETTINGS_COLLAPSED])
		ui->collapsed = s->value[SETTINGS_COLLAPSED][0] == '1';
	if (s->present[SETTINGS_HIDDEN_GROUPS])
		ui->hidden_groups = groups_of(s->value[SETTINGS_HIDDEN_GROUPS]);
	if (s->present[SETTINGS_HIDDEN_TESTS])
		hide_tests(ui, s->value[SETTINGS_HIDDEN_TESTS]);
}

/* "a,b,c": the names of the groups hidden. */
static void
set_groups(struct settings *s, unsigned hidden)
{
	size_t len = 0;

	s->value[SETTINGS_HIDDEN_GROUPS][0] = '\0';
	s->present[SETTINGS_HIDDEN_GROUPS] = 1;
	for (int g = 0; g < BENCH_GROUP_COUNT; g++)
		if (hidden & (1u << g))
			len +=
			    (size_t)snprintf(s->value[SETTINGS_HIDDEN_GROUPS] +
			            len,
			        SETTINGS_VALUE_MAX - len, "%s%s",
			        len ? "," : "",
			        bench_group_name((enum bench_group)g));
}

static int
in_run(const struct ui *ui, const char *id)
{
	for (size_t i = 0; i < ui->nrows; i++)
		if (strcmp(store_test(ui->cfg.store, i)->id, id) == 0)
			return 1;
	return 0;
}

static void
append_id(char *v, size_t *len, const char *id)
{
	if (*len + strlen(id) + 2 < SETTINGS_VALUE_MAX)
		*len += (size_t)snprintf(v + *len, SETTINGS_VALUE_MAX - *len,
		    "%s%s", *len ? "," : "", id);
}

/*
 * The ids of the tests switched off: this run's, and those the file
 * had of tests this run did not have (--only), as far as they fit.
 */
static void
set_tests(struct settings *s, const struct ui *ui)
{
	const struct settings *was = ui->cfg.settings;
	char *v = s->value[SETTINGS_HIDDEN_TESTS], id[64];
	size_t len = 0;

	v[0] = '\0';
	s->present[SETTINGS_HIDDEN_TESTS] = 1;
	for (size_t i = 0; i < ui->nrows; i++)
		if (!store_enabled(ui->cfg.store, i))
			append_id(v, &len, store_test(ui->cfg.store, i)->id);
	if (was == NULL || !was->present[SETTINGS_HIDDEN_TESTS])
		return;
	for (const char *p = was->value[SETTINGS_HIDDEN_TESTS]; *p != '\0';) {
		size_t n = strcspn(p, ",");

		(void)snprintf(id, sizeof id, "%.*s", (int)n, p);
		if (!in_run(ui, id) && !listed(v, id))
			append_id(v, &len, id);
		p += n + (p[n] == ',');
	}
}

static void
set_refs(struct settings *s, const struct ui *ui)
{
	const struct refdata *rd = ui->cfg.ref;

	if (!ui_kit_has_ref(ui, 0))
		return;
	if (ui_kit_has_ref(ui, 1))
		ui_rcfile_set(s, SETTINGS_REF, "%s,%s",
		    ref_select_name(rd, &ui->refs[0]),
		    ref_select_name(rd, &ui->refs[1]));
	else
		ui_rcfile_set(s, SETTINGS_REF, "%s",
		    ref_select_name(rd, &ui->refs[0]));
}

void
ui_settings_save(struct ui *ui)
{
	struct monitor *mon = ui->cfg.monitor;
	enum bench_placement p = monitor_placement(mon);
	struct settings *s; /* 20 KiB: off the UI thread's stack */
	char err[300], note[4400];

	if (ui->cfg.rc_path == NULL)
		return;
	if ((s = calloc(1, sizeof *s)) == NULL) {
		fatal_say("settings not kept", "out of memory");
		return;
	}
	ui_rcfile_set(s, SETTINGS_SORT, "%s", ui_rcfile_sort_names[ui->sort]);
	ui_rcfile_set(s, SETTINGS_SORT_REVERSE, "%d", ui->sort_reverse != 0);
	ui_rcfile_set(s, SETTINGS_COLLAPSED, "%d", ui->collapsed != 0);
	set_groups(s, ui->hidden_groups);
	set_tests(s, ui);
	set_refs(s, ui);
	if (p == BENCH_PLACE_SAME || p == BENCH_PLACE_SPREAD)
		ui_rcfile_set(s, SETTINGS_PLACEMENT, "%s",
		    bench_placement_name(p));
	ui_rcfile_set(s, SETTINGS_REFRESH, "%g", ui->cfg.delay_ms / 1000.0);
	ui_rcfile_set(s, SETTINGS_QUIET, "%d", ui->quiet != 0);
	ui_rcfile_set(s, SETTINGS_WORKERS, "%d", monitor_workers(mon));
	if (ui_rcfile_replace(ui->cfg.rc_path, s, ui->cfg.settings, note,
	        sizeof note, err, sizeof err) != 0)
		fatal_say("settings not kept", err);
	if (note[0] != '\0')
		fatal_say(NULL, note);
	free(s);
}
