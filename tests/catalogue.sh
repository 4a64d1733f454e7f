#!/bin/sh
# catalogue.sh: every test of the catalogue, briefly: each ok or
# unsupported with a reason; values positive and finite; ordered where
# physics orders them; placement honoured (the partner runs where the
# placement says); and nothing left behind: no process, no SysV IPC
# object, no temp file, no flood of sockets in TIME_WAIT, after a run
# and after a SIGTERM mid-run.
set -u

# SysV objects and sockets in TIME_WAIT are counted in private IPC and
# network namespaces where they can be made (root, or a user namespace):
# other tests running beside this one (make -j check) then cannot make a
# leftover appear or hide one. A new namespace's loopback is brought up
# with ip(8), so the network one is only tried where ip is.
if [ -z "${BT_IPC_PRIVATE:-}" ]; then
	hows='"--ipc" "-r --ipc"'
	command -v ip >/dev/null 2>&1 &&
	    hows='"--ipc --net" "-r --ipc --net" '"$hows"
	eval "set -- $hows"
	for how; do
		# shellcheck disable=SC2086
		if unshare $how true 2>/dev/null; then
			BT_IPC_PRIVATE="$how" exec unshare $how sh "$0"
		fi
	done
	echo "note: no private IPC namespace: SysV counts are machine-wide"
fi
case ${BT_IPC_PRIVATE:-} in
*--net*) ip link set lo up ;;
*) echo "note: no private network namespace: TIME_WAIT counted machine-wide" ;;
esac

# shellcheck source=testlib.sh
. "$(dirname "$0")/testlib.sh"
test_begin cat
needs "$PYTHON" pgrep ps
ipcs_count() { ipcs 2>/dev/null | grep -c '^0x'; }
# nothing_left WHAT DIR: a run with --dir DIR left no file, process,
# SysV object or TIME_WAIT flood behind.
nothing_left() {
	check "$1: scratch empty" test -z "$(ls -A "$2")"
	check "$1: no process left ($(leftovers "$2"))" \
	    test -z "$(leftovers "$2")"
	check "$1: no SysV object left" test "$(ipcs_count)" -le "$ipc_before"
	tw=$(timewait)
	check "$1: no TIME_WAIT flood ($tw_before -> $tw)" \
	    test "$tw" -le $((tw_before + 500))
}
mkdir "$work/s1"
ipc_before=$(ipcs_count)
tw_before=$(timewait)
start=$(date +%s)
# Placement same: the uniprocessor picture lmbench's orderings assume (a
# spread pass waits for the other vCPU to wake, whatever runs there).
"$BENCHTOP" --batch -t 0.1 --sample-ms 10 --dir "$work/s1" --json \
    --placement same \
    >"$work/all.json" 2>"$work/all.err"
rc=$?
elapsed=$(($(date +%s) - start))
check "the whole catalogue runs (rc $rc): $(head -c 300 "$work/all.err")" \
    test $rc -eq 0
echo "note: the whole catalogue at -t 0.1 took ${elapsed}s"
# A sanitizer build runs benchtop itself (exec's helper, the lock and
# memory loops) several times slower than the system's own programs (sh,
# true): the orderings are physics only for a plain build.
sanitized=0
if grep -qa -e __asan_init -e __tsan_init -e __ubsan_handle "$BENCHTOP"; then
	sanitized=1
	echo "note: a sanitizer build: values checked, orderings not"
fi
check "sane values and orderings" "$PYTHON" - "$work/all.json" "$sanitized" <<'PY'
import json, math, sys
doc = json.load(open(sys.argv[1]))
sanitized = sys.argv[2] == "1"
t = {x["id"]: x for x in doc["tests"]}
bad = []
# lat_ctx's rows subtract a baseline (pipe + working set) from each pass:
# when the switch costs less than that measurement's noise, lmbench too
# prints 0 or less. Those may be zero, never negative.
# Where the core clock could not be held and there is no cycle counter,
# cycles are unknown (null), never a made-up number.
m = doc["machine"]
no_cycles = m["core_hz"] is None and m["cycle_source"] != "pmu"
def may_be_zero(i):
    return i.startswith("lmbench.ctx_")
for x in doc["tests"]:
    if x["status"] == "ok" and may_be_zero(x["id"]):
        if not (x["ns_per_op"] >= 0):
            bad.append("%s: ns_per_op = %r" % (x["id"], x["ns_per_op"]))
    elif x["status"] == "ok":
        for k in ("value", "ns_per_op", "cycles_per_op"):
            v = x[k]
            if v is None and no_cycles and (
                    k == "cycles_per_op" or x["unit"] == "cycles"):
                continue  # no clock held, no counter: cycles unknown
            if not (isinstance(v, (int, float)) and v > 0 and math.isfinite(v)):
                bad.append("%s: %s = %r" % (x["id"], k, v))
    elif x["status"] != "unsupported" or not x["reason"]:
        bad.append("%s: %s %r" % (x["id"], x["status"], x["reason"]))
def val(i):
    x = t.get(i)
    return x["value"] if x and x["status"] == "ok" and x["value"] else None
def ge(a, b, factor=1.0):
    # a >= b * factor, when both ran (and the build is not sanitized)
    if sanitized:
        return
    va, vb = val(a), val(b)
    if va is not None and vb is not None and not va >= vb * factor:
        bad.append("expected %s (%g) >= %g x %s (%g)" % (a, va, factor, b, vb))
# (no ordering on the ctx_ rows: each subtracts its own baseline, so a
# short or sanitized run can put 16p/64k at almost 0, as lmbench can)
# (process creation at -t 0.1 is a few samples, and the suite runs
# other tests beside this one: on a fresh clone sh read 15 ms against
# exec's 23 ms. The factor catches a swapped unit or a missing exec,
# not a tenth of a millisecond.)
ge("lmbench.sh", "lmbench.exec", 0.5)
ge("lmbench.exec", "lmbench.fork", 0.5)
ge("byte.shell1", "byte.shell8", 1.0)
ge("byte.arith_overhead", "byte.arith_int", 1.0)
ge("byte.spawn", "byte.execl", 1.0)
ge("lmbench.lat_connect", "lmbench.lat_tcp", 0.5)
# (no file create ordering: on ext4 a create swings from 30 us to 2.5 ms)
for i, lo in (("lmbench.bw_mem_read", 100), ("lmbench.bw_bcopy_libc", 50),
              ("lmbench.bw_pipe", 10), ("lmbench.bw_tcp", 10)):
    if val(i) is not None and val(i) < lo:
        bad.append("%s = %g MB/s, below %g" % (i, val(i), lo))
for i in ("lmbench.ctx_2p_0k", "lmbench.lat_pipe", "lmbench.lat_tcp",
          "lmbench.page_fault", "lmbench.prot_fault"):
    if val(i) is not None and not 0.01 < val(i) < 10000:
        bad.append("%s = %g us, outside 0.01..10000" % (i, val(i)))
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
PY
nothing_left "after the run" "$work/s1"

# Placement: the partner's CPU, as the kernel shows it (ps psr).
# both_parties_seen PID: the CPUs of PID's partner ($ppsr) and of its
# worker ($wpsr), read at one moment; true once the partner is seen.
both_parties_seen() {
	ppsr=$(for c in $(pgrep -P "$1" -x bt-partner); do
		ps -o psr= -p "$c"; done | head -n 1 | tr -d ' ')
	wpsr=$(ps -L -o comm=,psr= -p "$1" |
	    awk '$1 == "bt-worker0" { print $2 }')
	[ -n "$ppsr" ]
}
for place in same spread; do
	mkdir "$work/p-$place"
	"$BENCHTOP" --batch -t 5 --only ctxbench.pipes --placement $place \
	    --dir "$work/p-$place" >/dev/null 2>&1 &
	pid=$!
	# Both parties are up from setup to teardown: look, up to 3 s of the
	# 5 s run, until the partner is seen, and read the worker's CPU at
	# the same moment. A run that never shows both fails.
	wpsr='' ppsr=''
	wait_until 3 both_parties_seen $pid
	stop_pid $pid
	if [ -z "$wpsr" ] || [ -z "$ppsr" ]; then
		fail "placement $place: worker CPU '$wpsr', partner CPU '$ppsr':" \
		    "could not see both parties"
		continue
	fi
	if [ $place = same ]; then
		check "placement same: partner on the worker's CPU $wpsr ($ppsr)" \
		    test "$wpsr" = "$ppsr"
	elif [ "$(nproc)" -ge 2 ]; then
		check "placement spread: partner off the worker's CPU $wpsr ($ppsr)" \
		    test "$wpsr" != "$ppsr"
	fi
done

# SIGTERM in the middle of multi-process tests: nothing left.
for only in 'lmbench.ctx_*' 'ctxbench.*' 'byte.shell*' 'lmbench.lat_*' \
    'byte.spawn,byte.execl,lmbench.fork,lmbench.exec'; do
	mkdir -p "$work/t"
	"$BENCHTOP" --batch -t 3 --only "$only" --dir "$work/t" \
	    >/dev/null 2>&1 &
	pid=$!
	sleep 0.8 # the first test's parties are up by then
	stop_expect $pid 143 "SIGTERM during $only"
	sleep 0.3
	nothing_left "SIGTERM during $only" "$work/t"
done

finish catalogue
