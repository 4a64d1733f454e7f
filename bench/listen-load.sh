#!/bin/sh
# listen-load.sh: --listen under a scrape storm. 2,000 scrapes of
# /metrics from 50 concurrent clients on loopback while the monitor
# measures lmbench.null_call on CPU 0 (the clients stay off it where
# there is another CPU): scrape latency p50/p99, whether the monitored
# test's median moves less than its own CV, resident memory and
# descriptors before and after.
#
#   sh bench/listen-load.sh [SCRAPES [CLIENTS]]
#
# A benchmark that prints, not a test: it always exits 0.
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
bench_init listen-load
pid=
bench_cleanup() {
	[ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
}
bt_usable || exit 0
port=$(python3 -c 'import socket; s = socket.socket(); '\
's.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$BENCHTOP" --watch 5 --only lmbench.null_call --cpu 0 \
    --listen "127.0.0.1:$port" >/dev/null 2>"$tmp/err" &
pid=$!
sleep 5 # a few slices of samples before the quiet figures
if ! kill -0 "$pid" 2>/dev/null; then
	note "benchtop --listen did not start: $(head -c 200 "$tmp/err")"
	exit 0
fi
machine_line
echo "$bench_name: benchtop --watch 5 --only lmbench.null_call --cpu 0" \
    "--listen 127.0.0.1:$port"
python3 "$here/listen-load.py" "$port" "$pid" "${1:-2000}" "${2:-50}" ||
	note "the load script failed"
exit 0
