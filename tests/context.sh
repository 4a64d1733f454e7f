#!/bin/sh
# context.sh: the machine's context as the user meets it. --identify and
# the JSON report state it; a profile records it, and --check names the
# facts that differ above its table and on the rows they move. Then, as
# root where /sys/kernel/mm/transparent_hugepage/enabled exists and tmux
# does, the live screen: writing another THP mode while it runs shows the
# change by name within one refresh (header, message line, --log), and
# the original mode is always written back (trap).
set -u

BENCHTOP=${BENCHTOP:-./src/benchtop}
PYTHON=${PYTHON:-python3}
THP=/sys/kernel/mm/transparent_hugepage/enabled
work=$(mktemp -d "${TMPDIR:-/tmp}/bt-context.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT INT TERM HUP
# shellcheck source=testlib.sh
. "$(dirname "$0")/testlib.sh"
needs "$PYTHON"
XDG_DATA_HOME=$work/data
XDG_CONFIG_HOME=$work/config
export XDG_DATA_HOME XDG_CONFIG_HOME

# --identify: every fact, and the one line.
"$BENCHTOP" --identify >"$work/id.txt" 2>&1
check "identify: clock source" grep -q '^context.clocksource: ' "$work/id.txt"
check "identify: THP" grep -q '^context.thp.enabled: ' "$work/id.txt"
check "identify: steal since boot" \
    grep -q '^context.steal: [0-9.]*% since boot' "$work/id.txt"
check "identify: the summary line" \
    grep -q '^context: kernel: .*; clock .*; THP .*; steal ' "$work/id.txt"

# JSON: a context object with the same facts; each test's senses.
"$BENCHTOP" --batch -t 0.05 --only lmbench.page_fault --json \
    >"$work/run.json" 2>/dev/null
check "json: context object" "$PYTHON" -c '
import json, sys
d = json.load(open(sys.argv[1]))
c = d["context"]
assert "clocksource" in c and "thp.enabled" in c and "kernel" in c, c
t = d["tests"][0]
assert "THP" in t["context_senses"], t
' "$work/run.json"

# A profile records the context; one that recorded another THP mode and
# no PTI makes --check say so first, and the page-fault row names it.
"$BENCHTOP" --batch -t 0.05 --only 'lmbench.page_fault,byte.dhry2' \
    --save ctx >/dev/null 2>&1
prof=$XDG_DATA_HOME/benchtop/ctx.tsv
check "profile: a machine_context table" \
    grep -q '^machine_context	key	value$' "$prof"
check "profile: THP recorded" grep -q '^ctx	thp.enabled	' "$prof"
sed 's/^ctx	thp\.enabled	.*/ctx	thp.enabled	never-then/' "$prof" \
    >"$work/p.tsv" && mv "$work/p.tsv" "$prof"
"$BENCHTOP" --batch -t 0.05 --check ctx --tolerance 1000 \
    >"$work/check.txt" 2>&1
check "check: differences above the table" \
    sh -c "sed -n 1,3p '$work/check.txt' | grep -q 'thp.enabled: never-then (profile) -> .* (here)'"
check "check: the page-fault row says THP" \
    grep -q '^lmbench.page_fault .*(context: .*THP)' "$work/check.txt"
check "check: the dhrystone row says nothing" \
    sh -c "! grep -q '^byte.dhry2 .*context' '$work/check.txt'"

# Live: root, the THP file, tmux; else the rest is skipped.
if [ "$(id -u)" != 0 ] || [ ! -w "$THP" ] ||
    ! command -v tmux >/dev/null 2>&1; then
	echo "SKIP: the live THP change (needs root, $THP and tmux)"
	finish context
	exit $?
fi
orig=$(sed 's/.*\[\(.*\)\].*/\1/' "$THP")
other=always
[ "$orig" = always ] && other=madvise
use_tmux btctx
# From here the trap writes the original mode back first, whatever ends
# the script (use_tmux's trap is kept: its server is killed, $work gone).
trap 'echo "$orig" >"$THP"; T kill-server 2>/dev/null; rm -rf "$work"' \
    EXIT INT TERM HUP
mkdir "$work/scratch"
T new-session -d -x 120 -y 30 \
    "LANG=C.UTF-8 TERM=xterm $BENCHTOP --only 'lmbench.page_fault,lmbench.null_call' \
     --slice-ms 200 -d 0.5 --dir '$work/scratch' --log '$work/log.csv'; sleep 60"
if wait_for "THP $orig" 10; then ok; else fail "header: THP $orig"; fi
echo "$other" >"$THP"
# One refresh is 0.5 s: the change shows within 1.5 s (a busy machine).
if wait_for "context: THP $other" 2; then ok; else
	fail "message line: THP $other within one refresh"
	cat "$work/screen"
fi
check "header: THP $other" grep -q "; THP $other; " "$work/screen"
echo "$orig" >"$THP"
if wait_for "context: THP $orig" 2; then ok; else fail "back: THP $orig"; fi
T send-keys q
sleep 1
check "log: the change as a row" \
    grep -q "^[0-9.]*,benchtop.context,,THP $other,,,,thp.enabled,[0-9]*,0,0$" \
    "$work/log.csv"
check "THP as it was" grep -q "\[$orig\]" "$THP"
finish context
