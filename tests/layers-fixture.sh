#!/bin/sh
# layers-fixture.sh: layers.sh itself, on the small trees of
# tests/fixtures/layers/. Each breach fixture breaks one rule: layers.sh
# must exit non-zero and say the breach in its own line; the clean one,
# which keeps every rule (the naming rule too), must pass. A layers.sh that stopped seeing a breach would pass the real
# tree as happily as it passes a good one: only these show it still
# looks.
set -u
# shellcheck source=testlib.sh
. "$(dirname "$0")/testlib.sh"
test_begin layers-fixture
needs nm tsort
CC=${CC:-cc}
needs "${CC%% *}"

fixtures=$here/fixtures/layers

# build FIXTURE: its objects in $work/FIXTURE, as make builds src/.
build() {
	mkdir -p "$work/$1"
	for c in "$fixtures/$1"/*.c; do
		# shellcheck disable=SC2086 # CC may carry its own flags
		$CC -c -iquote "$fixtures/$1" -o "$work/$1/$(basename "$c" .c).o" \
		    "$c" || return 1
	done
}

# layers FIXTURE [VAR=VALUE...]: layers.sh on the fixture, its output in
# $work/FIXTURE.out; its exit status.
layers() {
	fixture=$1
	shift
	env LAYERS_OBJDIR="$work/$fixture" LAYERS_SRCDIR="$fixtures/$fixture" \
	    "$@" sh "$here/layers.sh" >"$work/$fixture.out" 2>&1
}

# rejects FIXTURE LINE [VAR=VALUE...]: layers.sh fails on it and says LINE.
rejects() {
	fixture=$1
	line=$2
	shift 2
	if ! build "$fixture"; then
		fail "$fixture: the fixture does not compile"
		return
	fi
	if layers "$fixture" "$@"; then
		fail "$fixture: layers.sh passed it"
		sed 's/^/	/' "$work/$fixture.out"
	elif ! grep -q -x -F -- "$line" "$work/$fixture.out"; then
		fail "$fixture: layers.sh did not say '$line'"
		sed 's/^/	/' "$work/$fixture.out"
	else
		ok
	fi
}

# accepts FIXTURE [VAR=VALUE...]: layers.sh passes it.
accepts() {
	fixture=$1
	shift
	if ! build "$fixture"; then
		fail "$fixture: the fixture does not compile"
	elif ! layers "$fixture" "$@"; then
		fail "$fixture: layers.sh rejected it${*:+ with $*}"
		sed 's/^/	/' "$work/$fixture.out"
	else
		ok
	fi
}

rejects up "calls: base-a calls ui-b, a layer above its own"
rejects pair "calls: bench-a and bench-b call each other"
for f in bench-a bench-b bench-c; do
	rejects round "calls: in a round: $f"
done
rejects include-up "includes: base-a.h includes ui-b.h, a layer above its own"
rejects include-pair "includes: base-a.h and base-b.h include each other"
rejects noprefix "layers.sh: widget: no layer has its prefix"
rejects noprefix "layers.sh: widget.c: no layer has its prefix"
rejects prefix "prefix: base-a exports alpha_value, not a_ nor base_a_"
rejects prefix "prefix: ui exports draw_count, not ui_"
rejects header "headers: base-a.h declares b_two, which base-a.c does not define"
rejects header "headers: base-a-priv.h declares b_two, which no base-a file defines"
rejects header "headers: base-c.h declares b_three, but there is no base-c.c"
# The naming rule is on unless LAYERS_PREFIX=0, and it is what fails the
# prefix fixture: without it the fixture keeps every other rule.
accepts prefix LAYERS_PREFIX=0
accepts clean
finish layers-fixture.sh
