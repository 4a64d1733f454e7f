#!/bin/sh
# html.sh: --html FILE from every kind of run: self-contained pages, a
# chart per group and a row per test that agree with the JSON of the same
# run, the seed's BYTE index digit for digit, atomic writes, bad paths,
# and key H of the live screen (in a private tmux server).
set -u

# shellcheck source=testlib.sh
. "$(dirname "$0")/testlib.sh"
test_begin html
needs "$PYTHON"
use_tmux bthtml
page() { "$PYTHON" "$here/html-check.py" "$@"; }
# Three groups, one test of them unsupported nowhere: syscall, ipc, cpu.
quick="lmbench.null_call,lmbench.stat,lmbench.lat_pipe,byte.dhry2"

# A batch page beside the JSON report of the same run.
"$BENCHTOP" --batch -t 0.1 --only "$quick" --json --html "$work/b.html" \
    >"$work/b.json" 2>/dev/null
check "--batch --json --html exits 0" test $? -eq 0
check "batch page: a chart per group, a row per test, JSON's medians" \
    page "$work/b.html" "$work/b.json"
check "batch page names the command" \
    grep -q -- "--only $quick --json --html" "$work/b.html"
check "batch page: sparklines drawn" grep -q '<polyline class="spark"' \
    "$work/b.html"
check "no temp file left beside the page" test "$(ls "$work" | wc -l)" -eq 2

# Two references: the story chart first, its B/A the JSON's, none for a
# row a stand-in serves (the lmbench host serves p6 and netburst both).
story="byte.syscall,lmbench.null_call,bsd.mutex,ctxbench.pipes,bsd.write"
"$BENCHTOP" --batch -t 0.1 --only "$story" --ref p6,netburst --json \
    --html "$work/s.html" >"$work/s.json" 2>/dev/null
check "--ref p6,netburst --html exits 0" test $? -eq 0
check "story page: B/A as the JSON's, none for a stand-in row" \
    page "$work/s.html" "$work/s.json"
# B/A reads one way on the page: the cycles B pays over A, in the chart's
# number and text, the summary, and the JSON (2000 / 233637.8 over
# 850 / 433741.8).
check "story page: byte.syscall's B/A 4.36817, the cycles B pays over A" \
    grep -q 'data-test="byte.syscall" data-b-vs-a="4.36817"' "$work/s.html"
check "story chart: byte.syscall's text reads the same way" \
    grep -q 'B/A 4.37x: B pays 4.37x the cycles, 1.86x the time' "$work/s.html"
check "story summary: the same way" \
    grep -q '<li>syscall: netburst pays 2.49x the cycles of p6' "$work/s.html"
check "JSON: byte.syscall's b_vs_a the same" \
    grep -q '"b_vs_a": 4.36817' "$work/s.json"
check "story page: no B/A for lmbench.null_call" \
    grep -q 'data-test="lmbench.null_call" data-b-vs-a=""' "$work/s.html"
check "story page: the comparison comes before the machine" sh -c \
    "grep -n 'story-chart\|<h2>This machine' '$work/s.html' | head -n 1 |
    grep -q story-chart"
check "story page: stand-in bars drawn hollow" grep -q 'class="cyc-a si"' \
    "$work/s.html"
check "one scale for the page, stated once" \
    test "$(grep -c 'One scale for every chart below' "$work/s.html")" -eq 1

# --machine: the seed's own BYTE index numbers, digit for digit.
"$BENCHTOP" --report byte --machine p3-850m --html "$work/p3.html" \
    >/dev/null 2>&1
check "--report byte --machine p3-850m --html exits 0" test $? -eq 0
check "p3-850m page is self-contained" page "$work/p3.html"
for v in 88.3 73.9 66.0 112.6 173.7 45.1 93.3; do
	check "p3-850m index $v in the index table" \
	    grep -q "<td class=\"n\">$v<span" "$work/p3.html"
done
check "p3-850m SUM 559.6 as printed" grep -q ' 559\.6$' "$work/p3.html"
check "p3-850m page: its index bars have a legend" grep -q \
    'bar this.*p3-850m (the page.s machine).*the other machines' \
    "$work/p3.html"
check "p3-850m page says whose figures its tables hold" grep -q \
    'hold the figures of <b>p3-850m</b>' "$work/p3.html"
check "p3-850m beside the other seed machines" grep -q '<th>p4-2000</th>' \
    "$work/p3.html"
for seed in lmbench ctxbench; do
	"$BENCHTOP" --report $seed --machine p4-2000 --html "$work/$seed.html" \
	    >/dev/null 2>&1
	check "--report $seed --machine p4-2000 --html exits 0" test $? -eq 0
	check "$seed page is self-contained" page "$work/$seed.html"
done
"$BENCHTOP" --report lmbench --machine doug-750-2.4.19 --html \
    "$work/lm.html" >/dev/null 2>&1
check "lmbench doug page: the seed's '2378 20.K' as printed" \
    grep -q '2378 20\.K' "$work/lm.html"

# --check: a verdict column. Against a profile of this machine saved a
# moment before, not a seed machine: a machine of any speed is within
# 1000% of itself, while it may be 20x a machine of 2003.
XDG_DATA_HOME=$work/xdg "$BENCHTOP" --batch -t 0.2 --only lmbench.stat \
    --save self >/dev/null 2>&1
XDG_DATA_HOME=$work/xdg "$BENCHTOP" --check self --only lmbench.stat \
    --tolerance 1000 --html "$work/c.html" >/dev/null 2>&1
check "--check --html exits 0" test $? -eq 0
check "check page counts its verdicts" grep -q "1 ok</span>.*(exit status 0)" \
    "$work/c.html"
check "check page has verdicts" grep -q 'verdict (tolerance 1000%)' \
    "$work/c.html"

# Bad paths: one line, non-zero, nothing written.
"$BENCHTOP" --report byte --machine p3-850m --html "$work/no/such/x.html" \
    >/dev/null 2>"$work/err"
check "unwritable --html exits 2, a usage error found before the run ($?)" test $? -eq 2
check "unwritable --html: one line naming it" sh -c \
    "test \$(wc -l <'$work/err') -eq 1 && grep -q 'no/such/x.html' '$work/err'"
"$BENCHTOP" --batch --html '' >/dev/null 2>&1
check "--html '' exits 2" test $? -eq 2
"$BENCHTOP" --watch 1 --html "$work/w.html" >/dev/null 2>&1
check "--html with --watch exits 2" test $? -eq 2

# Key H on the live screen writes the snapshot; with --listen, / links
# it and /snapshot.html serves it as written.
fetch() {
	"$PYTHON" -c "import sys, urllib.request as u
try:
    sys.stdout.buffer.write(u.urlopen('http://127.0.0.1:$port' + sys.argv[1],
        timeout=5).read())
except Exception as e:
    print(e)" "$1"
}
if command -v tmux >/dev/null 2>&1; then
	port=$("$PYTHON" -c 'import socket; s = socket.socket(); '\
's.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	listen=
	# (a build without libmicrohttpd says so at once; one with it serves
	# until timeout's TERM)
	timeout 1 "$BENCHTOP" --watch 1 --listen "127.0.0.1:$port" 2>&1 |
	    grep -q 'without libmicrohttpd' ||
	    listen="--listen 127.0.0.1:$port"
	tmux -S "$sock" -f /dev/null new-session -d -x 120 -y 40 \
	    "$BENCHTOP --only '$quick' --html '$work/s.html' $listen"
	# H once the screen has its rows (up to 10 s)
	wait_for '^lmbench.null_call  *[0-9]' 10
	tmux -S "$sock" send-keys H
	wait_file "$work/s.html"
	check "key H wrote the snapshot" test -s "$work/s.html"
	check "snapshot page is self-contained" page "$work/s.html"
	check "snapshot page has rows" grep -q 'class="test"' "$work/s.html"
	if [ -n "$listen" ]; then
		fetch / >"$work/index.html"
		check "/ links the snapshot" grep -q 'href="/snapshot.html"' \
		    "$work/index.html"
		fetch /snapshot.html >"$work/served.html"
		check "/snapshot.html serves it as written" \
		    cmp -s "$work/s.html" "$work/served.html"
	fi
	tmux -S "$sock" send-keys q
fi

finish html
