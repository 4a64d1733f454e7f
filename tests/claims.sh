#!/bin/sh
# claims.sh: the live monitor never runs two slices that share a claimed
# CPU or resource. Two workers run a mix of single-party, spread
# two-party, bandwidth and file tests for a few seconds under --watch;
# from every slice's record (start, end, claimed CPUs and resources) no
# two slices that overlap in time may share a CPU or a resource, and each
# kind of test must claim what it occupies.
set -u

# shellcheck source=testlib.sh
. "$(dirname "$0")/testlib.sh"
test_begin claims
pid=
# shellcheck disable=SC2016 # expanded at exit
at_exit 'stop_pid "$pid"'

needs "$PYTHON"
cpus=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
single=byte.syscall,lmbench.null_call
spread=bsd.lock_pingpong,ctxbench.spin_yield,lmbench.lat_pipe
bandwidth=lmbench.bw_mem_read,lmbench.bw_bcopy_libc
file=byte.fs_write,lmbench.fs_create_0k
"$BENCHTOP" --watch 0.5 --jsonl -j 2 --slice-ms 250 --mem-size 8 \
    --placement spread --only "$single,$spread,$bandwidth,$file" \
    >"$work/watch.jsonl" 2>"$work/watch.err" &
pid=$!
# recorded: one test of each kind (a bandwidth and a file test among
# them) and 8 slices are in the records.
recorded() {
	n=$(grep '"test": "benchtop.slice"' "$work/watch.jsonl" |
	    grep -vc '"of": "benchtop\.')
	grep -q '"of": "lmbench.bw_' "$work/watch.jsonl" &&
	    grep -Eq '"of": "(byte.fs_write|lmbench.fs_create_0k)"' \
	        "$work/watch.jsonl" && [ "$n" -ge 8 ]
}
# 6 s, or up to 40 s on a loaded machine, until they are.
sleep 6
wait_until 34 recorded
stop_expect "$pid" 0 "--watch -j 2 ends with status 0 on TERM"
pid=

# verify FILE CPUS: every claim rule the records must obey; prints what
# is wrong, one line each, and exits 1 if anything is.
verify() {
	"$PYTHON" - "$1" "$2" <<'EOF'
import json, sys

path, cpus = sys.argv[1], int(sys.argv[2])
slices, bad = [], []
for line in open(path):
    r = json.loads(line)
    if r.get("test") == "benchtop.slice":
        slices.append(r)
tests = [s for s in slices if s["of"] != "benchtop.screen"]
if len(tests) < 8:
    bad.append("only %d slices recorded" % len(tests))
if len({s["worker"] for s in tests}) < 2:
    bad.append("not both workers ran slices")

def claims(of, cpus_n=None, resource=None):
    got = [s for s in tests if s["of"] == of]
    for s in got:
        if cpus_n is not None and len(s["cpus"]) != cpus_n:
            bad.append("%s claimed cpus %s" % (of, s["cpus"]))
        if resource is not None and resource not in s["resources"]:
            bad.append("%s claimed %s, not %s" % (of, s["resources"],
                                                 resource))
    return got

for of in ("byte.syscall", "lmbench.null_call"):
    claims(of, 1, None)
for of in ("bsd.lock_pingpong", "ctxbench.spin_yield", "lmbench.lat_pipe"):
    claims(of, 2 if cpus >= 2 else 1, None)
for of in ("lmbench.bw_mem_read", "lmbench.bw_bcopy_libc"):
    claims(of, 1, "memory-bandwidth")
for of in ("byte.fs_write", "lmbench.fs_create_0k"):
    claims(of, 1, "disk-cache")
kinds = {"single": ("byte.syscall", "lmbench.null_call"),
         "spread": ("bsd.lock_pingpong", "ctxbench.spin_yield",
                    "lmbench.lat_pipe"),
         "bandwidth": ("lmbench.bw_mem_read", "lmbench.bw_bcopy_libc"),
         "file": ("byte.fs_write", "lmbench.fs_create_0k")}
for kind, ids in kinds.items():
    if not any(s["of"] in ids for s in tests):
        bad.append("no %s test ran a slice" % kind)

overlapping = 0
for i, a in enumerate(slices):
    if a["end_s"] < a["start_s"]:
        bad.append("%s ends before it starts" % a["of"])
    for b in slices[i + 1:]:
        if not (a["start_s"] < b["end_s"] and b["start_s"] < a["end_s"]):
            continue
        overlapping += 1
        cpu = set(a["cpus"]) & set(b["cpus"])
        res = set(a["resources"]) & set(b["resources"])
        if cpu or res:
            bad.append("%s [%.6f, %.6f] and %s [%.6f, %.6f] share %s" % (
                a["of"], a["start_s"], a["end_s"], b["of"], b["start_s"],
                b["end_s"], sorted(cpu) + sorted(res)))
if cpus >= 2 and overlapping == 0:
    bad.append("no two slices ran at once: nothing was proved")
for b in bad:
    print(b)
print("%d slices, %d overlapping pairs checked" % (len(slices), overlapping),
      file=sys.stderr)
sys.exit(1 if bad else 0)
EOF
}

verify "$work/watch.jsonl" "$cpus" >"$work/verdict" 2>"$work/count"
rc=$?
sed 's/^/  /' "$work/count"
if [ $rc -eq 0 ]; then ok; else
	fail "claims broken:"
	sed 's/^/  /' "$work/verdict"
fi

# The check can fail: two overlapping slices on one CPU, and two at once
# on one resource, appended to the real records, must each be caught.
for clash in '"cpus": [0], "resources": []' \
    '"cpus": [4095], "resources": ["disk-cache"]'; do
	cp "$work/watch.jsonl" "$work/clash.jsonl"
	for n in 1 2; do
		echo '{"test": "benchtop.slice", "of": "x'$n'", "worker": 0,' \
		    '"start_s": 0.5, "end_s": 0.6, '"$clash"'}'
	done >>"$work/clash.jsonl"
	verify "$work/clash.jsonl" "$cpus" >"$work/verdict" 2>/dev/null
	check "an overlap on ($clash) is caught" grep -q 'x1.*x2' \
	    "$work/verdict"
done

# A test's own record says what its last slice claimed.
check "test records carry cpus and resources" "$PYTHON" -c '
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
recs = [r for r in recs if not r["test"].startswith("benchtop.")]
sys.exit(0 if recs and all("cpus" in r and "resources" in r for r in recs)
         else 1)' "$work/watch.jsonl"

finish claims.sh
