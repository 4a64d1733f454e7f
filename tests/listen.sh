#!/bin/sh
# listen.sh: --listen as a scraper and an attacker see it: /metrics named
# as Prometheus users expect (listen-check.py), both formats accepted by
# promtool with no warning and the OpenMetrics body by a strict
# OpenMetrics parser where one is installed, Accept negotiation, 404/405, malformed and trickling
# requests answered 4xx or closed without stalling the monitor; a port in
# use or a bad address is one line and exit 2 before anything runs; on
# TERM the port is free again.
set -u

# shellcheck source=testlib.sh
. "$(dirname "$0")/testlib.sh"
test_begin listen
needs "$PYTHON"
pid=
# shellcheck disable=SC2016 # expanded at exit
at_exit 'stop_pid "$pid"'

# A free loopback port: the kernel's choice, released at once.
port=$("$PYTHON" -c 'import socket; s = socket.socket(); '\
's.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

"$BENCHTOP" --watch 1 --only lmbench.null_call --listen "127.0.0.1:$port" \
    >/dev/null 2>"$work/err" &
pid=$!
# listening: the port takes a connection (a build without libmicrohttpd
# says so at once: skip)
listening() {
	"$PYTHON" -c "import socket; socket.create_connection(('127.0.0.1', \
$port), timeout=1)" 2>/dev/null && return 0
	if grep -q 'without libmicrohttpd' "$work/err"; then
		echo "SKIP: built without libmicrohttpd"
		exit 77
	fi
	return 1
}
wait_until 5 listening
sleep 1.5 # a slice of null_call in the store
class=$("$BENCHTOP" --identify 2>/dev/null | sed -n 's/^class: //p')
# (run once: its slowloris part alone takes 4 s)
"$PYTHON" "$here/listen-check.py" "$port" "$class" >"$work/requests" 2>&1
rc=$?
check "requests: $(tr '\n' ';' <"$work/requests")" test $rc -eq 0
# scrape FILE [ACCEPT]: the /metrics body.
scrape() {
	"$PYTHON" -c "import urllib.request, sys; sys.stdout.buffer.write(\
urllib.request.urlopen(urllib.request.Request(\
'http://127.0.0.1:$port/metrics', headers={'Accept': sys.argv[1]})).read())" \
	    "${2:-text/plain}" >"$1"
}
scrape "$work/text"
scrape "$work/om" "application/openmetrics-text;version=1.0.0"
check "the OpenMetrics body ends in # EOF" sh -c "tail -n1 '$work/om' |
    grep -qx '# EOF'"
if command -v promtool >/dev/null 2>&1; then
	for body in text om; do
		promtool check metrics <"$work/$body" >"$work/lint" 2>&1
		check "promtool, $body body, no warning: $(tr '\n' ';' \
		    <"$work/lint")" sh -c "promtool check metrics \
		    <'$work/$body' && ! test -s '$work/lint'"
	done
else
	echo "note: promtool not installed, its check skipped"
fi
# A strict OpenMetrics parser (prometheus_client's), where one is found.
for py in "$PYTHON" python3 /usr/bin/python3; do
	if "$py" -c 'import prometheus_client.openmetrics.parser' 2>/dev/null
	then
		check "a strict OpenMetrics parser reads the body" "$py" -c "
import sys
from prometheus_client.openmetrics.parser import \\
    text_string_to_metric_families as parse
list(parse(open(sys.argv[1]).read()))" "$work/om"
		break
	fi
done

# A second benchtop on the same port: refused before anything runs.
"$BENCHTOP" --watch 1 --listen "127.0.0.1:$port" >/dev/null 2>"$work/busy"
rc=$?
check "port in use exits 2 ($rc)" test $rc -eq 2
check "port in use: one line" sh -c "test \$(wc -l <'$work/busy') -eq 1 &&
    grep -q 'Address already in use' '$work/busy'"
check "the first benchtop still runs" kill -0 "$pid"
stop_expect "$pid" 0 "TERM exits 0"
pid=
check "nothing on stderr: $(head -c 200 "$work/err")" test ! -s "$work/err"
# (with SO_REUSEADDR, as benchtop binds: closed connections may linger
# in TIME_WAIT, a listening socket may not)
check "the port is free again" "$PYTHON" -c "import socket; s = \
socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); \
s.bind(('127.0.0.1', $port)); s.listen()"

for bad in 0 65536 x 127.0.0.1: :80 1.2.3:80 localhost:80 '[::1]' \
    '[zz]:80' 127.0.0.1:80x; do
	"$BENCHTOP" --watch 1 --listen "$bad" >/dev/null 2>"$work/bad"
	rc=$?
	check "--listen '$bad' exits 2 ($rc)" test $rc -eq 2
	check "--listen '$bad': one line" test "$(wc -l <"$work/bad")" -eq 1
done
"$BENCHTOP" --batch --listen "$port" >/dev/null 2>&1
check "--listen with --batch exits 2" test $? -eq 2
"$BENCHTOP" --listen "$port" </dev/null >/dev/null 2>&1
check "--listen without a terminal or --watch exits 2" test $? -eq 2

finish listen
