#!/bin/sh
# precision.sh: performance target 2, precision. benchtop's samples
# should scatter no more than a bare C loop's doing the same operation
# for the same time on the same CPU: the coefficient of variation of a
# test's samples at most 1.25 times the loop's, and the share of samples
# flagged noisy at most twice the share of the loop's repetitions that
# the same rule flags.
#
#   sh bench/precision.sh
#
# A benchmark that prints, not a test: it always exits 0.
#
# Like with like. Per test and round, alternating which goes first:
#   benchtop --batch -t SECONDS_TOTAL --sample-ms SAMPLE_MS --cpu CPU
#       --only ID --json                     (under taskset -c CPU)
#   probe-syscall T -s SAMPLE_MS/1000 -r SECONDS_TOTAL*1000/SAMPLE_MS
#       -t NOISY_PCT                         (under taskset -c CPU)
# so both take the same number of samples of the same length on the
# same CPU, one after the other. The statistic is the same on both
# sides: CV = sample standard deviation / mean of the per-sample ns/op
# (benchtop's JSON cv_pct; the probe's "cv"). "disturbed" is the median
# share of a sample's wall time the measuring thread was off the CPU
# (schedstat's run_delay) or stolen (the CPU's steal in /proc/stat):
# benchtop's JSON disturbed_pct, the probe's "disturbed". "noisy" is the
# share of samples over NOISY_PCT of disturbance: benchtop's
# noisy_samples / samples, the probe's noisy count over its repetitions.
#
# Pairs (probe loop <-> benchtop id):
#   null  <-> lmbench.null_call   getppid()
#   byte  <-> byte.syscall        close(dup(0)), getpid, getuid, umask
#   dhry  <-> byte.dhry2          a Dhrystone-like CPU loop (CV only:
#                                  the probe's loop is not Dhrystone)
#   memrd <-> lmbench.bw_mem_read 512-byte chunks of a 64 MiB buffer
#
# The table gives, per test, the median over ROUNDS of each figure;
# verdict "ok" when benchtop's CV <= 1.25 x the probe's and its noisy
# share <= 2 x the probe's (or both under 5%).
#
# BENCHTOP_BEFORE=path: a second benchtop (an older build) run in the
# same rounds, alternating with the others, so that a change is judged
# against the same moments: its CV, noisy share and ns/op are printed in
# a second table, the ns/op beside this build's (medians must not move).
#
# Environment: CC, BENCHTOP, BENCHTOP_DATA, BENCH_CPU as overhead.sh;
#   ROUNDS (default 5)   SECONDS_TOTAL -t (default 3)
#   SAMPLE_MS (default 25)   NOISY_PCT benchtop's threshold (default 5)
#   TESTS  probe loops to run (default "null byte dhry memrd")
# The last line, "@@ ...", is the summary run.sh collects.

set -u

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
bench_init precision.sh

ROUNDS=${ROUNDS:-5}
SECONDS_TOTAL=${SECONDS_TOTAL:-3}
SAMPLE_MS=${SAMPLE_MS:-25}
NOISY_PCT=${NOISY_PCT:-5}
TESTS=${TESTS:-null byte dhry memrd}
case $ROUNDS in
'' | *[!0-9]*) note "ROUNDS=$ROUNDS is not a count; using 5"; ROUNDS=5 ;;
esac
[ "$ROUNDS" -ge 1 ] || ROUNDS=1
reps=$(awk -v t="$SECONDS_TOTAL" -v s="$SAMPLE_MS" 'BEGIN {
	r = int(t * 1000 / s + 0.5); if (r < 2) r = 2; if (r > 1000) r = 1000
	print r }')
probe_s=$(awk -v s="$SAMPLE_MS" 'BEGIN { print s / 1000 }')

test_id() {
	case $1 in
	null) echo lmbench.null_call ;;
	byte) echo byte.syscall ;;
	dhry) echo byte.dhry2 ;;
	memrd) echo lmbench.bw_mem_read ;;
	*) echo - ;;
	esac
}

build_probe
bt=$BENCHTOP
bt_usable || bt=
pick_cpu
cpu_opt=
[ -z "${cpu:-}" ] || cpu_opt="--cpu $cpu"

machine_line
echo "precision.sh: $ROUNDS rounds, alternating; per test benchtop" \
    "--batch -t $SECONDS_TOTAL --sample-ms $SAMPLE_MS $cpu_opt --only ID" \
    "--json and probe -s $probe_s -r $reps -t $NOISY_PCT; both on CPU" \
    "${cpu:-(not pinned)}"

# run_probe T ROUND: appends cv, disturbed, noisy share, ns to $tmp/p.T.*
run_probe() {
	[ -n "$probe" ] || return 0
	if ! out=$(pinned "$probe" "$1" -s "$probe_s" -r "$reps" \
	    -t "$NOISY_PCT"); then
		note "probe $1 failed (round $2)"
		return 0
	fi
	printf '  round %s probe    %s   (load %s)\n' "$2" "$out" \
	    "$(cut -d' ' -f1 /proc/loadavg)"
	# "null 123.4 ns/op cv 0.80% min 121.9 disturbed 0.10% noisy 2/120"
	printf '%s\n' "$out" | awk -v f="$tmp/p.$1" '$3 == "ns/op" {
		print $2 >> (f ".ns")
		cv = $5; sub(/%$/, "", cv); print cv >> (f ".cv")
		d = $9; sub(/%$/, "", d); print d >> (f ".dist")
		split($11, q, "/"); print q[1] / q[2] * 100 >> (f ".noisy")
	}'
}

# run_bt T ROUND [BINARY SIDE]: the same figures of benchtop (BINARY,
# default $BENCHTOP) into $tmp/SIDE.T.* (default side b)
run_bt() {
	bin=${3:-$bt}
	side=${4:-b}
	[ -n "$bin" ] || return 0
	j=$tmp/bt.$1.$2.json
	# shellcheck disable=SC2086 # cpu_opt is one option and its value
	if ! pinned "$bin" --batch -t "$SECONDS_TOTAL" \
	    --sample-ms "$SAMPLE_MS" $cpu_opt --only "$(test_id "$1")" --json \
	    >"$j" 2>"$tmp/bt.err"; then
		note "benchtop failed (round $2):"
		sed 's/^/  /' "$tmp/bt.err" >&2
		return 0
	fi
	json_tests "$j" id status ns_per_op cv_pct samples noisy_samples \
	    disturbed_pct >"$tmp/bt.txt" || return 0
	# shellcheck disable=SC2046 # the fields of one line
	set -- "$1" "$2" $(head -n 1 "$tmp/bt.txt")
	printf '  round %s %-8s %s %s ns/op cv %s%% samples %s noisy %s' \
	    "$2" "$(if [ "$side" = b ]; then echo benchtop; else echo before; fi)" \
	    "$3" "$5" "$6" "$7" "$8"
	printf ' disturbed %s%%   (load %s)\n' "$9" \
	    "$(cut -d' ' -f1 /proc/loadavg)"
	[ "$4" = ok ] || return 0
	echo "$5" >>"$tmp/$side.$1.ns"
	echo "$6" >>"$tmp/$side.$1.cv"
	[ "$9" = - ] || echo "$9" >>"$tmp/$side.$1.dist"
	awk -v n="$7" -v k="$8" 'BEGIN { if (n > 0 && k != "-")
		print k / n * 100 }' >>"$tmp/$side.$1.noisy"
}

run_before() {
	[ -z "${BENCHTOP_BEFORE:-}" ] || run_bt "$1" "$2" "$BENCHTOP_BEFORE" o
}

r=1
while [ "$r" -le "$ROUNDS" ]; do
	for t in $TESTS; do
		if [ $((r % 2)) -eq 1 ]; then
			run_probe "$t" "$r"
			run_bt "$t" "$r"
			run_before "$t" "$r"
		else
			run_before "$t" "$r"
			run_bt "$t" "$r"
			run_probe "$t" "$r"
		fi
	done
	r=$((r + 1))
done

echo
echo "Target 2: precision over $reps samples of $SAMPLE_MS ms, medians of" \
    "$ROUNDS rounds ($(uptime | sed 's/.*load/load/'))"
printf '%-20s %7s %8s %6s %8s %8s %8s %8s %9s %9s %s\n' test 'bt CV' \
    'loop CV' ratio 'bt dist' 'lp dist' 'bt noisy' 'lp noisy' 'bt ns/op' \
    'lp ns/op' verdict
figure=
n_ok=0
n_tests=0
for t in $TESTS; do
	id=$(test_id "$t")
	n_tests=$((n_tests + 1))
	bcv=$(median "$tmp/b.$t.cv" %.2f)
	pcv=$(median "$tmp/p.$t.cv" %.2f)
	bd=$(median "$tmp/b.$t.dist" %.2f)
	pd=$(median "$tmp/p.$t.dist" %.2f)
	bn=$(median "$tmp/b.$t.noisy" %.1f)
	pn=$(median "$tmp/p.$t.noisy" %.1f)
	bns=$(median "$tmp/b.$t.ns" %.1f)
	pns=$(median "$tmp/p.$t.ns" %.1f)
	line=$(awk -v id="$id" -v bcv="$bcv" -v pcv="$pcv" -v bd="$bd" \
	    -v pd="$pd" -v bn="$bn" -v pn="$pn" -v bns="$bns" -v pns="$pns" \
	    'function pct(v) { return v == "-" ? "-" : v "%" }
	    BEGIN {
		ratio = "-"; v = "-"
		if (bcv != "-" && pcv != "-" && pcv + 0 > 0) {
			ratio = sprintf("%.2f", bcv / pcv)
			v = bcv / pcv <= 1.25 ? "ok" : "off"
			if (bn != "-" && pn != "-" && bn + 0 >= 5 &&
			    bn + 0 > 2 * pn)
				v = v == "ok" ? "noisy-off" : v "+noisy"
		}
		printf "%-20s %7s %8s %6s %8s %8s %8s %8s %9s %9s %s\n", id,
		    pct(bcv), pct(pcv), ratio, pct(bd), pct(pd), pct(bn),
		    pct(pn), bns, pns, v
	    }')
	echo "$line"
	# shellcheck disable=SC2086 # split the table line into fields
	set -- $line
	figure="$figure ${id#*.}=$4"
	[ "${11}" != ok ] || n_ok=$((n_ok + 1))
done
echo "(CV: standard deviation / mean of the samples' ns/op; ratio: bt CV /" \
    "loop CV; dist: median share of a sample off the CPU or stolen; noisy:" \
    "share of samples over $NOISY_PCT% disturbed; bt: benchtop, lp: the" \
    "bare loop, bench/probe-syscall.c)"
if [ -n "${BENCHTOP_BEFORE:-}" ]; then
	echo
	echo "The same rounds, BENCHTOP_BEFORE=$BENCHTOP_BEFORE against" \
	    "BENCHTOP=$BENCHTOP:"
	printf '%-20s %9s %9s %9s %9s %10s %10s %7s\n' test 'before CV' \
	    'after CV' 'before nz' 'after nz' 'before ns' 'after ns' 'moved'
	for t in $TESTS; do
		awk -v id="$(test_id "$t")" -v ocv="$(median "$tmp/o.$t.cv" %.2f)" \
		    -v bcv="$(median "$tmp/b.$t.cv" %.2f)" \
		    -v on="$(median "$tmp/o.$t.noisy" %.1f)" \
		    -v bn="$(median "$tmp/b.$t.noisy" %.1f)" \
		    -v ons="$(median "$tmp/o.$t.ns" %.2f)" \
		    -v bns="$(median "$tmp/b.$t.ns" %.2f)" '
		    function pct(v) { return v == "-" ? "-" : v "%" }
		    BEGIN {
			mv = "-"
			if (ons != "-" && bns != "-" && ons + 0 > 0)
				mv = sprintf("%+.1f%%", (bns / ons - 1) * 100)
			printf "%-20s %9s %9s %9s %9s %10s %10s %7s\n", id,
			    pct(ocv), pct(bcv), pct(on), pct(bn), ons, bns, mv
		    }'
	done
	echo "(nz: share of samples flagged noisy, each build by its own rule;" \
	    "moved: the median ns/op after against before)"
fi
if [ "$n_ok" -eq "$n_tests" ]; then
	v=met
else
	v="missed ($n_ok of $n_tests)"
fi
summary "2 precision (CV ratio to a bare loop)" "${figure# }" \
    "<= 1.25, noisy <= 2x" "$v"
exit 0
