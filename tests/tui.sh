#!/bin/sh
# tui.sh: the live screen driven as a user would, in a private tmux
# server of fixed size: send-keys, capture-pane, look at the screen.
set -u

# shellcheck source=testlib.sh
. "$(dirname "$0")/testlib.sh"
test_begin tui
needs tmux pgrep
use_tmux bt
rc=$work/config/benchtop/benchtoprc
# A failure here shows the screen it saw.
fail_screen() {
	fail "$@"
	echo "----- screen -----"
	cat "$work/screen"
	echo "------------------"
}
shows() { # shows DESCRIPTION PATTERN: the screen shows PATTERN (within 5 s)
	if wait_for "$2" 5; then ok; else fail_screen "$1"; fi
}
# The numbers of the null_call row, to see them move (or not).
row() { grep '^lmbench.null_call' "$work/screen" | awk '{print $2, $4}'; }
# row_moved: the row now ($b) differs from $a
row_moved() {
	screen
	b=$(row)
	[ "$a" != "$b" ]
}
# row_settled: two captures 1 s apart agree ($a the earlier, $b the later)
row_settled() {
	sleep 1
	screen
	b=$(row)
	[ "$a" = "$b" ] && return 0
	a=$b
	return 1
}

mkdir "$work/scratch"
T new-session -d -x 120 -y 40 \
    "LANG=C.UTF-8 TERM=xterm $BENCHTOP --only 'lmbench.null_call,lmbench.null_io,bsd.lock_pingpong' \
     --slice-ms 300 -d 0.3 --dir '$work/scratch' --log '$work/log.csv'; echo EXIT=\$? >'$work/exit'; sleep 60"

if wait_for '^lmbench.null_call  *[0-9]' 15; then ok; else fail_screen "rows with numbers"; fi
shows "header names the host's kernel" "^benchtop .* Linux "
shows "header: cycles source" "cycles \(pmu\|tsc-scaled\|clock-scaled\)"
shows "column titles" "TEST .*VALUE .*NS/OP"
shows "group heading" "syscall"
# The self row: last, the scheduler's overhead in %, a cost per slice.
if wait_for '^(benchtop) scheduler  *[0-9][0-9.e-]*% of worker time.*ok <1%' 10
then ok; else fail_screen "self row with a percentage"; fi
# Down past the end stays on the last test, never on the self row: t
# toggles that test.
T send-keys j j j j j j t
if wait_for "bsd.lock_pingpong disabled" 3; then ok; else fail_screen "self row not selectable"; fi
T send-keys t k k k k k k
# Values move: poll for up to 10 s (a loaded machine may starve the run).
a=$(row)
b=$a
wait_until 10 row_moved
if [ -n "$a" ] && [ "$a" != "$b" ]; then ok; else fail_screen "values change ($a / $b)"; fi

T send-keys p
shows "p shows paused" "PAUSED"
# A worker stops at its next sample boundary, which a loaded machine may
# delay: wait up to 5 s for two captures 1 s apart to agree, then the
# values must stay.
screen
a=$(row)
wait_until 5 row_settled
sleep 1.5
screen
b=$(row)
if [ "$a" = "$b" ]; then ok; else fail_screen "paused values stay ($a / $b)"; fi
T send-keys p

T send-keys '?'
shows "? shows help" "enable/disable the test"
T send-keys x
shows "any key leaves help" "TEST .*VALUE"

T send-keys b
if wait_for "VS BASELINE" 3; then ok; else fail_screen "b shows the delta column"; fi
shows "a delta in a row" \
    "^lmbench.null_call .*\(same\|[0-9.]*x slower\|[0-9.]*x faster\) "
# The whole cell, as --check says a change: the ratio in the direction
# of speed, then the bar an unchanged slice may read or the verdict's
# word (a column padded by bytes cut it off after the multibyte signs).
if grep -Eq '^lmbench\.null_call .*(same|x slower|x faster) (±[0-9]+%|±wide|better|WORSE) ' \
    "$work/screen"; then ok; else
	fail_screen "the delta keeps its bar or verdict"
fi
# 120 columns after b keep the cycles and the verdict; 80 keep the
# verdict (CV% and the history go first).
shows "120 columns after b: CYC/OP and VS BASELINE" "TEST .*CYC/OP .*VS BASELINE"
T resize-window -x 80 -y 30
shows "80 columns after b: the verdict's column" "^TEST .*VS BASELINE"
if wait_for '^lmbench\.null_call .*\(same\|x slower\|x faster\) \(±[0-9]*%\|±wide\|better\|WORSE\)' 5
then ok; else
	fail_screen "80 columns: every row's change whole"
fi
T resize-window -x 120 -y 40

T send-keys u
if wait_for "placement same" 3; then ok; else fail_screen "u: placement same"; fi
T send-keys u
if wait_for "placement spread" 3; then ok; else fail_screen "u: placement spread"; fi

T send-keys Enter
if wait_for "history (oldest left)" 3; then ok; else fail_screen "enter: detail"; fi
# After b the detail says what the verdict was judged against.
shows "the detail gives the verdict's bar" \
    "vs baseline [-+][0-9.]*% +-[0-9.]*% *bar [0-9.]*% (spread [0-9.]*%, slices [0-9.]*%, machine [0-9.]*%; x[0-9.]*, [0-9]* rows) *newest [0-9]*% noisy"
# null_call has no partner: no partner CPU to show.
if has "placement single, worker CPU" && ! has "partner CPU -1"; then ok
else fail_screen "detail: no partner CPU -1"; fi
T send-keys x

# Q: quiet screen; it still redraws (every 5 s, between samples).
T send-keys Q
if wait_for "QUIET" 4; then ok; else fail_screen "Q shows quiet in the header"; fi
shows "quiet: refresh 5 s" "refresh 5.0s"
screen
a=$(row)
b=$a
wait_until 12 row_moved
if [ -n "$a" ] && [ "$a" != "$b" ]; then ok; else fail_screen "quiet: values still change ($a / $b)"; fi
T send-keys Q
if wait_for "quiet off" 4; then ok; else fail_screen "Q again: quiet off"; fi

# a: one line per group, each summarising its tests; a again: rows.
shows "a group heading summarises its tests" "syscall .*2 tests: [0-9] ok"
T send-keys a
if wait_for "one line per group" 3; then ok; else fail_screen "a: collapsed"; fi
# Each group's geometric-mean ratio, in the VS REF column.
if wait_for "^.. syscall .* [0-9.]*[0-9]x" 3; then ok
else fail_screen "a: a group's geometric-mean ratio"; fi
screen
if ! has "^lmbench.null_call"; then ok; else fail_screen "a: no test rows"; fi
T send-keys a
if wait_for "^lmbench.null_call" 3; then ok; else fail_screen "a again: rows"; fi

# The first pass, then the cycle; f: focus on the row under the cursor
# (the first, null_call), FOCUS in the header; f again: all tests.
screen
if has "first pass [0-9]*/3\|first look\|cycle [0-9]*s"; then ok; else
	fail "first pass or cycle in the header"; fi
if wait_for "cycle [0-9]*s\|first pass done" 15; then ok; else
	fail "the first pass ends"; fi
T send-keys f
if wait_for "FOCUS lmbench.null_call" 3; then ok; else fail "f: FOCUS"; fi
T send-keys f
if wait_for "focus off" 3; then ok; else fail "f again: focus off"; fi
# The focused rounds were one test long: not the cycle of all of them.
if ! has "cycle [01]s"; then ok; else fail_screen "after focus: no cycle of 1 s"; fi

T resize-window -x 40 -y 10
if wait_for "need 60x12" 3; then ok; else fail_screen "size message at 40x10"; fi
T resize-window -x 120 -y 40
if wait_for "TEST .*VALUE" 3; then ok; else fail_screen "table back at 120x40"; fi

# Our benchtop and its partners: their command line names our scratch dir.
ours() { benchtop_procs "$work/scratch"; }
pid=$(ours | head -n 1)
T send-keys q
wait_until 5 test -s "$work/exit"
if grep -q "EXIT=0" "$work/exit" 2>/dev/null; then ok; else fail_screen "q exits 0"; fi
screen
if ! has "TEST .*VALUE"; then ok; else fail_screen "terminal restored after q"; fi
sleep 0.3
if [ -n "$pid" ]; then ok; else fail_screen "found the running benchtop"; fi
if [ -z "$(ours)" ]; then ok; else fail_screen "no benchtop or partner left"; fi
if [ -z "$(ls -A "$work/scratch")" ]; then ok; else fail_screen "scratch emptied"; fi

# --log: a header, then whole lines of samples with the header's fields.
if [ "$(head -n 1 "$work/log.csv")" = \
    "timestamp,test,value,unit,ns_per_op,cycles_per_op,cpu,placement,marks,noisy,first_look" ]
then ok; else fail_screen "log header"; fi
if awk -F, 'NR > 1 && (NF != 11 || ($10 != 0 && $10 != 1) || ($11 != 0 && $11 != 1)) { bad = 1 } END { exit bad || NR < 5 }' \
    "$work/log.csv"; then ok; else fail_screen "log lines whole"; fi
if grep -q '^[0-9]*\.[0-9]*,lmbench\.null_call,[0-9.e-]*,us,' \
    "$work/log.csv"; then ok; else fail_screen "log null_call samples"; fi

# TERM=dumb: one line, then the batch report instead of a screen.
# (stdout stays the terminal: only TERM makes the screen unusable)
T new-window -d "TERM=dumb $BENCHTOP --only lmbench.null_call -t 0.1 \
    2>'$work/dumb.err'; echo \$? >'$work/dumb.rc'; sleep 60"
wait_until 10 test -s "$work/dumb.rc"
T capture-pane -p -t :1 >"$work/screen"
if grep -q "TERM is 'dumb'" "$work/dumb.err" && has '^lmbench.null_call' &&
    [ "$(cat "$work/dumb.rc")" = 0 ]; then ok
else fail_screen "TERM=dumb falls back to the batch report"; fi

# ---- References, narrow terminals, settings ----
# A second server, so these runs start clean.
sock=$work/tmux-r
T kill-server 2>/dev/null
# start WxH ARGS...: benchtop on a fresh screen, its stderr in rc.err
start() {
	geometry=$1
	shift
	T kill-server 2>/dev/null
	sleep 0.3
	rm -f "$work/exit2"
	T new-session -d -x "${geometry%x*}" -y "${geometry#*x}" \
	    "XDG_CONFIG_HOME='$XDG_CONFIG_HOME' $LOOK TERM=xterm $BENCHTOP \
	     --only '$refs_only' --slice-ms 200 -d 0.3 --dir '$work/scratch' \
	     $* 2>'$work/rc.err'; echo EXIT=\$? >'$work/exit2'; sleep 60"
}
stop() {
	T send-keys q
	wait_until 5 test -s "$work/exit2"
}
# The header never wraps: "benchtop", "CPU", the state, the references,
# then the column titles, each on its own line.
header_whole() {
	awk '/^TEST / { exit !(NR >= 6 && NR <= 8) }
	    NR == 1 && !/^benchtop / { exit 1 } NR == 2 && !/^CPU / { exit 1 }
	    NR == 3 && !/^kernel: .*; clock .*; THP / { exit 1 }
	    NR == 4 && !/^workers / { exit 1 }
	    NR >= 5 && !/^ref / && !/^BYTE 3\.11 index: / { exit 1 }
	    END { if (NR < 6) exit 1 }' "$work/screen"
}
# Every test row shows a unit beside its value, and the value in the
# column's one format: 4 significant digits, never "3893329.5".
units_whole() {
	awk '$1 ~ /^(byte|lmbench|ctxbench|bsd|extra)\./ { rows++
	    if ($3 !~ /^(lps|lpm|KBps|us|MB\/s|loops\/s|calls\/s|cycles)$/) bad = 1
	    if ($2 ~ /[0-9][0-9][0-9][0-9][0-9]/) bad = 1 }
	    END { exit bad || rows == 0 }' "$work/screen"
}
refs_only='byte.syscall,lmbench.null_call,bsd.write,ctxbench.pipes,bsd.mutex'
LOOK='LANG=C.UTF-8'

# --ref A,B at 80x24: both references, B against A, units, no wrap.
start 80x24 --ref p6,netburst
if wait_for '^byte.syscall  *[0-9]' 15; then ok; else fail_screen "rows at 80x24"; fi
shows "class A: which machine serves the BYTE rows" "^ref A p6: byte p3-850m"
shows "class B: the P-4 serves the BYTE rows" "^ref B netburst: byte p4-2000"
shows "columns VS A, VS B, B/A" "VS A .*VS B .*B/A"
# B/A is the references' own, read as the story reads it: the cycles
# the P-4 pays for a system call loop over the P-III's.
shows "B/A: the P-4's cycles over the P-III's" "^byte.syscall .* 4\.37x"
shows "B/A: '-' where one machine stands in for both" \
    "^lmbench.null_call .*x~  *- "
shows "the BYTE 3.11 index line, the seed machines' beside it" \
    "^BYTE 3.11 index: not in this run (--only)  p3-850m(A) 93.3"
if wait_for '^lmbench.null_call .*[0-9]x~' 15; then ok
else fail_screen "a stand-in is marked"; fi
screen
if header_whole; then ok; else fail_screen "80x24: header lines whole"; fi
if units_whole; then ok; else fail_screen "80x24: every row has its unit"; fi
# V: the story's B/A the table's, the cycles B pays over A.
T send-keys V
if wait_for '^byte\.syscall  *1,960  *8,560  *4\.37x  *1\.86x' 5; then ok
else fail_screen "V: B/A in cycles, as the table's"; fi
T send-keys x
# R: the second reference steps on (classes first, then machines).
T send-keys R
if wait_for "^ref B k7: " 3; then ok; else fail_screen "R: next second reference"; fi
T send-keys v
if wait_for "B against A (k7 vs p6)" 3; then ok; else fail_screen "v: B against A"; fi
# v: values in the screen's format ("216." never), every bar's axis in
# one column whatever the ratio's width.
if ! grep -Eq '[0-9]\.( |$)' "$work/screen"; then ok
else fail_screen "v: a value with a trailing point"; fi
# (a bar's block is one column and three bytes: one byte each for awk)
if sed 's/\xe2\x96\x88/X/g' "$work/screen" | awk 'NR > 4 && !/^MACHINE/ && /\|/ {
    c = index(substr($0, 40), "|"); if (c && col && c != col) bad = 1
    if (c) col = c } END { exit bad || !col }'; then ok
else fail_screen "v: the bars' axis in one column"; fi
T send-keys x s t
if wait_for "byte.syscall disabled" 3; then ok; else fail_screen "t on the first row"; fi
stop
if grep -q "EXIT=0" "$work/exit2"; then ok; else fail "q exits 0 (refs)"; fi
# The settings were kept, and come back.
if grep -qx 'ref=p6,k7' "$rc" && grep -qx 'sort=name' "$rc" &&
    grep -qx 'hidden_tests=byte.syscall' "$rc"; then ok
else fail "settings written on quit"; cat "$rc"; fi
start 100x30
if wait_for '^ref B k7: ' 10; then ok; else fail_screen "settings read at start"; fi
shows "sort kept" "sort name"
shows "a test switched off stays off" "^byte.syscall .* off"
screen
if header_whole && units_whole; then ok; else fail_screen "100x30: whole header, units"; fi
stop
# Flags win over the file; the file keeps the tests switched off that
# this run (--only) does not have.
refs_only='bsd.write,lmbench.null_call'
start 200x50 --ref netburst -d 2
if wait_for '^ref netburst: byte p4-2000' 10; then ok; else fail_screen "--ref wins over the file"; fi
shows "-d wins over the file" "refresh 2.0s"
screen
if header_whole && units_whole; then ok; else fail_screen "200x50: whole header, units"; fi
stop
refs_only='byte.syscall,lmbench.null_call,bsd.write,ctxbench.pipes,bsd.mutex'
if grep -qx 'hidden_tests=byte.syscall' "$rc"; then ok
else fail "tests switched off outside this run stay so"; cat "$rc"; fi
# The default reference is a class: this CPU's, or p6.
rm -f "$rc"
LOOK='LANG=C NO_COLOR=1'
start 80x24
if wait_for '^ref [a-z0-9]*: byte ' 10; then ok; else fail_screen "default: a class reference"; fi
shows "LANG=C: ASCII group heading" "^-- syscall"
screen
if header_whole && units_whole; then ok; else fail_screen "LANG=C 80x24: whole header, units"; fi
stop
# A damaged file: each bad line named (file:line), every good one kept,
# and on quit the file kept as benchtoprc.bak before it is written over.
printf 'sort=name\nref=netburst\nhidden_groups=cpu\ncolor=blue\n' >"$rc"
cp "$rc" "$work/rc.orig"
rm -f "$rc.bak"
start 120x40
if wait_for '^TEST ' 10; then ok; else fail_screen "starts despite a damaged file"; fi
if grep -q "benchtoprc:4: unknown key 'color'; ignored" "$work/rc.err"
then ok; else fail "damaged file: file:line warning"; cat "$work/rc.err"; fi
shows "damaged file: the good sort kept" "sort name"
shows "damaged file: the good ref kept" "^ref netburst: "
stop
if cmp -s "$rc.bak" "$work/rc.orig"; then ok
else fail "damaged file kept as benchtoprc.bak"; fi
if grep -q "kept as .*benchtoprc.bak" "$work/rc.err"; then ok
else fail "the .bak is said"; cat "$work/rc.err"; fi
if grep -qx 'sort=name' "$rc" && grep -qx 'hidden_groups=cpu' "$rc"; then ok
else fail "the good lines written back"; cat "$rc"; fi
rm -f "$rc" "$rc.bak"

# ---- The help: every key of the key table, scrolling at 80x24 ----
# The sources beside this script, wherever it is run from (CI runs it
# from a build directory of its own).
keys_src=${top_srcdir:-$(dirname "$0")/..}/src/ui-keys.c
awk '/^const struct ui_keydef ui_keys\[\] = \{/,/^};/' "$keys_src" |
    tr '\n' ' ' | grep -o '}, *"[^"]*"' | sed 's/^}, *"//; s/"$//' \
    >"$work/keys"
if [ "$(wc -l <"$work/keys")" -gt 20 ]; then ok
else fail "read the key table from $keys_src"; fi
LOOK='LANG=C.UTF-8'
start 80x24
if wait_for '^TEST ' 10; then ok; else fail_screen "80x24 for the help"; fi
T send-keys '?'
if wait_for "^help, lines 1-" 3; then ok; else fail_screen "? at 80x24"; fi
screen
cp "$work/screen" "$work/help"
# The help's lines below the header (the header's height varies).
help_body() { awk 'NR > 3 && !/^(ref |BYTE 3\.11 index|kernel|workers )/' "$work/screen"; }
second_line=$(help_body | sed -n 2p)
T send-keys j
if wait_for "^help, lines 2-" 3; then ok; else fail_screen "j scrolls the help"; fi
if [ "$(help_body | sed -n 1p)" = "$second_line" ]; then ok
else fail_screen "the help moved by a line"; fi
# Page down to the end, keeping every page.
page_turned() {
	screen
	[ "$(grep -m1 '^help, lines' "$work/screen")" != "$at" ]
}
i=0
while ! has "k/PgUp: back up" && [ $i -lt 20 ]; do
	at=$(grep -m1 '^help, lines' "$work/screen")
	T send-keys NPage
	# the page is drawn when its header's line numbers change
	wait_until 1 page_turned
	cat "$work/screen" >>"$work/help"
	i=$((i + 1))
done
if has "k/PgUp: back up"; then ok; else fail_screen "the help's end"; fi
missing=
while IFS= read -r k; do
	grep -qF -- "  $k " "$work/help" || missing="$missing '$k'"
done <"$work/keys"
if [ -z "$missing" ]; then ok; else fail "keys not in the help:$missing"; fi
# Every column, mark and unit explained.
missing=
for w in VALUE NS/OP CYC/OP HISTORY CV% "VS BASELINE" "VS REF" "B/A" \
    STATUS INDEX "noisy N%" "~  " "n/c" lps lpm KBps MB/s calls/s loops/s \
    "us, ns" cycles "geometric-mean"; do
	grep -qF -- "$w" "$work/help" || missing="$missing '$w'"
done
if [ -z "$missing" ]; then ok; else fail "not explained in the help:$missing"; fi
T send-keys x
if wait_for '^TEST ' 3; then ok; else fail_screen "any key leaves the help"; fi
stop

# ---- Cut text: at 80, 100 and 120 columns no number is cut ----
# A line as wide as the screen that ends in a digit or a point ends in a
# cut number ("TSC 2", "noisy 10"): cut text ends in an ellipsis.
cut_number() {
	awk -v w="$1" 'length($0) >= w && /[0-9.]$/ { print; bad = 1 }
	    END { exit !bad }' "$work/screen"
}
for g in 80x24 100x30 120x40; do
	start "$g" --ref p6,netburst
	if wait_for '^byte.syscall  *[0-9]' 15; then ok; else fail_screen "$g rows"; fi
	T send-keys f
	wait_for 'FOCUS' 3
	if ! cut_number "${g%x*}"; then ok; else fail_screen "$g: a number cut"; fi
	T send-keys f b
	wait_for 'VS BASELINE' 3
	if ! cut_number "${g%x*}"; then ok; else fail_screen "$g: a number cut after b"; fi
	stop
done
rm -f "$rc"

# ---- One CPU allowed: placement same, and u says why it cannot ----
if command -v taskset >/dev/null 2>&1; then
	saved=$BENCHTOP
	BENCHTOP="taskset -c 0 $BENCHTOP"
	start 80x24
	BENCHTOP=$saved
	shows "one CPU: placement same" "placement same (1 CPU allowed)"
	T send-keys u
	shows "one CPU: u says why" "cannot spread, 1 CPU allowed"
	shows "one CPU: still same" "placement same (1 CPU allowed)"
	stop
	rm -f "$rc"
fi

finish tui
