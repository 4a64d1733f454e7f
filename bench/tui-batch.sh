#!/bin/sh
# tui-batch.sh: the live screen's measured target. Each test's median with the
# live screen on is within 2% of the same test in batch mode, measured
# side by side.
#
#   sh bench/tui-batch.sh
#
# A benchmark that prints, not a test: it always exits 0.
#
# For each round, in the order TUI, batch, batch, TUI (so that a drift of
# the machine over the minutes weighs on both sides alike):
#   TUI:   benchtop --only TESTS --log F.csv, in a private tmux server
#          (120x40), for 2 x SECONDS (the tests take turns of one slice)
#   batch: benchtop --batch -t SECONDS --only TESTS --json
# then per test: the median ns/op of every TUI sample (from the log)
# against the batch report's median, pooled over the rounds, and the
# ratio TUI / batch. Both sides use the same --sample-ms and run their
# worker on the first allowed CPU. Verdict "met" when |ratio - 1| < 2%.
#
# Environment: BENCHTOP, BENCHTOP_DATA as the other scripts;
#   SECONDS_PER_TEST  (default 20)   ROUNDS (default 2)
#   TESTS  (default lmbench.null_call,byte.syscall)
# The last lines, "@@ ...", are the summary run.sh collects.

set -u

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
bench_init tui-batch.sh

SECONDS_PER_TEST=${SECONDS_PER_TEST:-20}
ROUNDS=${ROUNDS:-2}
TESTS=${TESTS:-lmbench.null_call,byte.syscall}
SAMPLE_MS=25
sock=btb$$
T() { tmux -L "$sock" -f /dev/null "$@"; }
bench_cleanup() {
	T kill-server 2>/dev/null
}

if ! command -v tmux >/dev/null 2>&1; then
	note "no tmux: cannot run the live screen"
	summary "4 TUI on vs batch" "-" "within 2%" "not measured (no tmux)"
	exit 0
fi
bt_usable || {
	summary "4 TUI on vs batch" "-" "within 2%" "not measured"
	exit 0
}
machine_line
ntests=$(echo "$TESTS" | tr ',' '\n' | grep -c .)
tui_s=$((SECONDS_PER_TEST * ntests))
echo "tui-batch.sh: $ROUNDS rounds of TUI ($tui_s s, --log) and batch" \
    "(-t $SECONDS_PER_TEST), order TUI batch batch TUI; --only $TESTS"

run_tui() { # run_tui LOG
	T new-session -d -x 120 -y 40 \
	    "exec '$BENCHTOP' --only '$TESTS' --sample-ms $SAMPLE_MS --log '$1'"
	sleep "$tui_s"
	T send-keys q
	sleep 1
	T kill-server 2>/dev/null
}
run_batch() { # run_batch JSON
	"$BENCHTOP" --batch -t "$SECONDS_PER_TEST" --sample-ms $SAMPLE_MS \
	    --only "$TESTS" --json >"$1" 2>"$tmp/batch.err" ||
	    note "batch: $(head -n 1 "$tmp/batch.err")"
}
# tui_ns LOG ID: every ns_per_op of test ID in the log, one a line
tui_ns() {
	awk -F, -v id="$2" 'NR > 1 && $2 == id && $5 + 0 > 0 { print $5 }' "$1"
}

r=1
while [ "$r" -le "$ROUNDS" ]; do
	run_tui "$tmp/tui-$r-a.csv"
	run_batch "$tmp/batch-$r-a.json"
	run_batch "$tmp/batch-$r-b.json"
	run_tui "$tmp/tui-$r-b.csv"
	r=$((r + 1))
done

printf '%-20s %10s %8s %10s %8s %8s\n' test "TUI ns" samples "batch ns" \
    rounds ratio
for id in $(echo "$TESTS" | tr ',' ' '); do
	: >"$tmp/t.ns"
	: >"$tmp/b.ns"
	for f in "$tmp"/tui-*.csv; do
		tui_ns "$f" "$id" >>"$tmp/t.ns"
	done
	for f in "$tmp"/batch-*.json; do
		json_tests "$f" id ns_per_op | awk -v id="$id" \
		    '$1 == id && $2 != "-" { print $2 }' >>"$tmp/b.ns"
	done
	tm=$(median "$tmp/t.ns" '%.3f')
	bm=$(median "$tmp/b.ns" '%.3f')
	ratio=$(awk -v a="$tm" -v b="$bm" 'BEGIN {
	    if (a == "-" || b == "-" || b <= 0) print "-"
	    else printf "%.4f", a / b }')
	printf '%-20s %10s %8s %10s %8s %8s\n' "$id" "$tm" \
	    "$(wc -l <"$tmp/t.ns")" "$bm" "$(wc -l <"$tmp/b.ns")" "$ratio"
	verdict=$(awk -v r="$ratio" 'BEGIN {
	    if (r == "-") print "not measured"
	    else if (r > 0.98 && r < 1.02) print "met"
	    else print "missed" }')
	summary "4 TUI on vs batch ($id)" "$ratio" "0.98..1.02" "$verdict"
done
echo "(batch: one median per run, the median of those; TUI: every sample)"
exit 0
