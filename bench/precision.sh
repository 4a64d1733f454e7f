#!/bin/sh
# precision.sh: performance target 2, precision. Over 10 one-second
# samples, the coefficient of variation of lmbench.null_call and
# byte.syscall should be under 1% on a quiet machine.
#
#   sh bench/precision.sh
#
# A benchmark that prints, not a test: it always exits 0.
#
# Runs
#   $BENCHTOP --batch -t 10 --sample-ms 1000 \
#       --only lmbench.null_call,byte.syscall --json
# and prints per test the samples, CV% (sample standard deviation / mean
# of the samples), how many samples benchtop flagged noisy, and the
# spread (max-min)/median of the samples. For scale, the same machine's
# floor: the independent probe (bench/probe-syscall.c) doing the same
# calls as 10 one-second repetitions (-s 1 -r 10), whose CV is what
# this CPU gives a plain loop right now. Both run on the same CPU
# (BENCH_CPU, as in overhead.sh). Verdict "ok" when benchtop's CV < 1%.
# If the probe's CV is also >= 1%, the machine was not quiet: the table
# says so ("noisy host").
#
# Environment: CC, BENCHTOP, BENCHTOP_DATA, BENCH_CPU as overhead.sh;
#   SECONDS_TOTAL  -t (default 10)     SAMPLE_MS  --sample-ms (default 1000)
# The last line, "@@ ...", is the summary run.sh collects.

set -u

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
bench_init precision.sh

SECONDS_TOTAL=${SECONDS_TOTAL:-10}
SAMPLE_MS=${SAMPLE_MS:-1000}
PAIRS="null:lmbench.null_call byte:byte.syscall"
ONLY=lmbench.null_call,byte.syscall
reps=$(awk -v t="$SECONDS_TOTAL" -v s="$SAMPLE_MS" 'BEGIN {
	r = int(t * 1000 / s + 0.5); if (r < 2) r = 2; if (r > 1000) r = 1000
	print r }')
probe_s=$(awk -v s="$SAMPLE_MS" 'BEGIN { print s / 1000 }')

build_probe
bt=$BENCHTOP
bt_usable || bt=
pick_cpu

machine_line
echo "precision.sh: benchtop --batch -t $SECONDS_TOTAL --sample-ms $SAMPLE_MS" \
    "--only $ONLY --json; probe -s $probe_s -r $reps;" \
    "both on CPU ${cpu:-(not pinned)}"

# The probe first, then benchtop, then the probe again: the floor is the
# better of the two probe runs (the machine's best in that window).
run_probe() {
	[ -n "$probe" ] || return 0
	for pair in $PAIRS; do
		t=${pair%%:*}
		if out=$(pinned "$probe" "$t" -s "$probe_s" -r "$reps"); then
			printf '  probe    %s\n' "$out"
			printf '%s\n' "$out" | awk -v t="$t" '$1 == t {
				cv = $5; sub(/%$/, "", cv); print cv }' \
			    >>"$tmp/probe.$t.cv"
		else
			note "probe $t failed"
		fi
	done
}

: >"$tmp/bt.txt"
run_probe
if [ -n "$bt" ]; then
	j=$tmp/benchtop.json
	t0=$(now)
	if pinned "$BENCHTOP" --batch -t "$SECONDS_TOTAL" --sample-ms "$SAMPLE_MS" \
	    --only "$ONLY" --json >"$j" 2>"$tmp/benchtop.err"; then
		t1=$(now)
		echo "  benchtop ran $(awk -v a="$t0" -v b="$t1" \
		    'BEGIN { printf "%.1f", b - a }') s"
		json_tests "$j" id status samples cv_pct noisy_samples \
		    ns_per_op ns_min ns_max >"$tmp/bt.txt" ||
		    note "cannot parse benchtop's JSON"
	else
		note "benchtop failed:"
		sed 's/^/  /' "$tmp/benchtop.err" >&2
	fi
fi
run_probe

echo
echo "Target 2: precision, CV of $reps samples of $SAMPLE_MS ms < 1%"
printf '%-18s %7s %8s %6s %9s %10s %9s %s\n' test samples 'bt CV' noisy \
    'spread' 'bt ns/op' 'probe CV' verdict
figure=
n_ok=0
n_noisyhost=0
for pair in $PAIRS; do
	t=${pair%%:*}
	id=${pair#*:}
	pcv=$(sort -g "$tmp/probe.$t.cv" 2>/dev/null | head -n 1)
	line=$(awk -v id="$id" -v pcv="${pcv:--}" '
	    $1 == id { found = 1; st = $2; n = $3; cv = $4; noisy = $5
		       ns = $6; lo = $7; hi = $8 }
	    END {
		if (!found) { st = "-"; n = "-"; cv = "-"; noisy = "-"
			      ns = "-"; lo = "-"; hi = "-" }
		spread = "-"
		if (ns != "-" && lo != "-" && hi != "-" && ns + 0 > 0)
			spread = sprintf("%.2f%%", (hi - lo) / ns * 100)
		verdict = "-"
		if (st == "ok" && cv != "-") {
			verdict = cv + 0 < 1 ? "ok" : "off"
			if (verdict == "off" && pcv != "-" && pcv + 0 >= 1)
				verdict = "off(noisy_host)"
		} else if (st != "-") {
			verdict = st
		}
		printf "%-18s %7s %7s%% %6s %9s %10s %8s%% %s\n", id,
		    n == "-" ? "-" : sprintf("%d", n),
		    cv == "-" ? "-" : sprintf("%.2f", cv),
		    noisy == "-" ? "-" : sprintf("%d", noisy), spread,
		    ns == "-" ? "-" : sprintf("%.1f", ns),
		    pcv == "-" ? "-" : sprintf("%.2f", pcv), verdict
	    }' "$tmp/bt.txt" 2>/dev/null)
	echo "$line"
	# shellcheck disable=SC2086 # split the table line into fields
	set -- $line
	figure="$figure ${id#lmbench.}=$3"
	case $8 in
	ok) n_ok=$((n_ok + 1)) ;;
	*noisy_host*) n_noisyhost=$((n_noisyhost + 1)) ;;
	esac
done
echo "(CV: sample standard deviation / mean of the samples; noisy: samples" \
    "benchtop flagged; spread: (max-min)/median; probe CV: the better of" \
    "two runs of the plain loop, $reps x $probe_s s, on the same CPU)"
if [ "$n_ok" -eq 2 ]; then
	v=met
elif [ "$n_noisyhost" -gt 0 ]; then
	v="missed (noisy host: probe CV >= 1% too)"
else
	v="missed"
fi
summary "2 precision (CV)" "${figure# }" "< 1%" "$v"
exit 0
