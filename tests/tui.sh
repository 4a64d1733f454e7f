#!/bin/sh
# tui.sh: the live screen driven as a user would, in a private tmux
# server of fixed size: send-keys, capture-pane, look at the screen.
set -u

BENCHTOP=${BENCHTOP:-./src/benchtop}
if ! command -v tmux >/dev/null 2>&1; then
	echo "SKIP: tmux not found"
	exit 77
fi
sock=bt$$
work=$(mktemp -d "${TMPDIR:-/tmp}/bt-tui.XXXXXX") || exit 99
T() { tmux -L "$sock" -f /dev/null "$@"; }
cleanup() {
	T kill-server 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT INT TERM HUP
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() {
	failed=$((failed + 1))
	echo "FAIL: $*"
	echo "----- screen -----"
	cat "$work/screen"
	echo "------------------"
}
screen() { T capture-pane -p >"$work/screen"; }
has() { grep -q -- "$1" "$work/screen"; }
check() { # check DESCRIPTION PATTERN: the screen shows PATTERN
	screen
	if has "$2"; then ok; else fail "$1"; fi
}
# wait_for PATTERN SECONDS: poll the screen until it shows PATTERN
wait_for() {
	i=0
	while [ $i -lt $(($2 * 5)) ]; do
		screen
		has "$1" && return 0
		sleep 0.2
		i=$((i + 1))
	done
	return 1
}
# The numbers of the null_call row, to see them move (or not).
row() { grep '^lmbench.null_call' "$work/screen" | awk '{print $2, $4}'; }

mkdir "$work/scratch"
T new-session -d -x 120 -y 40 \
    "LANG=C.UTF-8 TERM=xterm $BENCHTOP --only 'lmbench.null_call,lmbench.null_io,bsd.lock_pingpong' \
     --slice-ms 300 -d 0.3 --dir '$work/scratch' --log '$work/log.csv'; echo EXIT=\$? >'$work/exit'; sleep 60"

if wait_for '^lmbench.null_call  *[0-9]' 15; then ok; else fail "rows with numbers"; fi
check "header names the host's kernel" "^benchtop .* Linux "
check "header: cycles source" "cycles \(pmu\|tsc-scaled\|clock-scaled\)"
check "column titles" "TEST .*VALUE .*NS/OP"
check "group heading" "syscall"
# The self row: last, the scheduler's overhead in %, a cost per slice.
if wait_for '^(benchtop) scheduler  *[0-9][0-9.e-]* %  *[0-9.]*[mun]*s .*ok <1%' 10
then ok; else fail "self row with a percentage"; fi
# Down past the end stays on the last test, never on the self row: t
# toggles that test.
T send-keys j j j j j j t
if wait_for "bsd.lock_pingpong disabled" 3; then ok; else fail "self row not selectable"; fi
T send-keys t k k k k k k
# Values move: poll for up to 10 s (a loaded machine may starve the run).
a=$(row)
i=0
b=$a
while [ "$a" = "$b" ] && [ $i -lt 50 ]; do
	sleep 0.2
	screen
	b=$(row)
	i=$((i + 1))
done
if [ -n "$a" ] && [ "$a" != "$b" ]; then ok; else fail "values change ($a / $b)"; fi

T send-keys p
sleep 0.8
check "p shows paused" "PAUSED"
screen
a=$(row)
sleep 1.5
screen
b=$(row)
if [ "$a" = "$b" ]; then ok; else fail "paused values stay ($a / $b)"; fi
T send-keys p
sleep 0.5

T send-keys '?'
sleep 0.5
check "? shows help" "enable/disable the test"
T send-keys x
sleep 0.5
check "any key leaves help" "TEST .*VALUE"

T send-keys b
if wait_for "VS BASELINE" 3; then ok; else fail "b shows the delta column"; fi
sleep 1.5
check "a delta in a row" "^lmbench.null_call .*[0-9]\.[0-9]% [+±]"

T send-keys u
if wait_for "placement same" 3; then ok; else fail "u: placement same"; fi
T send-keys u
if wait_for "placement spread" 3; then ok; else fail "u: placement spread"; fi

T send-keys Enter
if wait_for "history (oldest left)" 3; then ok; else fail "enter: detail"; fi
T send-keys x

# Q: quiet screen; it still redraws (every 5 s, between samples).
T send-keys Q
if wait_for "QUIET" 4; then ok; else fail "Q shows quiet in the header"; fi
check "quiet: refresh 5 s" "refresh 5.0s"
screen
a=$(row)
b=$a
i=0
while [ "$a" = "$b" ] && [ $i -lt 60 ]; do
	sleep 0.2
	screen
	b=$(row)
	i=$((i + 1))
done
if [ -n "$a" ] && [ "$a" != "$b" ]; then ok; else fail "quiet: values still change ($a / $b)"; fi
T send-keys Q
if wait_for "quiet off" 4; then ok; else fail "Q again: quiet off"; fi

# a: one line per group, each summarising its tests; a again: rows.
check "a group heading summarises its tests" "syscall .*2 tests: [0-9] ok"
T send-keys a
if wait_for "one line per group" 3; then ok; else fail "a: collapsed"; fi
screen
if ! has "^lmbench.null_call"; then ok; else fail "a: no test rows"; fi
T send-keys a
if wait_for "^lmbench.null_call" 3; then ok; else fail "a again: rows"; fi

T resize-window -x 40 -y 10
if wait_for "need 60x12" 3; then ok; else fail "size message at 40x10"; fi
T resize-window -x 120 -y 40
if wait_for "TEST .*VALUE" 3; then ok; else fail "table back at 120x40"; fi

# Our benchtop and its partners: their command line names our scratch dir.
ours() {
	for p in $(pgrep -x benchtop; pgrep -x bt-partner;
	    pgrep -x benchtop-proc); do
		tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null |
		    grep -q "$work/scratch" && echo "$p"
	done
}
pid=$(ours | head -n 1)
T send-keys q
i=0
while [ ! -s "$work/exit" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
if grep -q "EXIT=0" "$work/exit" 2>/dev/null; then ok; else fail "q exits 0"; fi
screen
if ! has "TEST .*VALUE"; then ok; else fail "terminal restored after q"; fi
sleep 0.3
if [ -n "$pid" ]; then ok; else fail "found the running benchtop"; fi
if [ -z "$(ours)" ]; then ok; else fail "no benchtop or partner left"; fi
if [ -z "$(ls -A "$work/scratch")" ]; then ok; else fail "scratch emptied"; fi

# --log: a header, then whole lines of samples with the header's fields.
if [ "$(head -n 1 "$work/log.csv")" = \
    "timestamp,test,value,unit,ns_per_op,cycles_per_op,cpu,placement,marks,noisy" ]
then ok; else fail "log header"; fi
if awk -F, 'NR > 1 && (NF != 10 || ($10 != 0 && $10 != 1)) { bad = 1 } END { exit bad || NR < 5 }' \
    "$work/log.csv"; then ok; else fail "log lines whole"; fi
if grep -q '^[0-9]*\.[0-9]*,lmbench\.null_call,[0-9.e-]*,us,' \
    "$work/log.csv"; then ok; else fail "log null_call samples"; fi

# TERM=dumb: one line, then the batch report instead of a screen.
# (stdout stays the terminal: only TERM makes the screen unusable)
T new-window -d "TERM=dumb $BENCHTOP --only lmbench.null_call -t 0.1 \
    2>'$work/dumb.err'; echo \$? >'$work/dumb.rc'; sleep 60"
i=0
while [ ! -s "$work/dumb.rc" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
T capture-pane -p -t :1 >"$work/screen"
if grep -q "TERM is 'dumb'" "$work/dumb.err" && has '^lmbench.null_call' &&
    [ "$(cat "$work/dumb.rc")" = 0 ]; then ok
else fail "TERM=dumb falls back to the batch report"; fi

echo "tui: $passed passed, $failed failed"
test $failed -eq 0
