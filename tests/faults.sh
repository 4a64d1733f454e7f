#!/bin/sh
# faults.sh: faults in the middle of tests. A killed partner turns its
# test FAILED with a reason and the others go on; too few processes or
# descriptors, or a missing program, give reasons, not crashes.
set -u

# shellcheck source=testlib.sh
. "$(dirname "$0")/testlib.sh"
test_begin fault
needs "$PYTHON" pgrep
# shellcheck disable=SC2034 # read at exit
mounted=
nproc_dir=
# shellcheck disable=SC2016 # expanded at exit
at_exit '[ -z "$mounted" ] || umount "$mounted"'
# shellcheck disable=SC2016 # expanded at exit
at_exit '[ -z "$nproc_dir" ] || rm -rf "$nproc_dir"'

# SIGKILL of a partner mid-test: that test FAILED, naming the signal; the
# test after it still runs.
"$BENCHTOP" --batch -t 3 --only 'ctxbench.pipes,lmbench.null_call' --json \
    >"$work/kill.json" 2>/dev/null &
pid=$!
# partner_up PID: PID's partner, in $partner, once there is one
partner_up() {
	partner=$(pgrep -P "$1" -x bt-partner | head -n 1)
	[ -n "$partner" ]
}
partner=
wait_until 10 partner_up $pid
sleep 0.3
[ -n "$partner" ] && kill -KILL "$partner"
wait $pid
check "a killed partner: exit 1 (a test failed) ($?)" test $? -eq 1
st=$(status ctxbench.pipes "$work/kill.json")
check "a killed partner: FAILED with the signal ($st)" sh -c \
    "echo '$st' | grep -q '^failed .*signal 9'"
check "the next test still ran" sh -c \
    "test \"\$(echo '$(status lmbench.null_call "$work/kill.json")' | cut -d' ' -f1)\" = ok"

# RLIMIT_NOFILE too low for select on 100 sockets: unsupported, a reason.
(ulimit -n 64 && "$BENCHTOP" --batch -t 0.1 --only lmbench.select_tcp \
    --json >"$work/nofile.json" 2>/dev/null)
st=$(status lmbench.select_tcp "$work/nofile.json")
check "RLIMIT_NOFILE 64: select_tcp unsupported ($st)" sh -c \
    "echo '$st' | grep -q '^unsupported .*[0-9]'"

# RLIMIT_NPROC too low to fork. Root ignores it, so as root benchtop runs
# as nobody. A new user namespace counts only benchtop's own tasks: with
# 2 (main and one worker) the fork tests fail and the others run. Without
# one, nobody is used only if it runs nothing else.
nproc_as=
if [ "$(id -u)" = 0 ]; then
	nproc_as="setpriv --reuid=nobody --regid=nogroup --clear-groups"
	nproc_as="$nproc_as --inh-caps=-all"
	nproc_dir=$(mktemp -d "${TMPDIR:-/tmp}/bt-nproc.XXXXXX") || exit 99
	chmod 0777 "$nproc_dir"
else
	mkdir "$work/nproc" && nproc_dir=$work/nproc
fi
if ! command -v prlimit >/dev/null 2>&1; then
	echo "SKIP: RLIMIT_NPROC: no prlimit"
elif ! $nproc_as "$BENCHTOP" --batch -t 0.01 --only lmbench.null_call \
    --dir "$nproc_dir" >/dev/null 2>&1; then
	echo "SKIP: RLIMIT_NPROC: benchtop or its data not usable as nobody"
else
	if $nproc_as unshare -r true 2>/dev/null; then
		nproc_ns="unshare -r"
	elif [ -n "$nproc_as" ] && ! pgrep -u nobody >/dev/null; then
		nproc_ns=
	else
		nproc_ns=none
	fi
	if [ "$nproc_ns" = none ]; then
		echo "SKIP: RLIMIT_NPROC: no user namespace to count in"
	else
		$nproc_as $nproc_ns prlimit --nproc=2 "$BENCHTOP" --batch \
		    -t 0.1 --only 'lmbench.fork,byte.spawn,lmbench.null_call' \
		    --dir "$nproc_dir" --json >"$nproc_dir/nproc.json" 2>/dev/null
		rc=$?
		check "RLIMIT_NPROC 2: exit 1, a test failed ($rc)" test $rc -eq 1
		for id in lmbench.fork byte.spawn; do
			st=$(status $id "$nproc_dir/nproc.json")
			check "RLIMIT_NPROC 2: $id fails with a reason ($st)" \
			    sh -c "echo '$st' | grep -q '^failed fork: .'"
		done
		st=$(status lmbench.null_call "$nproc_dir/nproc.json")
		check "RLIMIT_NPROC 2: null_call still ok ($st)" \
		    test "$st" = "ok "
		# Not even a worker thread: one line, exit 1. (LeakSanitizer's
		# exit check needs a thread too: off, in a sanitizer build.)
		$nproc_as $nproc_ns env ASAN_OPTIONS=detect_leaks=0 \
		    prlimit --nproc=1 "$BENCHTOP" --batch \
		    -t 0.1 --only lmbench.fork --dir "$nproc_dir" \
		    >"$nproc_dir/nproc1.out" 2>"$nproc_dir/nproc1.err"
		rc=$?
		check "RLIMIT_NPROC 1: exit 1 and one line ($rc)" sh -c \
		    "test $rc -eq 1 && test \$(wc -l <'$nproc_dir/nproc1.err') -eq 1 &&
		    grep -q '^benchtop: .*: Resource temporarily unavailable' \
		    '$nproc_dir/nproc1.err'"
	fi
	rm -f "$nproc_dir/nproc.json" "$nproc_dir/nproc1.out" \
	    "$nproc_dir/nproc1.err"
	check "RLIMIT_NPROC: scratch dir empty" \
	    test -z "$(ls -A "$nproc_dir")"
fi
rm -rf "$nproc_dir"
nproc_dir=

# Programs missing from PATH: cc and dc unsupported, with a reason.
mkdir "$work/bin"
PATH=$work/bin "$BENCHTOP" --batch -t 0.1 --only 'byte.cc,byte.dc' --json \
    >"$work/path.json" 2>/dev/null
st=$(status byte.cc "$work/path.json")
check "no cc in PATH: unsupported ($st)" sh -c \
    "echo '$st' | grep -q '^unsupported .*cc'"
check "no dc in PATH: unsupported" sh -c \
    "$PYTHON -c 'import json,sys; t=[x for x in json.load(open(sys.argv[1]))[\"tests\"] if x[\"id\"]==\"byte.dc\"][0]; sys.exit(t[\"status\"]!=\"unsupported\" or \"dc\" not in t[\"reason\"])' '$work/path.json'"

# One CPU only: the two-CPU test says so, the others run.
taskset -c 0 "$BENCHTOP" --batch -t 0.1 \
    --only 'bsd.lock_pingpong,ctxbench.pipes' --json >"$work/one.json" \
    2>/dev/null
check "one CPU: lock_pingpong unsupported, naming the CPUs" sh -c \
    "$PYTHON -c 'import json,sys; t={x[\"id\"]: x for x in json.load(open(sys.argv[1]))[\"tests\"]}; p=t[\"bsd.lock_pingpong\"]; c=t[\"ctxbench.pipes\"]; sys.exit(not (p[\"status\"]==\"unsupported\" and \"CPU\" in p[\"reason\"] and c[\"status\"]==\"ok\" and c[\"placement\"]==\"same\"))' '$work/one.json'"

# Faults of the filesystem: a full one and a read-only one, as tmpfs
# mounts. Root mounts in place (and unmounts, in the trap too); others
# use a user and mount namespace where there is one, else skip.
fs_tests='byte.fs_*,lmbench.fs_*,lmbench.bw_file_reread,lmbench.mmap,'\
'lmbench.prot_fault,lmbench.page_fault,lmbench.bw_mmap_reread'
if [ "$(id -u)" = 0 ]; then
	ns=
elif unshare -r -m true 2>/dev/null; then
	ns="unshare -r -m"
else
	ns=none
fi
# in_tmpfs OPTIONS DIR COMMAND...: run COMMAND with a tmpfs mounted on
# DIR, then list what is left in DIR into $work/left; COMMAND's status,
# or 99 if the mount failed.
in_tmpfs() {
	opts=$1 dir=$2
	shift 2
	if [ -n "$ns" ]; then
		$ns sh -c 'mount -t tmpfs -o "$0" none "$1" || exit 99
			dir=$1 left=$2; shift 3; "$@"; rc=$?
			ls -A "$dir" >"$left"; exit $rc' \
		    "$opts" "$dir" "$work/left" -- "$@"
		return
	fi
	mount -t tmpfs -o "$opts" none "$dir" || return 99
	mounted=$dir
	"$@"
	rc=$?
	ls -A "$dir" >"$work/left"
	umount "$dir" && mounted=
	return $rc
}
mkdir "$work/fs"
if [ "$ns" = none ]; then
	echo "SKIP: full and read-only filesystems: cannot mount a tmpfs here"
elif ! in_tmpfs size=64k "$work/fs" true; then
	echo "SKIP: full and read-only filesystems: tmpfs mount failed"
else
	# Full: 256 KiB. Every file test is ok, or failed or unsupported
	# naming the cause; no crash (SIGBUS from a mapped hole), no hang.
	in_tmpfs size=256k "$work/fs" timeout 60 "$BENCHTOP" --batch -t 0.2 \
	    --only "$fs_tests" --dir "$work/fs" --json >"$work/full.json" \
	    2>"$work/full.err"
	rc=$?
	check "full fs: exit 0 or 1, no crash or hang ($rc)" test $rc -le 1
	check "full fs: each test ok, or not with a cause" "$PYTHON" -c '
import json, sys
tests = json.load(open(sys.argv[1]))["tests"]
bad = [t["id"] + ": " + t["status"] + " " + str(t["reason"]) for t in tests
       if not (t["status"] == "ok" or t["status"] in ("failed", "unsupported")
               and "No space left on device" in (t["reason"] or ""))]
print("full fs: %d tests, %d short of space" % (len(tests),
      sum(t["status"] != "ok" for t in tests)))
for b in bad: print("  " + b)
sys.exit(1 if len(tests) < 10 or bad else 0)' "$work/full.json"
	check "full fs: nothing left in the dir" test ! -s "$work/left"

	# Read-only: one line naming the dir, exit 1, no report.
	in_tmpfs ro "$work/fs" "$BENCHTOP" --batch -t 0.1 --only byte.fs_write \
	    --dir "$work/fs" >"$work/ro.out" 2>"$work/ro.err"
	rc=$?
	check "read-only fs: exit 1 ($rc)" test $rc -eq 1
	check "read-only fs: one line naming the dir and the cause" sh -c \
	    "test \$(wc -l <'$work/ro.err') -eq 1 &&
	    grep -q \"'$work/fs': Read-only file system\" '$work/ro.err'"
	check "read-only fs: no report on stdout" test ! -s "$work/ro.out"
fi
# Read-only by mode: root would write there anyway.
if [ "$(id -u)" != 0 ]; then
	chmod 0500 "$work/fs"
	"$BENCHTOP" --batch -t 0.1 --only byte.fs_write --dir "$work/fs" \
	    >"$work/ro.out" 2>"$work/ro.err"
	rc=$?
	chmod 0700 "$work/fs"
	check "dir mode 0500: exit 1, one line naming the dir ($rc)" sh -c \
	    "test $rc -eq 1 && test \$(wc -l <'$work/ro.err') -eq 1 &&
	    grep -q \"'$work/fs': Permission denied\" '$work/ro.err'"
fi

# No sh tools on PATH: the shell scripts are unsupported, naming the
# tool; lmbench.sh runs /bin/sh -c /bin/true by absolute paths, as
# lat_proc does, so it needs nothing from PATH.
PATH=$work/bin "$BENCHTOP" --batch -t 0.2 --only 'byte.shell1,lmbench.sh' \
    --json >"$work/nosh.json" 2>/dev/null
rc=$?
check "empty PATH: shell tests exit 0 ($rc)" test $rc -eq 0
st=$(status byte.shell1 "$work/nosh.json")
check "empty PATH: byte.shell1 unsupported, naming a tool ($st)" sh -c \
    "echo '$st' | grep -q '^unsupported [a-z]* not installed'"
st=$(status lmbench.sh "$work/nosh.json")
check "empty PATH: lmbench.sh runs ($st)" sh -c "echo '$st' | grep -q '^ok '"
# No /bin/sh at all: /dev/null bound over it in a private mount namespace.
if [ -z "$ns" ]; then
	nosh="unshare -m"
else
	nosh=$ns
fi
[ "$nosh" != none ] && ! $nosh true 2>/dev/null && nosh=none
[ "$nosh" != none ] && $nosh sh -c 'mount --bind /dev/null /bin/sh || exit 99
	exec "$@"' sh "$BENCHTOP" --batch -t 0.2 --only 'byte.shell1,lmbench.sh' \
	--json >"$work/nosh.json" 2>/dev/null
rc=$?
if [ "$nosh" != none ] && [ $rc != 99 ]; then
	check "no /bin/sh: exit 0 ($rc)" test $rc -eq 0
	for id in byte.shell1 lmbench.sh; do
		st=$(status $id "$work/nosh.json")
		check "no /bin/sh: $id unsupported ($st)" \
		    test "$st" = "unsupported /bin/sh not installed (Debian package dash)"
	done
else
	echo "SKIP: no /bin/sh: no private mount namespace here"
fi

finish faults
