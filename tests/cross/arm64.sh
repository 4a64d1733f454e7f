#!/bin/sh
# tests/cross/arm64.sh: cross-build benchtop for arm64 and run its unit
# tests under qemu-user, so that the arm64 paths (the core clock's
# chains, the TSC-less clock, identification from the MIDR) compile and
# their tests pass on a machine that is not one.
#
# Needs Debian's gcc-aarch64-linux-gnu and qemu-user, and the arm64 -dev
# packages of ncurses, libmicrohttpd and libtirpc (dpkg
# --add-architecture arm64); there is no arm64 libcpuid, so the build
# goes without it and identification falls back to /proc/cpuinfo and
# the MIDR registers, as an arm64 user of Debian gets it. Exits 77 when
# a tool or package is missing, naming it. Run from anywhere; it builds
# in a temporary copy of the tree (tracked and new files, as they are),
# which it removes. Timings under qemu mean nothing: no test here
# asserts one, and the scripted tests (which run the binary as a user
# would, for real durations) are not run.
set -u
host=aarch64-linux-gnu
sysroot=/usr/$host
pcdir=/usr/lib/$host/pkgconfig
top=$(cd "$(dirname "$0")/../.." && pwd)

skip() { echo "arm64: SKIP: $*"; exit 77; }
command -v $host-gcc >/dev/null || skip "no $host-gcc (apt-get install gcc-$host)"
command -v qemu-aarch64 >/dev/null || skip "no qemu-aarch64 (apt-get install qemu-user)"
[ -d "$sysroot/lib" ] || skip "no $sysroot (the cross libc)"
[ -f "$pcdir/ncursesw.pc" ] || [ -f "$pcdir/ncurses.pc" ] ||
	skip "no arm64 ncurses (dpkg --add-architecture arm64; apt-get install libncurses-dev:arm64)"

work=$(mktemp -d "${TMPDIR:-/tmp}/benchtop-arm64.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

# The tree as it is: git's tracked and untracked-not-ignored files, or
# a copy of a tarball's tree (cleaned when it was configured in place).
if git -C "$top" rev-parse --git-dir >/dev/null 2>&1; then
	(cd "$top" && git ls-files -z --cached --others --exclude-standard |
		xargs -0 tar -cf - 2>/dev/null) | tar -xf - -C "$work"
else
	cp -R "$top"/. "$work"/
	[ -f "$work/Makefile" ] && make -C "$work" -s distclean >/dev/null 2>&1
fi
cd "$work" || exit 1

echo "arm64: configure --host=$host (pkg-config of $pcdir)"
if ! { autoreconf -fi >autoreconf.log 2>&1 &&
	./configure -q --host=$host --enable-werror \
	    PKG_CONFIG=pkg-config \
	    PKG_CONFIG_LIBDIR="$pcdir:/usr/share/pkgconfig" \
	    >configure.out 2>&1; }; then
	cat autoreconf.log configure.out 2>/dev/null | tail -n 30
	echo "arm64: FAIL: configure"
	exit 1
fi
# configure's own words for what the build goes without.
grep -i 'warning' configure.out | sed 's/^/arm64: /'
if grep -q '^#define HAVE_LIBCPUID 1' config.h; then
	echo "arm64: note: built with libcpuid"
else
	echo "arm64: libcpuid: absent: identification from /proc/cpuinfo and the MIDR"
fi

jobs=$(nproc 2>/dev/null || echo 2)
[ "$jobs" -gt 2 ] && jobs=2
echo "arm64: make (-j$jobs) benchtop and the unit tests"
if ! make -s -j"$jobs" all >make.log 2>&1 ||
	! make -s -j"$jobs" check TESTS= >>make.log 2>&1; then
	tail -n 40 make.log
	echo "arm64: FAIL: build"
	exit 1
fi
file src/benchtop | sed 's/^/arm64: /'

# Not run under qemu, and why (each ran for minutes under qemu-user 7.2
# on a 2-CPU x86 host and was killed). The racing ones would prove
# nothing if they passed: TCG on an x86 host gives arm64 code the host's
# stronger memory order, not arm64's.
not_here() {
	case $1 in
	test-ring | test-store | test-monitor)
		echo "threads racing on the ring and store for seconds: minutes under TCG, and an x86 host's memory order, not arm64's" ;;
	test-alloc)
		echo "runs real tests through the runner with partner threads: minutes under TCG" ;;
	test-teardown)
		echo "sets up every test, partner processes and threads included: hangs under qemu-user" ;;
	test-tmpdir)
		echo "its stand-in benchtop (a forked child named by prctl, in pause) hangs under qemu-user; not diagnosed further" ;;
	esac
}

# Each unit test under qemu, with the environment make check gives it.
pass=0 fail=0 skipped=0 failed=
for t in tests/test-*; do
	case $t in *.o | *.c | *.log) continue ;; esac
	[ -x "$t" ] || continue
	name=${t#tests/}
	why=$(not_here "$name")
	if [ -n "$why" ]; then
		skipped=$((skipped + 1))
		echo "arm64: SKIP $name: $why"
		continue
	fi
	rc=0
	# KILL: qemu hands TERM to the program, which may block it.
	top_srcdir="$work" BENCHTOP="$work/src/benchtop" \
	    BENCHTOP_DATA="$work/data" MANPAGE="$work/man/benchtop.1" \
	    timeout -s KILL 120 qemu-aarch64 -L "$sysroot" "$t" \
	    >"$t.log" 2>&1 || rc=$?
	# The parts a test skipped, and why, in its own words.
	parts=$(grep '^SKIP' "$t.log" | sed 's/^SKIP /skipped /' |
		tr '\n' ';' | sed 's/;$//; s/;/; /g')
	case $rc in
	0) pass=$((pass + 1))
	   echo "arm64: PASS $name${parts:+ ($parts)}" ;;
	77) skipped=$((skipped + 1))
	   echo "arm64: SKIP $name: ${parts:-no reason given}" ;;
	*) fail=$((fail + 1)) failed="$failed $name"
	   echo "arm64: FAIL $name (exit $rc):"
	   grep -E '^(FAIL|not ok)' "$t.log" | head -n 20 | sed 's/^/arm64:     /'
	   tail -n 3 "$t.log" | sed 's/^/arm64:     /' ;;
	esac
done
echo "arm64: $pass passed, $skipped skipped, $fail failed${failed:+:$failed}"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
