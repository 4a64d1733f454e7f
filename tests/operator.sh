#!/bin/sh
# operator.sh: what an operator scripts: --save then --ref and --check
# round trips, OpenMetrics that promtool accepts, JSON Lines that parse,
# the --watch loop, and the reference overlay in the JSON report.
set -u

# shellcheck source=testlib.sh
. "$(dirname "$0")/testlib.sh"
test_begin op
needs "$PYTHON"
export XDG_DATA_HOME=$work/xdg
quick="lmbench.null_call,lmbench.stat,bsd.write"

# --save writes a profile; --ref NAME and --check NAME read it back.
"$BENCHTOP" --batch -t 0.2 --only "$quick" --save here >/dev/null 2>&1
check "--save exits 0" test $? -eq 0
check "profile written" test -s "$XDG_DATA_HOME/benchtop/here.tsv"
check "no temp file left" sh -c \
    "! ls -a '$XDG_DATA_HOME/benchtop' | grep -q '^\\.here'"
"$BENCHTOP" --batch -t 0.2 --only "$quick" --ref here --json \
    >"$work/ref.json" 2>/dev/null
check "--ref here: ratios in the JSON" "$PYTHON" -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["reference"]["id"] == "here", d["reference"]
for t in d["tests"]:
    assert t["ref_value"] > 0 and 0.05 < t["ref_ratio"] < 20, t
' "$work/ref.json"
"$BENCHTOP" --check here -t 0.2 --tolerance 1000 >"$work/check.out" 2>&1
check "--check here --tolerance 1000 exits 0 ($?)" test $? -eq 0
check "--check prints a verdict per test" test \
    "$(grep -c ' \(ok\(, weak\)\?\|not judged: other load took its CPU\)$' \
        "$work/check.out")" -eq 3
check "--check prints the machine's line" grep -q '^Machine: ' \
    "$work/check.out"
check "the profile holds 5 slices a test" test \
    "$(grep -c '	slice	' "$XDG_DATA_HOME/benchtop/here.tsv")" -eq 15
# A profile claiming one test was 100x faster (its median and slices):
# that test is slower beyond the machine, exit 3.
sed '/lmbench.null_call/s/\t\(result\|slice\)\t[0-9.e+-]*\t/\t\1\t0.0001\t/' \
    "$XDG_DATA_HOME/benchtop/here.tsv" >"$work/fast.tsv"
# (As the profile was measured, -t 0.2; a tolerance that leaves this
# loaded host's own run-to-run moves of a test out of the verdict.)
"$BENCHTOP" --check "$work/fast.tsv" -t 0.2 --tolerance 50 \
    >"$work/slow.out" 2>&1
check "--check against a profile with one much faster test exits 3 ($?)" \
    test $? -eq 3
check "--check names the slower test" \
    grep -q "^lmbench.null_call .*x slower .*slower\(, weak\)\?$" \
    "$work/slow.out"
# Every test 100x faster: the machine's shift, no test's, exit 4. (A
# tolerance of 3x: with three tests alone, run beside the rest of the
# suite, one of them can move 2x against the other two; the machine's
# 100x is still far beyond it.)
awk -F '\t' -v OFS='\t' '$3 == "result" || $3 == "slice" {
	$4 = $5 == "us" ? $4 / 100 : $4 * 100 } { print }' \
    "$XDG_DATA_HOME/benchtop/here.tsv" >"$work/fast.tsv"
"$BENCHTOP" --check "$work/fast.tsv" -t 0.2 --tolerance 200 \
    >"$work/slow.out" 2>&1
rc=$?
check "--check against an all much faster profile exits 4 ($rc: $(grep \
    -E '^(Machine|Busy):| slower(, weak)?$' "$work/slow.out" | tr '\n' ';'))" \
    test $rc -eq 4
check "... the machine's line says so" \
    grep -q "^Machine: this machine runs [0-9.e+]*x slower" "$work/slow.out"
check "... no test judged" test \
    "$(grep -c ' slower\(, weak\)\?$' "$work/slow.out")" -eq 0
# An old profile (one figure a test) still checks, with a warning.
grep -v '	\(slice\|noisy\)	' "$XDG_DATA_HOME/benchtop/here.tsv" \
    >"$work/old.tsv"
"$BENCHTOP" --check "$work/old.tsv" -t 0.2 --tolerance 1000 \
    >"$work/old.out" 2>&1
check "an old profile checks ($?)" test $? -eq 0
check "... with a warning" grep -q "holds one figure per test" \
    "$work/old.out"
"$BENCHTOP" --check nosuchprofile >/dev/null 2>"$work/err"
check "--check unknown profile exits 2 ($?)" test $? -eq 2
check "... naming it" grep -q "nosuchprofile" "$work/err"

# Reference machines from the shipped data: the default comparison.
"$BENCHTOP" --batch -t 0.1 --only lmbench.null_call --json \
    --ref doug-750-2.4.19 >"$work/doug.json" 2>/dev/null
check "--ref doug: lmbench.null_call compared" "$PYTHON" -c '
import json, sys
t = json.load(open(sys.argv[1]))["tests"][0]
assert t["ref_value"] == 0.37 and t["ref_ratio"] > 0, t
' "$work/doug.json"

# Bad reference data: file:line, exit 1, never a crash.
top=${top_srcdir:-..}
for bad in torn letter unknown; do
	mkdir -p "$work/data-$bad"
	cp "$top"/data/*.tsv "$work/data-$bad/"
	case $bad in
	torn) printf 'p3-850m\tlmbench.null_call\tresult\n' ;;
	letter) printf 'p3-850m\tlmbench.null_call\tresult\t0.3x\tus\tseed\n' ;;
	unknown) printf 'p3-850m\tlmbench.nosuch\tresult\t1\tus\tseed\n' ;;
	esac >>"$work/data-$bad/results.tsv"
	"$BENCHTOP" --batch -t 0.05 --only lmbench.null_call \
	    --data "$work/data-$bad" >/dev/null 2>"$work/bad.err"
	check "bad data ($bad): exit 1 ($?)" test $? -eq 1
	check "bad data ($bad): file:line message" grep -q \
	    "data-$bad/results.tsv:[0-9]*: " "$work/bad.err"
done

# OpenMetrics: promtool must accept it (when promtool is installed).
"$BENCHTOP" --batch -t 0.1 --only "$quick" --openmetrics >"$work/om" 2>&1
check "--openmetrics has the metric names" grep -q \
    '^benchtop_op_seconds{test="lmbench.null_call"} ' "$work/om"
check "--openmetrics: group and placement on the info metric" grep -q \
    '^benchtop_test_info{test="lmbench.null_call",group="syscall",unit="us",placement="single"} 1$' \
    "$work/om"
if command -v promtool >/dev/null 2>&1; then
	check "promtool check metrics" sh -c "promtool check metrics <'$work/om'"
else
	echo "note: promtool not installed, its check skipped"
fi

# JSON Lines: every line a record with the promised fields.
"$BENCHTOP" --batch -t 0.1 --only "$quick" --jsonl >"$work/jl" 2>/dev/null
check "--jsonl records" "$PYTHON" -c '
import json, sys
lines = open(sys.argv[1]).read().splitlines()
assert len(lines) == 3, lines
for l in lines:
    r = json.loads(l)
    for k in ("schema", "ts", "host", "test", "version", "value", "unit",
              "ns", "cycles", "placement"):
        assert k in r, (k, r)
' "$work/jl"

# --watch: a headless loop that exports until TERM.
"$BENCHTOP" --watch 0.5 --jsonl --only lmbench.null_call --slice-ms 200 \
    --openmetrics-file "$work/live.prom" --log "$work/watch.csv" \
    >"$work/watch.jl" 2>&1 &
pid=$!
# until the test's and the self record are out and the file has the
# self row's gauge (up to 5 s), then TERM
watched() {
	grep -q '"lmbench.null_call"' "$work/watch.jl" &&
	    grep -q '"benchtop.self"' "$work/watch.jl" &&
	    grep -q '^benchtop_scheduler_overhead_ratio [0-9]' \
	        "$work/live.prom" 2>/dev/null
}
wait_until 5 watched
stop_expect $pid 0 "--watch stops on TERM with 0"
check "--watch wrote JSON Lines" test "$(wc -l <"$work/watch.jl")" -ge 2
check "--watch: the self record" "$PYTHON" -c '
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
self = [r for r in recs if r["test"] == "benchtop.self"]
assert self, recs
for r in self:
    assert r["unit"] == "%" and 0 <= r["value"] < 100, r
    assert r["ns"] > 0 and r["samples"] > 0 and r["workers"] == 1, r
    assert 0 < r["sched_s"] <= r["worker_s"], r
for r in recs:
    for k in ("schema", "ts", "host", "test", "version", "status", "value",
              "unit", "ns", "cycles", "samples", "placement"):
        assert k in r, (k, r)
' "$work/watch.jl"
check "--watch --log: every exported sample logged, the rest at TERM" \
    "$PYTHON" -c '
import csv, json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
exported = sum(r["samples"] for r in recs if r["test"] == "lmbench.null_call")
rows = list(csv.DictReader(open(sys.argv[2])))
assert exported > 0 and len(rows) >= exported, (exported, len(rows))
assert all(r["test"] == "lmbench.null_call" and float(r["ns_per_op"]) > 0
           for r in rows), rows[:3]
' "$work/watch.jl" "$work/watch.csv"
check "--watch rewrote the OpenMetrics file" grep -q \
    '^benchtop_op_seconds{test="lmbench.null_call"' "$work/live.prom"
check "... with the self row's gauge" grep -q \
    '^benchtop_scheduler_overhead_ratio [0-9]' "$work/live.prom"
if command -v promtool >/dev/null 2>&1; then
	check "promtool accepts the live file" sh -c \
	    "promtool check metrics <'$work/live.prom'"
fi
check "no temp file beside it" sh -c "! ls '$work' | grep -q 'live.prom.'"

# --quick: a quick profile, and a quick check against it (no times
# asserted: what it ran, how it stopped, what it said).
"$BENCHTOP" --save qk --quick --only "$quick" >/dev/null 2>"$work/qsave.err"
check "--save --quick exits 0 ($?)" test $? -eq 0
check "... says what it saved and how long it took" grep -q \
    "quick profile 'qk' saved: 3 tests, 15 slices each, in [0-9.]* s" \
    "$work/qsave.err"
check "... a quick profile" grep -q "	benchtop --quick	" \
    "$XDG_DATA_HOME/benchtop/qk.tsv"
check "... of 15 slices a test" test \
    "$(grep -c '	slice	' "$XDG_DATA_HOME/benchtop/qk.tsv")" -eq 45
"$BENCHTOP" --check qk --quick --tolerance 1000 >"$work/qcheck.out" 2>&1
check "--check --quick, nothing changed, exits 0 ($?)" test $? -eq 0
check "... says how long it took" grep -q \
    "^Quick: 3 tests in [0-9.]* s (budget 14 s)" "$work/qcheck.out"
# ok, or (make check runs two scripts at once) not judged for the load
# on its CPU.
check "... each test ok, stopped after 3 to 12 slices" test \
    "$(grep -c ' \(ok\(, weak\)\?\|not judged: other load took its CPU\) (\([3-9]\|1[0-2]\) slices)$' \
        "$work/qcheck.out")" -eq 3
"$BENCHTOP" --check qk --quick --tolerance 1000 --json \
    >"$work/qcheck.json" 2>/dev/null
check "--check --quick --json: its time and each test's slices" \
    "$PYTHON" -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["quick"]["seconds"] > 0 and d["quick"]["budget_s"] == 14, d
assert len(d["tests"]) == 3, d["tests"]
for t in d["tests"]:
    assert 3 <= t["slices"] <= 12 and t["profile_slices"] == 15, t
' "$work/qcheck.json"
# One test 100x faster in the profile: slower, stopped at the first look.
sed '/lmbench.null_call/s/\t\(result\|slice\)\t[0-9.e+-]*\t/\t\1\t0.0001\t/' \
    "$XDG_DATA_HOME/benchtop/qk.tsv" >"$work/qfast.tsv"
"$BENCHTOP" --check "$work/qfast.tsv" --quick --tolerance 50 \
    >"$work/qslow.out" 2>&1
check "--check --quick, one test much slower, exits 3 ($?)" test $? -eq 3
check "... names it, stopped at the first look" grep -q \
    "^lmbench.null_call .*x slower .* slower\(, weak\)\? (3 slices)$" \
    "$work/qslow.out"
# A full check of a quick profile, a quick check of a full one: said.
"$BENCHTOP" --check qk >/dev/null 2>"$work/err"
check "--check of a quick profile exits 2 ($?)" test $? -eq 2
check "... saying to add --quick" grep -q "is a quick profile.*--quick" \
    "$work/err"
"$BENCHTOP" --check here --quick >/dev/null 2>"$work/err"
check "--check --quick of a full profile exits 2 ($?)" test $? -eq 2
check "... saying so" grep -q "is not a quick profile" "$work/err"
for bad in "--quick" "--quick --batch" "--save x --quick -t 1" \
    "--check qk --quick --placement same" "--check qk --quick --html x"; do
	# shellcheck disable=SC2086 # the words of each case
	"$BENCHTOP" $bad >/dev/null 2>"$work/err"
	check "$bad: exit 2 ($?)" test $? -eq 2
	check "... one line naming --quick" sh -c \
	    "test \$(wc -l <'$work/err') -eq 1 && grep -q -- --quick '$work/err'"
done

finish operator
