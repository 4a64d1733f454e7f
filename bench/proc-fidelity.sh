#!/bin/sh
# proc-fidelity.sh: benchtop's process creation against a minimal fork
# probe, against itself measured three ways, and against the origins'
# own programs where they are built.
#
#   sh bench/proc-fidelity.sh
#
# A benchmark that prints, not a test: it always exits 0.
#
# Everything runs on one CPU (taskset; benchtop with --cpu CPU
# --placement same), ROUNDS alternating rounds (odd rounds in one order,
# even rounds in the reverse), medians over rounds:
#
#   1. lmbench.fork (--batch) against `probe-syscall fork`, a minimal C
#      program that forks, exit()s and waits (bar: within 15%). The probe
#      links libc alone, as benchtop-proc does: with libm as well its
#      fork copied four mappings more and cost about 10% more (124
#      against 113 us on the 2-CPU KVM guest this was written on);
#   2. lmbench.fork by --batch, by --watch 1 -j 2 --jsonl and on the live
#      screen in tmux (--log): each within 10% of the others;
#   3. where lmbench 3 and UnixBench are built: lat_proc fork, exec and
#      shell beside lmbench.fork, exec and sh (microseconds), UnixBench
#      spawn and execl beside byte.spawn and execl (loops per second), as
#      ratios benchtop / origin (bar: 0.9..1.1; lmbench.fork not above
#      lat_proc fork). lat_proc execs /tmp/hello: it is copied there from
#      the lmbench build for the run and removed, unless it was there
#      (without it lat_proc times a shell failing to find it). lat_proc
#      runs its own default repetitions: a few minutes a round.
#
# Environment (besides lib.sh's BENCHTOP, BENCHTOP_DATA, CC):
#   BENCH_CPU   the CPU (default 0)        ROUNDS     rounds (default 3)
#   BT_SECONDS  seconds per benchtop test and per origin run (default 3)
#   LMBENCH_BIN_DIR     lmbench's bin directory (lat_proc, hello)
#   UNIXBENCH_PGMS_DIR  UnixBench's pgms directory (spawn, execl)
#   ORIGINS     a file of KEY=VALUE lines setting the two above where the
#               environment does not (default /tmp/origins/READY)
# The last lines, "@@ ...", are the summary run.sh collects.

set -u

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
bench_init proc-fidelity.sh

ROUNDS=${ROUNDS:-3}
BT_SECONDS=${BT_SECONDS:-3}
BENCH_CPU=${BENCH_CPU:-0}
ORIGINS=${ORIGINS:-/tmp/origins/READY}
IDS=lmbench.fork,lmbench.exec,lmbench.sh,byte.spawn,byte.execl
sock=$tmp/tmux
hello_made=
T() { tmux -S "$sock" -f /dev/null "$@"; }
bench_cleanup() {
	T kill-server 2>/dev/null
	[ -n "$hello_made" ] && rm -f /tmp/hello
	return 0
}

# origin_dir KEY: $KEY from the environment, else from $ORIGINS
origin_dir() {
	eval "v=\${$1:-}"
	if [ -z "$v" ] && [ -r "$ORIGINS" ]; then
		v=$(sed -n "s/^$1=//p" "$ORIGINS" | head -n 1)
	fi
	echo "$v"
}
LMB=$(origin_dir LMBENCH_BIN_DIR)
UB=$(origin_dir UNIXBENCH_PGMS_DIR)
[ -n "$LMB" ] && [ ! -x "$LMB/lat_proc" ] && LMB=
[ -n "$UB" ] && [ ! -x "$UB/spawn" ] && UB=

bt_usable || exit 0
pick_cpu
build_probe
machine_line
echo "proc-fidelity.sh: CPU ${cpu:-any}, $ROUNDS rounds, $BT_SECONDS s" \
    "per run; lmbench: ${LMB:-not found}; UnixBench: ${UB:-not found}"
bt() { pinned "$BENCHTOP" --cpu "${cpu:-0}" --placement same "$@"; }

# ---- One run of each kind; each appends its figure to $tmp/<name> ----

run_probe() {
	[ -n "$probe" ] || return 0
	pinned "$probe" fork -s 0.025 -r $((BT_SECONDS * 40)) |
	    awk '{ print $2 / 1000 }' >>"$tmp/probe"
}
run_batch() {
	bt --batch -t "$BT_SECONDS" --only "$IDS" --json >"$tmp/b.json" \
	    2>"$tmp/b.err" || note "batch: $(head -n 1 "$tmp/b.err")"
	json_tests "$tmp/b.json" id value | while read -r id v; do
		[ "$v" != - ] && echo "$v" >>"$tmp/bt.$id"
	done
}
# --watch with two workers: the median of its interval records
run_watch() {
	timeout -s INT $((BT_SECONDS + 2)) taskset -c "${cpu:-0}" \
	    "$BENCHTOP" --cpu "${cpu:-0}" --watch 1 -j 2 --placement same \
	    --only lmbench.fork --jsonl >"$tmp/w.jl" 2>/dev/null
	sed -n 's/.*"test": "lmbench.fork".*"value": \([0-9.e+]*\),.*/\1/p' \
	    "$tmp/w.jl" >"$tmp/w.v"
	median "$tmp/w.v" '%.3f' | grep -v '^-$' >>"$tmp/watch"
}
# the live screen in a private tmux server, its worker on the CPU (the
# screen stays off it, as the monitor places it): its samples' median
run_live() {
	command -v tmux >/dev/null 2>&1 || return 0
	rm -f "$tmp/l.csv"
	T new-session -d -x 120 -y 40 "exec '$BENCHTOP' --cpu ${cpu:-0} \
	    --placement same --only lmbench.fork --log '$tmp/l.csv'"
	sleep $((BT_SECONDS + 1))
	T send-keys q
	sleep 1
	T kill-server 2>/dev/null
	awk -F, 'NR > 1 && $2 == "lmbench.fork" && $5 > 0 { print $5 / 1000 }' \
	    "$tmp/l.csv" 2>/dev/null >"$tmp/l.v"
	median "$tmp/l.v" '%.3f' | grep -v '^-$' >>"$tmp/live"
}
# lat_proc KIND: lmbench prints "Process fork+exit: 142.3 microseconds"
run_lat_proc() {
	pinned "$LMB/lat_proc" "$1" 2>&1 | awk '/microseconds/ {
	    for (i = 1; i <= NF; i++) if ($i == "microseconds") print $(i - 1) }' \
	    >>"$tmp/lm.$1"
}
# UnixBench NAME: it prints "COUNT|n|1|lps" after BT_SECONDS seconds
# UnixBench's Run divides the COUNT by the wall time it measured around
# the program: execl stops on time()'s whole seconds, so a run asked
# for T seconds lasts from T-1 to T.
run_ub() {
	t0=$(date +%s.%N)
	(cd "$UB" && UB_BINDIR=$UB pinned "./$1" "$BT_SECONDS" 2>&1) \
	    >"$tmp/ub.out"
	t1=$(date +%s.%N)
	awk -F'|' -v a="$t0" -v b="$t1" \
	    '/^COUNT/ { print $2 / (b - a) }' "$tmp/ub.out" >>"$tmp/ub.$1"
}
run_origins() {
	if [ -n "$LMB" ]; then
		if [ ! -e /tmp/hello ] && cp "$LMB/hello" /tmp/hello; then
			hello_made=1
		fi
		for k in fork exec shell; do run_lat_proc $k; done
		if [ -n "$hello_made" ]; then
			rm -f /tmp/hello
			hello_made=
		fi
	fi
	if [ -n "$UB" ]; then
		for p in spawn execl; do run_ub $p; done
	fi
}

r=1
while [ "$r" -le "$ROUNDS" ]; do
	if [ $((r % 2)) = 1 ]; then
		run_probe; run_batch; run_origins; run_watch; run_live
	else
		run_live; run_watch; run_origins; run_batch; run_probe
	fi
	r=$((r + 1))
done

# ---- Tables ----

m() { median "$tmp/$1" '%.3f' 2>/dev/null || echo -; }
maximum() {
	[ -s "$1" ] || { echo -; return 0; }
	sort -g "$1" | awk -v fmt="$2" 'END { printf fmt "\n", $1 }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {
	if (a == "-" || b == "-" || b <= 0) print "-"; else printf "%.3f", a / b }'; }
within() { awk -v r="$1" -v lo="$2" -v hi="$3" 'BEGIN {
	if (r == "-") print "not measured"
	else if (r >= lo && r <= hi) print "met"; else print "missed" }'; }

echo
fork=$(m bt.lmbench.fork)
pr=$(m probe)
rp=$(ratio "$fork" "$pr")
printf '%-34s %12s\n' "lmbench.fork (--batch), us" "$fork" \
    "minimal fork+exit+waitpid, us" "$pr" "ratio benchtop / probe" "$rp"
summary "lmbench.fork vs minimal probe" "$rp" "0.85..1.15" \
    "$(within "$rp" 0.85 1.15)"

echo
wa=$(m watch)
li=$(m live)
printf '%-34s %12s\n' "lmbench.fork --batch, us" "$fork" \
    "lmbench.fork --watch -j 2, us" "$wa" "lmbench.fork live screen, us" "$li"
spread=$(awk -v a="$fork" -v b="$wa" -v c="$li" 'BEGIN {
	lo = hi = 0
	n = split(a " " b " " c, v, " ")
	for (i = 1; i <= n; i++) {
		if (v[i] == "-") { print "-"; exit }
		if (lo == 0 || v[i] < lo) lo = v[i]
		if (v[i] > hi) hi = v[i]
	}
	printf "%.3f", hi / lo }')
printf '%-34s %12s\n' "largest / smallest" "$spread"
summary "lmbench.fork batch/watch/live" "$spread" "<= 1.10" \
    "$(within "$spread" 0 1.10)"

[ -n "$LMB$UB" ] || { note "no origins built: no side by side"; exit 0; }
echo
printf '%-14s %-16s %12s %12s %8s %8s\n' test origin origin benchtop ratio \
    "best"
for pair in lmbench.fork:lm.fork lmbench.exec:lm.exec lmbench.sh:lm.shell \
    byte.spawn:ub.spawn byte.execl:ub.execl; do
	id=${pair%%:*}
	o=${pair#*:}
	ov=$(m "$o")
	bv=$(m "bt.$id")
	rr=$(ratio "$bv" "$ov")
	case $o in
	lm.*) name="lat_proc ${o#lm.}" best=minimum ;;
	*) name="UnixBench ${o#ub.}" best=maximum ;;
	esac
	br=$(ratio "$($best "$tmp/bt.$id" '%.3f')" "$($best "$tmp/$o" '%.3f')")
	printf '%-14s %-16s %12s %12s %8s %8s\n' "$id" "$name" "$ov" "$bv" \
	    "$rr" "$br"
	summary "$id vs $name" "$rr" "0.9..1.1" "$(within "$rr" 0.9 1.1)"
done
echo "(us for lmbench ids, lps for byte ids; ratio: benchtop / origin, of"
echo "the medians over rounds; best: of each side's best round, the one"
echo "least touched by other load, as the origins count preemptions that"
echo "benchtop's median sample skips; lmbench.fork must not be above"
echo "lat_proc fork)"
exit 0
