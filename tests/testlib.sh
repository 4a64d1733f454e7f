# shellcheck shell=sh
# testlib.sh: the counting every scripted test shares. Sourced, once the
# script has made its scratch directory and set its traps:
#
#   . "$(dirname "$0")/testlib.sh"        (from tests/stress: ../testlib.sh)
#
#   check DESCRIPTION COMMAND...  run COMMAND; count a pass, or print
#                                 "FAIL: DESCRIPTION" and count a failure
#   ok, fail MESSAGE...           count by hand
#   wait_file FILE                poll up to 5 s until FILE is not empty
#   timewait                      sockets in TIME_WAIT here, a number
#   status ID FILE                "STATUS REASON" of test ID in a JSON
#                                 report ($PYTHON reads it)
#   finish NAME                   print "NAME: N passed, M failed" and
#                                 return 0 only when nothing failed (the
#                                 script's last command: its exit status)

passed=0
failed=0

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

wait_file() {
	i=0
	while [ ! -s "$1" ] && [ $i -lt 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
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
