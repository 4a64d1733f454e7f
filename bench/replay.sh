#!/bin/sh
# replay.sh: the live screen's verdicts with nothing changed, replayed
# from a --log recording (bench/replay-live.c, linked with a build's
# src/libbenchtop.a): a baseline (b) every EVERY_S seconds after WARM_S,
# each judged for SPAN_S at every 1 s refresh, as the screen would have;
# one line a baseline (rows flagged WORSE or better, the most at once,
# the refreshes with a kind line) and the rounds' summary. One quiet
# recording of 40 minutes gives 30 overlapping rounds of 10 minutes, and
# the same samples judged by two builds of the judge.
#
#   sh bench/replay.sh LOG.csv            # replay a recording
#   RECORD_S=2400 sh bench/replay.sh      # record one first (every test
#                                         # on, default options, in tmux)
#   TOP=/tmp/old sh bench/replay.sh LOG.csv   # judged by another build
#   SENTINELS=1 sh bench/replay.sh LOG.csv    # the sentinels' lines instead,
#                                         # with bench/tuner.sh's LOG.events
#
# A benchmark that prints, not a test: it exits 0, but 1 on a log it
# cannot read. Record a quiet machine: context changes are not replayed.
#
# Environment:
#   CC        compiler (default cc), built with -O2
#   TOP       the built tree whose judge replays (default this one)
#   EVERY_S   seconds between baselines (60)
#   SPAN_S    seconds each is judged (600)
#   WARM_S    seconds before the first (120: two cycles of history)
#   RECORD_S  record this long first (the recording is kept, to replay
#             again: RECORD_TO, default ./benchtop-quiet.csv, a new file)
#   REPLAY_VERBOSE=1  why each flagged row was (its change and bar)
set -u
. "$(dirname "$0")/lib.sh"
bench_init replay

TOP=${TOP:-$root}
CC=${CC:-cc}
log=${1:-}

bench_cleanup() {
	tmux -L bt-replay kill-server 2>/dev/null && sleep 1
}

if ! "$CC" -O2 -iquote "$TOP" -iquote "$TOP/src" -o "$tmp/replay" \
    "$here/replay-live.c" "$TOP/src/libbenchtop.a" \
    $(pkg-config --libs libcpuid libtirpc 2>/dev/null) -lm -lpthread \
    2>"$tmp/cc.err"; then
	note "cannot build the replay against $TOP (build it first):"
	cat "$tmp/cc.err" >&2
	exit 0
fi

if [ -n "${RECORD_S:-}" ]; then
	command -v tmux >/dev/null 2>&1 || { note "tmux not found"; exit 0; }
	log=${RECORD_TO:-$PWD/benchtop-quiet.csv}
	[ -e "$log" ] && { note "$log exists: name a new RECORD_TO"; exit 1; }
	note "recording $RECORD_S s, every test on (load $(cut -d' ' -f1 /proc/loadavg))"
	tmux -L bt-replay new-session -d -s rec -x 220 -y 120 \
	    "XDG_CONFIG_HOME=$XDG_CONFIG_HOME '$BENCHTOP' --log '$log' 2>'$tmp/err'"
	sleep "$RECORD_S"
	bench_cleanup
	note "recorded $(wc -l <"$log") samples into $log (load $(cut -d' ' -f1 /proc/loadavg))"
fi
if [ -z "$log" ] || [ ! -r "$log" ]; then
	note "usage: sh bench/replay.sh LOG.csv, or RECORD_S=SECONDS"
	exit 1
fi
if [ -n "${SENTINELS:-}" ]; then
	[ -r "$log.events" ] || { note "no $log.events (bench/tuner.sh LOG=)"; exit 1; }
	REPLAY_EVENTS="$log.events" "$tmp/replay" "$log"
	exit
fi
"$tmp/replay" "$log" "${EVERY_S:-60}" "${SPAN_S:-600}" "${WARM_S:-120}"
