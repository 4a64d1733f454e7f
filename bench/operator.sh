#!/bin/sh
# operator.sh: the operator's sanity check, timed and tried. Saves a
# quick profile and a full one into a scratch XDG_DATA_HOME (the wall
# time of each), then in each MODE runs QUICK quick checks and, quiet,
# FULL full checks against them, and prints one row a check: its wall
# time, its exit status, the tests judged slower or faster (named) and
# the kinds that moved as a whole (the Kind: lines) and the CPUs other
# load kept busy (the Busy: line).
#
#   quiet  nothing changed (goal: exit 0 in at least 4 of 5 quick
#          checks, no test judged in those)
#   hog    stress-ng --vm 1 --vm-bytes 1G on HOG_CPU (skipped without
#          stress-ng): memory bandwidth should be reported as a kind,
#          or the load on its CPU as busy, not as its rows one by one
#   trace  every system call traced (raw_syscalls events on, always
#          turned off again, also on a signal; needs root and tracefs):
#          the system-call rows or their kind should be found
#
# Environment:
#   QUICK    quick checks per mode (default 5)
#   FULL     full checks, quiet (default 3; 0: no full profile either)
#   FULL_T   -t of the full save and checks (default: their own, 1 s)
#   ONLY     an --only list for every run (default: the quick set, and
#            the whole catalogue for the full ones)
#   MODES    which modes, in order (default "quiet hog trace")
#   HOG_CPU  the CPU the memory hog is pinned to (default 0)
#   KEEP     a directory to keep the profiles and every check's report in
#
#   sh bench/operator.sh
#   QUICK=1 FULL=1 FULL_T=0.2 MODES=quiet ONLY=lmbench.null_call,byte.hanoi \
#       sh bench/operator.sh          (the smallest: shows it works)
#
# A benchmark that prints, not a test: it always exits 0.
set -u
. "$(dirname "$0")/lib.sh"
bench_init operator

QUICK=${QUICK:-5}
FULL=${FULL:-3}
MODES=${MODES:-quiet hog trace}
HOG_CPU=${HOG_CPU:-0}
XDG_DATA_HOME=$tmp/data
export XDG_DATA_HOME
hog_pid=

bench_cleanup() {
	stop_pid "$hog_pid"
	hog_pid=
	trace_off
}

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# The --only arguments, when ONLY is set.
only() { [ -n "${ONLY:-}" ] && printf '%s\n' --only "$ONLY"; }
full_t() { [ -n "${FULL_T:-}" ] && printf '%s\n' -t "$FULL_T"; }

# The tests a check's report judged slower or faster, "id:verdict,...".
judged() {
	awk '/^[a-z]+\.[a-z0-9_]+ / { while (sub(/ \([^)]*\)$/, "")) ; }
	    /^[a-z]+\.[a-z0-9_]+ / && match($0, /(slower|faster)(, weak)?$/) {
		v = substr($0, RSTART, RLENGTH); sub(/, weak$/, "~", v)
		printf "%s%s:%s", n++ ? "," : "", $1, v }
	    END { if (!n) printf "-" }' "$1"
}
# The kinds that moved as a whole: "memory bandwidth 1.51x slower,...",
# and the busy CPUs: "busy CPU 0: 13 tests 1.37x slower".
kinds() {
	awk '/^Kind: / { sub(/^Kind: /, ""); sub(/ than the machine.*/, "")
		printf "%s%s", n++ ? "," : "", $0 }
	    /^Busy: / { sub(/^Busy: other load on /, "busy "); sub(/ \(.*/, "")
		printf "%s%s", n++ ? "," : "", $0 }
	    END { if (!n) printf "-" }' "$1"
}

# row MODE CHECK N ARGS...: one check, one row of the table.
row() {
	mode=$1 what=$2 n=$3
	shift 3
	out=$tmp/$mode-$what-$n.txt
	t0=$(now)
	# shellcheck disable=SC2046 # one word a line
	"$BENCHTOP" "$@" $(only) >"$out" 2>&1
	rc=$?
	printf '%-6s %-6s %2s %7s %4s  %-40s %s\n' "$mode" "$what" "$n" \
	    "$(since "$t0")" "$rc" "$(judged "$out")" "$(kinds "$out")"
	echo "$what $rc $(since "$t0")" >>"$tmp/rows"
	[ -n "${KEEP:-}" ] && cp "$out" "$KEEP/"
}

start_mode() {
	case $1 in
	quiet) ;;
	hog)
		command -v stress-ng >/dev/null 2>&1 || {
			note "no stress-ng (apt-get install stress-ng)"
			return 1
		}
		taskset -c "$HOG_CPU" stress-ng --vm 1 --vm-bytes 1G \
		    --timeout 3600 >/dev/null 2>&1 &
		hog_pid=$!
		;;
	trace) trace_start || return 1 ;;
	*) note "unknown mode '$1'"; return 1 ;;
	esac
	sleep 1
}

stop_mode() {
	stop_pid "$hog_pid"
	hog_pid=
	trace_off
}

[ -n "${KEEP:-}" ] && mkdir -p "$KEEP"
echo "bench/operator.sh: load average $(cut -d' ' -f1-3 /proc/loadavg)," \
    "$(nproc) CPUs"
t0=$(now)
# shellcheck disable=SC2046
"$BENCHTOP" --save q --quick $(only) >/dev/null 2>"$tmp/qsave.err"
echo "--save q --quick: exit $?, $(since "$t0") s wall"
if [ "$FULL" -gt 0 ]; then
	t0=$(now)
	# shellcheck disable=SC2046
	"$BENCHTOP" --batch --save f $(only) $(full_t) >/dev/null 2>&1
	echo "--save f (full): exit $?, $(since "$t0") s wall"
fi
[ -n "${KEEP:-}" ] && cp "$XDG_DATA_HOME"/benchtop/*.tsv "$KEEP/"
echo
printf '%-6s %-6s %2s %7s %4s  %-40s %s\n' MODE CHECK N SECONDS EXIT \
    "TESTS JUDGED (~ weak)" "KINDS MOVED, BUSY CPUS"
for mode in $MODES; do
	start_mode "$mode" || continue
	i=1
	while [ "$i" -le "$QUICK" ]; do
		row "$mode" quick "$i" --check q --quick
		i=$((i + 1))
	done
	i=1
	while [ "$mode" = quiet ] && [ "$i" -le "$FULL" ]; do
		# shellcheck disable=SC2046
		row "$mode" full "$i" --check f $(full_t)
		i=$((i + 1))
	done
	stop_mode
done
echo
awk '$1 == "quick" { n++; t[n] = $3; ok += $2 == 0 }
    END {
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && t[j - 1] > t[j]; j--) {
			x = t[j]; t[j] = t[j - 1]; t[j - 1] = x }
	m = n ? (n % 2 ? t[(n + 1) / 2] : (t[n / 2] + t[n / 2 + 1]) / 2) : 0
	printf "quick checks: %d, median %.1f s wall, %d exit 0\n", n, m, ok
	printf "@@ operator|quick check %.1f s (median of %d)|<= 15 s|%s\n", m, n,
	    m <= 15 ? "ok" : "over" }' "$tmp/rows" 2>/dev/null
exit 0
