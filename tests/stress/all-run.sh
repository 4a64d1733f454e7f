#!/bin/sh
# all-run.sh: every test of the catalogue runs on this machine, as a user
# who followed the README's setup (or installed the package) would run it:
# a short batch run as root must have every test ok; the same run as an
# unprivileged user may leave unsupported only the tests named in
# NEEDS_PRIVILEGE (none today: as root the network tests run in a private
# namespace, without root on the host's loopback). Each test not ok is
# printed with its status and reason, so CI's log says what to install.
set -u

BENCHTOP=${BENCHTOP:-./src/benchtop}
# shellcheck source=../testlib.sh
. "$(dirname "$0")/../testlib.sh"
needs python3
NEEDS_PRIVILEGE=${NEEDS_PRIVILEGE:-}
work=$(mktemp -d "${TMPDIR:-/tmp}/bt-allrun.XXXXXX") || exit 99
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT INT TERM HUP
bin=$(cd "$(dirname "$BENCHTOP")" && pwd)/$(basename "$BENCHTOP")
fails=0

# judge FILE WHO ALLOWED: every test ok, or unsupported and in ALLOWED.
judge() {
	python3 - "$1" "$2" "$3" <<'PY' || fails=$((fails + 1))
import json, sys
tests = json.load(open(sys.argv[1]))["tests"]
allowed = set(sys.argv[3].split(","))
bad = [t for t in tests if t["status"] != "ok" and
       not (t["status"] == "unsupported" and t["id"] in allowed)]
print("all-run: %s: %d tests, %d ok" % (sys.argv[2], len(tests),
      sum(t["status"] == "ok" for t in tests)))
for t in tests:
    if t["status"] != "ok":
        print("  %s: %s %s" % (t["id"], t["status"], t["reason"] or ""))
sys.exit(1 if bad or not tests else 0)
PY
}

"$bin" --batch -t 0.2 --json >"$work/root.json" 2>"$work/root.err"
judge "$work/root.json" "as $(id -un)" ""
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
	# A copy the user can reach, whatever the checkout's permissions.
	mkdir "$work/bin"
	cp "$bin" "$(dirname "$bin")/benchtop-proc" "$work/bin/" 2>/dev/null ||
		cp "$bin" "$work/bin/"
	cp -r "${BENCHTOP_DATA:-data}" "$work/data" 2>/dev/null
	chmod -R a+rX "$work"
	(cd "$work" && setpriv --reuid=65534 --regid=65534 --clear-groups \
	    env HOME="$work" XDG_CONFIG_HOME="$work/c" XDG_DATA_HOME="$work/d" \
	    BENCHTOP_DATA="$work/data" "$work/bin/$(basename "$bin")" \
	    --batch -t 0.2 --json >"$work/user.json" 2>"$work/user.err")
	judge "$work/user.json" "as nobody" "$NEEDS_PRIVILEGE"
fi
[ $fails -eq 0 ] || echo "all-run: $fails of the runs had a test not ok" >&2
[ $fails -eq 0 ]
