#!/bin/sh
# context-cost.sh: what watching the machine's context costs the live
# screen each refresh: N reads of every fact (bench/context-cost.c,
# linked with the build's src/libbenchtop.a), in microseconds, pinned to
# one CPU, ROUNDS times, with the load beside each round.
#
#   sh bench/context-cost.sh
#
# A benchmark that prints, not a test: it always exits 0.
#
# Environment:
#   CC         compiler (default cc), built with -O2
#   READS      reads per round (default 2000)
#   ROUNDS     rounds (default 5)
#   GAP_MS     pause between reads (default 0: a hot loop; the screen
#              reads once a refresh, with caches cold: try 100)
#   BENCH_CPU  the CPU to pin to (default 0), or "none"
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
CC=${CC:-cc}
READS=${READS:-2000}
ROUNDS=${ROUNDS:-5}
BENCH_CPU=${BENCH_CPU:-0}
GAP_MS=${GAP_MS:-0}
work=$(mktemp -d "${TMPDIR:-/tmp}/bt-ctxcost.XXXXXX") || exit 0
trap 'rm -rf "$work"' EXIT INT TERM HUP
if ! "$CC" -O2 -iquote "$top" -iquote "$top/src" -o "$work/cost" \
    "$top/bench/context-cost.c" "$top/src/libbenchtop.a" \
    $(pkg-config --libs libcpuid 2>/dev/null) 2>"$work/cc.err"; then
	echo "context-cost: cannot build the probe (build benchtop first):" >&2
	cat "$work/cc.err" >&2
	exit 0
fi
pin=""
[ "$BENCH_CPU" != none ] && command -v taskset >/dev/null 2>&1 &&
    pin="taskset -c $BENCH_CPU"
r=1
while [ "$r" -le "$ROUNDS" ]; do
	printf 'round %d  %s  | %s\n' "$r" "$($pin "$work/cost" "$READS" "$GAP_MS")" \
	    "$(uptime | sed 's/.*load/load/')"
	r=$((r + 1))
done
exit 0
