#!/bin/sh
# picture.sh: performance target 3, time to picture. `benchtop --report
# lmbench` (every lmbench 2.0 summary column) in under 20 s, `--report
# byte` (the six index tests) in under 30 s, with results within 10% of
# the same tests run for 10 s each.
#
#   sh bench/picture.sh        (minutes: the 10 s runs of every test)
#   QUICK=1 sh bench/picture.sh (only times the two reports)
#
# A benchmark that prints, not a test: it always exits 0.
#
# Each report runs as
#   $BENCHTOP --report LAYOUT --save bench-picture-LAYOUT
# timed by the wall clock (date +%s.%N) around it. --save, into a
# private XDG_DATA_HOME, keeps the figures of that very run at full
# precision (the printed table rounds to the origin's narrow columns:
# "0.12" for 0.1178); it adds no measurable time. Then, unless QUICK=1,
#   $BENCHTOP --batch -t 10 --only <the ids the report measured> --json
# and per test the ratio of the report's value to the 10 s value (both
# are benchtop's "value": the median sample, in the test's unit).
# Verdicts: lmbench wall < 20 s, byte wall < 30 s, every ratio within
# 0.90..1.10. The 10 s run's own CV is shown, to tell a slow report
# from a noisy test. The summary names the worst ratio (farthest from 1
# by |log ratio|).
#
# Environment: BENCHTOP, BENCHTOP_DATA as overhead.sh;
#   QUICK=1        only time the reports
#   LONG_SECONDS   -t of the reference runs (default 10)
#   VERBOSE=1      also print the reports' tables
# The last lines, "@@ ...", are the summaries run.sh collects.

set -u

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
bench_init picture.sh

QUICK=${QUICK:-0}
LONG_SECONDS=${LONG_SECONDS:-10}
LAYOUTS="lmbench byte"

bt=$BENCHTOP
bt_usable || bt=
machine_line
if [ "$QUICK" = 1 ]; then
	echo "picture.sh: QUICK=1: timing the reports only"
else
	echo "picture.sh: timing the reports, then every test they ran for" \
	    "${LONG_SECONDS} s (minutes)"
fi

mkdir -p "$tmp/xdg"

# bar LAYOUT: the target's wall-time bar in seconds.
bar() {
	case $1 in
	lmbench) echo 20 ;;
	byte) echo 30 ;;
	*) echo 30 ;;
	esac
}

# run_report LAYOUT: time it; $tmp/wall.LAYOUT holds the seconds (or
# nothing), $tmp/report.LAYOUT.tsv "id value unit" per test measured.
run_report() {
	name=bench-picture-$1
	[ -n "$bt" ] || return 0
	t0=$(now)
	if XDG_DATA_HOME=$tmp/xdg "$BENCHTOP" --report "$1" --save "$name" \
	    >"$tmp/report.$1.txt" 2>"$tmp/report.$1.err"; then
		t1=$(now)
		awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f\n", b - a }' \
		    >"$tmp/wall.$1"
	else
		t1=$(now)
		note "benchtop --report $1 failed after $(awk -v a="$t0" \
		    -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s:"
		sed 's/^/  /' "$tmp/report.$1.err" >&2
		return 0
	fi
	if [ "${VERBOSE:-0}" = 1 ]; then
		cat "$tmp/report.$1.txt"
		echo
	fi
	# The profile: "machine test stat value unit source version" rows.
	find "$tmp/xdg" -type f -exec cat {} + 2>/dev/null |
	    awk -F '\t' -v m="$name" '$1 == m && $3 == "result" {
		print $2, $4, $5 }' >"$tmp/report.$1.tsv"
	if [ ! -s "$tmp/report.$1.tsv" ]; then
		note "--report $1 --save left no figures to compare"
	fi
}

for l in $LAYOUTS; do
	run_report "$l"
done

echo
echo "Target 3a: time to picture (wall clock of benchtop --report LAYOUT)"
printf '%-8s %8s %6s %6s %8s\n' report 'wall s' bar tests verdict
for l in $LAYOUTS; do
	w=$(cat "$tmp/wall.$l" 2>/dev/null)
	n=
	if [ -f "$tmp/report.$l.tsv" ]; then
		n=$(wc -l <"$tmp/report.$l.tsv" | tr -d ' ')
	fi
	b=$(bar "$l")
	v=$(awk -v w="${w:--}" -v b="$b" 'BEGIN {
		if (w == "-") print "-"; else print (w + 0 < b + 0) ? "ok" : "off"
	    }')
	printf '%-8s %8s %5ss %6s %8s\n' "$l" "${w:--}" "$b" "${n:--}" "$v"
	if [ -n "$w" ]; then
		[ "$v" = ok ] && vv=met || vv="missed (x$(awk -v w="$w" \
		    -v b="$b" 'BEGIN { printf "%.1f", w / b }') the bar)"
	else
		vv="not run"
	fi
	wf=-
	[ -z "$w" ] || wf="$w s"
	summary "3 --report $l wall" "$wf" "< $b s" "$vv" \
	    >>"$tmp/summary"
done

if [ "$QUICK" = 1 ] || [ -z "$bt" ]; then
	[ "$QUICK" = 1 ] && reason="not run (QUICK=1)" || reason="not run"
	summary "3 report vs ${LONG_SECONDS} s runs" - "within 10%" "$reason" \
	    >>"$tmp/summary"
	cat "$tmp/summary"
	exit 0
fi

# The reference: every test a report measured, LONG_SECONDS each.
ids=$(cat "$tmp"/report.*.tsv 2>/dev/null | awk '{ print $1 }' | sort -u |
    paste -s -d, -)
if [ -n "$ids" ]; then
	t0=$(now)
	if "$BENCHTOP" --batch -t "$LONG_SECONDS" --only "$ids" --json \
	    >"$tmp/long.json" 2>"$tmp/long.err"; then
		t1=$(now)
		echo "picture.sh: the ${LONG_SECONDS} s runs took $(awk \
		    -v a="$t0" -v b="$t1" 'BEGIN { printf "%.0f", b - a }') s"
		json_tests "$tmp/long.json" id status value unit cv_pct \
		    >"$tmp/long.txt" || note "cannot parse benchtop's JSON"
	else
		note "benchtop --batch -t $LONG_SECONDS failed:"
		sed 's/^/  /' "$tmp/long.err" >&2
	fi
fi
[ -f "$tmp/long.txt" ] || : >"$tmp/long.txt"

echo
echo "Target 3b: report values / ${LONG_SECONDS} s values within 0.90..1.10"
printf '%-8s %-24s %12s %12s %-7s %7s %7s %7s\n' report test 'report' \
    "${LONG_SECONDS}s run" unit ratio "CV ${LONG_SECONDS}s" verdict
for l in $LAYOUTS; do
	[ -s "$tmp/report.$l.tsv" ] || continue
	awk -v l="$l" '
	    FNR == NR { st[$1] = $2; v[$1] = $3; cv[$1] = $5; next }
	    {
		id = $1; r = $2; unit = $3; lv = "-"; ratio = "-"; c = "-"
		verdict = "-"
		if (id in v && st[id] == "ok" && v[id] != "-" && v[id] + 0 > 0) {
			lv = v[id]
			x = r / lv
			ratio = sprintf("%.3f", x)
			verdict = (x >= 0.90 && x <= 1.10) ? "ok" : "off"
		} else if (id in st) {
			verdict = st[id]
		} else {
			verdict = "no_10s"
		}
		if (id in cv && cv[id] != "-") c = sprintf("%.2f%%", cv[id])
		printf "%-8s %-24s %12.6g %12s %-7s %7s %7s %7s\n", l, id, r,
		    lv == "-" ? "-" : sprintf("%.6g", lv), unit, ratio, c,
		    verdict
	    }' "$tmp/long.txt" "$tmp/report.$l.tsv" | tee "$tmp/cmp.$l"
done
cat "$tmp"/cmp.* 2>/dev/null >"$tmp/cmp.all"
# shellcheck disable=SC2046 # three numbers/words, split on purpose
set -- $(awk '{ n++ } $8 == "ok" { ok++ }
    $6 != "-" && $6 + 0 > 0 { d = log($6); if (d < 0) d = -d
		if (worst == "" || d > wd) { worst = $2 "=" $6; wd = d } }
    END { printf "%d %d %s\n", ok, n, worst == "" ? "-" : worst }' \
    "$tmp/cmp.all")
echo "(ratio: the report's value / the ${LONG_SECONDS} s run's value, same" \
    "unit; a test the report measured but the ${LONG_SECONDS} s run did not" \
    "shows its status)"
if [ "$2" -gt 0 ] && [ "$1" -eq "$2" ]; then
	v=met
else
	v="missed ($(($2 - $1))/$2 outside)"
fi
summary "3 report vs ${LONG_SECONDS} s runs" "$1/$2 within; worst $3" \
    "within 10%" "$v" >>"$tmp/summary"
cat "$tmp/summary"
exit 0
