#!/bin/sh
# load.sh: the live screen on a loaded machine. stress-ng keeps two CPUs
# busy while benchtop's TUI runs in a private tmux server: keys are
# answered within one refresh, samples keep reaching the --log file, q
# quits within 1 s with status 0, and nothing is left behind. It also
# prints how many samples the batch report flags noisy with and without
# the load (figures only: the flag is being reworked).
set -u

BENCHTOP=${BENCHTOP:-./src/benchtop}
PYTHON=${PYTHON:-python3}
# shellcheck source=../testlib.sh
. "$(dirname "$0")/../testlib.sh"
needs stress-ng tmux pgrep "$PYTHON"
# The screen is looked at every 0.05 s: the times below are measured so.
wait_poll=0.05
tests='lmbench.null_call,byte.syscall,lmbench.lat_pipe'
work=$(mktemp -d "${TMPDIR:-/tmp}/bt-load.XXXXXX") || exit 99
sock=$work/tmux
# The live screen keeps its settings here, not in the user's home.
XDG_CONFIG_HOME=$work/config
export XDG_CONFIG_HOME
stress=
T() { tmux -S "$sock" -f /dev/null "$@"; }
cleanup() {
	[ -n "$stress" ] && kill -TERM "$stress" 2>/dev/null && wait "$stress"
	T kill-server 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }
# The benchtop whose command line names our scratch dir, and partners.
ours() { benchtop_procs "$work/scratch"; }
# noisy FILE: "id noisy/samples, value unit" for each test of a report
noisy() {
	"$PYTHON" -c '
import json, sys
for t in json.load(open(sys.argv[1]))["tests"]:
    print("  %-20s %s/%s noisy, %s %s" % (t["id"], t.get("noisy_samples"),
          t.get("samples"), t.get("value"), t.get("unit")))' "$1"
}

stress-ng --cpu 2 --timeout 60 >/dev/null 2>&1 &
stress=$!
sleep 1
mkdir "$work/scratch"
T new-session -d -x 120 -y 40 \
    "LANG=C.UTF-8 TERM=xterm $BENCHTOP --only '$tests' \
     --dir '$work/scratch' --log '$work/log.csv'; echo EXIT=\$? >'$work/exit'; sleep 60"
check "rows with numbers under load" wait_for '^byte.syscall  *[0-9]' 15
pid=$(ours | head -n 1)
check "found the running benchtop" test -n "$pid"

# (a) Responsive: help within one refresh (1 s; 1.5 s allowed), and back.
t0=$(now)
T send-keys '?'
wait_for "enable/disable the test" 2
help_s=$(since "$t0")
check "? shows help within 1.5 s (${help_s} s)" \
    awk -v s="$help_s" 'BEGIN { exit !(s <= 1.5) }'
T send-keys '?'
check "? leaves help" wait_for "TEST .*VALUE" 2
T send-keys '?'
wait_for "enable/disable the test" 2
t0=$(now)
T send-keys Escape
check "Esc leaves help" wait_for "TEST .*VALUE" 3
esc_s=$(since "$t0")

# (b) Samples keep arriving: the log grows over 5 s.
lines0=$(wc -l <"$work/log.csv")
sleep 5
lines1=$(wc -l <"$work/log.csv")
check "the log grows under load ($lines0 -> $lines1 lines in 5 s)" \
    test "$lines1" -gt "$lines0"
for id in lmbench.null_call byte.syscall lmbench.lat_pipe; do
	check "log samples of $id" grep -q "^[0-9.]*,$id," "$work/log.csv"
done
# ... and they say they were disturbed: two CPU hogs on two CPUs preempt
# the worker and take its CPU time (the log's last column).
noisy_pct=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "noisy") c = i; next }
    c { n++; z += $c } END { printf "%.0f", n ? 100 * z / n : 0 }' "$work/log.csv")
check "samples under load flagged noisy (${noisy_pct}% >= 10%)" \
    test "$noisy_pct" -ge 10

# (c) q quits within 1 s, status 0.
# stopped: benchtop ($pid) is gone
stopped() { [ -z "$pid" ] || ! kill -0 "$pid" 2>/dev/null; }
t0=$(now)
T send-keys q
wait_until 5 stopped
quit_s=$(since "$t0")
check "q: benchtop gone within 1 s (${quit_s} s)" \
    awk -v s="$quit_s" 'BEGIN { exit !(s <= 1.0) }'
wait_until 5 test -s "$work/exit"
check "q exits 0 ($(cat "$work/exit" 2>/dev/null))" \
    grep -q "EXIT=0" "$work/exit"

# (d) Nothing left.
sleep 0.3
check "no benchtop or partner left" test -z "$(ours)"
check "scratch dir empty" test -z "$(ls -A "$work/scratch")"
echo "load: help ${help_s} s, back on Esc ${esc_s} s, quit ${quit_s} s," \
    "$((lines1 - lines0)) samples logged in 5 s under load, ${noisy_pct}% noisy"

# Noisy samples in batch reports with and without the load, for the
# record (a shared host may disturb the quiet run too: no assertion).
"$BENCHTOP" --batch -t 1 --only "$tests" --dir "$work/scratch" --json \
    >"$work/loaded.json" 2>/dev/null
stop_pid "$stress"
stress=
"$BENCHTOP" --batch -t 1 --only "$tests" --dir "$work/scratch" --json \
    >"$work/idle.json" 2>/dev/null
echo "load: noisy samples under load:"
noisy "$work/loaded.json"
echo "load: noisy samples without load:"
noisy "$work/idle.json"

finish load
