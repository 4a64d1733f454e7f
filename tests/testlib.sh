# shellcheck shell=sh
# testlib.sh: the prologue and the counting every scripted test shares.
# Sourced first, then the prologue:
#
#   set -u
#   . "$(dirname "$0")/testlib.sh"        (from tests/stress: ../testlib.sh)
#   test_begin NAME
#
#   test_begin NAME               BENCHTOP and PYTHON (defaults: the build
#                                 tree's, python3), $here (the script's
#                                 folder), $work (a scratch directory,
#                                 bt-NAME.XXXXXX), XDG_CONFIG_HOME in it
#                                 (a screen that quits writes its
#                                 settings there, never in the user's);
#                                 at exit, or INT/TERM/HUP (exit 130),
#                                 the at_exit commands run and $work goes
#   at_exit COMMAND               run COMMAND at exit, before $work goes
#                                 (in the order given)
#   needs TOOL...                 skip (77) unless every TOOL is here
#   check DESCRIPTION COMMAND...  run COMMAND; count a pass, or print
#                                 "FAIL: DESCRIPTION" and count a failure
#   ok, fail MESSAGE...           count by hand
#   wait_until SECONDS CMD...     run CMD every $wait_poll s (0.1 unless
#                                 the script sets it) until it succeeds;
#                                 after SECONDS (5, 0.5) without, say so
#                                 on stderr, naming CMD, and return 1
#   wait_file FILE                poll up to 5 s until FILE is not empty
#   alive PID                     PID exists and is not a zombie
#   leftovers DIR                 print the live processes whose command
#                                 line or environment names DIR: what a
#                                 run with --dir DIR could leave behind,
#                                 whoever their parent is by now
#   use_tmux PREFIX               a private tmux server: T ARGS... runs
#                                 tmux on socket $work/tmux-PREFIX;
#                                 screen captures its pane into
#                                 $work/screen, has PATTERN greps it,
#                                 wait_for PATTERN SECONDS polls it
#                                 (wait_until) until it shows PATTERN
#                                 ($sock); at exit its server is killed
#   stop_pid PID                  kill and reap PID (nothing when empty)
#   stop_expect PID STATUS [WHAT] TERM and reap PID; count a pass if it
#                                 exits with STATUS, else a failure that
#                                 says WHAT (default: PID and its name)
#                                 and the status it had
#   benchtop_procs DIR            benchtop, its partners and benchtop-proc
#                                 (by name) whose command line names DIR:
#                                 not the shell or tmux that started them
#   timewait                      sockets in TIME_WAIT here, a number
#   status ID FILE                "STATUS REASON" of test ID in a JSON
#                                 report ($PYTHON reads it)
#   finish NAME                   print "NAME: N passed, M failed" and
#                                 return 0 only when nothing failed (the
#                                 script's last command: its exit status)

passed=0
failed=0
exit_hooks=

test_begin() {
	BENCHTOP=${BENCHTOP:-./src/benchtop}
	PYTHON=${PYTHON:-python3}
	# shellcheck disable=SC2034 # for the scripts
	here=$(cd "$(dirname "$0")" && pwd)
	work=$(mktemp -d "${TMPDIR:-/tmp}/bt-$1.XXXXXX") || exit 99
	XDG_CONFIG_HOME=$work/config
	export XDG_CONFIG_HOME
	trap test_end EXIT
	trap 'exit 130' INT TERM HUP
}

at_exit() {
	exit_hooks="${exit_hooks}$*
"
}

# The EXIT trap: the script's exit status stays what it was.
test_end() {
	eval "$exit_hooks"
	rm -rf "$work"
}

needs() {
	for tool; do
		if ! command -v "$tool" >/dev/null 2>&1; then
			echo "SKIP: $tool not found"
			exit 77
		fi
	done
}

ok() {
	passed=$((passed + 1))
}

fail() {
	failed=$((failed + 1))
	echo "FAIL: $*"
}

check() {
	desc=$1
	shift
	if "$@"; then ok; else fail "$desc"; fi
}

# The clock of wait_until: hundredths of a second since boot, in
# $uptime_cs, read by the shell itself (no process a poll). A deadline
# on it, not a count of polls, holds whatever time CMD takes.
uptime_now() {
	read -r uptime_s _ </proc/uptime
	uptime_cs=$((${uptime_s%.*} * 100 + 1${uptime_s#*.} - 100))
}

# hundredths SECONDS: SECONDS (5, 0.5, 1.25) in hundredths, in $cs.
hundredths() {
	case $1 in
	*.*) cs_int=${1%%.*} cs_frac=${1#*.}00 ;;
	*) cs_int=$1 cs_frac=00 ;;
	esac
	cs_frac=${cs_frac%"${cs_frac#??}"}
	cs=$((${cs_int:-0} * 100 + 1$cs_frac - 100))
}

wait_until() {
	hundredths "$1"
	wait_s=$1
	shift
	uptime_now
	wait_end=$((uptime_cs + cs))
	until "$@"; do
		uptime_now
		if [ "$uptime_cs" -ge "$wait_end" ]; then
			echo "wait_until: '$*' did not succeed within $wait_s s" >&2
			return 1
		fi
		sleep "${wait_poll:-0.1}"
	done
}

wait_file() {
	wait_until 5 test -s "$1"
}

alive() {
	st=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -c1)
	[ -n "$st" ] && [ "$st" != Z ] && [ "$st" != X ]
}

# benchtop and its forked partners carry --dir DIR on their command line;
# exec'd children carry it in TMPDIR; benchtop-proc and its children work
# in it. The pattern is read from a file so that grep's own command line
# does not match. A child whose parent died is reparented: looking only
# at benchtop's children would miss it. (One grep and one find over
# /proc: a loop of four programs a process took a second a call.)
leftovers() {
	printf '%s\n' "$1" >"${work:?}/.leftover-pattern"
	{
		grep -l -F -f "$work/.leftover-pattern" /proc/[0-9]*/cmdline \
		    /proc/[0-9]*/environ
		find /proc/[0-9]*/cwd -maxdepth 0 -lname "*$1*"
	} 2>/dev/null | cut -d/ -f3 | sort -u |
	    while read -r p; do
		alive "$p" && echo "$p"
	    done
	return 0
}

benchtop_procs() {
	for p in $(pgrep -x benchtop; pgrep -x bt-partner;
	    pgrep -x benchtop-proc); do
		tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null |
		    grep -q -F "$1" && echo "$p"
	done
	return 0
}

use_tmux() {
	sock=$work/tmux-$1
	# shellcheck disable=SC2317 # T is called by the script
	T() { tmux -S "$sock" -f /dev/null "$@"; }
	at_exit 'T kill-server 2>/dev/null'
}
screen() { T capture-pane -p >"$work/screen"; }
has() { grep -q -- "$1" "$work/screen"; }
# (before the pane is up, capture-pane has nothing to say but that)
screen_has() { screen 2>/dev/null && has "$1"; }
wait_for() { wait_until "$2" screen_has "$1"; }

stop_pid() {
	[ -n "$1" ] || return 0
	kill "$1" 2>/dev/null
	wait "$1" 2>/dev/null
}

stop_expect() {
	stop_what=${3:-"pid $1 ($(cat "/proc/$1/comm" 2>/dev/null))"}
	kill -TERM "$1" 2>/dev/null
	wait "$1"
	stop_rc=$?
	if [ "$stop_rc" -eq "$2" ]; then
		ok
	else
		fail "$stop_what: exit status $stop_rc on TERM, not $2"
		return 1
	fi
}

status() {
	"${PYTHON:-python3}" -c '
import json, sys
for t in json.load(open(sys.argv[2]))["tests"]:
    if t["id"] == sys.argv[1]:
        print(t["status"], t["reason"] or "")
' "$1" "$2"
}

finish() {
	echo "$1: $passed passed, $failed failed"
	test "$failed" -eq 0
}

# timewait: TCP sockets in TIME_WAIT (state 06) in this network namespace
timewait() {
	cat /proc/net/tcp /proc/net/tcp6 2>/dev/null | awk '$4 == "06"' | wc -l
}
