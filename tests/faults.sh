#!/bin/sh
# faults.sh: faults in the middle of tests. A killed partner turns its
# test FAILED with a reason and the others go on; too few processes or
# descriptors, or a missing program, give reasons, not crashes.
set -u

BENCHTOP=${BENCHTOP:-./src/benchtop}
PYTHON=${PYTHON:-python3}
work=$(mktemp -d "${TMPDIR:-/tmp}/bt-fault.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT INT TERM HUP
passed=0
failed=0
check() { # check DESCRIPTION COMMAND...
	desc=$1; shift
	if "$@"; then passed=$((passed + 1)); else
		failed=$((failed + 1)); echo "FAIL: $desc"; fi
}
# status ID FILE: the status and reason of test ID in a JSON report
status() {
	"$PYTHON" -c '
import json, sys
for t in json.load(open(sys.argv[2]))["tests"]:
    if t["id"] == sys.argv[1]:
        print(t["status"], t["reason"] or "")
' "$1" "$2"
}

# SIGKILL of a partner mid-test: that test FAILED, naming the signal; the
# test after it still runs.
"$BENCHTOP" --batch -t 3 --only 'ctxbench.pipes,lmbench.null_call' --json \
    >"$work/kill.json" 2>/dev/null &
pid=$!
i=0
partner=
while [ -z "$partner" ] && [ $i -lt 100 ]; do
	sleep 0.1
	partner=$(pgrep -P $pid -x bt-partner | head -n 1)
	i=$((i + 1))
done
sleep 0.3
[ -n "$partner" ] && kill -KILL "$partner"
wait $pid
check "a killed partner: exit 1 (a test failed) ($?)" test $? -eq 1
st=$(status ctxbench.pipes "$work/kill.json")
check "a killed partner: FAILED with the signal ($st)" sh -c \
    "echo '$st' | grep -q '^failed .*signal 9'"
check "the next test still ran" sh -c \
    "test \"\$(echo '$(status lmbench.null_call "$work/kill.json")' | cut -d' ' -f1)\" = ok"

# RLIMIT_NOFILE too low for select on 100 sockets: unsupported, a reason.
(ulimit -n 64 && "$BENCHTOP" --batch -t 0.1 --only lmbench.select_tcp \
    --json >"$work/nofile.json" 2>/dev/null)
st=$(status lmbench.select_tcp "$work/nofile.json")
check "RLIMIT_NOFILE 64: select_tcp unsupported ($st)" sh -c \
    "echo '$st' | grep -q '^unsupported .*[0-9]'"

# RLIMIT_NPROC too low to fork (not as root: root ignores it).
if [ "$(id -u)" != 0 ]; then
	(ulimit -u 1 && "$BENCHTOP" --batch -t 0.1 --only lmbench.fork \
	    --json >"$work/nproc.json" 2>/dev/null)
	st=$(status lmbench.fork "$work/nproc.json")
	check "RLIMIT_NPROC 1: fork fails with a reason ($st)" sh -c \
	    "echo '$st' | grep -q '^failed fork'"
fi

# Programs missing from PATH: cc and dc unsupported, with a reason.
mkdir "$work/bin"
PATH=$work/bin "$BENCHTOP" --batch -t 0.1 --only 'byte.cc,byte.dc' --json \
    >"$work/path.json" 2>/dev/null
st=$(status byte.cc "$work/path.json")
check "no cc in PATH: unsupported ($st)" sh -c \
    "echo '$st' | grep -q '^unsupported .*cc'"
check "no dc in PATH: unsupported" sh -c \
    "$PYTHON -c 'import json,sys; t=[x for x in json.load(open(sys.argv[1]))[\"tests\"] if x[\"id\"]==\"byte.dc\"][0]; sys.exit(t[\"status\"]!=\"unsupported\" or \"dc\" not in t[\"reason\"])' '$work/path.json'"

# One CPU only: the two-CPU test says so, the others run.
taskset -c 0 "$BENCHTOP" --batch -t 0.1 \
    --only 'bsd.lock_pingpong,ctxbench.pipes' --json >"$work/one.json" \
    2>/dev/null
check "one CPU: lock_pingpong unsupported, naming the CPUs" sh -c \
    "$PYTHON -c 'import json,sys; t={x[\"id\"]: x for x in json.load(open(sys.argv[1]))[\"tests\"]}; p=t[\"bsd.lock_pingpong\"]; c=t[\"ctxbench.pipes\"]; sys.exit(not (p[\"status\"]==\"unsupported\" and \"CPU\" in p[\"reason\"] and c[\"status\"]==\"ok\" and c[\"placement\"]==\"same\"))' '$work/one.json'"

echo "faults: $passed passed, $failed failed"
test $failed -eq 0
