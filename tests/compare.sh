#!/bin/sh
# compare.sh: --compare as an operator runs it. Two profiles --save
# writes (their options recorded; named as --save named them): a fleet of
# two, which claims no outlier. Then planted fleets of five in a
# directory: one machine's system calls 2x slower is one kind line and
# exit 5, its rows not marked one by one; one test 1.6x slower on one
# machine is that cell and exit 3; in text, JSON, CSV and the HTML page.
set -u

# shellcheck source=testlib.sh
. "$(dirname "$0")/testlib.sh"
test_begin cmp
needs "$PYTHON"
here=$(cd "$(dirname "$0")" && pwd)
export XDG_DATA_HOME=$work/xdg

for name in one two; do
	"$BENCHTOP" --batch -t 0.05 --only lmbench.null_call,byte.arith_int \
	    --save "$name" >/dev/null 2>&1
done
check "--save records its options" grep -q "	run.mem_mib	64$" \
    "$XDG_DATA_HOME/benchtop/one.tsv"
"$BENCHTOP" --compare one two >"$work/two.out" 2>&1
check "two profiles by name: exit 0 ($?)" test $? -eq 0
check "two: says what cannot be told" grep -q "not which one is off" \
    "$work/two.out"

# plant DIR SLOW_HOST SLOW_TESTS FACTOR: five profiles in DIR, srv1..srv5,
# the tests SLOW_TESTS (ids, comma-separated) FACTOR times slower on
# SLOW_HOST.
plant() {
	"$PYTHON" - "$@" <<'EOF'
import os, sys
d, slow_host, slow, factor = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
tests = [("lmbench.null_call", "us"), ("lmbench.null_io", "us"),
         ("lmbench.stat", "us"), ("byte.syscall", "lps"),
         ("byte.arith_int", "lps"), ("byte.hanoi", "lps"),
         ("byte.dhry2reg", "lps"), ("lmbench.bw_mem_read", "MB/s"),
         ("lmbench.bw_mem_write", "MB/s"), ("lmbench.bw_bcopy_libc", "MB/s")]
os.makedirs(d)
for m in range(1, 6):
    host = "srv%d" % m
    with open(os.path.join(d, host + ".tsv"), "w") as f:
        f.write("id\tlabel\tvendor\tclass\tmhz\tcpus\tkernel\thost\tsource\t"
                "date\tversion\tplacement\n")
        f.write("%s\tCPU\t-\tzen\t3000\t2\tLinux 6.1\t%s\tbenchtop\t"
                "2026-01-01T00:00:00Z\t0.1.0\tper-test\n" % (host, host))
        f.write("machine\ttest\tstat\tvalue\tunit\tsource\tversion\n")
        for i, (t, unit) in enumerate(tests):
            x = (1 + 0.01 * ((m + 2 * i) % 5 - 2))
            if host == slow_host and t in slow.split(","):
                x *= factor
            v = 1000 * x if unit == "us" else 1000 / x
            f.write("%s\t%s\tresult\t%g\t%s\tbenchtop single median\t1\n"
                    % (host, t, v, unit))
            for k in (-2, -1, 0, 1, 2):
                f.write("%s\t%s\tslice\t%g\t%s\tbenchtop single slice "
                        "median\t1\n" % (host, t, v * (1 + 0.004 * k), unit))
        f.write("machine_context\tkey\tvalue\n%s\trun.mem_mib\t64\n" % host)
EOF
}

# Every system call test of the fleet 2x slower on srv4.
plant "$work/fleet" none "" 1
plant "$work/kind" srv4 \
    lmbench.null_call,lmbench.null_io,lmbench.stat,byte.syscall 2
"$BENCHTOP" --compare "$work/fleet" >"$work/fleet.out" 2>&1
check "a quiet fleet: exit 0 ($?)" test $? -eq 0
check "a quiet fleet: no outlier" grep -q "^  none$" "$work/fleet.out"
"$BENCHTOP" --compare "$work/kind" >"$work/kind.out" 2>&1
check "a kind off: exit 5 ($?)" test $? -eq 5
check "a kind off: said once" test "$(grep -c \
    'srv4: system calls [12]\.[09].x slower than the fleet' "$work/kind.out")" \
    -eq 1
"$BENCHTOP" --compare "$work/kind" --json >"$work/kind.json" 2>/dev/null
check "JSON: one kind, its rows with it, none marked" "$PYTHON" -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["status"] == 5 and d["can_tell"], d["status"]
assert [(k["machine"], k["kind"]) for k in d["kinds"]] == [("srv4", "syscall")]
marks = [c["mark"] for t in d["tests"] for c in t["cells"] if c["machine"] == "srv4"]
assert marks.count("with_kind") == 4 and "slower" not in marks, marks
assert [m["host"] for m in d["machines"]] == ["srv%d" % i for i in range(1, 6)]
' "$work/kind.json"
"$BENCHTOP" --compare "$work/kind" --csv >"$work/kind.csv" 2>/dev/null
check "CSV: a line per cell" test "$(wc -l <"$work/kind.csv")" -eq 51

# One test 1.6x slower on srv2: that cell, exit 3; the page.
plant "$work/cell" srv2 "lmbench.bw_mem_read" 1.6
"$BENCHTOP" --compare "$work/cell" --html "$work/cell.html" \
    >"$work/cell.out" 2>&1
check "one cell off: exit 3 ($?)" test $? -eq 3
check "one cell off: that cell" grep -q \
    "^  srv2: lmbench.bw_mem_read 1\.[56].x slower than the fleet" \
    "$work/cell.out"
check "the page is self-contained" "$PYTHON" "$here/html-check.py" \
    "$work/cell.html"
check "the page: one red dot" test "$(grep -o \
    'data-machine="srv2" data-mark="slower"' "$work/cell.html" | wc -l)" -eq 1
finish compare
