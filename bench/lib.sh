# shellcheck shell=sh
# lib.sh: what the bench/ scripts share. Sourced, not run:
#
#   . "$here/lib.sh"
#   bench_init NAME
#
# bench_init sets:
#   here root      bench/ and the source tree
#   BENCHTOP       benchtop binary (default: <root>/src/benchtop)
#   BENCHTOP_DATA  exported; default <root>/data when unset and present
#   tmp            a private scratch directory, removed at exit
#   json           python3, jq, or "" (no JSON reader)
# and traps HUP INT PIPE TERM to exit 128+N (the EXIT trap cleans up).
#
# Every bench/ script prints and exits 0 whatever the numbers: these are
# benchmarks, not tests. Problems go to stderr through note().

# The summary line each script prints last, for run.sh to collect:
#   @@ TARGET|FIGURE|BAR|VERDICT
# (fields must not contain "|").
summary() {
	printf '@@ %s|%s|%s|%s\n' "$1" "$2" "$3" "$4"
}

note() {
	printf '%s: %s\n' "$bench_name" "$*" >&2
}

bench_init() {
	bench_name=$1
	here=$(cd "$(dirname "$0")" && pwd)
	root=$(dirname "$here")
	BENCHTOP=${BENCHTOP:-$root/src/benchtop}
	if [ -z "${BENCHTOP_DATA:-}" ] && [ -d "$root/data" ]; then
		BENCHTOP_DATA=$root/data
	fi
	if [ -n "${BENCHTOP_DATA:-}" ]; then
		export BENCHTOP_DATA
	fi
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/$bench_name.XXXXXX") || {
		printf '%s: cannot make a scratch directory\n' "$bench_name" >&2
		exit 0
	}
	trap 'bench_cleanup; rm -rf "$tmp"' EXIT
	# The live screen keeps its settings here, not in the user's home:
	# a kept sort or hidden test would change what a bench measures.
	XDG_CONFIG_HOME=$tmp/config
	export XDG_CONFIG_HOME
	trap 'exit 129' HUP
	trap 'exit 130' INT
	trap 'exit 141' PIPE
	trap 'exit 143' TERM
	if command -v python3 >/dev/null 2>&1; then
		json=python3
	elif command -v jq >/dev/null 2>&1; then
		json=jq
	else
		json=
		note "neither python3 nor jq found: cannot read benchtop's JSON"
	fi
}

# At exit: the tmux server of use_tmux, if any, and the process in
# $bg_pid (one the script started in the background and clears once it
# has ended it). Scripts that start more (footprint.sh) redefine this.
bench_cleanup() {
	[ -n "${sock:-}" ] && T kill-server 2>/dev/null
	stop_pid "${bg_pid:-}"
	trace_off
}

# A real change of the kernel's system-call path: every system call
# traced (the raw_syscalls events on; tracefs mounted when it is not).
# trace_start returns 1 when it cannot (not root, no tracefs); the
# events are switched off again by trace_off, which bench_cleanup runs.
tracing=/sys/kernel/tracing
trace_on=
trace_start() {
	if [ ! -d "$tracing/events" ]; then
		mount -t tracefs nodev "$tracing" 2>/dev/null
	fi
	if [ ! -w "$tracing/events/raw_syscalls/enable" ]; then
		note "no writable $tracing/events/raw_syscalls/enable (root?)"
		return 1
	fi
	trace_on=1
	echo 1 >"$tracing/events/raw_syscalls/enable"
}
trace_off() {
	if [ -n "${trace_on:-}" ]; then
		echo 0 >"$tracing/events/raw_syscalls/enable" 2>/dev/null
		trace_on=
	fi
}

# stop_pid PID: end a process this script started (nothing when empty).
stop_pid() {
	[ -n "$1" ] || return 0
	kill "$1" 2>/dev/null
	wait "$1" 2>/dev/null
}

# use_tmux: a private tmux server for the screen, on socket $sock in the
# scratch directory; T ARGS... runs tmux on it. screen_start W H COMMAND
# starts COMMAND on a fresh W x H screen; screen_stop quits the screen
# (q: it writes its settings and --log) and ends the server.
use_tmux() {
	sock=$tmp/tmux
}
T() {
	tmux -S "$sock" -f /dev/null "$@"
}
screen_start() {
	T new-session -d -x "$1" -y "$2" "$3"
}
screen_stop() {
	T send-keys q
	sleep 1
	T kill-server 2>/dev/null
}

# One line about the machine and its load, for every table's header.
machine_line() {
	printf '%s: %s CPUs, load average %s (1, 5, 15 min), %s\n' \
	    "$bench_name" "$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?')" \
	    "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')" \
	    "$(date -u '+%Y-%m-%dT%H:%M:%SZ')"
}

# bt_usable: whether $BENCHTOP runs here at all (a 0.1 s batch of one
# cheap test, which also loads the reference data). On failure, says why
# on stderr and returns 1.
bt_usable() {
	if [ ! -x "$BENCHTOP" ]; then
		note "no benchtop at $BENCHTOP (build it, or set BENCHTOP)"
		return 1
	fi
	if [ -z "$json" ]; then
		return 1
	fi
	if ! "$BENCHTOP" --batch -t 0.1 --only extra.clock_gettime --json \
	    >"$tmp/usable.json" 2>"$tmp/usable.err"; then
		note "benchtop does not run (BENCHTOP_DATA=${BENCHTOP_DATA:-}):"
		sed 's/^/  /' "$tmp/usable.err" >&2
		return 1
	fi
	return 0
}

# json_tests FILE FIELD...: one line per test of benchtop's JSON report,
# the FIELDs separated by spaces, "-" for a missing, null or non-finite
# field (numbers printed with full precision, spaces in text as "_").
json_tests() {
	f=$1
	shift
	case $json in
	python3)
		python3 - "$bench_name" "$f" "$@" <<'EOF'
import json, math, sys
name, path, fields = sys.argv[1], sys.argv[2], sys.argv[3:]
try:
    with open(path) as f:
        doc = json.load(f)
    if not isinstance(doc, dict):
        raise ValueError("not a JSON object")
except (OSError, ValueError) as e:
    sys.stderr.write("%s: %s: %s\n" % (name, path, e))
    sys.exit(1)
if doc.get("schema") != 1:
    sys.stderr.write("%s: JSON schema %r, expected 1\n"
                     % (name, doc.get("schema")))
def field(t, k):
    v = t.get(k)
    if v is None or isinstance(v, bool):
        return "-"
    if isinstance(v, (int, float)):
        return repr(float(v)) if math.isfinite(v) else "-"
    return str(v).replace(" ", "_") or "-"
for t in doc.get("tests") or []:
    if isinstance(t, dict):
        print(" ".join(field(t, k) for k in fields))
EOF
		;;
	jq)
		schema=$(jq -r '.schema' "$f") || return 1
		[ "$schema" = 1 ] || note "JSON schema $schema, expected 1"
		fl=$(printf '"%s",' "$@")
		jq -r --argjson k "[${fl%,}]" '(.tests // [])[] | . as $t |
		    [ $k[] | ($t[.] // "-") | tostring | gsub(" "; "_") ] |
		    join(" ")' "$f"
		;;
	*)
		return 1
		;;
	esac
}

# median FILE FORMAT: median of the numbers in FILE, one a line, printed
# with the printf FORMAT; "-" if none.
median() {
	if [ ! -s "$1" ]; then
		echo -
		return 0
	fi
	sort -g "$1" | awk -v fmt="$2" '{ v[NR] = $1 }
	    END {
		if (NR % 2) m = v[(NR + 1) / 2]
		else m = (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf fmt "\n", m
	    }'
}

# minimum FILE FORMAT: the smallest number in FILE, one a line, printed
# with the printf FORMAT; "-" if none.
minimum() {
	if [ ! -s "$1" ]; then
		echo -
		return 0
	fi
	sort -g "$1" | awk -v fmt="$2" 'NR == 1 { printf fmt "\n", $1 }'
}

# now: seconds since the epoch with a fraction (date +%s.%N, else
# whole seconds where %N is not supported).
now() {
	t=$(date +%s.%N 2>/dev/null)
	case $t in
	*N* | '') date +%s ;;
	*) echo "$t" ;;
	esac
}

# pick_cpu: sets cpu (a CPU number, or "" when none is chosen), which
# pinned COMMAND... then runs on (taskset -c N). BENCH_CPU=N chooses N;
# BENCH_CPU=none pins nothing; by default the allowed CPU that was least
# busy over one second (from /proc/stat), so that on a shared machine
# both sides of a comparison run on the same, quietest CPU. benchtop's
# batch pins its worker to its first allowed CPU, so taskset -c N puts
# it on N; the probe pins itself to the CPU it starts on.
pick_cpu() {
	cpu=
	if ! command -v taskset >/dev/null 2>&1; then
		note "no taskset: not choosing a CPU"
		return 0
	fi
	case ${BENCH_CPU:-} in
	none)
		return 0
		;;
	'') ;;
	*[!0-9]*)
		note "BENCH_CPU=$BENCH_CPU is not a CPU number; choosing one"
		;;
	*)
		cpu=$BENCH_CPU
		;;
	esac
	if [ -z "$cpu" ]; then
		allowed=$(taskset -cp $$ 2>/dev/null | sed 's/.*: *//')
		grep '^cpu[0-9]' /proc/stat >"$tmp/stat.0" 2>/dev/null
		sleep 1
		grep '^cpu[0-9]' /proc/stat >"$tmp/stat.1" 2>/dev/null
		cpu=$(awk -v allowed="$allowed" '
		    BEGIN {
			n = split(allowed, r, ",")
			for (i = 1; i <= n; i++) {
				if (split(r[i], ab, "-") == 2)
					for (c = ab[1]; c <= ab[2]; c++) ok[c] = 1
				else
					ok[r[i]] = 1
			}
		    }
		    # busy = all but idle (4th) and iowait (5th) jiffies
		    { c = substr($1, 4); b = 0
		      for (i = 2; i <= NF; i++) if (i != 5 && i != 6) b += $i }
		    FNR == NR { b0[c] = b; next }
		    (allowed == "" || (c in ok)) && (c in b0) {
			d = b - b0[c]
			if (best == "" || d < bestd) { best = c; bestd = d }
		    }
		    END { print best }' "$tmp/stat.0" "$tmp/stat.1")
	fi
	if [ -n "$cpu" ] && ! taskset -c "$cpu" true 2>/dev/null; then
		note "cannot run on CPU $cpu: not choosing a CPU"
		cpu=
	fi
	return 0
}

# pinned COMMAND...: COMMAND on $cpu when pick_cpu chose one.
pinned() {
	if [ -n "${cpu:-}" ]; then
		taskset -c "$cpu" "$@"
	else
		"$@"
	fi
}

# build_probe: compile probe-syscall.c into $tmp/probe-syscall with $CC
# -O2; sets probe (empty when it could not be built).
build_probe() {
	probe=$tmp/probe-syscall
	if ! ${CC:-cc} -O2 -o "$probe" "$here/probe-syscall.c"; then
		note "cannot build the probe with ${CC:-cc}"
		probe=
	fi
}
