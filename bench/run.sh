#!/bin/sh
# run.sh: every benchmark of benchtop's five performance targets in
# order, then one summary table of each target's figure, bar and
# verdict. What `make bench` runs.
#
#   sh bench/run.sh            (about 30 minutes on a 2-CPU machine)
#   QUICK=1 sh bench/run.sh    (about 5: picture.sh only times the reports)
#
# A benchmark that prints, not a test: it always exits 0.
#
#   1 harness overhead   bench/overhead.sh
#   2 precision          bench/precision.sh
#   3 time to picture    bench/picture.sh
#   4 footprint          bench/footprint.sh
#   5 scale              bench/scale.sh (and target 4's test-alloc)
#   live vs batch        bench/live-batch.sh (every test, live against alone)
#   the live screen      bench/live-screen.sh (first picture, steady, focus)
#   and the scrape load  bench/listen-load.sh (--listen, 2,000 scrapes)
#   process creation     bench/proc-fidelity.sh (against a minimal fork
#                        probe, batch/watch/live, and the origins)
#
# Environment: passed through to every script (BENCHTOP, BENCHTOP_DATA,
# CC, QUICK, BENCH_CPU and each script's own; see their headers).
# BENCH_ONLY="overhead precision" runs only those scripts.

set -u

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
bench_init run.sh

SCRIPTS="overhead precision picture footprint scale live-batch live-screen
listen-load proc-fidelity"
ONLY=${BENCH_ONLY:-$SCRIPTS}

machine_line
load0=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)
start=$(now)
echo "run.sh: benchtop $BENCHTOP; data ${BENCHTOP_DATA:-(installed)};" \
    "QUICK=${QUICK:-0}"
"$BENCHTOP" --version 2>/dev/null | sed 's/^/run.sh: /'
: >"$tmp/summary"
for s in $SCRIPTS; do
	case " $ONLY " in
	*" $s "*) ;;
	*) continue ;;
	esac
	echo
	echo "======== bench/$s.sh ========"
	t0=$(now)
	sh "$here/$s.sh" >"$tmp/$s.out" 2>&1
	t1=$(now)
	grep -v '^@@ ' "$tmp/$s.out"
	grep '^@@ ' "$tmp/$s.out" >>"$tmp/summary"
	echo "(bench/$s.sh took $(awk -v a="$t0" -v b="$t1" \
	    'BEGIN { printf "%.0f", b - a }') s)"
done
end=$(now)
load1=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)


echo
echo "======== summary (performance targets) ========"
echo "load average (1, 5, 15 min): $load0 at start, $load1 at end;" \
    "$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.0f", b - a }') s" \
    "in all"
sed 's/^@@ //' "$tmp/summary" | awk -F '|' '
    { for (i = 1; i <= 4; i++) { c[NR, i] = $i
	  if (length($i) > w[i]) w[i] = length($i) } }
    END {
	h[1] = "target"; h[2] = "figure"; h[3] = "bar"; h[4] = "verdict"
	for (i = 1; i <= 4; i++) if (length(h[i]) > w[i]) w[i] = length(h[i])
	fmt = "%-" w[1] "s  %-" w[2] "s  %-" w[3] "s  %s\n"
	printf fmt, h[1], h[2], h[3], h[4]
	for (r = 1; r <= NR; r++)
		printf fmt, c[r, 1], c[r, 2], c[r, 3], c[r, 4]
    }'
met=$(grep -c '|met$' "$tmp/summary")
all=$(grep -c . "$tmp/summary")
echo "$met of $all figures meet their bar (benchmarks print; run.sh exits 0)"
exit 0
