#!/bin/sh
# prometheus.sh (CI): a real Prometheus scrapes benchtop two ways:
# directly (--watch 5 --listen) and through node_exporter's textfile
# collector reading --openmetrics-file. benchtop_op_seconds of
# lmbench.null_call must come back positive through each path (Prometheus
# asks benchtop for OpenMetrics, so its own parser reads that body),
# promtool must accept both bodies with no warning, only
# benchtop_test_info may carry placement, benchtop_test_status is a state
# set, and every query of the Grafana dashboard must return data.
# Everything on loopback, stopped within ~90 s.
set -u

BENCHTOP=${BENCHTOP:-./src/benchtop}
PYTHON=${PYTHON:-python3}
here=$(cd "$(dirname "$0")" && pwd)
dashboard=$here/../../contrib/grafana-dashboard.json
# shellcheck source=../testlib.sh
. "$here/../testlib.sh"
needs prometheus prometheus-node-exporter promtool "$PYTHON"
# Prometheus is asked once a second: each question starts a Python.
wait_poll=1
work=$(mktemp -d "${TMPDIR:-/tmp}/bt-prom.XXXXXX") || exit 99
pids=
cleanup() {
	for p in $pids; do kill "$p" 2>/dev/null; done
	for p in $pids; do wait "$p" 2>/dev/null; done
	rm -rf "$work"
}
trap cleanup EXIT INT TERM HUP
free_port() {
	"$PYTHON" -c 'import socket; s = socket.socket(); '\
's.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
# query EXPR: the API's answer, as "N VALUE" (series, first value).
query() {
	"$PYTHON" - "$prom" "$1" <<'PY'
import json, sys, urllib.parse, urllib.request
url = "http://127.0.0.1:%s/api/v1/query?query=%s" % (
    sys.argv[1], urllib.parse.quote(sys.argv[2]))
try:
    r = json.load(urllib.request.urlopen(url, timeout=5))
except Exception as e:
    print("0 error:%s" % e)
    sys.exit()
res = r["data"]["result"] if r.get("status") == "success" else []
print(len(res), res[0]["value"][1] if res else "none")
PY
}
positive() { [ "${1%% *}" -gt 0 ] && "$PYTHON" -c "import sys; \
sys.exit(0 if float(sys.argv[1]) > 0 else 1)" "${1#* }"; }
# positive_now EXPR: the query has a series, and its value is above 0
positive_now() { positive "$(query "$1")"; }

bt=$(free_port) node=$(free_port) prom=$(free_port)
mkdir "$work/textfile" "$work/data"
"$BENCHTOP" --watch 5 --only 'lmbench.null_call,lmbench.stat,bsd.write' \
    --listen "127.0.0.1:$bt" \
    --openmetrics-file "$work/textfile/benchtop.prom" >/dev/null \
    2>"$work/bt.err" &
pids="$pids $!"
prometheus-node-exporter --web.listen-address="127.0.0.1:$node" \
    --collector.disable-defaults --collector.textfile \
    --collector.textfile.directory="$work/textfile" >"$work/node.log" 2>&1 &
pids="$pids $!"
cat >"$work/prometheus.yml" <<YML
global:
  scrape_interval: 2s
  evaluation_interval: 2s
scrape_configs:
  - job_name: benchtop
    static_configs: [{targets: ['127.0.0.1:$bt']}]
  - job_name: node
    static_configs: [{targets: ['127.0.0.1:$node']}]
YML
prometheus --config.file="$work/prometheus.yml" \
    --storage.tsdb.path="$work/data" \
    --web.listen-address="127.0.0.1:$prom" >"$work/prom.log" 2>&1 &
pids="$pids $!"

# Both paths, within 60 s (the file is rewritten every 5 s).
for job in benchtop node; do
	expr="benchtop_op_seconds{test=\"lmbench.null_call\",job=\"$job\"}"
	wait_until 60 positive_now "$expr"
	check "Prometheus has $expr > 0: $(query "$expr")" \
	    positive "$(query "$expr")"
done
for accept in text/plain application/openmetrics-text; do
	"$PYTHON" -c "import urllib.request, sys; sys.stdout.buffer.write(\
urllib.request.urlopen(urllib.request.Request(\
'http://127.0.0.1:$bt/metrics', headers={'Accept': sys.argv[1]})).read())" \
	    "$accept" >"$work/body"
	promtool check metrics <"$work/body" >"$work/lint" 2>&1
	check "promtool: $accept body, no warning: $(tr '\n' ';' <"$work/lint")" \
	    sh -c "promtool check metrics <'$work/body' && ! test -s \
	    '$work/lint'"
done
# names EXPR: the metric names of the query's series, sorted, one line.
names() {
	"$PYTHON" - "$prom" "$1" <<'PY'
import json, sys, urllib.parse, urllib.request
url = "http://127.0.0.1:%s/api/v1/query?query=%s" % (
    sys.argv[1], urllib.parse.quote(sys.argv[2]))
r = json.load(urllib.request.urlopen(url, timeout=5))
print(" ".join(sorted({s["metric"].get("__name__", "?")
                       for s in r["data"]["result"]})))
PY
}
for job in benchtop node; do
	got=$(names "{__name__=~\"benchtop_.+\",placement!=\"\",job=\"$job\"}")
	check "$job: only benchtop_test_info carries placement ($got)" \
	    test "$got" = benchtop_test_info
	expr="sum by (test) (benchtop_test_status{job=\"$job\"})"
	check "$job: one status set per test: $(query "$expr")" \
	    test "$(query "$expr")" = "3 1"
done
"$PYTHON" -c "import json, sys
for p in json.load(open(sys.argv[1]))['panels']:
    for t in p['targets']:
        print(t['expr'])" "$dashboard" >"$work/exprs"
check "the dashboard has queries" test -s "$work/exprs"
# Metric names (words with an underscore, less PromQL's own) are all
# benchtop's own.
check "dashboard queries name only benchtop's metrics" sh -c \
    "! grep -o '[a-z_:]*_[a-z_:]*' '$work/exprs' |
    grep -v '^group_left\$\|^group_right\$' | grep -qv '^benchtop_'"
while read -r expr; do
	check "dashboard query returns data: $expr: $(query "$expr")" \
	    sh -c "test \"\$1\" -gt 0" - "$(query "$expr" | cut -d' ' -f1)"
done <"$work/exprs"
check "benchtop said nothing: $(head -c 200 "$work/bt.err")" \
    test ! -s "$work/bt.err"
finish prometheus
