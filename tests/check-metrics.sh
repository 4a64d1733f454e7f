#!/bin/sh
# check-metrics.sh: a check's verdicts as metrics. `--check PROFILE
# --openmetrics` against a profile planted with one test 100x faster:
# exit 3, the run's families and the check's (check-metrics.py: names,
# label sets, one verdict a test, the status as the exit status), and
# promtool accepts them with no warning; then the live check, `--watch
# --listen --check` and `--openmetrics-file`, reaching the same verdict
# from the monitor's slices, both /metrics formats accepted; bad
# combinations refused with exit 2 before anything runs.
set -u

# shellcheck source=testlib.sh
. "$(dirname "$0")/testlib.sh"
test_begin chkm
needs "$PYTHON"
export XDG_DATA_HOME=$work/xdg
# Three CPU-bound loops beside the system calls: the machine's shift is
# theirs, so a loaded machine that slows the system calls (make check
# runs two scripts at once) cannot take the planted row's change with it.
quick="lmbench.null_call,lmbench.stat,bsd.write,byte.arith_register,\
byte.arith_short,byte.hanoi"
pid=
# shellcheck disable=SC2016 # expanded at exit
at_exit 'stop_pid "$pid"'

# lint FILE WHAT: promtool check metrics, no warning (where installed).
lint() {
	if ! command -v promtool >/dev/null 2>&1; then
		echo "note: promtool not installed, its check of $2 skipped"
		return
	fi
	promtool check metrics <"$1" >"$work/lint" 2>&1
	check "promtool, $2, no warning: $(tr '\n' ';' <"$work/lint")" sh -c \
	    "promtool check metrics <'$1' && ! test -s '$work/lint'"
}

"$BENCHTOP" --batch -t 0.2 --only "$quick" --save here >/dev/null 2>&1
check "--save exits 0 ($?)" test $? -eq 0
# The profile says null_call was 100x faster: slower beyond the machine.
sed '/lmbench.null_call/s/\t\(result\|slice\)\t[0-9.e+-]*\t/\t\1\t0.0001\t/' \
    "$XDG_DATA_HOME/benchtop/here.tsv" >"$work/fast.tsv"
"$BENCHTOP" --check "$work/fast.tsv" -t 0.2 --tolerance 50 --openmetrics \
    >"$work/batch.prom" 2>"$work/batch.err"
rc=$?
check "--check --openmetrics exits 3 ($rc)" test $rc -eq 3
check "batch: $(tr '\n' ';' <"$work/batch.prom" | cut -c1-200)" \
    "$PYTHON" "$here/check-metrics.py" "$work/batch.prom" 3 run
lint "$work/batch.prom" "the batch check"

# The live check: the profile's tests, judged on the monitor's slices.
port=$("$PYTHON" -c 'import socket; s = socket.socket(); '\
's.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$BENCHTOP" --watch 1 -j 1 --slice-ms 200 --check "$work/fast.tsv" \
    --tolerance 50 --listen "127.0.0.1:$port" \
    --openmetrics-file "$work/live.prom" >/dev/null 2>"$work/live.err" &
pid=$!
# scrape FILE [ACCEPT]: the /metrics body, or nothing.
scrape() {
	"$PYTHON" -c "import urllib.request, sys; sys.stdout.buffer.write(\
urllib.request.urlopen(urllib.request.Request(\
'http://127.0.0.1:$port/metrics', headers={'Accept': sys.argv[1]}),\
 timeout=5).read())" "${2:-text/plain}" >"$1" 2>/dev/null
}
# judged: null_call's 5 slices are in, its verdict given
judged() {
	if grep -q 'without libmicrohttpd' "$work/live.err"; then
		echo "SKIP: built without libmicrohttpd"
		exit 77
	fi
	scrape "$work/text" && grep -q \
	    '^benchtop_check_verdict{test="lmbench.null_call",kind="syscall",verdict="slower"} 1$' \
	    "$work/text"
}
check "live: null_call judged slower on its slices" wait_until 60 judged
scrape "$work/om" "application/openmetrics-text;version=1.0.0"
check "live text: $(tr '\n' ';' <"$work/text" | cut -c1-200)" \
    "$PYTHON" "$here/check-metrics.py" "$work/text" 3 live
check "live OpenMetrics: $(tail -c 200 "$work/om" | tr '\n' ';')" \
    "$PYTHON" "$here/check-metrics.py" "$work/om" 3 live
lint "$work/text" "/metrics in the text format"
lint "$work/om" "/metrics in OpenMetrics"
wait_until 5 grep -qs '^benchtop_check_verdict' "$work/live.prom"
check "--openmetrics-file holds the check's families" grep -q \
    '^benchtop_check_status ' "$work/live.prom"
stop_expect "$pid" 0 "the live check"
pid=

# Bad combinations: one line, exit 2, before anything runs.
"$BENCHTOP" --watch 1 --check "$work/fast.tsv" >/dev/null 2>"$work/err"
check "--watch --check without an output exits 2 ($?)" test $? -eq 2
check "... saying what it needs" grep -q -- '--listen or --openmetrics-file' \
    "$work/err"
"$BENCHTOP" --watch 1 --check nosuchprofile --listen "127.0.0.1:$port" \
    >/dev/null 2>"$work/err"
check "--watch --check of no profile exits 2 ($?)" test $? -eq 2
check "... naming --check and it: $(cat "$work/err")" grep -q \
    -- '^benchtop: --check: .*nosuchprofile' "$work/err"
"$BENCHTOP" --watch 1 --check k8 --listen "127.0.0.1:$port" \
    >/dev/null 2>"$work/err"
check "--watch --check of a class exits 2 ($?)" test $? -eq 2
finish check-metrics.sh
