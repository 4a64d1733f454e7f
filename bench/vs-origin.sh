#!/bin/sh
# vs-origin.sh LMBENCH_BIN_DIR UNIXBENCH_PGMS_DIR: every benchtop test
# beside the program of its origin, on the same CPU, as a ratio.
#
#   sh bench/vs-origin.sh ~/lmbench/bin/x86_64-linux-gnu ~/byte-unixbench/UnixBench/pgms
#
# LMBENCH_BIN_DIR holds lmbench 3's programs (lat_syscall ... bw_mem and
# its `hello`), UNIXBENCH_PGMS_DIR UnixBench's (syscall ... hanoi,
# looper, multi.sh; sort.src is taken from ../testdir). Neither is
# downloaded or built here: the README says how to build them.
#
# For each pair, ROUNDS times (default 3), alternating which goes first:
# the origin's program pinned with taskset to CPU (default 0), and
# benchtop --batch -t SECONDS --cpu CPU --placement same --only TEST.
# Each side's figure is the median of its rounds. The ratio, benchtop /
# origin in the origin's unit (above 1: more microseconds, or more MB/s
# or loops per second), is the median of the rounds' own ratios: the two
# sides of a round run seconds apart, so a drift of the host's speed over
# minutes (on a virtual machine, 10 to 25% here) moves both alike and
# drops out of the ratio. With MAX_ROUNDS above ROUNDS, a pair goes on
# past ROUNDS rounds, up to MAX_ROUNDS, until the sign test's 95 %
# interval for its median ratio lies wholly inside 0.9-1.1 or wholly
# outside. On this 2-CPU guest the rounds' ratios of one pair spread by
# about 15 % (the host's speed swings from one second to the next), and
# the median of 7 rounds of a pair whose sides agree then falls outside
# the band about one time in six (a normal estimate): a noisy pair gets
# the rounds it needs, a steady one stops early. A note says where
# benchtop knowingly differs (the man page's DIFFERENCES FROM THE
# ORIGINS has the why and the size).
#
# UnixBench's execl and its shell loops stop on a change of time()'s
# whole seconds, and start cold: a run of "1 s" lasts 0 to 1 s and reads
# up to 30% low (its Run script gives them 30 and 60 s). Those pairs, on
# both sides, run WHOLE_SECONDS (default the larger of SECONDS_PER and 3).
#
# The loopback pairs run in a private network namespace when unshare(1)
# can make one (root): lmbench's servers on their fixed ports then meet
# no other run, and its lat_connect's TIME_WAIT sockets stay off the
# host. lat_proc exec runs /tmp/hello, as lmbench 3 hard-wires it: the
# script copies `hello` there for the run when it is missing, and removes
# its copy at the end.
#
# Environment: BENCHTOP, CPU (0), ROUNDS (3), MAX_ROUNDS (ROUNDS),
# SECONDS_PER (benchtop's -t and UnixBench's duration, default 2),
# WHOLE_SECONDS (above), ONLY (a grep -E pattern of test ids), and lmbench's own ENOUGH (default 100000 us), TIMING_O and LOOP_O
# (default 0). Prints a markdown table; always exits 0.
set -u

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
bench_init vs-origin.sh

if [ $# -ne 2 ] || [ ! -x "$1/lat_syscall" ] || [ ! -x "$2/syscall" ]; then
	echo "usage: vs-origin.sh LMBENCH_BIN_DIR UNIXBENCH_PGMS_DIR" >&2
	[ $# -eq 2 ] && [ ! -x "$1/lat_syscall" ] &&
	    echo "vs-origin.sh: no lat_syscall in '$1'" >&2
	[ $# -eq 2 ] && [ ! -x "$2/syscall" ] &&
	    echo "vs-origin.sh: no syscall in '$2'" >&2
	exit 2
fi
LM=$(cd "$1" && pwd)
UB=$(cd "$2" && pwd)
CPU=${CPU:-0}
ROUNDS=${ROUNDS:-3}
MAXR=${MAX_ROUNDS:-$ROUNDS}
SECS=${SECONDS_PER:-2}
WSECS=${WHOLE_SECONDS:-$((SECS > 3 ? SECS : 3))}
ONLY=${ONLY:-.}
for v in "$CPU" "$ROUNDS" "$MAXR" "$SECS" "$WSECS"; do
	case $v in '' | *[!0-9]*)
		echo "vs-origin.sh: bad number '$v'" >&2
		exit 2 ;;
	esac
done
if [ "$MAXR" -lt "$ROUNDS" ]; then
	echo "vs-origin.sh: MAX_ROUNDS $MAXR is under ROUNDS $ROUNDS" >&2
	exit 2
fi
bt_usable || exit 0
# lmbench's calibration, set once as its own scripts set it: unset, each
# program spends most of a minute measuring its clock on a busy machine.
# ENOUGH is how long one timed run lasts (lmbench's scripts: 1 s when
# not measured); 0.1 s is far above the clock's resolution and keeps the
# 11 runs of a program near a second.
ENOUGH=${ENOUGH:-100000}
TIMING_O=${TIMING_O:-0}
LOOP_O=${LOOP_O:-0}
export ENOUGH TIMING_O LOOP_O
command -v taskset >/dev/null 2>&1 || {
	note "taskset not found: cannot pin the origins"
	exit 0
}

# ---- The pairs --------------------------------------------------------
#
# test id | parser | origin command (sh, in the scratch directory, with
# $LM $UB $F $SECS exported) | note. Parsers: lm (the number before
# "microseconds" or "MB/sec", else the last of "size value"), lmmean
# (the mean of lm over the command's lines), row:N (the value of lat_ctx's
# line "N value"; 0 when it printed none, as it does for a cost of 0 or
# less), fs:SIZE:FIELD (lat_fs's rate, as microseconds), ub
# (UnixBench's COUNT line over the wall time of the run, per second or
# per minute, as UnixBench's Run reckons it), net:... (the same, run in a
# private network namespace).
pairs() {
	cat <<'EOF'
lmbench.null_call|lm|$LM/lat_syscall null|
lmbench.null_io|lmmean|$LM/lat_syscall read; $LM/lat_syscall write|
lmbench.stat|lm|$LM/lat_syscall stat $F|
lmbench.open_close|lm|$LM/lat_syscall open $F|
lmbench.sig_install|lm|$LM/lat_sig install|
lmbench.sig_handle|lm|$LM/lat_sig catch|
lmbench.prot_fault|lm|$LM/lat_sig prot $F|lmbench 3 subtracts its signal catch cost
lmbench.select_tcp|net:lm|$LM/lat_select -n 100 tcp|lmbench 3 passes nfds 100: its dup()s at 100 and above go unexamined
lmbench.fork|lm|$LM/lat_proc fork|
lmbench.exec|lm|$LM/lat_proc exec|
lmbench.sh|lm|$LM/lat_proc shell|
lmbench.lat_pipe|lm|$LM/lat_pipe|
lmbench.lat_unix|lm|$LM/lat_unix|
lmbench.bw_pipe|lm|$LM/bw_pipe|
lmbench.bw_unix|lm|$LM/bw_unix|
lmbench.ctx_2p_0k|row:2|$LM/lat_ctx -s 0 2|
lmbench.ctx_2p_16k|row:2|$LM/lat_ctx -s 16 2|
lmbench.ctx_2p_64k|row:2|$LM/lat_ctx -s 64 2|
lmbench.ctx_8p_16k|row:8|$LM/lat_ctx -s 16 8|
lmbench.ctx_8p_64k|row:8|$LM/lat_ctx -s 64 8|
lmbench.ctx_16p_16k|row:16|$LM/lat_ctx -s 16 16|
lmbench.ctx_16p_64k|row:16|$LM/lat_ctx -s 64 16|
lmbench.lat_udp|net:lm|$LM/lat_udp -s; sleep 0.2; $LM/lat_udp localhost; $LM/lat_udp -S localhost|
lmbench.lat_tcp|net:lm|$LM/lat_tcp -s; sleep 0.2; $LM/lat_tcp localhost; $LM/lat_tcp -S localhost|
lmbench.lat_rpc_udp|net:lm|sh $RPC_SH udp|
lmbench.lat_rpc_tcp|net:lm|sh $RPC_SH tcp|
lmbench.lat_connect|net:lm|$LM/lat_connect -s; sleep 0.2; $LM/lat_connect localhost; $LM/lat_connect -S localhost|one CPU: lmbench 3's backlog of 100 overflows, SYNs wait for retransmission
lmbench.bw_tcp|net:lm|$LM/bw_tcp -s; sleep 0.2; $LM/bw_tcp localhost; $LM/bw_tcp -S localhost|
lmbench.fs_create_0k|fs:0k:3|$LM/lat_fs -N 3 $D|
lmbench.fs_delete_0k|fs:0k:4|$LM/lat_fs -N 3 $D|
lmbench.fs_create_10k|fs:10k:3|$LM/lat_fs -N 3 $D|
lmbench.fs_delete_10k|fs:10k:4|$LM/lat_fs -N 3 $D|
lmbench.bw_file_reread|lm|$LM/bw_file_rd 64m io_only $F|
lmbench.mmap|lm|$LM/lat_mmap 64m $M|
lmbench.page_fault|lm|$LM/lat_pagefault $F|lmbench 3 touches every page in random order (fault-around maps most); benchtop one every 256 KiB
lmbench.bw_mmap_reread|lm|$LM/bw_mmap_rd 64m mmap_only $F|
lmbench.bw_bcopy_libc|lm|$LM/bw_mem 64m bcopy conflict|conflict: lmbench 3 skews the destination only when given a third argument; lmbench 2.0 by default
lmbench.bw_bcopy_hand|lm|$LM/bw_mem 64m fcp conflict|conflict: lmbench 3 skews the destination only when given a third argument; lmbench 2.0 by default
lmbench.bw_mem_read|lm|$LM/bw_mem 64m rd|lmbench 3's rd reads every 4th word (benchtop: every word, as frd)
lmbench.bw_mem_read|lm|$LM/bw_mem 64m frd|
lmbench.bw_mem_write|lm|$LM/bw_mem 64m fwr|
byte.syscall|ub|$UB/syscall $SECS|
byte.pipe|ub|$UB/pipe $SECS|
byte.context1|ub|$UB/context1 $SECS|
byte.spawn|ub|$UB/spawn $SECS|
byte.execl|ub|UB_BINDIR=$UB $UB/execl $WSECS|
byte.fs_write|ub|$UB/fstime -w -t $SECS -d $D -b 1024 -m 2000|
byte.fs_read|ub|$UB/fstime -r -t $SECS -d $D -b 1024 -m 2000|benchtop counts only full blocks, not reads at end of file
byte.fs_copy|ub|$UB/fstime -c -t $SECS -d $D -b 1024 -m 2000|
byte.dhry2|ub|$UB/dhry2 $SECS|UnixBench builds -O3; benchtop keeps REG locals in memory
byte.dhry2reg|ub|$UB/dhry2reg $SECS|
byte.arith_overhead|ub|$UB/arithoh $SECS|UnixBench 5 counts one pass of an emptied loop; benchtop calls the empty 100-pass kernel
byte.arith_register|ub|$UB/register $SECS|UnixBench's -O3 empties the loop; benchtop computes it
byte.arith_short|ub|$UB/short $SECS|UnixBench's -O3 empties the loop; benchtop computes it
byte.arith_int|ub|$UB/int $SECS|UnixBench's -O3 empties the loop; benchtop computes it
byte.arith_long|ub|$UB/long $SECS|UnixBench's -O3 empties the loop; benchtop computes it
byte.arith_float|ub|$UB/float $SECS|UnixBench's -O3 empties the loop; benchtop computes it
byte.arith_double|ub|$UB/double $SECS|UnixBench's -O3 empties the loop; benchtop computes it
byte.hanoi|ub|$UB/hanoi $SECS|UnixBench builds -O3; benchtop -O2, no inlining of the recursion
byte.shell1|ub|UB_BINDIR=$UB $UB/looper $WSECS $UB/multi.sh 1|UnixBench 5's tst.sh, not BYTE 3.11's script
byte.shell8|ub|UB_BINDIR=$UB $UB/looper $WSECS $UB/multi.sh 8|UnixBench 5's tst.sh, not BYTE 3.11's script
EOF
}

# ---- Running and reading the two sides --------------------------------

# netns COMMAND: COMMAND in a private network namespace with lo up,
# where unshare can make one, else as it is.
if unshare -n sh -c 'ip link set lo up' 2>/dev/null; then
	# shellcheck disable=SC2016 # $1 is the inner shell's
	netns() { unshare -n sh -c 'ip link set lo up && eval "$1"' sh "$1"; }
else
	note "no private network namespace: lmbench's servers on the host"
	netns() { sh -c "$1"; }
fi

# origin_out PARSER COMMAND: the origin's output (both streams), pinned,
# then "ELAPSED|seconds" of wall time around it. UnixBench's Run divides
# a COUNT by the time it measured around the program, not by the
# duration asked: execl and the shells stop on time()'s whole seconds,
# so a run of "2 s" lasts anywhere from 1 to 2 s.
origin_out() {
	t0=$(date +%s.%N)
	case $1 in
	net:*) (cd "$run" && netns "taskset -c $CPU sh -c '$2'") 2>&1 ;;
	*) (cd "$run" && taskset -c "$CPU" sh -c "$2") 2>&1 ;;
	esac
	t1=$(date +%s.%N)
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "ELAPSED|%.6f\n", b - a }'
}

# parse PARSER: the origin's figure from its output on stdin, or nothing
parse() {
	p=${1#net:}
	awk -v p="$p" -v secs="$SECS" '
	function lmval(   i, v) {
		v = ""
		for (i = 2; i <= NF; i++)
			if ($i == "microseconds" || $i == "MB/sec")
				v = $(i - 1)
		if (v == "" && NF == 2 && $1 ~ /^[0-9.]+$/ && $2 ~ /^[0-9.]+$/)
			v = $2
		return v
	}
	BEGIN { split(p, a, ":"); n = 0; sum = 0 }
	a[1] == "lm" { v = lmval(); if (v != "") out = v }
	a[1] == "lmmean" { v = lmval(); if (v != "") { sum += v; n++ } }
	a[1] == "row" && /^"size=/ && out == "" { out = 0 }
	a[1] == "row" && $1 == a[2] && NF == 2 { out = $2 }
	a[1] == "fs" && $1 == a[2] && $a[3] > 0 { out = 1e6 / $a[3] }
	a[1] == "ub" && /^COUNT\|/ { split($0, c, "|"); count = c[2]; base = c[3] }
	/^ELAPSED\|/ { split($0, e, "|"); elapsed = e[2] }
	END {
		if (a[1] == "ub" && count != "")
			out = base == 0 ? count : count * base / (elapsed > 0 ? elapsed : secs)
		if (a[1] == "lmmean" && n > 0) out = sum / n
		if (out != "") printf "%.6g\n", out
	}'
}

# bt_value TEST COMMAND: benchtop's figure, or nothing; for as long as
# the origin's COMMAND is given
bt_value() {
	t=$SECS
	# shellcheck disable=SC2016 # the pair's command, not yet expanded
	case $2 in *'$WSECS'*) t=$WSECS ;; esac
	"$BENCHTOP" --batch -t "$t" --cpu "$CPU" --placement same \
	    --dir "$run" --only "$1" --json >"$tmp/bt.json" 2>"$tmp/bt.err"
	json_tests "$tmp/bt.json" id status value | awk -v id="$1" \
	    '$1 == id && $2 == "ok" { print $3 }'
}

# One origin run serves every pair of a round with the same command
# (lat_fs's four rows, for one).
origin_value() {
	key=$(printf '%s %s' "$1" "$2" | cksum | cut -d' ' -f1)
	if [ ! -f "$tmp/cache.$round.$key" ]; then
		origin_out "$1" "$2" >"$tmp/out.$round.$key"
		parse "$1" <"$tmp/out.$round.$key" >"$tmp/cache.$round.$key"
	fi
	cat "$tmp/cache.$round.$key"
}

# ---- Scratch: the file of the file and VM pairs, /tmp/hello ----------

run=$tmp/run
D=$tmp/fs
F=$tmp/file64m
mkdir -p "$run" "$D"
# lat_fs's directory as benchtop's lat_fs tests make theirs: marked as a
# top directory, so that ext4 spreads the directories made in it over
# little-used block groups. On ext4 without a journal a create skips
# every inode freed in the last 60 s (360 s while its block is dirty);
# in a plain directory lat_fs's creates slow with every delete before
# them, its own and the other side's, and one run took minutes. Other
# file systems refuse or ignore the mark.
chattr +T "$D" 2>/dev/null || :
dd if=/dev/zero of="$F" bs=1048576 count=64 2>/dev/null
# lat_mmap's file as lmbench's script writes its $FILE: lmdd, 8 KiB
# blocks, fsync=1. On Linux 6.x a buffered write makes page-cache folios
# of about its own size, and lat_mmap takes one fault per folio it
# stores to: 410 a pass on this file, 7 on one written 1 MiB at a time.
M=$tmp/mmap64m
if [ -x "$LM/lmdd" ]; then
	"$LM/lmdd" of="$M" move=64m fsync=1 >/dev/null 2>&1
else
	dd if=/dev/zero of="$M" bs=8192 count=8192 conv=fsync 2>/dev/null
fi
# lat_rpc PROTO: lmbench 3's server registers with rpcbind, its client
# asks rpcbind for the port (over /run/rpcbind.sock, which a private
# network namespace shares with the host). A running rpcbind serves; if
# there is none and rpcbind(8) is installed, one runs in the namespace
# for the pair, and what it made in /run goes with it.
RPC_SH=$tmp/lat_rpc.sh
cat >"$RPC_SH" <<'RPC'
rb=
if ! pgrep -x rpcbind >/dev/null 2>&1 && command -v rpcbind >/dev/null 2>&1 &&
    [ ! -e /run/rpcbind.sock ]; then
	rpcbind -f & rb=$!
	sleep 0.3
fi
"$LM/lat_rpc" -s
sleep 0.2
"$LM/lat_rpc" -p "$1" localhost
"$LM/lat_rpc" -S localhost
if [ -n "$rb" ]; then
	kill "$rb"; wait "$rb"
	rm -rf /run/rpcbind.sock /run/rpcbind.lock /run/rpcbind
fi
RPC
export LM UB F M D SECS WSECS RPC_SH
hello_made=
if [ ! -e /tmp/hello ] && [ -x "$LM/hello" ]; then
	cp "$LM/hello" /tmp/hello && hello_made=1
fi
bench_cleanup() {
	[ -n "$hello_made" ] && rm -f /tmp/hello
	return 0
}
[ -f "$UB/../testdir/sort.src" ] && cp "$UB/../testdir/sort.src" "$run/"

# ---- The rounds ------------------------------------------------------

# settled RATIOS: whether the rounds so far place the median ratio for
# sure, at 95 %: the sign test's interval for the median (the k-th
# smallest and k-th largest ratio, k as large as keeps the chance that
# the median lies outside them under 5 %; the extremes below 6 rounds)
# lies wholly inside 0.9-1.1, or wholly outside it.
settled() {
	sort -g "$1" | awk '
	{ r[NR] = $1 }
	END {
		n = NR; if (n == 0) exit 1
		k = 1; tail = 0; c = 1
		for (j = 0; j < n; j++) {
			# tail = P(Bin(n, 1/2) <= j); c = C(n, j)
			if (j > 0) c = c * (n - j + 1) / j
			tail += c / 2 ^ n
			if (2 * tail <= 0.05) k = j + 1
		}
		lo = r[k]; hi = r[n + 1 - k]
		if (lo >= 0.9 && hi <= 1.1) exit 0
		if (hi < 0.9 || lo > 1.1) exit 0
		exit 1
	}'
}

# record_round PAIR ORIGIN BENCHTOP: each side's figure, and the round's
# ratio when both sides gave one
record_round() {
	[ -n "$2" ] && echo "$2" >>"$tmp/o.$1"
	[ -n "$3" ] && echo "$3" >>"$tmp/b.$1"
	if [ -n "$2" ] && [ -n "$3" ]; then
		awk -v o="$2" -v b="$3" 'BEGIN { if (o > 0) print b / o }' \
		    >>"$tmp/r.$1"
	fi
	return 0
}

machine_line
echo "vs-origin.sh: benchtop $BENCHTOP; lmbench $LM; UnixBench $UB;" \
    "CPU $CPU, $ROUNDS to $MAXR rounds, ${SECS} s per run (${WSECS} s for" \
    "execl and the shells);" \
    "ENOUGH=$ENOUGH TIMING_O=$TIMING_O LOOP_O=$LOOP_O"
pairs | grep -E "^($ONLY)" >"$tmp/pairs"
i=0
while IFS='|' read -r id parser cmd why; do
	i=$((i + 1))
	: >"$tmp/o.$i"
	: >"$tmp/b.$i"
	: >"$tmp/r.$i"
	round=1
	while [ $round -le "$MAXR" ]; do
		if [ $((round % 2)) = 1 ]; then
			o=$(origin_value "$parser" "$cmd")
			b=$(bt_value "$id" "$cmd")
		else
			b=$(bt_value "$id" "$cmd")
			o=$(origin_value "$parser" "$cmd")
		fi
		record_round "$i" "$o" "$b"
		[ $round -ge "$ROUNDS" ] && settled "$tmp/r.$i" && break
		round=$((round + 1))
	done
	[ $round -gt "$MAXR" ] && round=$MAXR
	o=$(median "$tmp/o.$i" %.6g)
	b=$(median "$tmp/b.$i" %.6g)
	r=$(median "$tmp/r.$i" %.2f)
	printf '%s|%s|%s|%s|%s|%s\n' "$id" "$cmd" "$o" "$b" "$r" "$why" \
	    >>"$tmp/rows"
	printf '%s: %s done (%s vs %s, %s, %s rounds)\n' "$bench_name" "$id" \
	    "$o" "$b" "$r" "$round" >&2
	echo "$round" >>"$tmp/rounds"
done <"$tmp/pairs"

# ---- The table -------------------------------------------------------

echo
echo "| benchtop test | origin program | origin | benchtop | ratio | difference |"
echo "|---|---|---|---|---|---|"
awk -F'|' -v lm="$LM/" -v ub="$UB/" '
function short(c) {
	gsub(lm, "", c); gsub(ub, "", c); gsub(/\$LM\/|\$UB\/|UB_BINDIR=\$UB /, "", c)
	gsub(/; sleep 0\.2;.*/, "", c); sub(/ -s$/, "", c)
	sub(/^sh \$RPC_SH /, "lat_rpc -p ", c)
	gsub(/\$[FM]/, "FILE", c); gsub(/\$D/, "DIR", c); gsub(/\$W?SECS/, "T", c)
	return c
}
{
	r = $5
	if (r != "-") { n++; if (r >= 0.9 && r <= 1.1) within++ }
	printf "| %s | %s | %s | %s | %s | %s |\n", $1, short($2), $3, $4, r, $6
}
END {
	printf "\n%d pairs measured, %d within 0.9-1.1\n", n, within
}' "$tmp/rows"
if [ -s "$tmp/rounds" ]; then
	echo "rounds a pair: $(minimum "$tmp/rounds" %d) to" \
	    "$(sort -n "$tmp/rounds" | tail -n 1), median" \
	    "$(median "$tmp/rounds" %.1f)"
fi
