#!/bin/sh
# run-to-run.sh: how far this host moves a test between two runs, against
# what the test's own slices say. Saves RUNS quick profiles (each a run of
# its own: 15 slices of 0.1 s of each test of the quick set, or of ONLY)
# one after another, then prints per test:
#
#   within   the sd of its slices inside one run (pooled), %
#   median   what that makes of one run's median of 15: the error the
#            quick check takes a profile's median to have (sd times
#            sqrt(pi/2/15)), %
#   between  the sd of the runs' medians, %
#   ratio    between / median: 1 when the slices tell the whole story;
#            above it, the runs move as a whole (the host's state lasts
#            longer than a run), and a check against one profile is
#            judged on less than it seems
#   range    the largest run median over the smallest
#
# This is what the quick check's rule is built on (measure-sequential.c):
# a 5-slice median of a test whose slices scatter 12% is itself off by
# 6.7%. On a Zen 4 guest: 10 runs of 5 slices, slices 10-20%
# (fs_create_0k 106%) and ratios 1.2-1.8 for most tests; 3 runs of 15
# at a calm moment (load 0.2), ratios 0.1-1.6. The host's state is what
# moves.
#
# Environment: RUNS (default 8), ONLY (an --only list, default the quick
# set). About 26 s a run. Prints a table; exits 0 whatever the numbers.
set -u
. "$(dirname "$0")/lib.sh"
bench_init run-to-run

RUNS=${RUNS:-8}
XDG_DATA_HOME=$tmp/data
export XDG_DATA_HOME

if ! command -v python3 >/dev/null 2>&1; then
	note "python3 not found: nothing measured"
	exit 0
fi
echo "run-to-run: $RUNS quick saves, load $(cut -d' ' -f1-3 /proc/loadavg)"
i=1
while [ "$i" -le "$RUNS" ]; do
	# shellcheck disable=SC2046 # --only and its list, or nothing
	if ! "$BENCHTOP" --save "r$i" --quick \
	    $([ -n "${ONLY:-}" ] && printf '%s %s' --only "$ONLY") \
	    >/dev/null 2>"$tmp/err"; then
		note "--save --quick failed: $(head -n 1 "$tmp/err")"
		exit 0
	fi
	i=$((i + 1))
done
python3 - "$XDG_DATA_HOME/benchtop" <<'EOF'
import glob, math, statistics as st, sys
from collections import defaultdict

runs = defaultdict(dict)  # test -> run -> [log slice medians]
for path in sorted(glob.glob(sys.argv[1] + "/*.tsv")):
    for line in open(path):
        f = line.rstrip("\n").split("\t")
        if line.startswith("#") or len(f) < 4 or f[2] != "slice":
            continue
        runs[f[1]].setdefault(path, []).append(math.log(float(f[3])))
print("%-24s %7s %7s %7s %6s %7s" %
      ("TEST", "within", "median", "between", "ratio", "range"))
for test, by_run in runs.items():
    sets = [v for v in by_run.values() if len(v) >= 3]
    if len(sets) < 2:
        continue
    within = math.sqrt(st.mean([st.variance(v) for v in sets]))
    m = st.mean([len(v) for v in sets])
    median_err = within * math.sqrt(math.pi / 2 / m)
    meds = [st.median(v) for v in sets]
    between = st.stdev(meds)
    print("%-24s %6.1f%% %6.1f%% %6.1f%% %6.2f %6.2fx" %
          (test, 100 * within, 100 * median_err, 100 * between,
           between / median_err if median_err > 0 else float("nan"),
           math.exp(max(meds) - min(meds))))
EOF
summary "run-to-run" "see table" "ratio near 1" "-"
