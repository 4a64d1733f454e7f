#!/bin/sh
# signals.sh: INT, TERM and HUP at random moments of batch runs and of the
# live screen (in a private tmux server), then SIGKILL of benchtop itself.
# After every stop: the exit status is 128+N within 2 s, and nothing is
# left behind: no process of the run (its command line or environment
# names the run's --dir), no new SysV IPC object, no new TCP listener on
# 127.0.0.1, no more than 500 new sockets in TIME_WAIT, no file in --dir, and for the screen a restored terminal.
# After a SIGKILL the partners go on their own within 2 s; the scratch
# directory stays, and the next start in the same --dir removes it.
#
# Tests are rotated through four selections (SysV and signal ping-pongs;
# sockets; temp files, forks and scripts; pipes and locks), signals
# through INT, TERM and HUP. The moments come from SEED (printed; set
# SEED=N to replay a run). RUNS (default 20) per mode, KILLS (default 3)
# SIGKILLs per mode.
set -u

BENCHTOP=${BENCHTOP:-./src/benchtop}
RUNS=${RUNS:-20}
KILLS=${KILLS:-3}
SEED=${SEED:-$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')}
for v in "$RUNS" "$KILLS" "$SEED"; do
	case $v in '' | *[!0-9]*) echo "signals: bad number '$v'" >&2; exit 2 ;; esac
done
work=$(mktemp -d "${TMPDIR:-/tmp}/bt-sig.XXXXXX") || exit 99
# The live screen keeps its settings here, not in the user's home.
XDG_CONFIG_HOME=$work/config
export XDG_CONFIG_HOME
sock=$work/tmux
T() { tmux -S "$sock" -f /dev/null "$@"; }
cleanup() {
	T kill-server 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT INT TERM HUP
# shellcheck source=../testlib.sh
. "$(dirname "$0")/../testlib.sh"
sent=0
runs=0
found_left=0
# leftover DESCRIPTION COMMAND...: a check whose failure is a leftover
leftover() {
	f=$failed
	check "$@"
	[ $failed -eq $f ] || found_left=$((found_left + 1))
}

# ---- What a run may leave behind ----

# dead PID: PID is no longer alive
dead() { ! alive "$1"; }
# gone PID SECONDS: poll until PID is no longer alive
gone() { wait_until "$2" dead "$1"; }
# ipc: the SysV objects, one "kind id" a line
ipc() {
	for k in msg sem shm; do
		[ -r "/proc/sysvipc/$k" ] &&
		    awk -v k=$k 'NR > 1 { print k, $2 }' "/proc/sysvipc/$k"
	done | LC_ALL=C sort
	return 0
}
# listeners: TCP sockets listening on 127.0.0.1, as "addr:port"
listeners() {
	awk '$4 == "0A" && $2 ~ /^0100007F:/ { print $2 }' /proc/net/tcp |
	    LC_ALL=C sort
}
# new BEFORE-FILE COMMAND: what COMMAND lists now that BEFORE-FILE did not
new() {
	"$2" | LC_ALL=C comm -13 "$1" -
}
# quiet COMMAND...: COMMAND prints nothing
quiet() { [ -z "$("$@")" ]; }
# settled SECONDS COMMAND...: poll until COMMAND prints nothing; a run
# elsewhere on the machine may make an object of its own for a moment.
settled() {
	s=$1
	shift
	wait_until "$s" quiet "$@"
}
snapshot() {
	ipc >"$work/ipc.0"
	listeners >"$work/tcp.0"
	timewait >"$work/tw.0"
}
# tw_flood: what a run added to the sockets in TIME_WAIT, if over 500
tw_flood() {
	d=$(($(timewait) - $(cat "$work/tw.0")))
	[ $d -gt 500 ] && echo "$d"
	return 0
}
new_ipc() { new "$work/ipc.0" ipc; }
new_tcp() { new "$work/tcp.0" listeners; }
# nothing_left WHAT: the common checks once the run has stopped
nothing_left() {
	leftover "$1: no process of the run left ($(leftovers "$dir" | tr '\n' ' '))" \
	    settled 2 leftovers "$dir"
	leftover "$1: no new SysV object ($(new_ipc | tr '\n' ' '))" \
	    settled 2 new_ipc
	leftover "$1: no new listener on 127.0.0.1 ($(new_tcp | tr '\n' ' '))" \
	    settled 2 new_tcp
	leftover "$1: no TIME_WAIT flood (+$(tw_flood))" test -z "$(tw_flood)"
}

# ---- The runs ----

selection() { # selection N: the tests of run N
	case $(($1 % 4)) in
	0) echo 'ctxbench.*' ;;
	1) echo 'lmbench.lat_tcp,lmbench.lat_udp,lmbench.lat_connect,lmbench.select_tcp,lmbench.bw_tcp' ;;
	2) echo 'byte.shell1,lmbench.fork,lmbench.exec,byte.fs_*,lmbench.fs_create_0k,lmbench.mmap' ;;
	3) echo 'lmbench.lat_pipe,lmbench.lat_unix,lmbench.ctx_2p_0k,ctxbench.msgq,bsd.*' ;;
	esac
}
signal() { # signal N: the signal of run N
	case $(($1 % 3)) in 0) echo INT ;; 1) echo TERM ;; 2) echo HUP ;; esac
}
signum() { kill -l "$1" 2>/dev/null || case $1 in
	HUP) echo 1 ;; INT) echo 2 ;; KILL) echo 9 ;; TERM) echo 15 ;; esac; }
delay() { sed -n "${1}p" "$work/delays"; }

awk -v seed="$SEED" -v n=$((4 * (RUNS + KILLS))) 'BEGIN {
	srand(seed)
	for (i = 1; i <= n; i++)
		printf "%.2f\n", 0.1 + rand() * 2.9
}' >"$work/delays"
echo "signals: SEED=$SEED (set SEED=$SEED to replay these moments)"
moment=0

# handles PID BIT: PID has a handler for the signal of BIT (its SigCgt
# mask), or is gone
handles() {
	mask=$(awk '/^SigCgt:/ { print substr($2, 9) }' \
	    "/proc/$1/status" 2>/dev/null) || return 0
	[ -n "$mask" ] || return 0
	[ $(((0x$mask >> $2) & 1)) = 1 ]
}
# catching PID SIG SECONDS: wait up to SECONDS until PID has a handler
# for SIG, or is gone. KILL has none.
catching() {
	[ "$2" = KILL ] && return 0
	wait_until "$3" handles "$1" $(($(signum "$2") - 1))
}

# batch N SIG: a batch run of selection N stopped by SIG after a delay
batch() {
	n=$1 sig=$2
	dir=$work/b$n.d
	mkdir "$dir"
	moment=$((moment + 1))
	d=$(delay $moment)
	snapshot
	# 0.8 s a test: every selection outlasts the longest delay.
	"$BENCHTOP" --batch -t 0.8 --sample-ms 10 --only "$(selection "$n")" \
	    --dir "$dir" >/dev/null 2>"$work/err" &
	pid=$!
	runs=$((runs + 1))
	sleep "$d"
	# A background job of a shell starts with INT ignored: until benchtop
	# has installed its handlers (a loaded machine may take longer than
	# the delay to get there), an INT would be lost, not late.
	catching $pid "$sig" 2
	if ! alive $pid; then
		check "batch $n: still running after ${d}s" false
		wait $pid
		return
	fi
	kill -s "$sig" $pid
	sent=$((sent + 1))
	what="batch $n ($(selection "$n"), $sig after ${d}s)"
	check "$what: stopped within 2 s" gone $pid 2
	if ! gone $pid 10; then
		kill -s KILL $pid
	fi
	wait $pid 2>/dev/null
	rc=$?
	[ "$sig" = KILL ] && return $rc
	check "$what: exit $((128 + $(signum "$sig"))) ($rc: $(head -c 200 "$work/err"))" \
	    test "$rc" -eq $((128 + $(signum "$sig")))
	leftover "$what: --dir empty ($(ls -A "$dir" | tr '\n' ' '))" \
	    test -z "$(ls -A "$dir")"
	nothing_left "$what"
	return $rc
}

# tui N SIG: the live screen of selection N stopped by SIG after a delay
tui() {
	n=$1 sig=$2
	dir=$work/t$n.d
	mkdir "$dir"
	moment=$((moment + 1))
	d=$(delay $moment)
	# The pane's script names no --dir on its command line: leftovers() sees
	# only benchtop and what it starts.
	cat >"$work/pane$n" <<-EOF
		stty -g >"$work/stty.0"
		TERM=xterm LANG=C.UTF-8 sh -c 'echo \$\$ >"\$0"; exec "\$@"' \\
		    "$work/pid$n" "$BENCHTOP" --slice-ms 200 --sample-ms 10 \\
		    --only '$(selection "$n")' --dir "$dir" 2>"$work/err"
		echo "EXIT=\$?" >"$work/exit$n.tmp"
		stty -g >"$work/stty.1"
		mv "$work/exit$n.tmp" "$work/exit$n"
		echo PANE-DONE
		exec sleep 300
	EOF
	snapshot
	T new-session -d -s "r$n" -x 120 -y 40 "sh '$work/pane$n'"
	runs=$((runs + 1))
	wait_until 10 test -s "$work/pid$n"
	pid=$(cat "$work/pid$n" 2>/dev/null)
	if [ -z "$pid" ]; then
		check "tui $n: benchtop started" false
		T kill-session -t "r$n" 2>/dev/null
		return
	fi
	sleep "$d"
	if ! alive "$pid"; then
		check "tui $n: still running after ${d}s ($(cat "$work/err"))" false
		T kill-session -t "r$n" 2>/dev/null
		return
	fi
	kill -s "$sig" "$pid"
	sent=$((sent + 1))
	what="tui $n ($(selection "$n"), $sig after ${d}s)"
	check "$what: stopped within 2 s" gone "$pid" 2
	gone "$pid" 10 || kill -s KILL "$pid"
	if [ "$sig" != KILL ]; then
		wait_until 3 test -s "$work/exit$n"
		check "$what: exit $((128 + $(signum "$sig"))) ($(cat "$work/exit$n" 2>/dev/null))" \
		    grep -q "^EXIT=$((128 + $(signum "$sig")))\$" "$work/exit$n"
		check "$what: terminal modes restored" \
		    cmp -s "$work/stty.0" "$work/stty.1"
		check "$what: the normal screen is back" test \
		    "$(T display-message -p -t "r$n" '#{alternate_on}')" = 0
		T capture-pane -p -t "r$n" >"$work/screen"
		check "$what: the shell goes on, no table on screen" sh -c \
		    "grep -q PANE-DONE '$work/screen' &&
		     ! grep -q 'TEST .*VALUE' '$work/screen'"
		leftover "$what: --dir empty ($(ls -A "$dir" | tr '\n' ' '))" \
		    test -z "$(ls -A "$dir")"
		nothing_left "$what"
	fi
	T kill-session -t "r$n" 2>/dev/null
}

# killed MODE N: SIGKILL of benchtop mid-run, then the next start
killed() {
	mode=$1 kn=$2
	if [ "$mode" = batch ]; then batch "$kn" KILL; else tui "$kn" KILL; fi
	what="$mode $kn ($(selection "$kn"), KILL)"
	nothing_left "$what"
	check "$what: the scratch dir stays" sh -c \
	    "ls -A '$dir' | grep -q '^benchtop\.$pid\.'"
	"$BENCHTOP" --batch -t 0.1 --only lmbench.null_call --dir "$dir" \
	    >/dev/null 2>"$work/err"
	check "$what: the next start runs ($(head -c 200 "$work/err"))" \
	    test $? -eq 0
	leftover "$what: the next start removed the scratch dir ($(ls -A "$dir" | tr '\n' ' '))" \
	    test -z "$(ls -A "$dir")"
}

# every_moment MODE: RUNS signals, then KILLS SIGKILLs, in MODE (batch or
# tui). The runs are numbered across modes, so each has its own --dir.
every_moment() {
	r=0
	while [ $r -lt "$RUNS" ]; do
		$1 $r "$(signal $r)"
		r=$((r + 1))
	done
	k=0
	while [ $k -lt "$KILLS" ]; do
		killed "$1" $((RUNS + k))
		k=$((k + 1))
	done
}
every_moment batch
if command -v tmux >/dev/null 2>&1; then
	every_moment tui
else
	echo "signals: note: tmux not found; the live screen is not tried"
fi

echo "signals: SEED=$SEED, $sent signals sent, $runs runs, $found_left leftovers found"
finish signals
