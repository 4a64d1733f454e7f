#!/bin/sh
# soak.sh DURATION: the monitor running every test for DURATION seconds
# (default 120), headless (--watch) or, with SOAK_TUI=1, the live screen in
# a private tmux server. After a warm-up it samples benchtop's resident
# memory and descriptors; at the end it checks that RSS grew by less than
# 1 MiB, the descriptor count did not grow, no child is a zombie, and
# nothing is left behind once benchtop stops, sockets in TIME_WAIT
# included (no more than 500 new ones).
set -u

BENCHTOP=${BENCHTOP:-./src/benchtop}
duration=${1:-120}
case $duration in '' | *[!0-9]*) echo "soak: bad DURATION '$duration'" >&2; exit 2 ;; esac
warmup=$((duration / 4))
work=$(mktemp -d "${TMPDIR:-/tmp}/bt-soak.XXXXXX") || exit 99
# The live screen keeps its settings here, not in the user's home.
XDG_CONFIG_HOME=$work/config
export XDG_CONFIG_HOME
sock=$work/tmux
trap 'tmux -S "$sock" kill-server 2>/dev/null; rm -rf "$work"' EXIT INT TERM HUP
# shellcheck source=../testlib.sh
. "$(dirname "$0")/../testlib.sh"
needs pgrep ps
# Resident memory, the least of 10 readings 0.2 s apart: a reading may fall
# in a slice that holds a test's buffers (--mem-size 1 keeps them small),
# a leak shows in every one of them.
rss_kib() {
	for i in 1 2 3 4 5 6 7 8 9 10; do
		awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"
		sleep 0.2
	done | sort -n | head -n 1
}
fds() { ls "/proc/$1/fd" | wc -l; }
zombies() { ps -o stat= --ppid "$1" | grep -c '^Z'; }
ours() { benchtop_procs "$work/scratch"; }

mkdir "$work/scratch"
tw0=$(timewait)
args="--slice-ms 250 --sample-ms 10 --mem-size 1 --dir $work/scratch"
if [ "${SOAK_TUI:-0}" = 1 ] && command -v tmux >/dev/null 2>&1; then
	tmux -S "$sock" -f /dev/null new-session -d -x 160 -y 50 \
	    "TERM=xterm $BENCHTOP $args; sleep 5"
	sleep 1
	pid=$(pgrep -f -x "$BENCHTOP $args" | head -n 1)
else
	"$BENCHTOP" --watch 5 $args --openmetrics-file "$work/m.prom" \
	    >/dev/null 2>"$work/err" &
	pid=$!
fi
if [ -z "$pid" ]; then
	echo "soak: benchtop did not start"
	exit 1
fi
sleep "$warmup"
rss0=$(rss_kib "$pid")
fd0=$(fds "$pid")
sleep $((duration - warmup))
rss1=$(rss_kib "$pid")
fd1=$(fds "$pid")
z=$(zombies "$pid")
echo "soak: ${duration}s, RSS ${rss0} -> ${rss1} KiB, fds ${fd0} -> ${fd1}, zombies $z"
check "RSS grew by less than 1 MiB (${rss0} -> ${rss1} KiB)" \
    test $((rss1 - rss0)) -lt 1024
check "no descriptor growth (${fd0} -> ${fd1})" test "$fd1" -le "$fd0"
check "no zombie child" test "$z" -eq 0
# stopped PID: PID is gone (in the screen's case not our child: no wait)
stopped() { ! kill -0 "$1" 2>/dev/null; }
kill -TERM "$pid"
check "benchtop stopped within 5 s of TERM" wait_until 5 stopped "$pid"
sleep 0.3
check "nothing left behind" test -z "$(ours)"
check "scratch dir empty" test -z "$(ls -A "$work/scratch")"
tw1=$(timewait)
check "no TIME_WAIT flood ($tw0 -> $tw1)" test "$tw1" -le $((tw0 + 500))

finish soak
