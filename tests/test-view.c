/*
 * test-view.c: the live table's verdict against a baseline (src/view.c).
 *
 * Rows are built from hand-made sample histories, as the store gives
 * them: slices of samples, each slice's first one marked. A change that
 * lasts two slices must be a verdict even when the older slices still
 * fill most of the window (every test on: one slice per cycle); a quiet
 * slice, or one that moves no more than the baseline's own slices did,
 * must not be.
 */

#include "config.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

#include "check.h"
#include "harness.h"
#include "registry.h"
#include "view.h"

#define SLICE 16 /* samples per slice: 25 ms samples in a 500 ms slice */
#define MAX   256

struct history {
	struct ring_entry e[MAX];
	size_t n;
};

/* A slice of `count` samples around `ns` (a fixed +-0.5% jitter). */
static void
add_slice(struct history *h, double ns, size_t count, int marked)
{
	static const double jitter[] = { 0, 0.004, -0.003, 0.002, -0.005, 0.001,
		-0.001, 0.003 };

	for (size_t i = 0; i < count && h->n < MAX; i++) {
		struct ring_entry *e = &h->e[h->n++];

		memset(e, 0, sizeof *e);
		e->t_ms = (uint32_t)(h->n * 25);
		e->flags = marked && i == 0 ? SAMPLE_F_SLICE_START : 0;
		e->ns_per_op = ns * (1 + jitter[i % 8]);
		e->cycles_per_op = e->ns_per_op * 3;
	}
}

static void
build(struct view_row *r, const struct history *h,
    const struct view_baseline *b)
{
	struct store_view sv;

	memset(&sv, 0, sizeof sv);
	sv.test = registry_find("lmbench.null_call"); /* us: lower is better */
	sv.enabled = 1;
	sv.n = h->n;
	sv.total = h->n;
	memset(r, 0, sizeof *r);
	view_row_build(r, &sv, h->e, NULL, 0, b);
}

/* Four quiet slices, then a baseline of them. */
static void
quiet_baseline(struct history *h, struct view_baseline *b)
{
	struct view_row r;

	memset(h, 0, sizeof *h);
	for (int s = 0; s < 4; s++)
		add_slice(h, 100, SLICE, 1);
	build(&r, h, NULL);
	view_baseline_take(b, &r);
}

static void
test_newest_slice(void)
{
	struct view_baseline b;
	struct history h;
	struct view_row r;

	quiet_baseline(&h, &b);
	CHECK("baseline set", b.set && fabs(b.value - 0.1) < 0.001);
	CHECK("quiet slices: a narrow slice interval", b.slice_pi_pct < 1);
	add_slice(&h, 100, SLICE, 1);
	build(&r, &h, &b);
	CHECK("a quiet slice: no verdict", r.has_delta && !r.significant);
	/* A hog takes half the CPU: every sample of the slice costs twice. */
	add_slice(&h, 200, SLICE, 1);
	build(&r, &h, &b);
	CHECK("the verdict looks at the newest slice", r.recent_n == SLICE);
	CHECK_NEAR("the change is the newest slice's", r.delta_pct, 100, 2);
	CHECK("one slow slice alone is no verdict yet", !r.significant);
	/* It lasts: the second slow slice is a verdict. */
	add_slice(&h, 200, SLICE, 1);
	build(&r, &h, &b);
	CHECK("two slow slices in a row are WORSE", r.significant);
	CHECK("slower is not better", !r.better);
	CHECK("the window's median lags behind",
	    r.value < r.recent_value * 0.9);
	/* The hog stops. */
	add_slice(&h, 100, SLICE, 1);
	build(&r, &h, &b);
	CHECK("the next quiet slice ends the verdict", !r.significant);
}

static void
test_short_slices(void)
{
	struct view_baseline b;
	struct history h;
	struct view_row r;

	quiet_baseline(&h, &b);
	add_slice(&h, 200, 5, 1);
	add_slice(&h, 200, 5, 1);
	build(&r, &h, &b);
	CHECK("short slices: back to VIEW_RECENT_MIN samples",
	    r.recent_n == 10);
	CHECK("the quiet slices before them: no verdict yet", !r.significant);
	add_slice(&h, 200, 5, 1);
	add_slice(&h, 200, 5, 1);
	build(&r, &h, &b);
	CHECK("four short slow slices are WORSE", r.significant && !r.better);
}

static void
test_slice_spread(void)
{
	struct view_baseline b;
	struct history h;
	struct view_row r;

	/* One slice of four lands 4% off by itself: the median stays. */
	memset(&h, 0, sizeof h);
	for (int s = 0; s < 4; s++)
		add_slice(&h, s == 2 ? 104 : 100, SLICE, 1);
	build(&r, &h, NULL);
	view_baseline_take(&b, &r);
	/* sd of the medians 2%, t(3) 3.18, sqrt(1 + 1/4): 7.1% */
	CHECK_NEAR("the baseline's slice interval", b.slice_pi_pct, 7.1, 0.3);
	add_slice(&h, 103, SLICE, 1);
	build(&r, &h, &b);
	CHECK("a slice within it is no verdict", !r.significant);
	add_slice(&h, 115, SLICE, 1);
	add_slice(&h, 115, SLICE, 1);
	build(&r, &h, &b);
	CHECK("slices well beyond it are", r.significant && !r.better);
	add_slice(&h, 85, SLICE, 1);
	build(&r, &h, &b);
	CHECK("one the other way, after them, is none", !r.significant);
	add_slice(&h, 85, SLICE, 1);
	build(&r, &h, &b);
	CHECK("and faster is better", r.significant && r.better);
}

/* Two slices know little of how slices vary: t with one degree of
 * freedom is 12.7. */
static void
test_two_slices(void)
{
	struct view_baseline b;
	struct history h;
	struct view_row r;

	memset(&h, 0, sizeof h);
	add_slice(&h, 100, SLICE, 1);
	add_slice(&h, 102, SLICE, 1);
	build(&r, &h, NULL);
	view_baseline_take(&b, &r);
	CHECK("two slices: a wide interval", b.slice_pi_pct > 15);
	add_slice(&h, 110, SLICE, 1);
	build(&r, &h, &b);
	CHECK("two slices: +9% is no verdict", !r.significant);
	add_slice(&h, 200, SLICE, 1);
	add_slice(&h, 200, SLICE, 1);
	build(&r, &h, &b);
	CHECK("two slices: twice the cost is WORSE", r.significant);
}

static void
test_unmarked(void)
{
	struct view_baseline b;
	struct history h;
	struct view_row r;

	memset(&h, 0, sizeof h);
	add_slice(&h, 100, 40, 0);
	build(&r, &h, NULL);
	view_baseline_take(&b, &r);
	CHECK("no slice marks: the whole window", r.recent_n == 40);
	CHECK("no slice marks: no slice interval", b.slice_pi_pct == 0);
	add_slice(&h, 150, 30, 0);
	build(&r, &h, &b);
	CHECK("no marks: the window's median decides", !r.significant);
	add_slice(&h, 150, 20, 0);
	build(&r, &h, &b);
	CHECK("once it moves, a verdict", r.significant);
	memset(&h, 0, sizeof h);
	build(&r, &h, &b);
	CHECK("no samples: no delta", !r.has_delta && r.recent_n == 0);
}

int
main(void)
{
	test_newest_slice();
	test_short_slices();
	test_slice_spread();
	test_two_slices();
	test_unmarked();
	return check_summary("test-view");
}
