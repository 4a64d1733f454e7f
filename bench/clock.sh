#!/bin/sh
# clock.sh: the core clock, chain by chain. benchtop reads the clock from
# a chain of dependent register adds and holds it only when a chain of
# multiplies takes a whole number of its steps; it also times a chain of
# add-immediates (which Golden Cove-class cores fold at rename) and a
# chain of dependent loads. This prints, over RUNS runs of
# `benchtop --identify` pinned to CPU, each chain's reading as a clock
# (add: 1 cycle a step; multiply: the cycles it was held to, else 3;
# load: 1 a step, so its GHz is the clock over the L1 latency), benchtop's
# clock and verdict, the TSC, cpufreq's maximum where readable, and
# independent readings where they can be had: perf's cycles over a busy
# loop (a PMU) and lmbench's mhz (LMBENCH_BIN=dir of lmbench's binaries).
#
#   sh bench/clock.sh            RUNS=10 CPU=0 by default
#
# A benchmark that prints, not a test: it always exits 0.
set -u
. "$(dirname "$0")/lib.sh"
bench_init clock

runs=${RUNS:-10}
cpu=${CPU:-0}
pin() { if command -v taskset >/dev/null 2>&1; then taskset -c "$cpu" "$@"; else "$@"; fi; }

i=0
while [ "$i" -lt "$runs" ]; do
	pin "$BENCHTOP" --identify 2>/dev/null | grep '^clock\.' >"$tmp/run$i"
	i=$((i + 1))
done

echo "bench/clock.sh: $runs runs of benchtop --identify on CPU $cpu," \
    "load average $(cut -d' ' -f1-3 /proc/loadavg)"
cat "$tmp"/run* | awk -v runs="$runs" '
function median(a, n,   i, j, t) {
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
			t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
		}
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function row(name, what, a, n,   m) {
	if (n == 0) {
		printf "%-26s %10s\n", name, "-"
		return
	}
	m = median(a, n)
	printf "%-26s %10.3f %10.3f %10.3f  %s\n", name, m, a[1], a[n], what
}
/^clock\.core: [0-9.]+ GHz/ { core[++ncore] = $2 + 0 }
/^clock\.core: unknown/ { unknown++ }
/^clock\.verdict:/ { sub(/^clock\.verdict: /, ""); verdict[$0]++ }
/^clock\.tsc:/ { tsc[++ntsc] = $2 + 0 }
/^clock\.chain\.add_reg:/ { ar[++nar] = 1 / $2 }
/^clock\.chain\.add_imm:/ { ai[++nai] = 1 / $2 }
/^clock\.chain\.mul:/ { mu[++nmu] = 3 / $2 }
/^clock\.chain\.load:/ { ld[++nld] = 1 / $2 }
END {
	printf "%-26s %10s %10s %10s\n", "reading (GHz)", "median", "min", "max"
	row("add %reg (1 cycle)", "the clock", ar, nar)
	row("imul/mul %reg (3 cycles)", "its check", mu, nmu)
	row("add $1 (1 cycle)", "foldable: shown only", ai, nai)
	row("load chain (1 a step)", "clock / L1 latency", ld, nld)
	row("benchtop core clock", "", core, ncore)
	row("TSC", "", tsc, ntsc)
	printf "verdicts:"
	for (v in verdict)
		printf " %s x%d", v, verdict[v]
	printf "\n"
}'

max=/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq
if [ -r "$max" ]; then
	echo "cpufreq maximum: $(awk '{ printf "%.3f", $1 / 1e6 }' "$max") GHz"
else
	echo "cpufreq maximum: not readable (no cpufreq here)"
fi

# perf: cycles over task-clock of a busy shell loop is the mean core
# clock while it ran, an independent reading where there is a PMU.
if command -v perf >/dev/null 2>&1 &&
    perf stat -x, -e cycles true 2>&1 | grep -q '^[0-9]'; then
	pin perf stat -x, -e cycles -e task-clock -- sh -c \
	    'i=0; while [ $i -lt 200000 ]; do i=$((i + 1)); done' \
	    2>"$tmp/perf" >/dev/null
	awk -F, '$3 == "cycles" { c = $1 } $3 == "task-clock" { t = $1 }
	    END { if (t > 0) printf "perf: %.3f GHz (cycles / task-clock)\n",
	        c / t / 1e6 }' "$tmp/perf"
else
	echo "perf: no cycle counter here (no PMU, or perf absent)"
fi

if [ -n "${LMBENCH_BIN:-}" ] && [ -x "$LMBENCH_BIN/mhz" ]; then
	echo "lmbench mhz: $(pin "$LMBENCH_BIN/mhz" 2>&1 | grep -v "should take" | head -1)"
else
	echo "lmbench mhz: not run (LMBENCH_BIN names no directory with mhz)"
fi
