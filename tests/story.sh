#!/bin/sh
# story.sh: the P-III against the P-4 told right, in batch: --story's
# rows (only where both classes have machines of their own, the seed's
# cycles per loop), a pair with none said plainly, its bad input, and
# the text report's B/A: '-' for every row one machine serves.
set -u

BENCHTOP=${BENCHTOP:-./src/benchtop}
work=$(mktemp -d "${TMPDIR:-/tmp}/bt-story.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT INT TERM HUP
# shellcheck source=testlib.sh
. "$(dirname "$0")/testlib.sh"

run() { "$BENCHTOP" -t 0.05 "$@" >"$work/out" 2>"$work/err"; }

run --story p6,netburst --only 'byte.syscall,lmbench.null_call'
check "--story p6,netburst exits 0" test $? -eq 0
check "byte.syscall: 1,960 cycles a loop on the P-III, 8,560 on the P-4" \
    grep -q '^byte\.syscall  *1,960 p3-850m  *8,560 p4-2000  *4\.37x  *1\.86x' \
    "$work/out"
check "no lmbench row: one stand-in serves both classes" \
    sh -c "! grep -q '^lmbench' '$work/out'"
check "a line per group" grep -q \
    '^syscall: netburst pays 2\.49x the cycles of p6 (5 tests)' "$work/out"
run --story p6,k7 --only 'bsd.lock_*'
check "--story p6,k7: the FreeBSD thread's lock figures" grep -q \
    '^bsd\.lock_up  *10 celeron-366-up  *6 athlonxp-2600-up  *0\.60x' \
    "$work/out"
run --story p6,k8
check "--story p6,k8 exits 0" test $? -eq 0
check "--story p6,k8 says the pair shares no test" \
    grep -q '^p6 and k8 share no test' "$work/out"

# Bad input: one line, exit 2, naming the flag.
run --story p6
check "--story p6: exit 2" test $? -eq 2
check "--story p6: one line naming --story" sh -c \
    "test \$(wc -l <'$work/err') -eq 1 && grep -q -- '--story' '$work/err'"
run --story p6,nosuch
check "--story p6,nosuch: exit 2" test $? -eq 2
check "--story p6,nosuch names --story" grep -q -- '--story' "$work/err"
run --story p6,netburst --ref k7
check "--story with --ref: exit 2" test $? -eq 2

# The text report: B/A only where two machines of their own serve.
run --batch --ref p6,netburst --only 'byte.syscall,lmbench.null_call,bsd.mutex'
check "byte.syscall's B/A 0.54x" grep -q '^byte\.syscall .* 0\.54x  ok' \
    "$work/out"
check "lmbench.null_call: '-', not 1.00x" \
    grep -q '^lmbench\.null_call .* -  ok' "$work/out"
check "bsd.mutex: '-' (a P-4 would stand in for the p6)" \
    grep -q '^bsd\.mutex .* -  ok' "$work/out"
check "the rows with and without B/A counted" grep -q \
    "^B/A (B's figure against A's): 1 row with a figure; 2 '-'" "$work/out"
finish story
