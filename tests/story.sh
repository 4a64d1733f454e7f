#!/bin/sh
# story.sh: the P-III against the P-4 told right, in batch: --story's
# rows (only where both classes have machines of their own, the seed's
# cycles per loop), a pair with none said plainly, its bad input, the
# text report's B/A: the story's number, '-' for every row one machine
# serves; a two-party row placed unlike its reference has no ratio.
set -u

# shellcheck source=testlib.sh
. "$(dirname "$0")/testlib.sh"
test_begin story

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

# The text report: B/A only where two machines of their own serve, and
# the story's number: the cycles B pays over A (above 1: B pays more).
run --batch --ref p6,netburst --only 'byte.syscall,lmbench.null_call,bsd.mutex'
check "byte.syscall's B/A 4.37x, the story's" \
    grep -q '^byte\.syscall .* 4\.37x  ok' "$work/out"
check "the header says which way B/A reads" \
    grep -q 'B/A: the cycles B pays over A' "$work/out"
check "lmbench.null_call: '-', not 1.00x" \
    grep -q '^lmbench\.null_call .* -  ok' "$work/out"
check "bsd.mutex: '-' (a P-4 would stand in for the p6)" \
    grep -q '^bsd\.mutex .* -  ok' "$work/out"
check "the rows with and without B/A counted" grep -q \
    "^B/A (what B pays over A): 1 row with a figure; 2 '-'" "$work/out"

# Like with like: a two-party test spread here against the one-CPU P-II
# says so instead of a ratio (1.91Mx was this machine's spin against a
# timeslice a handoff); placed the same, the ratio.
run --batch --ref p6 --placement spread --only ctxbench.spinlock,byte.syscall
check "ctxbench.spinlock spread: 'differs', no ratio" \
    grep -q '^ctxbench\.spinlock .* spread  *differs  ok' "$work/out"
check "byte.syscall (one party): its ratio" \
    grep -q '^byte\.syscall .* single  *[0-9.]*x  ok' "$work/out"
check "the note says what differs and the way to a ratio" \
    grep -q '^differs: placement differs, 1 two-party row' "$work/out"
run --batch --ref p6 --placement same --only ctxbench.spinlock
check "ctxbench.spinlock same: a ratio" \
    grep -q '^ctxbench\.spinlock .* same  *[0-9.]*x  ok' "$work/out"
finish story
