#!/bin/sh
# footprint.sh: performance target 4, the monitor's own footprint. The UI
# thread under 1% of one CPU at the default refresh with every test
# visible; resident memory under 16 MiB excluding the memory-bandwidth
# test buffers.
#
#   sh bench/footprint.sh
#
# A benchmark that prints, not a test: it always exits 0.
#
# Starts the live screen, every test, default refresh, in a private tmux
# server on a 200x100 terminal:
#   tmux -S TMPDIR/tmux -f /dev/null new-session -d -x 200 -y 100 \
#       'benchtop --mem-size 1'
# --mem-size 1: the memory-bandwidth (and file/mmap re-read, mmap) test
# buffers are 1 MiB, so they barely count; the table subtracts an
# allowance of 2 x --mem-size (one worker runs one test at a time, and
# bcopy's source and destination are the most such a test holds).
# After WARMUP seconds (default 10) it measures for MEASURE seconds
# (default 20):
#   - the CPU time of the thread named bt-ui: utime + stime from
#     /proc/PID/task/TID/stat in clock ticks (getconf CLK_TCK), as % of
#     one CPU over the wall time; also, where the kernel has it, the
#     nanosecond run time of /proc/PID/task/TID/schedstat (a tick is
#     0.05% of 20 s, so the two can differ by that much)
#   - VmRSS of /proc/PID/status every second: the largest is the figure
#     (RssAnon/RssFile of that moment and VmHWM shown alongside)
#   - the UI's own "ui N% cpu" from the screen's header, for comparison
#   - how many test rows the screen shows
# then quits with `tmux send-keys q` and kills the server.
# Verdicts: UI < 1% of one CPU; VmRSS - 2 x mem-size < 16 MiB.
#
# Environment: BENCHTOP, BENCHTOP_DATA as overhead.sh;
#   WARMUP (default 10), MEASURE (default 20) seconds; MEM_SIZE (MiB,
#   default 1); BT_ARGS (more benchtop options, default none).
# The last lines, "@@ ...", are the summaries run.sh collects.

set -u

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
bench_init footprint.sh

WARMUP=${WARMUP:-10}
MEASURE=${MEASURE:-20}
MEM_SIZE=${MEM_SIZE:-1}
BT_ARGS=${BT_ARGS:-}
sock=$tmp/tmux
server=
sockpath=

# Stop what we started: our tmux server (and the benchtop in it), and
# remove its socket, which the server leaves behind.
bench_cleanup() {
	if [ -n "$server" ]; then
		tmux -S "$sock" kill-server 2>/dev/null
		server=
	fi
	if [ -n "$sockpath" ]; then
		rm -f "$sockpath"
		sockpath=
	fi
}

# q WORD: WORD quoted for sh.
q() {
	printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}

fail_summary() {
	summary "4 UI thread CPU" - "< 1% of one CPU" "not run ($1)"
	summary "4 RSS - buffers" - "< 16 MiB" "not run ($1)"
	exit 0
}

machine_line
if ! command -v tmux >/dev/null 2>&1; then
	note "no tmux: cannot start the live screen"
	fail_summary "no tmux"
fi
if [ ! -x "$BENCHTOP" ]; then
	note "no benchtop at $BENCHTOP (build it, or set BENCHTOP)"
	fail_summary "no benchtop"
fi
hz=$(getconf CLK_TCK 2>/dev/null)
case $hz in
'' | *[!0-9]* | 0) note "getconf CLK_TCK failed; assuming 100"; hz=100 ;;
esac

# The pane runs this: it records its pid, which exec keeps for benchtop.
{
	echo "echo \$\$ >$(q "$tmp/pid")"
	if [ -n "${BENCHTOP_DATA:-}" ]; then
		echo "BENCHTOP_DATA=$(q "$BENCHTOP_DATA"); export BENCHTOP_DATA"
	fi
	echo "exec $(q "$BENCHTOP") --mem-size $(q "$MEM_SIZE") $BT_ARGS" \
	    "2>$(q "$tmp/benchtop.err")"
} >"$tmp/live.sh"

echo "footprint.sh: benchtop --mem-size $MEM_SIZE ${BT_ARGS:+$BT_ARGS }(live," \
    "every test, default refresh) in tmux 200x100; warm-up ${WARMUP} s," \
    "measure ${MEASURE} s; CLK_TCK $hz"
if ! tmux -S "$sock" -f /dev/null new-session -d -x 200 -y 100 \
    "exec sh $(q "$tmp/live.sh")"; then
	note "tmux new-session failed"
	fail_summary "tmux failed"
fi
server=1
sockpath=$(tmux -S "$sock" display-message -p '#{socket_path}' 2>/dev/null)
i=0
pid=
while [ $i -lt 50 ]; do
	pid=$(cat "$tmp/pid" 2>/dev/null)
	[ -n "$pid" ] && [ -d "/proc/$pid" ] && break
	sleep 0.1
	i=$((i + 1))
done
if [ -z "$pid" ] || [ ! -d "/proc/$pid" ]; then
	note "benchtop did not start:"
	sed 's/^/  /' "$tmp/benchtop.err" >&2 2>/dev/null
	fail_summary "benchtop did not start"
fi

# ui_tid: the thread named bt-ui of $pid (empty when none).
ui_tid() {
	for t in /proc/"$pid"/task/*; do
		if [ "$(cat "$t/comm" 2>/dev/null)" = bt-ui ]; then
			echo "${t##*/}"
			return 0
		fi
	done
}

# ticks TID: utime + stime of the thread, in clock ticks. The fields
# after the ")" that ends the name: 14 and 15 of the line are 12 and 13.
ticks() {
	sed 's/.*) //' "/proc/$pid/task/$1/stat" 2>/dev/null |
	    awk '{ print $12 + $13 }'
}

# runns TID: the thread's run time in ns (schedstat), or "-".
runns() {
	awk '{ print $1 }' "/proc/$pid/task/$1/schedstat" 2>/dev/null ||
	    echo -
}

sleep "$WARMUP"
if [ ! -d "/proc/$pid" ]; then
	note "benchtop exited during the warm-up:"
	sed 's/^/  /' "$tmp/benchtop.err" >&2 2>/dev/null
	fail_summary "benchtop exited"
fi
tid=$(ui_tid)
if [ -z "$tid" ]; then
	note "no thread named bt-ui in benchtop (pid $pid); threads:"
	cat /proc/"$pid"/task/*/comm >&2 2>/dev/null
fi
proc_ticks0=$(awk '{ sub(/.*\) /, ""); print $12 + $13 }' \
    "/proc/$pid/stat" 2>/dev/null)
if [ -n "$tid" ]; then
	ui0=$(ticks "$tid")
	ns0=$(runns "$tid")
fi
t0=$(now)
: >"$tmp/rss"
i=0
while [ $i -lt "$MEASURE" ]; do
	awk -v t="$i" '/^(VmRSS|RssAnon|RssFile|RssShmem|VmHWM):/ {
		v[$1] = $2 } END { print t, v["VmRSS:"], v["RssAnon:"],
		v["RssFile:"], v["RssShmem:"], v["VmHWM:"] }' \
	    "/proc/$pid/status" 2>/dev/null >>"$tmp/rss"
	sleep 1
	i=$((i + 1))
done
t1=$(now)
if [ -n "$tid" ]; then
	ui1=$(ticks "$tid")
	ns1=$(runns "$tid")
fi
proc_ticks1=$(awk '{ sub(/.*\) /, ""); print $12 + $13 }' \
    "/proc/$pid/stat" 2>/dev/null)
tmux -S "$sock" capture-pane -p >"$tmp/screen" 2>/dev/null
threads=$(cat /proc/"$pid"/task/*/comm 2>/dev/null | paste -s -d, -)

# Quit as a user would, then make sure the server is gone.
tmux -S "$sock" send-keys q 2>/dev/null
i=0
while [ $i -lt 30 ] && [ -d "/proc/$pid" ]; do
	sleep 0.1
	i=$((i + 1))
done
if [ -d "/proc/$pid" ]; then
	note "benchtop (pid $pid) did not quit on q within 3 s"
	quit=no
else
	quit=yes
fi
bench_cleanup

wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
rows=$(grep -c -E '^[a-z]+\.[a-z0-9_]+ ' "$tmp/screen")
total=$("$BENCHTOP" --list 2>/dev/null | grep -c -E '^[a-z]+\.[a-z0-9_]+ ')
self=$(grep -o -E 'ui [0-9.]+% cpu' "$tmp/screen" | head -n 1 |
    awk '{ print $2 }')

echo "  threads: $threads; bt-ui tid ${tid:--}; quit on q: $quit"
echo "  screen: $rows of $total tests visible; its header says ui" \
    "${self:--} cpu"

echo
echo "Target 4: footprint (${MEASURE} s after ${WARMUP} s of warm-up," \
    "wall ${wall} s)"
awk -v hz="$hz" -v wall="$wall" -v u0="${ui0:--}" -v u1="${ui1:--}" \
    -v n0="${ns0:--}" -v n1="${ns1:--}" -v p0="${proc_ticks0:--}" \
    -v p1="${proc_ticks1:--}" -v mem="$MEM_SIZE" -v rssf="$tmp/rss" \
    -v figs="$tmp/figs" '
    function pct(x) { return sprintf("%.3f%%", x) }
    function mib(k) { return sprintf("%.2f MiB", k) }
    BEGIN {
	ui = "-"; uins = "-"; proc = "-"
	if (u0 != "-" && u1 != "-" && wall > 0)
		ui = pct((u1 - u0) / hz / wall * 100)
	if (n0 != "-" && n1 != "-" && n0 != "" && n1 != "" && wall > 0)
		uins = pct((n1 - n0) / 1e9 / wall * 100)
	if (p0 != "" && p1 != "" && wall > 0)
		proc = pct((p1 - p0) / hz / wall * 100)
	max = -1
	while ((getline line < rssf) > 0) {
		split(line, f, " ")
		if (f[2] + 0 > max) {
			max = f[2] + 0; anon = f[3]; file = f[4]; shm = f[5]
		}
		hwm = f[6]
	}
	printf "%-34s %12s %12s %s\n", "figure", "value", "bar", "verdict"
	v = "-"
	if (ui != "-") v = (ui + 0 < 1) ? "ok" : "off"
	printf "%-34s %12s %12s %s\n", "bt-ui CPU (utime+stime ticks)", ui,
	    "< 1%", v
	print "ui", ui, v > figs
	printf "%-34s %12s %12s %s\n", "bt-ui CPU (schedstat run time)",
	    uins, "", ""
	printf "%-34s %12s %12s %s\n", "whole process CPU (all threads)",
	    proc, "", ""
	if (max < 0) {
		printf "%-34s %12s %12s %s\n", "VmRSS", "-", "", "-"
		exit
	}
	printf "%-34s %12s %12s %s\n", "VmRSS, largest", mib(max / 1024),
	    "", ""
	printf "%-34s %12s %12s %s\n", "  of which RssAnon", mib(anon / 1024),
	    "", ""
	printf "%-34s %12s %12s %s\n", "  of which RssFile", mib(file / 1024),
	    "", ""
	printf "%-34s %12s %12s %s\n", "  of which RssShmem", mib(shm / 1024),
	    "", ""
	printf "%-34s %9.2f MiB %12s %s\n", "VmHWM (peak since start)",
	    hwm / 1024, "", ""
	net = max / 1024 - 2 * mem
	printf "%-34s %12s %12s %s\n",
	    "VmRSS - 2 x mem-size (" mem " MiB)", mib(net), "< 16 MiB",
	    net < 16 ? "ok" : "off"
	printf "net %.2f %s\n", net, net < 16 ? "ok" : "off" > figs
    }'
echo "(CPU: % of one CPU over the measured wall time; --mem-size $MEM_SIZE," \
    "allowance 2 x $MEM_SIZE MiB for the test buffers)"

ui=$(awk '$1 == "ui" && $2 != "-" { print $2 }' "$tmp/figs" 2>/dev/null)
uiv=$(awk '$1 == "ui" { print $3 }' "$tmp/figs" 2>/dev/null)
net=$(awk '$1 == "net" { print $2 }' "$tmp/figs" 2>/dev/null)
netv=$(awk '$1 == "net" { print $3 }' "$tmp/figs" 2>/dev/null)
[ "$uiv" = ok ] && uiv=met || uiv="missed"
[ -n "$ui" ] || uiv="not measured"
[ "$netv" = ok ] && netv=met || netv="missed"
[ -n "$net" ] || netv="not measured"
summary "4 UI thread CPU" "${ui:--} ($rows tests visible)" \
    "< 1% of one CPU" "$uiv"
summary "4 RSS - buffers" "${net:--} MiB (--mem-size $MEM_SIZE)" \
    "< 16 MiB" "$netv"
exit 0
