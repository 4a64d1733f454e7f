#!/bin/sh
# pages.sh (CI): headless Chromium opens every kind of HTML page benchtop
# writes (batch, BYTE index run and --machine, lmbench and ctxbench of
# p4-2000, check, the live screen's key H) with no console message, and
# screenshots each at 1280x2000 into $PAGES_OUT (kept) or a scratch
# directory. The batch page as Chromium built it (--dump-dom) has one
# chart per group and one row per test of the JSON of the same run.
set -u

BENCHTOP=${BENCHTOP:-./src/benchtop}
PYTHON=${PYTHON:-python3}
here=$(cd "$(dirname "$0")" && pwd)
chromium=$(command -v chromium || command -v chromium-browser) || {
	echo "SKIP: chromium not installed"
	exit 77
}
work=$(mktemp -d "${TMPDIR:-/tmp}/bt-pages.XXXXXX") || exit 99
out=${PAGES_OUT:-$work}
mkdir -p "$out"
# Absolute: Chromium takes file://PATH only with a whole path.
out=$(cd "$out" && pwd) || exit 99
trap 'T kill-server 2>/dev/null; rm -rf "$work"' EXIT INT TERM HUP
# shellcheck source=../testlib.sh
. "$here/../testlib.sh"
needs "$PYTHON"
use_tmux btpages
# browse PAGE [chromium options]: Chromium on a file, 60 s at most, with
# a fresh profile; its log in PAGE.log.
browse() {
	page=$1
	shift
	timeout 60 "$chromium" --headless --no-sandbox --disable-gpu \
	    --disable-background-networking --no-first-run --disable-sync \
	    --disable-component-update --user-data-dir="$(mktemp -d \
	    "$work/profile.XXXXXX")" --window-size=1280,2000 \
	    --enable-logging=stderr --v=0 "$@" "file://$page" \
	    2>"$page.log"
}
quick="lmbench.null_call,lmbench.lat_pipe,byte.dhry2,bsd.mutex"

"$BENCHTOP" --batch -t 0.2 --only "$quick" --json --html "$out/batch.html" \
    >"$work/batch.json" 2>/dev/null
"$BENCHTOP" --report byte -t 0.2 --html "$out/byte-run.html" >/dev/null 2>&1
"$BENCHTOP" --report byte --machine p3-850m --html "$out/byte-p3-850m.html" \
    >/dev/null 2>&1
"$BENCHTOP" --report lmbench --machine p4-2000 \
    --html "$out/lmbench-p4-2000.html" >/dev/null 2>&1
"$BENCHTOP" --report ctxbench --machine p4-2000 \
    --html "$out/ctxbench-p4-2000.html" >/dev/null 2>&1
"$BENCHTOP" --report byte --machine p4-2000 --html "$out/byte-p4-2000.html" \
    >/dev/null 2>&1
"$BENCHTOP" --check doug-750-2.4.19 --only 'lmbench.null_call,lmbench.stat' \
    --tolerance 1000 --html "$out/check.html" >/dev/null 2>&1
if command -v tmux >/dev/null 2>&1; then
	tmux -S "$sock" -f /dev/null new-session -d -x 120 -y 40 \
	    "$BENCHTOP --only '$quick' --html '$out/snapshot.html'"
	sleep 4
	tmux -S "$sock" send-keys H
	wait_file "$out/snapshot.html"
	tmux -S "$sock" send-keys q
fi

for page in "$out"/*.html; do
	name=$(basename "$page" .html)
	browse "$page" --screenshot="$out/$name.png"
	check "$name: Chromium exits 0" test $? -eq 0
	check "$name: screenshot taken" test -s "$out/$name.png"
	check "$name: no console message: $(grep ':CONSOLE' "$page.log" |
	    head -c 300)" sh -c "! grep -q ':CONSOLE' '$page.log'"
	check "$name: self-contained" "$PYTHON" "$here/../html-check.py" "$page"
done
check "every kind of page was written" test "$(ls "$out"/*.png | wc -l)" -ge 7
browse "$out/batch.html" --dump-dom >"$work/dom.html"
check "batch page as rendered: a chart per group, a row per test" \
    "$PYTHON" "$here/../html-check.py" "$work/dom.html" "$work/batch.json"
finish pages
