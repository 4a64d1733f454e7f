#!/bin/sh
# proc.sh: the process tests time their loops in benchtop-proc, a small
# process of their own. It is found beside benchtop, runs every one of
# them, has one thread and no library but libc; nothing of it outlives
# benchtop, whether benchtop ends, is stopped or is killed with SIGKILL;
# without it the tests are unsupported, naming the path looked at.
set -u

# shellcheck source=testlib.sh
. "$(dirname "$0")/testlib.sh"
test_begin proc
needs "$PYTHON" pgrep
helper=$(dirname "$BENCHTOP")/benchtop-proc
procs='byte.spawn,byte.execl,lmbench.fork,lmbench.exec,lmbench.sh'

# ours DIR: live processes of DIR's run (testlib's leftovers: command
# line, environment or working directory naming DIR).
ours() { leftovers "$1"; }
# none_of DIR: nothing of DIR's run is alive
none_of() { test -z "$(ours "$1")"; }
# gone DIR: poll up to 3 s until nothing of DIR's run is left
gone() { wait_until 3 none_of "$1"; }
# helper_now PID: benchtop PID's helper, in $h, if it has one
helper_now() {
	h=$(pgrep -P "$1" -x benchtop-proc | head -n 1)
	[ -n "$h" ]
}
# helper_of PID: benchtop PID's helper, once it has one (up to 5 s)
helper_of() { wait_until 5 helper_now "$1" && echo "$h"; }

check "benchtop-proc is built beside benchtop" test -x "$helper"
"$BENCHTOP" --list >"$work/list" 2>&1
check "--list names the helper and its footprint ($(tail -n 1 "$work/list"))" \
    grep -q "^Process tests are timed in .*benchtop-proc: 1 thread, [0-9]* KiB resident, [0-9]* mappings$" \
    "$work/list"
"$BENCHTOP-proc" >"$work/hand.out" 2>"$work/hand.err" </dev/null
rc=$?
check "benchtop-proc by hand: exit 2 and one line ($rc)" sh -c \
    "test $rc -eq 2 && test \$(wc -l <'$work/hand.err') -eq 1"

# Every process test runs in the helper, and leaves nothing behind.
mkdir "$work/run"
"$BENCHTOP" --batch -t 0.3 --only "$procs,byte.shell2" --dir "$work/run" \
    --json >"$work/run.json" 2>"$work/run.err" &
pid=$!
h=$(helper_of $pid)
if [ -n "$h" ]; then
	check "the helper has one thread" \
	    grep -q '^Threads:[[:space:]]*1$' "/proc/$h/status"
	check "the helper maps no library of benchtop's" sh -c \
	    "! grep -q -e ncurses -e cpuid -e tirpc /proc/$h/maps"
else
	fail "benchtop started no benchtop-proc"
fi
wait $pid
rc=$?
check "the process tests run (rc $rc): $(head -c 200 "$work/run.err")" \
    test $rc -eq 0
for id in $(echo "$procs,byte.shell2" | tr ',' ' '); do
	st=$(status "$id" "$work/run.json")
	check "$id ran in the helper ($st)" sh -c \
	    "echo '$st' | grep -q '^ok .*in benchtop-proc (1 thread, '"
done
check "nothing of the run left" gone "$work/run"
check "scratch dir empty after the run" test -z "$(ls -A "$work/run")"

# SIGKILL of benchtop: its helper dies, and the helper's children too.
for only in byte.shell1 lmbench.fork byte.execl lmbench.sh; do
	mkdir "$work/k-$only"
	"$BENCHTOP" --batch -t 10 --only "$only" --dir "$work/k-$only" \
	    >/dev/null 2>&1 &
	pid=$!
	h=$(helper_of $pid)
	sleep 0.5
	kill -KILL $pid
	wait $pid 2>/dev/null
	check "SIGKILL during $only: there was a helper" test -n "$h"
	check "SIGKILL during $only: the helper and its children die ($(ours "$work/k-$only" | tr '\n' ' '))" \
	    gone "$work/k-$only"
done

# No helper: unsupported, naming the path looked at.
mkdir "$work/alone"
cp "$BENCHTOP" "$work/alone/benchtop"
"$work/alone/benchtop" --batch -t 0.1 --only "$procs" --json \
    >"$work/alone.json" 2>/dev/null
rc=$?
st=$(status lmbench.fork "$work/alone.json")
case $st in
ok*) echo "SKIP: no helper: one is installed (${st#ok })" ;;
*)
	check "no helper: exit 0 ($rc)" test $rc -eq 0
	for id in $(echo "$procs" | tr ',' ' '); do
		st=$(status "$id" "$work/alone.json")
		check "no helper: $id unsupported, naming the path ($st)" \
		    sh -c "echo '$st' | grep -q '^unsupported helper not installed: no /.*/benchtop-proc$'"
	done
	"$work/alone/benchtop" --list >"$work/alone.list" 2>&1
	check "no helper: --list says why ($(tail -n 1 "$work/alone.list"))" \
	    grep -q '^Process tests cannot run: helper not installed: no /' \
	    "$work/alone.list"
	;;
esac

# A program a test runs is missing: unsupported, naming the program and
# the Debian package that brings it; --list names what each test runs.
PATH=/nonexistent "$BENCHTOP" --batch -t 0.1 --only byte.dc,byte.cc --json \
    >"$work/nopath.json" 2>/dev/null
for pair in dc:dc cc:gcc; do
	prog=${pair%%:*}
	st=$(status "byte.$prog" "$work/nopath.json")
	check "no $prog in PATH: byte.$prog names its package ($st)" \
	    test "$st" = "unsupported $prog not installed (Debian package ${pair#*:})"
done
"$BENCHTOP" --list >"$work/list.txt" 2>&1
check "--list: byte.dc says it runs dc" grep -q '^byte\.dc .*\[runs: dc\]$' \
    "$work/list.txt"
check "--list: byte.shell8 names its programs" \
    grep -q '^byte\.shell8 .*\[runs: sh sort od grep tee wc rm\]$' "$work/list.txt"
check "--list: byte.dhry2 runs nothing outside" \
    sh -c "! grep -q '^byte\.dhry2 .*runs:' '$work/list.txt'"

finish proc
