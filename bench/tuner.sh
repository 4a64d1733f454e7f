#!/bin/sh
# tuner.sh: the tuner's loop, timed on the live screen as a user sees it,
# every test on, default options, in a private tmux server (220x120):
#   1. QUIET_ROUNDS rounds (5) of QUIET_S seconds (600) after b with
#      nothing changed: the rows that said WORSE or better at some
#      point, and the most at once; the kind lines the header said; the
#      rows busy (other load took their CPU: said once in the header,
#      not judged) and the refreshes whose header said so;
#   2. ROUNDS rounds (5) of:
#      - every system call traced (raw_syscalls): seconds until the first
#        system-call row says WORSE, and until the last row that says
#        WORSE within WAIT_S (30) first does (which: "last row"); how
#        many rows did ("rows"; each row's time is in LOG.events); the
#        CPU-bound rows that said WORSE meanwhile (they must not; a row
#        still WORSE from the last round's hog when tracing goes on is
#        not counted);
#      - tracing off: seconds until none says WORSE (from new slices: the
#        screen judges an undone change against the figures from before);
#      - a CPU hog on the worker's CPU (outside benchtop): seconds until
#        the header has a line about it (a sentinel's, saying slower);
#   3. the cycle time the header shows, and the load average beside each
#      part.
# Prints a table (median and worst of the rounds); never fails on
# figures. Needs tmux and root (the trace events); parts skip without.
#
#   sh bench/tuner.sh                      # the whole run, ~60 minutes
#   ROUNDS=1 QUIET_ROUNDS=1 QUIET_S=30 sh bench/tuner.sh  # a short look
#   LOG=run.csv sh bench/tuner.sh          # and every sample, to replay
#                  # (bench/replay.sh) or read; run.csv.events: the times
#                  # (epoch s) of b, tracing on and off, the hog
set -u
. "$(dirname "$0")/lib.sh"
bench_init tuner

ROUNDS=${ROUNDS:-5}
QUIET_ROUNDS=${QUIET_ROUNDS:-5}
QUIET_S=${QUIET_S:-600}
WAIT_S=${WAIT_S:-30}
WARM_CYCLES=${WARM_CYCLES:-3}
LOG=${LOG:-}
trace=/sys/kernel/tracing/events/raw_syscalls/enable
hog=
# tracefs is not mounted on every machine (a fresh guest's
# /sys/kernel/tracing can be empty): as root, mounted for the run and
# unmounted after.
mounted=
if ! [ -e "$trace" ] && [ "$(id -u)" = 0 ] && [ -d /sys/kernel/tracing ] &&
    mount -t tracefs nodev /sys/kernel/tracing 2>/dev/null; then
	mounted=1
fi

bench_cleanup() {
	[ -n "$hog" ] && kill "$hog" 2>/dev/null
	[ -w "$trace" ] && echo 0 >"$trace" 2>/dev/null
	tmux -L bt-tuner kill-server 2>/dev/null && sleep 1 # benchtop writes its settings as it ends
	[ -z "$mounted" ] || umount /sys/kernel/tracing 2>/dev/null
}

if ! command -v tmux >/dev/null 2>&1; then
	note "tmux not found: nothing measured"
	exit 0
fi
"$BENCHTOP" --list | awk '$2 == "syscall" { print $1 }' >"$tmp/syscall"
"$BENCHTOP" --list | awk '$2 == "cpu" { print $1 }' >"$tmp/cpu"

T() { tmux -L bt-tuner "$@"; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
load() { cut -d' ' -f1 /proc/loadavg; }
event() { [ -z "$LOG" ] || echo "$(now) $*" >>"$LOG.events"; }
cap() { T capture-pane -p -t bt >"$tmp/screen" 2>/dev/null; }
# Rows of the ids in file $1 whose line says $2 (a verdict's word).
count() {
	awk -v word="$2" 'NR == FNR { id[$1] = 1; next }
		($1 in id) && index($0, " " word " ") { n++ }
		END { print n + 0 }' "$1" "$tmp/screen"
}
# The ids in file $1 whose row says $2, one a line.
ids() {
	awk -v word="$2" 'NR == FNR { id[$1] = 1; next }
		($1 in id) && index($0, " " word " ") { print $1 }' \
	    "$1" "$tmp/screen"
}
# The system-call rows saying WORSE now for the first time this round:
# "id seconds" each, added to $tmp/worse_first.
first_worse() {
	ids "$tmp/syscall" WORSE | while read -r id; do
		grep -q "^$id " "$tmp/worse_first" || echo "$id $1"
	done >>"$tmp/worse_first"
}
flagged() {
	awk '$1 ~ /^[a-z]+\.[a-z0-9_]+$/ && / (WORSE|better) / { print $1 }' \
	    "$tmp/screen"
}
# Rows the screen says are busy: other load took their CPU, not judged.
busy_rows() {
	awk '$1 ~ /^[a-z]+\.[a-z0-9_]+$/ && / busy / { print $1 }' \
	    "$tmp/screen"
}

log_opt=
[ -n "$LOG" ] && log_opt="--log '$(realpath -m "$LOG")'"
T new-session -d -s bt -x 220 -y 120 \
    "XDG_CONFIG_HOME=$XDG_CONFIG_HOME '$BENCHTOP' $log_opt 2>'$tmp/err'"
# The first pass, then WARM_CYCLES cycles (3): every row has three full
# slices, the machine's drift is known from them, and b is a baseline
# that knows how its rows' slices vary (bench/replay.sh replays what an
# earlier b gives: tests with a rare slow mode their two slices never
# showed, spinlock's and the file creations', then say WORSE).
start=$(now)
until cap && grep -q ' cycle [0-9]' "$tmp/screen"; do
	if [ "$(since "$start" | cut -d. -f1)" -gt 300 ]; then
		note "no cycle time after 300 s"
		exit 0
	fi
	sleep 2
done
cycle=$(grep -o ' cycle [0-9.]*s' "$tmp/screen" | head -1 | tr -d ' cycle')
sleep $((${cycle%s} * WARM_CYCLES))
echo "tuner: every test on, default options; cycle ${cycle}, load $(load)"

# 1. Nothing changed after b, QUIET_ROUNDS times.
quiet_round() {
	T send-keys -t bt b
	event "b (quiet round $1)"
	: >"$tmp/seen"
	: >"$tmp/busy"
	most=0 kinds=0 busy_lines=0 load_q=$(load)
	end=$(($(date +%s) + QUIET_S))
	while [ "$(date +%s)" -lt "$end" ]; do
		sleep 2
		cap
		flagged >"$tmp/now"
		n=$(wc -l <"$tmp/now")
		[ "$n" -gt "$most" ] && most=$n
		cat "$tmp/now" >>"$tmp/seen"
		grep -q 'as a kind' "$tmp/screen" && kinds=$((kinds + 1))
		busy_rows >>"$tmp/busy"
		grep -q 'other load took' "$tmp/screen" &&
		    busy_lines=$((busy_lines + 1))
	done
	seen=$(sort -u "$tmp/seen" | tr '\n' ' ')
	busy=$(sort -u "$tmp/busy" | wc -l)
	printf '%-6s %-8s %-8s %-6s %-5s %-6s %-10s %s\n' "$1" \
	    "$(sort -u "$tmp/seen" | wc -l)" "$most" "$kinds" "$busy" \
	    "$busy_lines" "$load_q-$(load)" "${seen:-none}"
}
printf '\nnothing changed, %s s after b each round:\n' "$QUIET_S"
printf '%-6s %-8s %-8s %-6s %-5s %-6s %-10s %s\n' round flagged "at once" \
    kind busy "b-line" load rows
q=1
while [ "$q" -le "$QUIET_ROUNDS" ]; do
	quiet_round "$q"
	q=$((q + 1))
done
echo "(flagged: rows WORSE or better at some point; kind: refreshes with a kind line;"
echo " busy: rows busy at some point, other load's figures, not judged;"
echo " b-line: refreshes whose header said so, 'other load took the CPU of')"

# 2. The rounds.
if ! [ -w "$trace" ]; then
	note "cannot write $trace (root, tracefs): no tracing rounds"
fi
cpu=$(grep -o 'worker CPU [0-9]*' "$tmp/screen" | head -1 | awk '{print $3}')
cpu=${cpu:-0}
printf '\n%-6s %-8s %-8s %-6s %-10s %-10s %-6s %-9s %s\n' round first last \
    rows "all ok" "hog line" load "cpu WORSE" "last row"
r=1
while [ "$r" -le "$ROUNDS" ]; do
	first=- last=- rows=0 ok=- line=- l=$(load) cpu_worse=0 last_id=-
	if [ -w "$trace" ]; then
		# A CPU row still WORSE from the last round's hog (it keeps its
		# verdict until it runs again) is not one tracing made WORSE.
		cap
		ids "$tmp/cpu" WORSE >"$tmp/cpu_before"
		: >"$tmp/worse_first"
		echo 1 >"$trace"
		t0=$(now)
		event "tracing on (round $r)"
		while [ "$(since "$t0" | cut -d. -f1)" -lt "$WAIT_S" ]; do
			sleep 0.5
			cap
			first_worse "$(since "$t0")"
			# The screen 5 s in and at the end, to read later.
			[ -z "$LOG" ] || [ "$(since "$t0" | cut -d. -f1)" != 5 ] ||
			    cp "$tmp/screen" "$LOG.on$r-5s"
			c=$(ids "$tmp/cpu" WORSE | grep -cvxF -f "$tmp/cpu_before")
			[ "$c" -gt "$cpu_worse" ] && cpu_worse=$c
		done
		# Each row's first WORSE: the first and the last of them.
		if [ -s "$tmp/worse_first" ]; then
			rows=$(wc -l <"$tmp/worse_first")
			first=$(sort -k2,2g "$tmp/worse_first" | head -1 | cut -d' ' -f2)
			set -- $(sort -k2,2g "$tmp/worse_first" | tail -1)
			last_id=$1 last=$2
			held=$(count "$tmp/syscall" WORSE)
			event "tracing on (round $r): first WORSE $(sort -k2,2g \
			    "$tmp/worse_first" | tr '\n' ' '); WORSE at the end $held"
		fi
		[ -z "$LOG" ] || cp "$tmp/screen" "$LOG.on$r-end"
		echo 0 >"$trace"
		t0=$(now)
		event "tracing off (round $r)"
		while [ "$(since "$t0" | cut -d. -f1)" -lt "$WAIT_S" ]; do
			sleep 0.5
			cap
			if [ "$(count "$tmp/syscall" WORSE)" -eq 0 ]; then
				ok=$(since "$t0")
				break
			fi
		done
		[ -z "$LOG" ] || [ "$ok" != - ] || cp "$tmp/screen" "$LOG.off$r"
		sleep 10
	fi
	cap
	was=$(grep '^sentinel ' "$tmp/screen") # a line before: not the hog's
	taskset -c "$cpu" sh -c 'while :; do :; done' &
	hog=$!
	t0=$(now)
	event "hog on CPU $cpu (round $r)"
	while [ "$(since "$t0" | cut -d. -f1)" -lt "$WAIT_S" ]; do
		sleep 0.5
		cap
		# A hog slows: a line saying faster (a journal burst that
		# ended) is not about it.
		said=$(grep '^sentinel .* slower ' "$tmp/screen" |
		    grep -vxF -- "${was:-@}")
		if [ -n "$said" ]; then
			line=$(since "$t0")
			event "hog line at ${line} s: $(echo "$said" | head -1)"
			break
		fi
	done
	kill "$hog" 2>/dev/null
	wait "$hog" 2>/dev/null
	hog=
	event "hog ended (round $r)"
	printf '%-6s %-8s %-8s %-6s %-10s %-10s %-6s %-9s %s\n' "$r" "$first" \
	    "$last" "$rows" "$ok" "$line" "$l" "$cpu_worse" "$last_id" |
	    tee -a "$tmp/rounds"
	sleep 20
	r=$((r + 1))
done
# Median and worst of each column ("-": not within WAIT_S, counted worst).
[ -s "$tmp/rounds" ] && awk -v wait="$WAIT_S" '
	function put(col, v) { vals[col, ++nv[col]] = (v == "-" ? 1e9 : v) }
	{ put(2, $2); put(3, $3); put(5, $5); put(6, $6) }
	function sorted(col,   i, j, t) {
		for (i = 1; i <= nv[col]; i++) s[i] = vals[col, i]
		for (i = 1; i <= nv[col]; i++)
			for (j = i + 1; j <= nv[col]; j++)
				if (s[j] < s[i]) { t = s[i]; s[i] = s[j]; s[j] = t }
	}
	function show(v) { return v >= 1e9 ? ">" wait : v }
	END {
		printf "%-6s", "median"
		for (c = 2; c <= 6; c++) if (c != 4) {
			sorted(c); printf " %-8s", show(s[int((nv[c] + 1) / 2)])
		}
		printf "\n%-6s", "worst"
		for (c = 2; c <= 6; c++) if (c != 4) {
			sorted(c); printf " %-8s", show(s[nv[c]])
		}
		printf "\n(columns: first WORSE, last WORSE, all ok, hog line; s)\n"
	}' "$tmp/rounds"
cap
echo "cycle at the end: $(grep -o ' cycle [0-9.]*s' "$tmp/screen" | head -1)"
summary "tracing seen on system calls" "see table" "5 s" "-"
