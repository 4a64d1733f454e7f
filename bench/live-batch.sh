#!/bin/sh
# live-batch.sh: every test's live figure against the same test run
# alone. The live monitor must not disturb itself: a test's median on
# the live screen equals its median in batch mode, where it runs by
# itself.
#
#   sh bench/live-batch.sh                  (every test, 12 minutes)
#   ONLY='bsd.*,lmbench.fork' sh bench/live-batch.sh        (a subset)
#
# A benchmark that prints, not a test: it always exits 0.
#
# Each round runs, in this order on odd rounds and reversed on even ones
# (so that a drift of the machine weighs on every side alike):
#   batch     benchtop --batch -t BATCH_S --only ONLY --json
#   default   benchtop --watch 1 --log F.csv --only ONLY   (default -j)
#   j2        the same with -j 2
#   j2screen  benchtop -j 2 --log F.csv on a screen in a private tmux
#             server (120x40)
# each live mode for LIVE_S seconds (default: enough for every test to
# get one 1 s slice). Like is compared with like: a run's figure is the
# median of every sample it took, as the batch report's is (and as the
# screen's row is, of its window); not the median of --jsonl's interval
# records, where a first look's four samples weigh as much as a full
# slice's twenty. Per test: the median over the rounds of the batch's
# figure, its own CV (the batch report's cv_pct, median over rounds),
# and for each live mode the median over the rounds of the round's live
# figure over the same round's batch figure (the host's speed drifts
# over minutes; a round's two runs are closer in time than the
# rounds). A ratio meets the bar when it is within 10% of 1 or within
# twice the test's CV, whichever is larger. The test's CV is its batch
# report's (within one run); rCV is the CV of its batch figure over the
# rounds (run alone, again and again), printed beside it: on a shared
# host some tests move between runs far more than within one (the
# vCPUs' placement on the host's cores, its load), and a live/batch
# ratio within twice rCV is marked + rather than *.
#
# Environment: BENCHTOP, BENCHTOP_DATA as the other scripts;
#   ONLY     globs of test ids, comma-separated (default: every test)
#   ROUNDS   (default 4: an even count, so that each mode runs as
#            often before the batch as after it, and a steady drift of
#            the host over the run favours neither side)
#   BATCH_S  (default 1)   LIVE_S (default auto)
#   MODES    (default "default j2 j2screen")
# The last lines, "@@ ...", are the summary run.sh collects.

set -u

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
bench_init live-batch.sh

ONLY=${ONLY:-*}
ROUNDS=${ROUNDS:-4}
BATCH_S=${BATCH_S:-1}
MODES=${MODES:-default j2 j2screen}
use_tmux

if ! command -v python3 >/dev/null 2>&1; then
	note "no python3: cannot read the reports"
	summary "live / batch" "-" "within 10% or 2 CV" "not measured"
	exit 0
fi
bt_usable || {
	summary "live / batch" "-" "within 10% or 2 CV" "not measured"
	exit 0
}
case " $MODES " in
*" j2screen "*)
	command -v tmux >/dev/null 2>&1 || {
		note "no tmux: leaving out j2screen"
		MODES=$(echo "$MODES" | sed 's/j2screen//')
	}
	;;
esac
machine_line
ntests=$("$BENCHTOP" --list | awk 'NR > 1 { print $1 }' |
    python3 -c 'import fnmatch, sys
globs = sys.argv[1].split(",")
print(sum(1 for l in sys.stdin
          if any(fnmatch.fnmatchcase(l.strip(), g) for g in globs)))' "$ONLY")
LIVE_S=${LIVE_S:-$(awk -v n="$ntests" 'BEGIN { printf "%d", n * 1.0 + 4 }')}
echo "live-batch.sh: $ntests tests, $ROUNDS rounds; batch -t $BATCH_S;" \
    "live modes ($MODES) $LIVE_S s each; --only '$ONLY'"

run_batch() { # run_batch OUT
	"$BENCHTOP" --batch -t "$BATCH_S" --only "$ONLY" --json >"$1" \
	    2>"$tmp/batch.err" || note "batch: $(head -n 1 "$tmp/batch.err")"
}
run_watch() { # run_watch LOG [OPTION...]
	out=$1
	shift
	"$BENCHTOP" --watch 1 --log "$out" --only "$ONLY" "$@" \
	    2>"$tmp/watch.err" &
	bg_pid=$!
	sleep "$LIVE_S"
	stop_pid "$bg_pid"
	bg_pid=
}
screens=0
run_screen() { # run_screen LOG: a fresh tmux server (socket) each time
	screens=$((screens + 1))
	sock=$tmp/tmux-$screens
	screen_start 120 40 "exec '$BENCHTOP' -j 2 --only '$ONLY' --log '$1'"
	sleep "$LIVE_S"
	screen_stop
}
run_mode() { # run_mode MODE ROUND
	case $1 in
	batch) run_batch "$tmp/batch-$2.json" ;;
	default) run_watch "$tmp/default-$2.csv" ;;
	j2) run_watch "$tmp/j2-$2.csv" -j 2 ;;
	j2screen) run_screen "$tmp/j2screen-$2.csv" ;;
	esac
}

order="batch $MODES"
reverse=$(echo "$order" | tr ' ' '\n' | grep . | sed -n '1!G;h;$p' |
    tr '\n' ' ')
r=1
while [ "$r" -le "$ROUNDS" ]; do
	if [ $((r % 2)) -eq 1 ]; then set -- $order; else set -- $reverse; fi
	for m in "$@"; do
		run_mode "$m" "$r"
	done
	r=$((r + 1))
done

python3 - "$tmp" "$MODES" <<'EOF'
import csv, glob, json, math, os, statistics, sys

tmp, modes = sys.argv[1], sys.argv[2].split()


def rnd(path):
    """The round a run's file belongs to: NAME-ROUND.ext"""
    return int(os.path.basename(path).rsplit("-", 1)[1].split(".")[0])


batch, cv = {}, {}  # test -> {round: figure}, test -> [cv per round]
for f in sorted(glob.glob(os.path.join(tmp, "batch-*.json"))):
    try:
        doc = json.load(open(f))
    except ValueError:
        continue
    for t in doc.get("tests", []):
        if t.get("status") == "ok" and t.get("ns_per_op"):
            batch.setdefault(t["id"], {})[rnd(f)] = t["ns_per_op"]
            cv.setdefault(t["id"], []).append(t.get("cv_pct") or 0)
# Per live mode, test and round: the median of every full-slice sample
# the run logged (a first look's are cheaper runs, replaced on the
# screen).
live = {m: {} for m in modes}
for m in modes:
    for f in glob.glob(os.path.join(tmp, m + "-*.csv")):
        run = {}
        for row in csv.DictReader(open(f)):
            if row.get("first_look") == "1":
                continue
            try:
                v = float(row["ns_per_op"])
            except (KeyError, ValueError):
                continue
            if v > 0:
                run.setdefault(row["test"], []).append(v)
        for tid, vs in run.items():
            live[m].setdefault(tid, {})[rnd(f)] = statistics.median(vs)

def between(vals):
    """CV in % of a test's batch figures over the rounds (runs alone)."""
    vals = list(vals)
    if len(vals) < 2:
        return 0.0
    return 100 * statistics.stdev(vals) / statistics.mean(vals)


head = "%-24s %11s %6s %6s" % ("test", "batch ns", "CV%", "rCV%")
for m in modes:
    head += " %9s" % (m + "/b")
print(head)
met = {m: 0 for m in modes}
met_r = {m: 0 for m in modes}
seen = {m: 0 for m in modes}
for tid in sorted(batch):
    b = statistics.median(batch[tid].values())
    c = statistics.median(cv[tid])
    rc = between(batch[tid].values())
    bar = max(0.10, 2 * c / 100)
    bar_r = max(bar, 2 * rc / 100)
    line = "%-24s %11.4g %6.1f %6.1f" % (tid, b, c, rc)
    for m in modes:
        # the median of the rounds' own ratios: a round's live run and its
        # batch run are minutes apart, the rounds further
        ratios = [v / batch[tid][k] for k, v in live[m].get(tid, {}).items()
                  if k in batch[tid]]
        if not ratios:
            line += " %9s" % "-"
            continue
        r = statistics.median(ratios)
        ok = abs(r - 1) <= bar
        seen[m] += 1
        met[m] += ok
        met_r[m] += abs(r - 1) <= bar_r
        line += " %8.3f%s" % (r, " " if ok else
                              ("+" if abs(r - 1) <= bar_r else "*"))
    print(line)
print("(* outside the bar: 10% or twice the test's CV within a run,"
      " whichever is larger;\n + outside it, but within twice rCV%, the CV"
      " of the test's batch figure over the rounds: runs alone differ that"
      " much)")
for m in modes:
    print("@@ live %s / batch|%d of %d within bar (%d with rCV)|all|%s" % (
        m, met[m], seen[m], met_r[m],
        "met" if seen[m] and met[m] == seen[m] else "missed"))
EOF
exit 0
