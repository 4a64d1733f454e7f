#!/bin/sh
# scale.sh: performance target 5, scale with the machine. With -j N (N =
# the CPUs here) the monitor runs N workers, and the scheduler's own
# overhead, as the self row and the --watch record benchtop.self report
# it, stays under 1% of the workers' time. Also runs tests/test-alloc
# (target 4, no allocation in the sample path) when it is built.
#
#   sh bench/scale.sh
#
# A benchmark that prints, not a test: it always exits 0.
#
# Runs, for each slice length (the default 1000 ms, and 100 ms: ten
# times as much scheduling):
#   $BENCHTOP --watch 2 -j N --jsonl --slice-ms MS --only TESTS
# for SECONDS (default 12), and prints the last benchtop.self record:
# overhead %, per-slice cost, slices, workers.
#
# Environment: BENCHTOP, BENCHTOP_DATA as the other scripts;
#   SECONDS_RUN (default 12)   JOBS (default: the CPUs online)
# The last lines, "@@ ...", are the summaries run.sh collects.

set -u

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
bench_init scale.sh

SECONDS_RUN=${SECONDS_RUN:-12}
JOBS=${JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
TESTS='lmbench.null_call,byte.syscall,lmbench.lat_pipe,bsd.mutex,byte.dhry2,lmbench.stat'

bt_usable || {
	summary "5 scale (-j N)" "-" "self < 1% of a worker" "not measured"
	exit 0
}
machine_line
printf '%-9s %5s %12s %14s %8s %8s\n' slice-ms jobs "overhead %" \
    "per slice us" slices verdict
worst=
for ms in 1000 100; do
	"$BENCHTOP" --watch 2 -j "$JOBS" --jsonl --slice-ms "$ms" \
	    --only "$TESTS" >"$tmp/w.jl" 2>"$tmp/w.err" &
	pid=$!
	sleep "$SECONDS_RUN"
	kill -TERM "$pid" 2>/dev/null
	wait "$pid"
	line=$(grep '"benchtop.self"' "$tmp/w.jl" | tail -n 1)
	if [ -z "$line" ]; then
		note "no benchtop.self record ($(head -n 1 "$tmp/w.err"))"
		continue
	fi
	set -- $(printf '%s\n' "$line" | python3 -c '
import json, sys
r = json.loads(sys.stdin.read())
print(r["value"], r["ns"] / 1e3, r["samples"], r["workers"])')
	verdict=$(awk -v p="$1" 'BEGIN { print (p < 1 ? "ok" : "high") }')
	printf '%-9s %5s %12.5f %14.2f %8s %8s\n' "$ms" "$4" "$1" "$2" "$3" \
	    "$verdict"
	worst=$(awk -v a="${worst:-0}" -v b="$1" 'BEGIN { print (b > a ? b : a) }')
done
if [ -n "$worst" ]; then
	summary "5 scale: self row (-j $JOBS)" "${worst}% of worker time" \
	    "< 1%" "$(awk -v p="$worst" 'BEGIN { print (p < 1 ? "met" : "missed") }')"
else
	summary "5 scale: self row (-j $JOBS)" "-" "< 1%" "not measured"
fi

# Target 4's allocation check, when the build has it.
alloc=$(dirname "$(dirname "$BENCHTOP")")/tests/test-alloc
if [ -x "$alloc" ]; then
	if out=$("$alloc" 2>&1); then v=met; else v=missed; fi
	printf '%s\n' "$out" | tail -n 1
	summary "4 no malloc in sample path" \
	    "$(printf '%s\n' "$out" | tail -n 1 | cut -c1-40)" \
	    "none after warm-up" "$v"
else
	summary "4 no malloc in sample path" "-" "none after warm-up" \
	    "not measured (build tests/test-alloc: make check)"
fi
exit 0
