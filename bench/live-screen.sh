#!/bin/sh
# live-screen.sh: the live screen as an instrument, with the default
# settings, in a private tmux server (120x40), timed from --log:
#   1. seconds from start until every row has a value (bar: 15),
#   2. the longest wait of a row for fresh samples once every row has
#      one, over the rest of a run of STEADY_S seconds with every test
#      on (bar: 60),
#   3. focus (f) on a syscall test with a baseline (b): seconds from a
#      CPU hog starting on the CPU the row's slices ran on (the CPU of
#      most of its samples in --log so far: the worker's, unless a claim
#      moved them) until the row says WORSE, and from the hog stopping
#      until it no longer does (bar: 5 each); and
#      whether the row said WORSE in the FOCUS_QUIET_S seconds before the
#      hog, with nothing changed (bar: never),
#   4. every test on (PARTS quiet, cycle; not in the default): a baseline
#      once the screen shows its cycle time and two more cycles have run
#      (a fast row's window then holds about four slices),
#      then QUIET_S seconds with nothing changed here: the rows that said
#      WORSE (bar: none), and of them those with a slice in that minute
#      whose samples were mostly noisy (something else took the worker's
#      CPU: on a shared machine the minute was not quiet, and such a row
#      is right to say so);
#      then the hog, on the CPU of most of FOCUS_TEST's samples so far
#      (from --log), as in 3: the cycles from its start until
#      FOCUS_TEST's row says WORSE, and from its end until it does not,
#      and the slices of that row (from --log) that began in between
#      (bar: 1 each: the row's first slice after the change shows it).
# 1, 2 and 3 are each the median of RUNS runs (1 and 2 from the same
# runs).
#
#   sh bench/live-screen.sh          (about 9 minutes)
#
# A benchmark that prints, not a test: it always exits 0.
#
# Environment: BENCHTOP, BENCHTOP_DATA as the other scripts;
#   RUNS (default 3)   STEADY_S (default 120)   QUIET_S (default 60)
#   FOCUS_QUIET_S (default 10)
#   PARTS (default "picture focus": 1 and 2, and 3; "quiet cycle": 4)
#   FOCUS_TEST (default lmbench.null_call)
#   CHANGE (default hog): the change timed in 3 and 4; "trace" traces
#     every system call instead (root and tracefs; the hog where not):
#     a change of the kernel's path, not of the machine's load
# The last lines, "@@ ...", are the summary run.sh collects.

set -u

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
bench_init live-screen.sh

RUNS=${RUNS:-3}
PARTS=${PARTS:-picture focus}
STEADY_S=${STEADY_S:-120}
FOCUS_TEST=${FOCUS_TEST:-lmbench.null_call}
CHANGE=${CHANGE:-hog}
bg_pid=
changed_by=hog
use_tmux

if ! command -v tmux >/dev/null 2>&1 || ! command -v python3 >/dev/null; then
	note "needs tmux and python3"
	summary "every row has a value" "-" "15 s" "not measured"
	exit 0
fi
bt_usable || exit 0
machine_line

start_screen() { # start_screen LOG [OPTION...]
	log=$1
	shift
	screen_start "${WIDTH:-120}" "${HEIGHT:-40}" \
	    "exec '$BENCHTOP' --log '$log' $*"
	t0=$(now)
}
# log_times LOG T0: "first_all longest_wait" from the log's timestamps:
# when every test had a sample, and the longest gap between two samples
# of one test after that.
log_times() {
	python3 - "$1" "$2" "$ntests" <<'EOF'
import csv, sys
path, t0, n = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
seen, last, gap, full = {}, {}, 0.0, None
rows = sorted((float(r["timestamp"]), r["test"])
              for r in csv.DictReader(open(path)))
for t, test in rows:
    seen.setdefault(test, t)
    if full is None and len(seen) >= n:
        full = t
    if full is not None and test in last and last[test] >= full:
        gap = max(gap, t - last[test])
    last[test] = t
end = rows[-1][0] if rows else t0
if full is not None:  # a row still waiting at the end waits too
    gap = max([gap] + [end - last[k] for k in last if last[k] >= full])
print("%s %.1f" % ("%.1f" % (full - t0) if full else "-", gap))
EOF
}
# wait_screen PATTERN LINE_PATTERN SECONDS: seconds until a line of the
# screen matching LINE_PATTERN matches PATTERN (or stops matching, with
# PATTERN prefixed by !); "-" after SECONDS.
wait_screen() {
	python3 - "$sock" "$1" "$2" "$3" <<'EOF'
import re, subprocess, sys, time
sock, pat, line_pat, limit = sys.argv[1], sys.argv[2], sys.argv[3], \
    float(sys.argv[4])
neg = pat.startswith("!")
pat = pat.lstrip("!")
t0 = time.time()
while time.time() - t0 < limit:
    out = subprocess.run(["tmux", "-S", sock, "-f", "/dev/null",
                          "capture-pane", "-p"], capture_output=True,
                         text=True).stdout
    lines = [l for l in out.splitlines() if re.search(line_pat, l)]
    if lines and (re.search(pat, lines[0]) is None) == neg:
        print("%.1f" % (time.time() - t0))
        sys.exit(0)
    time.sleep(0.25)
print("-")
EOF
}

# row_cpu LOG: the CPU of most of FOCUS_TEST's samples in LOG (where its
# slices run; a hog belongs there), else $cpu, the worker's by default.
row_cpu() {
	python3 - "$1" "$FOCUS_TEST" "${cpu:-0}" <<'EOF'
import collections, csv, sys
path, test, dflt = sys.argv[1:4]
c = collections.Counter(r["cpu"] for r in csv.DictReader(open(path))
                        if r["test"] == test and r["cpu"] not in ("", "-1"))
print(c.most_common(1)[0][0] if c else dflt)
EOF
}
# disturbed LOG T0 SECONDS TESTS: of the tests in file TESTS, those with
# a slice in LOG from T0 for SECONDS whose samples were mostly noisy (as
# slices_between, samples more than 0.3 s apart are two slices), one a
# line.
disturbed() {
	python3 - "$1" "$2" "$3" "$4" <<'EOF'
import csv, sys
path, t0, d = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
want = set(open(sys.argv[4]).read().split())
last, cur, taken = {}, {}, set()
def close(k):
    n, noisy = cur.pop(k, (0, 0))
    if n and noisy * 2 >= n:
        taken.add(k)
for r in csv.DictReader(open(path)):
    k, t = r["test"], float(r["timestamp"])
    if k not in want or not t0 <= t <= t0 + d:
        continue
    if t - last.get(k, t) > 0.3:
        close(k)
    n, noisy = cur.get(k, (0, 0))
    cur[k] = (n + 1, noisy + (r["noisy"] == "1"))
    last[k] = t
for k in list(cur):
    close(k)
print("\n".join(sorted(taken)))
EOF
}

# rows_worse SECONDS: the tests whose row said WORSE at any time in the
# next SECONDS, one a line.
rows_worse() {
	python3 - "$sock" "$1" <<'EOF'
import re, subprocess, sys, time
sock, limit = sys.argv[1], float(sys.argv[2])
seen, t0 = set(), time.time()
while time.time() - t0 < limit:
    out = subprocess.run(["tmux", "-S", sock, "-f", "/dev/null",
                          "capture-pane", "-p"], capture_output=True,
                         text=True).stdout
    seen.update(l.split()[0] for l in out.splitlines()
                if re.search(r" WORSE ", l))
    time.sleep(0.5)
print("\n".join(sorted(seen)))
EOF
}

echo "live-screen.sh: $RUNS runs of the first picture and of the steady" \
    "state after it, $STEADY_S s each; focus on $FOCUS_TEST"
# Each run: the first picture, then the steady state, from one --log.
# The rows that must fill are the tests that gave samples in that run
# at all (an unsupported test never has a value).
case " $PARTS " in *" picture "*) ;; *) RUNS_PICTURE=0 ;; esac
: >"$tmp/first"
: >"$tmp/steady"
r=1
while [ "$r" -le "${RUNS_PICTURE:-$RUNS}" ]; do
	start_screen "$tmp/run-$r.csv"
	sleep "$STEADY_S"
	screen_stop
	ntests=$(awk -F, 'NR > 1 { print $2 }' "$tmp/run-$r.csv" | sort -u | grep -c .)
	echo "live-screen.sh: run $r: $ntests tests gave samples"
	times=$(log_times "$tmp/run-$r.csv" "$t0")
	[ "$ntests" -gt 0 ] || times="- -"
	echo "${times% *}" >>"$tmp/first"
	echo "${times#* }" >>"$tmp/steady"
	r=$((r + 1))
done

# change_start LOG: the change CHANGE names: a CPU hog on the CPU of
# most of the row's samples in LOG, or every system call traced (which
# falls back to the hog where tracing cannot be had). change_stop ends it.
change_start() {
	if [ "$CHANGE" = trace ] && trace_start; then
		changed_by=tracing
		return
	fi
	hog_cpu=$(row_cpu "$1")
	changed_by="hog on CPU $hog_cpu"
	taskset -c "$hog_cpu" sh -c 'while :; do :; done' &
	bg_pid=$!
}
change_stop() {
	trace_off
	stop_pid "$bg_pid"
	bg_pid=
}

# Focus: the test's row, a baseline, then the change.
cpu=$(taskset -pc $$ 2>/dev/null | sed 's/.*: //; s/[,-].*//')
: >"$tmp/worse"
: >"$tmp/back"
: >"$tmp/fquiet"
r=1
case " $PARTS " in *" focus "*) ;; *) RUNS=0 ;; esac
WIDTH=200 # room for the VS BASELINE column's WORSE
while [ "$r" -le "$RUNS" ]; do
	start_screen "$tmp/focus-$r.csv" "--only '$FOCUS_TEST'"
	sleep 3
	T send-keys f
	sleep 6
	T send-keys b
	sleep 3
	rows_worse "${FOCUS_QUIET_S:-10}" | grep -c . >>"$tmp/fquiet"
	change_start "$tmp/focus-$r.csv"
	w=$(wait_screen 'WORSE' "^$FOCUS_TEST" 30)
	echo "$w" >>"$tmp/worse"
	change_stop
	if [ "$w" = - ]; then # never WORSE: nothing to come back from
		echo - >>"$tmp/back"
	else
		wait_screen '!WORSE' "^$FOCUS_TEST" 30 >>"$tmp/back"
	fi
	screen_stop
	r=$((r + 1))
done

slices_worse=- slices_back=-
# slices_between T0 SECONDS: FOCUS_TEST's slices in the log of the all-on
# run that began within SECONDS after T0 (samples more than 0.3 s apart
# are two slices: with every test on, a test's slices are a cycle apart).
slices_between() {
	[ "$2" = - ] && { echo -; return; }
	python3 - "$tmp/all.csv" "$FOCUS_TEST" "$1" "$2" <<'EOF'
import csv, sys
path, test, t0, d = sys.argv[1], sys.argv[2], float(sys.argv[3]), \
    float(sys.argv[4])
ts = sorted(float(r["timestamp"]) for r in csv.DictReader(open(path))
            if r["test"] == test)
starts = [t for i, t in enumerate(ts) if i == 0 or t - ts[i - 1] > 0.3]
print(sum(1 for t in starts if t0 <= t <= t0 + d))
EOF
}

# Every test on: a baseline after a full cycle, a quiet minute, a hog.
QUIET_S=${QUIET_S:-60}
quiet=- cyc_s=- cyc_worse=- cyc_back=-
case " $PARTS " in *" quiet "* | *" cycle "*)
	WIDTH=200 HEIGHT=120 start_screen "$tmp/all.csv"
	wait_screen 'cycle [0-9]' 'first pass|cycle [0-9]' 300 >/dev/null
	cyc_s=$(T capture-pane -p | sed -n 's/.* cycle \([0-9]*\)s.*/\1/p' |
	    head -1)
	sleep $((${cyc_s:-60} * 2)) # the baseline holds about four slices
	T send-keys b
	sleep 2
	t_quiet=$(now)
	rows_worse "$QUIET_S" >"$tmp/quiet-rows"
	quiet=$(grep -c . "$tmp/quiet-rows")
	disturbed "$tmp/all.csv" "$t_quiet" "$QUIET_S" "$tmp/quiet-rows" \
	    >"$tmp/quiet-taken"
	case " $PARTS " in *" cycle "*)
		change_start "$tmp/all.csv"
		t_hog=$(now)
		cyc_worse=$(wait_screen 'WORSE' "^$FOCUS_TEST" \
		    $((${cyc_s:-60} * 3)))
		change_stop
		t_gone=$(now)
		if [ "$cyc_worse" != - ]; then
			cyc_back=$(wait_screen '!WORSE' "^$FOCUS_TEST" \
			    $((${cyc_s:-60} * 3)))
			slices_worse=$(slices_between "$t_hog" "$cyc_worse")
			slices_back=$(slices_between "$t_gone" "$cyc_back")
		fi
		;;
	esac
	screen_stop
	;;
esac
in_cycles() { awk -v v="$1" -v c="$cyc_s" 'BEGIN {
    if (v == "-" || c == "" || c == "-" || c <= 0) print "-";
    else printf "%.2f\n", v / c }'; }

med() { grep -v '^-$' "$1" >"$1.num"; median "$1.num" '%.1f'; }
first=$(med "$tmp/first")
steady=$(med "$tmp/steady")
worse=$(med "$tmp/worse")
back=$(med "$tmp/back")
printf '%-44s %8s %6s  %s\n' measure seconds bar "runs"
printf '%-44s %8s %6s  %s\n' "start to every row with a value" "$first" 15 \
    "$(tr '\n' ' ' <"$tmp/first")"
printf '%-44s %8s %6s  %s\n' "longest wait for fresh samples (steady)" \
    "$steady" 60 "$(tr '\n' ' ' <"$tmp/steady")"
printf '%-44s %8s %6s  %s\n' "focus: $changed_by to WORSE" "$worse" 5 \
    "$(tr '\n' ' ' <"$tmp/worse")"
printf '%-44s %8s %6s  %s\n' "focus: $changed_by stopped to not WORSE" "$back" 5 \
    "$(tr '\n' ' ' <"$tmp/back")"
printf '%-44s %8s %6s  %s\n' \
    "focus: rows WORSE ${FOCUS_QUIET_S:-10} s before the change" \
    "$(sort -n "$tmp/fquiet" | tail -1)" 0 "$(tr '\n' ' ' <"$tmp/fquiet")"
if [ "$quiet" != - ]; then
	printf '%-44s %8s %6s  %s\n' "all on: rows WORSE in $QUIET_S s, no change" \
	    "$quiet" 0 "$(tr '\n' ' ' <"$tmp/quiet-rows")"
	printf '%-44s %8s %6s  %s\n' "  of them with a slice mostly noisy" \
	    "$(grep -c . "$tmp/quiet-taken")" - "$(tr '\n' ' ' <"$tmp/quiet-taken")"
	printf '%-44s %8s %6s  %s\n' \
	    "all on: $changed_by to WORSE (cycles of ${cyc_s}s)" \
	    "$(in_cycles "$cyc_worse")" 1 "$cyc_worse s"
	printf '%-44s %8s %6s  %s\n' "all on: $changed_by stopped to not WORSE (cycles)" \
	    "$(in_cycles "$cyc_back")" 1 "$cyc_back s"
	printf '%-44s %8s %6s  %s\n' "all on: the row's slices, change to WORSE" \
	    "$slices_worse" 1 "from --log"
	printf '%-44s %8s %6s  %s\n' "all on: the row's slices, change gone to not" \
	    "$slices_back" 1 "from --log"
fi
verdict() { awk -v v="$1" -v b="$2" 'BEGIN {
    if (v == "-") print "not measured"; else print (v <= b ? "met" : "missed") }'; }
summary "start to every row with a value" "$first s" "15 s" \
    "$(verdict "$first" 15)"
summary "longest wait in steady state" "$steady s" "60 s" \
    "$(verdict "$steady" 60)"
summary "focus: $CHANGE to WORSE" "$worse s" "5 s" "$(verdict "$worse" 5)"
summary "focus: $CHANGE gone, WORSE gone" "$back s" "5 s" "$(verdict "$back" 5)"
exit 0
