#!/bin/sh
# badinput.sh: every option that takes a value, given bad ones (missing,
# empty, negative, huge, non-numeric, not a number at all, overlong),
# and bad files and terminals. Each must give exactly one line on stderr,
# a documented exit code (2 usage, 1 runtime), nothing on stdout, no
# crash, and no file left where an output was asked for.
set -u

# shellcheck source=testlib.sh
. "$(dirname "$0")/testlib.sh"
test_begin bad
case $BENCHTOP in /*) ;; *) BENCHTOP=$(pwd)/$BENCHTOP ;; esac
# shellcheck disable=SC2016 # expanded at exit
at_exit 'chmod -R u+w "$work" 2>/dev/null'
tried=0

# try CODES ARGS...: benchtop ARGS exits with one of CODES ("2", "1 2"),
# says one line, prints nothing on stdout, and writes no file in $work/out.
try() {
	codes=$1
	shift
	tried=$((tried + 1))
	(cd "$work/out" && exec "$BENCHTOP" "$@") >"$work/stdout" \
	    2>"$work/stderr" </dev/null
	rc=$?
	# Read without a program per step: some 250 tries, and a fork costs
	# milliseconds on a virtual machine.
	lines=0 line=
	while IFS= read -r l; do
		lines=$((lines + 1))
		line=$l
	done <"$work/stderr"
	case " $codes " in
	*" $rc "*) ;;
	*) fail "$(what "$@") exits $rc, expected $codes: $(head -c 200 "$work/stderr")"
	   return ;;
	esac
	if [ "$lines" -ne 1 ]; then
		fail "$(what "$@"): $lines lines on stderr: $(head -c 300 "$work/stderr")"
	elif [ -s "$work/stdout" ]; then
		fail "$(what "$@"): output on stdout"
	elif ! empty_dir "$work/out"; then
		fail "$(what "$@"): left $(ls -A "$work/out")"
		rm -rf "$work/out" && mkdir "$work/out"
	elif [ "${#line}" -gt 299 ]; then
		fail "$(what "$@"): a line of ${#line} characters"
	else
		ok
	fi
}
# says TEXT: the last try's line on stderr holds TEXT (counted).
says() {
	case $line in
	*"$1"*) ok ;;
	*) fail "'$1' not in: $line"
	   return 1 ;;
	esac
}
# what ARGS...: the command line, cut to 80 characters, for a failure.
what() { echo "'$(printf '%s ' "$@" | cut -c1-80)'"; }
# empty_dir DIR: DIR holds nothing (shell globs, no program).
empty_dir() {
	for f in "$1"/* "$1"/.[!.]* "$1"/..?*; do
		[ -e "$f" ] || [ -L "$f" ] && return 1
	done
	return 0
}
mkdir "$work/out"

long=$(head -c 5000 /dev/zero | tr '\0' 9)
longname=$(head -c 5000 /dev/zero | tr '\0' x)
numeric="-t --time --sample-ms --watch --mem-size -j --jobs -d --delay
	--slice-ms --tolerance"
for opt in $numeric; do
	try 2 "$opt"
	for v in "" -1 0x -- abc 1e999 nan inf -inf 99999999999999999999 \
	    "$long" "1 2" " "; do
		try 2 --batch "$opt" "$v"
	done
done
# Numbers are plain decimal: strtod would take each of these as a number
# (-t 0x10 ran every test for 16 s). One test, so that a value taken runs
# briefly.
for opt in $numeric; do
	for v in 0x10 0x1p3 1e1 +1 " 1" "1 " INF NaN . 1.2.3; do
		try 2 --batch --only lmbench.null_call "$opt" "$v"
	done
done
# Zero where zero means nothing: each of these needs a positive value.
for opt in -t --sample-ms --watch --mem-size -j -d --slice-ms; do
	try 2 "$opt" 0
done
# Text values: each refused, naming the option or the value.
for opt in --only --skip --placement --cpu --report --ref --check --save \
    --data --dir --log --openmetrics-file --machine; do
	try 2 "$opt"
	try 2 --batch "$opt" ""
done
for v in nowhere -1 "$longname"; do
	try 2 --batch --placement "$v"
	try 2 --batch --only "$v"
	try 2 --batch --skip '*' --only "$v"
	try 2 --report "$v"
	try 2 --batch --ref "$v"
	try 2 --check "$v"
	try 2 --report byte --machine "$v"
done
for v in -1 abc 99999 1-0 1,,2 "$long"; do
	try 2 --cpu "$v"
done
for v in ../up a/b .hidden "$longname"; do
	try 2 --batch --save "$v"
done
try 2 --batch --skip '*'
try 2 --machine p3-850m
# --ref A,B: a third, an empty half, an unknown word; --check takes one
# machine, not a class or a pair.
for v in p6,netburst,k7 ,p6 p6, pentium9 p6,pentium9 "$longname"; do
	try 2 --batch --ref "$v"
done
try 2 --check p6
try 2 --check p3-850m,p4-2000
try 2 --check p3-850m --report byte
try 2 --watch 1 --batch
# Two report formats: refused with one line naming both, whichever order.
for pair in "--json --csv" "--csv --json" "--json --openmetrics" \
    "--openmetrics --jsonl" "--jsonl --csv"; do
	# shellcheck disable=SC2086 # the pair is two words
	try 2 --batch --only lmbench.null_call -t 0.01 $pair
	says "${pair% *}" && says "${pair#* }"
done
try 2 --batch --log "$work/x.csv"
try 2 --batch stray
try 2 --identify a b
try 2 --frobnicate
try 2 -x

# Bad places and files: runtime errors (1), one line each.
mkdir "$work/dir"
: >"$work/empty"
printf 'not\ta\ttsv\n' >"$work/garbage"
try 1 --batch --only lmbench.null_call -t 0.01 --dir /nonexistent
try 1 --batch --only lmbench.null_call -t 0.01 --dir "$work/empty"
try 1 --batch --only lmbench.null_call -t 0.01 --data /nonexistent
try 1 --batch --only lmbench.null_call -t 0.01 --data "$work/dir"
for f in /nonexistent "$work/dir" "$work/empty" "$work/garbage" /dev/null; do
	try "1 2" --identify "$f"
done
try "1 2" --check "$work/garbage"
try "1 2" --check "$work/empty"
# --openmetrics-file where no file can be: a directory, a missing one.
try 2 --watch 1 --only lmbench.null_call --openmetrics-file "$work/dir"
try 2 --watch 1 --only lmbench.null_call \
    --openmetrics-file /nonexistent/m.prom

# Every output path is checked before anything runs: exit 2 and one line
# naming the flag in under a second, though the run asked for (every
# test, 1 s each) would take minutes.
upfront() { # upfront FLAG ARGS...: benchtop ARGS, stopped within 1 s
	flag=$1
	shift
	tried=$((tried + 1))
	t0=$(date +%s%N)
	(cd "$work/out" && exec timeout 20 "$BENCHTOP" "$@") \
	    >"$work/stdout" 2>"$work/stderr" </dev/null
	rc=$?
	ms=$((($(date +%s%N) - t0) / 1000000))
	if [ $rc -eq 2 ] && [ $ms -lt 1000 ] &&
	    [ "$(wc -l <"$work/stderr")" -eq 1 ] &&
	    grep -q -- "^benchtop: $flag" "$work/stderr"; then
		ok
	else
		fail "$flag up front: rc $rc in $ms ms: $(head -c 200 "$work/stderr")"
	fi
}
rm -rf "$work/out" && mkdir "$work/out"
upfront --html --batch --html /nonexistent/x.html
upfront --html --batch --html "$work/dir"
upfront --log --watch 1 --log /nonexistent/x.csv
upfront --openmetrics-file --watch 1 --openmetrics-file /nonexistent/m.prom
# A directory that exists and that no one can make a file in, root
# included (access() tells root yes): the writers would fail after the
# run. The line names the flag and the path.
upfront --html --batch --html /proc/x.html
line=$(cat "$work/stderr") && says /proc/x.html
upfront --openmetrics-file --watch 1 --openmetrics-file /proc/x.prom
line=$(cat "$work/stderr") && says /proc/x.prom
upfront --log --watch 1 --log /proc/x.csv
line=$(cat "$work/stderr") && says /proc/x.csv
(XDG_DATA_HOME=/proc/benchtop-profiles && export XDG_DATA_HOME &&
    upfront --save --batch --save mine && exit $((failed > 0))) || failed=$((failed + 1))
# The probe of a good path leaves nothing behind, though a later path
# stops the run (try checks the directory it ran in is empty).
try 2 --only lmbench.null_call --html x.html --openmetrics-file /proc/x.prom
(XDG_DATA_HOME=$work/empty/profiles && export XDG_DATA_HOME &&
    upfront --save --batch --save mine && exit $((failed > 0))) || failed=$((failed + 1))
# --check names itself, not the --ref it is made of.
try 2 --check nosuchprofile
if grep -q "^benchtop: --check: .*nosuchprofile" "$work/stderr"; then ok
else fail "--check names --check: $(cat "$work/stderr")"; fi

# --compare: every profile read and the fleet checked before a line is
# written; each fault one line naming --compare.
# plant FILE ID TESTS [MEM_MIB]: a profile of one figure per test.
plant() {
	{
		printf 'id\tlabel\tvendor\tclass\tmhz\tcpus\tkernel\thost\t'
		printf 'source\tdate\tversion\tplacement\n'
		printf '%s\tCPU\t-\tzen\t3000\t2\tLinux\t%s\tbenchtop\t' "$2" "$2"
		printf '2026-01-01T00:00:00Z\t0.1.0\tper-test\n'
		printf 'machine\ttest\tstat\tvalue\tunit\tsource\tversion\n'
		for t in $3; do
			printf '%s\t%s\tresult\t1\tus\tbenchtop single median\t1\n' \
			    "$2" "$t"
		done
		[ -z "${4:-}" ] ||
			printf 'machine_context\tkey\tvalue\n%s\trun.mem_mib\t%s\n' \
			    "$2" "$4"
	} >"$1"
}
mkdir "$work/fleet" "$work/nofleet"
plant "$work/fleet/a.tsv" a "lmbench.null_call lmbench.stat"
plant "$work/fleet/b.tsv" b "lmbench.null_call lmbench.stat"
plant "$work/apart.tsv" c "lmbench.null_io"
plant "$work/m64.tsv" m64 "lmbench.null_call" 64
plant "$work/m128.tsv" m128 "lmbench.null_call" 128
try 2 --compare
try 2 --compare ""
try 2 --compare "$work/fleet/a.tsv" && says "one profile only"
try 2 --compare "$work/nofleet" && says "holds no profile"
try 2 --compare /nonexistent/x.tsv "$work/fleet" && says "--compare: /nonexistent/x.tsv"
try 2 --compare nosuchprofile "$work/fleet" && says "nosuchprofile"
try 2 --compare "$work/fleet" "$work/garbage" && says "--compare"
try 2 --compare "$work/fleet" "$work/empty" && says "not a profile"
try 2 --compare "$work/fleet/a.tsv" "$work/apart.tsv" && says "no test in common"
try 2 --compare "$work/fleet" "$work/apart.tsv" && says "holds no test the others hold"
try 2 --compare "$work/m64.tsv" "$work/m128.tsv" && says "mixed options"
try 2 --compare "$work/fleet" --save x && says "--compare and --save"
try 2 --compare "$work/fleet" --check a && says "--compare and --check"
try 2 --compare "$work/fleet" --openmetrics && says "--compare and --openmetrics"
try 2 --compare "$work/fleet" --html /proc/x.html && says "--html"
try 2 --compare "$work/fleet" --only 'nosuch*'

# --log to a directory, a missing directory, /dev/full: the live screen
# opens it before drawing anything (stdout here is a file: it would fall
# back to batch, so these run in a tmux pane when tmux is here).
if command -v tmux >/dev/null 2>&1; then
	sock=$work/tmux-bad
	# (checked up front since: a usage error, 2)
	for f in "$work/dir" /nonexistent/x.csv; do
		tried=$((tried + 1))
		tmux -S "$sock" -f /dev/null new-session -d -x 100 -y 30 \
		    "TERM=xterm $BENCHTOP --only lmbench.null_call --log '$f' \
		     2>'$work/log.err'; echo \$? >'$work/log.rc'"
		wait_file "$work/log.rc"
		tmux -S "$sock" kill-server 2>/dev/null
		if [ "$(cat "$work/log.rc" 2>/dev/null)" = 2 ] &&
		    [ "$(wc -l <"$work/log.err")" -eq 1 ]; then
			ok
		else
			fail "--log $f: rc $(cat "$work/log.rc" 2>/dev/null)," \
			    "$(head -c 200 "$work/log.err")"
		fi
		rm -f "$work/log.rc" "$work/log.err"
	done
fi

# No TERM, TERM=dumb, stdout a pipe: one line on stderr, then the batch
# report on stdout, exit 0.
for t in unset dumb xterm; do
	tried=$((tried + 1))
	if [ $t = unset ]; then
		env -u TERM "$BENCHTOP" --only lmbench.null_call -t 0.05 \
		    2>"$work/term.err" | cat >"$work/term.out"
	else
		TERM=$t "$BENCHTOP" --only lmbench.null_call -t 0.05 \
		    2>"$work/term.err" | cat >"$work/term.out"
	fi
	if [ "$(wc -l <"$work/term.err")" -eq 1 ] &&
	    grep -q '^lmbench.null_call ' "$work/term.out"; then
		ok
	else
		fail "TERM $t, stdout a pipe: $(head -c 200 "$work/term.err")"
	fi
done

# On a terminal, TERM unset or unknown: a terminal without capabilities,
# as TERM=dumb: the batch report, the reason in words, plain progress
# lines without an escape.
if command -v script >/dev/null 2>&1; then
	for t in unset nosuchterm dumb; do
		tried=$((tried + 1))
		if [ $t = unset ]; then
			env -u TERM script -qec "$BENCHTOP --only lmbench.null_call \
			    -t 0.05" /dev/null >"$work/term.out" 2>&1
			want="TERM is not set"
		else
			TERM=$t script -qec "$BENCHTOP --only lmbench.null_call \
			    -t 0.05" /dev/null >"$work/term.out" 2>&1
			want="TERM .*$t"
		fi
		if grep -q "benchtop: $want" "$work/term.out" &&
		    grep -q '^lmbench.null_call ' "$work/term.out" &&
		    ! grep -q "$(printf '\033')" "$work/term.out"; then
			ok
		else
			fail "TERM $t on a terminal: $(head -c 300 "$work/term.out" | cat -v)"
		fi
	done
fi

# A 1x1 terminal: the size message, and q still quits with 0.
if command -v tmux >/dev/null 2>&1; then
	tried=$((tried + 1))
	sock=$work/tmux-tiny
	tmux -S "$sock" -f /dev/null new-session -d -x 1 -y 1 \
	    "TERM=xterm $BENCHTOP --only lmbench.null_call; echo \$? >'$work/tiny.rc'"
	sleep 1.5
	tmux -S "$sock" send-keys q
	wait_file "$work/tiny.rc"
	tmux -S "$sock" kill-server 2>/dev/null
	if [ "$(cat "$work/tiny.rc" 2>/dev/null)" = 0 ]; then
		ok
	else
		fail "1x1 terminal: rc $(cat "$work/tiny.rc" 2>/dev/null)"
	fi
fi

echo "badinput: $tried inputs tried"
finish badinput
