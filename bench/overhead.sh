#!/bin/sh
# overhead.sh: performance target 1, harness overhead. Compares benchtop's
# system-call tests with an independent minimal probe
# (bench/probe-syscall.c) on this machine.
#
#   sh bench/overhead.sh
#
# A benchmark that prints, not a test: it always exits 0, whatever the
# numbers (and says so on stderr when something could not run).
#
# Environment:
#   CC             compiler for the probe (default cc), built with -O2
#   BENCHTOP       benchtop binary (default: <repo>/src/benchtop)
#   BENCHTOP_DATA  reference data (default: <repo>/data)
#   ROUNDS         alternating rounds of probe and benchtop (default 5)
#   BT_SECONDS     seconds per test, each side (default 2)
#   SAMPLE_MS      one sample, each side (default 25, benchtop's default)
#   BENCH_CPU      the CPU both sides run on (taskset), or "none";
#                  default: the allowed CPU least busy over 1 s at start
#
# Pairs compared (probe test <-> benchtop id):
#   null  <-> lmbench.null_call   one getppid() per op
#   io    <-> lmbench.null_io     1-byte read of /dev/zero and 1-byte
#                                 write to /dev/null, alternating (ns/op
#                                 is their mean, as lmbench's null I/O)
#   stat  <-> lmbench.stat        stat() of a file in a private
#                                 directory of $TMPDIR
#   byte  <-> byte.syscall        close(dup(0)); getpid; getuid; umask(022)
#
# Each round runs the probe and benchtop with the same sampling: the
# probe, per test, BT_SECONDS*1000/SAMPLE_MS repetitions of SAMPLE_MS
#   probe-syscall TEST -s 0.025 -r 80
# and
#   $BENCHTOP --batch -t $BT_SECONDS --sample-ms $SAMPLE_MS \
#       --only <the four ids> --json
# each taking the median sample, so that on a busy machine both filter
# the disturbed samples alike (a probe of a few long repetitions would
# count the disturbances that benchtop's median of short samples skips,
# and the ratio would measure the noise, not the harness). Rounds
# alternate the order (odd rounds probe first, even rounds benchtop
# first) so slow drift of the machine hits both sides alike. The table
# shows each side's best round (the smallest of its per-round medians:
# other load only ever adds time, so on a shared machine the best round
# is the one nearest the quiet machine the target assumes, on both
# sides alike), their ratio benchtop/probe, the median over rounds of
# each side's CV% and the timer-and-loop overhead benchtop subtracted
# (JSON overhead_ns). "min ratio" compares the fastest single sample of
# all rounds on each side (benchtop's JSON ns_min, the probe's "min"):
# not the target's figure, but the one least touched by other load, so
# on a busy machine it tells harness cost from noise.
# Verdict "ok" when 0.97 <= ratio <= 1.03 (the target's bar), else "off".
# The last line, "@@ ...", is the summary run.sh collects.

set -u

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
bench_init overhead.sh

ROUNDS=${ROUNDS:-5}
BT_SECONDS=${BT_SECONDS:-2}
SAMPLE_MS=${SAMPLE_MS:-25}

PAIRS="null:lmbench.null_call io:lmbench.null_io stat:lmbench.stat
byte:byte.syscall"
ONLY=lmbench.null_call,lmbench.null_io,lmbench.stat,byte.syscall

case $ROUNDS in
'' | *[!0-9]*) note "ROUNDS=$ROUNDS is not a count; using 5"; ROUNDS=5 ;;
esac
[ "$ROUNDS" -ge 1 ] || ROUNDS=1
reps=$(awk -v t="$BT_SECONDS" -v s="$SAMPLE_MS" 'BEGIN {
	r = (s > 0) ? int(t * 1000 / s + 0.5) : 80
	if (r < 2) r = 2; if (r > 1000) r = 1000; print r }')
probe_s=$(awk -v s="$SAMPLE_MS" 'BEGIN { print s / 1000 }')

# run_probe ROUND: every probe test, appending ns/op and CV% to
# $tmp/probe.<test>.ns and .cv.
run_probe() {
	[ -n "$probe" ] || return 0
	for pair in $PAIRS; do
		t=${pair%%:*}
		if out=$(pinned "$probe" "$t" -s "$probe_s" -r "$reps"); then
			printf '  round %s probe    %s\n' "$1" "$out"
			# "null 123.4 ns/op cv 0.80% min 121.9"
			printf '%s\n' "$out" | awk -v t="$t" -v f="$tmp/probe.$t" \
			    '$1 == t && $3 == "ns/op" {
				print $2 >> (f ".ns")
				cv = $5; sub(/%$/, "", cv); print cv >> (f ".cv")
				if ($6 == "min") print $7 >> (f ".min")
			    }'
		else
			note "probe $t failed (round $1)"
		fi
	done
	return 0
}

# run_benchtop ROUND: one benchtop run, appending ns/op, CV% and the
# subtracted overhead of each test to $tmp/bt.<id>.ns, .cv and .oh.
run_benchtop() {
	[ -n "$bt" ] || return 0
	j=$tmp/benchtop.$1.json
	if ! pinned "$BENCHTOP" --batch -t "$BT_SECONDS" --sample-ms "$SAMPLE_MS" \
	    --only "$ONLY" --json >"$j" 2>"$tmp/benchtop.$1.err"; then
		note "benchtop failed (round $1):"
		sed 's/^/  /' "$tmp/benchtop.$1.err" >&2
		return 0
	fi
	if ! json_tests "$j" id ns_per_op cv_pct overhead_ns status ns_min \
	    >"$tmp/benchtop.$1.txt"; then
		note "cannot parse benchtop's JSON (round $1)"
		return 0
	fi
	while read -r id ns cv oh st mn; do
		printf '  round %s benchtop %s %s ns/op cv %s%% min %s overhead %s ns %s\n' \
		    "$1" "$id" "$ns" "$cv" "$mn" "$oh" "$st"
		# Only the ids asked for (they also name files here).
		case ",$ONLY," in
		*",$id,"*) ;;
		*) continue ;;
		esac
		[ "$st" = ok ] || continue
		[ "$ns" = - ] || echo "$ns" >>"$tmp/bt.$id.ns"
		[ "$cv" = - ] || echo "$cv" >>"$tmp/bt.$id.cv"
		[ "$oh" = - ] || echo "$oh" >>"$tmp/bt.$id.oh"
		[ "$mn" = - ] || echo "$mn" >>"$tmp/bt.$id.min"
	done <"$tmp/benchtop.$1.txt"
	return 0
}

build_probe
bt=$BENCHTOP
bt_usable || bt=
pick_cpu

machine_line
echo "overhead.sh: $ROUNDS rounds; per test, probe -s $probe_s -r $reps and" \
    "benchtop -t $BT_SECONDS --sample-ms $SAMPLE_MS; both on CPU" \
    "${cpu:-(not pinned)}"
r=1
while [ "$r" -le "$ROUNDS" ]; do
	if [ $((r % 2)) -eq 1 ]; then
		run_probe "$r"
		run_benchtop "$r"
	else
		run_benchtop "$r"
		run_probe "$r"
	fi
	r=$((r + 1))
done

echo
echo "Target 1: harness overhead, benchtop ns/op / probe ns/op in" \
    "0.97..1.03 (best of $ROUNDS rounds)"
printf '%-18s %11s %11s %7s %8s %8s %8s %9s %7s\n' test 'probe ns/op' \
    'bt ns/op' ratio 'probe CV' 'bt CV' 'bt oh ns' 'min ratio' verdict
n_ok=0
n_all=0
n_run=0
worst=
for pair in $PAIRS; do
	t=${pair%%:*}
	id=${pair#*:}
	p=$(minimum "$tmp/probe.$t.ns" %.1f)
	pc=$(median "$tmp/probe.$t.cv" %.2f)
	b=$(minimum "$tmp/bt.$id.ns" %.1f)
	c=$(median "$tmp/bt.$id.cv" %.2f)
	oh=$(median "$tmp/bt.$id.oh" %.2f)
	pm=$(minimum "$tmp/probe.$t.min" %.2f)
	bm=$(minimum "$tmp/bt.$id.min" %.2f)
	line=$(awk -v id="$id" -v p="$p" -v b="$b" -v pc="$pc" -v c="$c" \
	    -v oh="$oh" -v pm="$pm" -v bm="$bm" 'BEGIN {
		ratio = "-"; verdict = "-"; mr = "-"
		if (p != "-" && b != "-" && p + 0 > 0) {
			x = b / p
			ratio = sprintf("%.3f", x)
			verdict = (x >= 0.97 && x <= 1.03) ? "ok" : "off"
		}
		if (pm != "-" && bm != "-" && pm + 0 > 0)
			mr = sprintf("%.3f", bm / pm)
		printf "%-18s %11s %11s %7s %8s %8s %8s %9s %7s\n", id, p, b,
		    ratio, pc == "-" ? "-" : pc "%", c == "-" ? "-" : c "%",
		    oh, mr, verdict
	    }')
	echo "$line"
	n_all=$((n_all + 1))
	# shellcheck disable=SC2086 # split the table line into fields
	set -- $line
	case $9 in
	ok) n_ok=$((n_ok + 1)) n_run=$((n_run + 1)) ;;
	off) n_run=$((n_run + 1)) ;;
	esac
	worst="$worst $1=$4"
done
echo "(ns/op: the best round's median sample; ratio:" \
    "benchtop/probe; CV: median over rounds of each run's coefficient of" \
    "variation of its samples; bt oh: timer and loop overhead benchtop" \
    "subtracted per op; min ratio: fastest sample of all rounds, benchtop" \
    "/ probe)"
if [ "$n_run" -eq 0 ]; then
	v="not run (see the notes above)"
elif [ "$n_ok" -eq "$n_all" ]; then
	v=met
else
	v="missed ($((n_all - n_ok))/$n_all off)"
fi
summary "1 harness overhead" "$(echo "$worst" | sed 's/^ //; s/lmbench\.//g')" \
    "0.97..1.03" "$v"
exit 0
