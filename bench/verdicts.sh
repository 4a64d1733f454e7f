#!/bin/sh
# verdicts.sh: how often --check cries wolf, and whether it hears a real
# change. Saves a profile into a scratch XDG_DATA_HOME, then runs CHECKS
# checks against it in each MODE and counts the tests judged slower or
# faster in each check:
#
#   quiet   nothing changed (goal: 0 judged in most checks, never more
#           than 1)
#   hog     a busy loop pinned to HOG_CPU (the batch worker's CPU by
#           default): the machine's shift should be reported, per-test
#           verdicts at most 2
#   stress  stress-ng --cpu 2 (skipped when stress-ng is missing)
#   trace   every system call traced (raw_syscalls events on, always
#           undone): the system-call rows should move, byte.dhry2 and the
#           arith rows must not (needs root and tracefs)
#   thp     transparent huge pages switched (to always, or to never when
#           they are always; restored after): the rows that map and touch
#           memory may move, the others must not (needs root; not in
#           the default MODES)
#
# Environment:
#   ONLY     the tests (an --only list); default: a short mix of system
#            call, CPU-bound, memory, IPC and process rows
#   FULL=1   the whole catalogue instead of ONLY
#   SAVE_T   -t of the --save run (default 1); CHECK_T: -t of each check
#            (default: --check's own)
#   CHECKS   checks per mode (default 5)
#   MODES    which modes, in order (default "quiet hog stress trace")
#   HOG_CPU  the CPU the hog is pinned to (default 0)
#   KEEP     a directory to keep the profile and every check's report in
#   MOVED    the rows tracing should move (default: the system-call rows
#            of the default list); LOOPS the rows it must not (the
#            CPU-bound loops): trace prints how many of each were judged
#
# Prints a table; exits 0 whatever the numbers (a benchmark, not a test).

. "$(dirname "$0")/lib.sh"
bench_init verdicts

ONLY=${ONLY:-byte.syscall,lmbench.null_call,lmbench.null_io,lmbench.stat,\
bsd.write,bsd.gettimeofday,extra.clock_gettime,byte.dhry2,byte.arith_int,\
byte.arith_double,byte.hanoi,byte.pipe,lmbench.lat_pipe,lmbench.bw_mem_read,\
lmbench.fork,byte.execl,lmbench.page_fault,lmbench.mmap}
SAVE_T=${SAVE_T:-1}
CHECKS=${CHECKS:-5}
MODES=${MODES:-quiet hog stress trace}
HOG_CPU=${HOG_CPU:-0}
MOVED=${MOVED:-byte.syscall lmbench.null_call lmbench.null_io lmbench.stat \
bsd.write bsd.gettimeofday byte.pipe}
LOOPS=${LOOPS:-byte.dhry2 byte.arith_int byte.arith_double byte.hanoi}
XDG_DATA_HOME=$tmp/data
export XDG_DATA_HOME
hog_pid=

only_args() {
	if [ "${FULL:-0}" = 1 ]; then
		return
	fi
	printf '%s\n' "--only" "$ONLY"
}

bench_cleanup() {
	stop_load
	trace_off
	thp_restore
}

stop_load() {
	if [ -n "$hog_pid" ]; then
		kill "$hog_pid" 2>/dev/null
		wait "$hog_pid" 2>/dev/null
		hog_pid=
	fi
}

# Start what MODE needs; 1 when it cannot be had here.
start_mode() {
	case $1 in
	quiet) ;;
	hog)
		taskset -c "$HOG_CPU" sh -c 'while :; do :; done' &
		hog_pid=$!
		;;
	stress)
		command -v stress-ng >/dev/null 2>&1 || {
			note "no stress-ng (apt-get install stress-ng)"
			return 1
		}
		stress-ng --cpu 2 --timeout 3600 >/dev/null 2>&1 &
		hog_pid=$!
		;;
	trace) trace_start || return 1 ;;
	thp) thp_switch || return 1 ;;
	esac
	sleep 1
	return 0
}

stop_mode() {
	stop_load
	trace_off
	thp_restore
}

# THP's setting switched (the one in brackets), and put back.
thp=/sys/kernel/mm/transparent_hugepage/enabled
thp_was=
thp_switch() {
	[ -w "$thp" ] || { note "no writable $thp (root?)"; return 1; }
	thp_was=$(sed 's/.*\[\(.*\)\].*/\1/' "$thp")
	if [ "$thp_was" = always ]; then echo never; else echo always; fi >"$thp"
	note "THP $thp_was -> $(sed 's/.*\[\(.*\)\].*/\1/' "$thp")"
}
thp_restore() {
	[ -n "$thp_was" ] && echo "$thp_was" >"$thp"
	thp_was=
}

# The rows of a check's text report judged slower or faster: "id verdict"
# lines. Old reports end a judged row with "slower by N%"; newer ones with
# the verdict word ("slower", "faster", either with ", weak"), and a row a
# context difference moves adds " (context: ...)" after it.
judged_rows() {
	awk '/^[a-z]+\.[a-z0-9_]+ / { sub(/ \(context: [^)]*\)$/, "") }
	    /^[a-z]+\.[a-z0-9_]+ / &&
	    match($0, /(slower|faster)( by [0-9.]+%)?(, weak)?$/) {
		v = substr($0, RSTART, RLENGTH)
		sub(/, weak$/, "~weak", v)
		sub(/ by /, "-by-", v)
		print $1, v }' "$1"
}

# power_line JUDGED: of MOVED, how many were judged slower; of LOOPS, how
# many were judged at all.
power_line() {
	found=0 loops=0
	for id in $MOVED; do
		grep -q "^$id slower" "$1" && found=$((found + 1))
	done
	for id in $LOOPS; do
		grep -q "^$id " "$1" && loops=$((loops + 1))
	done
	printf '%-7s %5s %4s found slower %s of %s system-call rows; %s of %s loops judged\n' \
	    '' '' '' "$found" "$(echo $MOVED | wc -w)" "$loops" \
	    "$(echo $LOOPS | wc -w)"
}

# The machine's shift line of a newer report, or "-".
shift_line() {
	l=$(grep -m1 '^Machine:' "$1" |
	    sed -n 's/^Machine: this machine runs \([^(]*\) \(than\|as\) when .* (\([0-9]* of [0-9]*\) tests.*/\1 (\3 moved)/p')
	printf '%s\n' "${l:--}"
}

run_check() {
	# shellcheck disable=SC2046
	"$BENCHTOP" --check base ${CHECK_T:+-t "$CHECK_T"} \
	    $(only_args) >"$2" 2>"$2.err"
	echo $? >"$2.rc"
}

machine_line
printf '%s: tests: %s\n' "$bench_name" \
    "$([ "${FULL:-0}" = 1 ] && echo 'the whole catalogue' || echo "$ONLY")"
# shellcheck disable=SC2046
"$BENCHTOP" --batch -t "$SAVE_T" $(only_args) --save base \
    >"$tmp/save.txt" 2>"$tmp/save.err"
rc=$?
# Exit 1 with a profile: a test failed (it is left out of the profile).
if [ ! -f "$XDG_DATA_HOME/benchtop/base.tsv" ]; then
	note "--save failed (exit $rc):"
	sed 's/^/  /' "$tmp/save.err" "$tmp/save.txt" >&2
	exit 0
fi
printf '%s: profile saved (exit %s, %s result rows, %s slice rows), %s\n' \
    "$bench_name" "$rc" \
    "$(grep -c '	result	' "$XDG_DATA_HOME/benchtop/base.tsv")" \
    "$(grep -c '	slice	' "$XDG_DATA_HOME/benchtop/base.tsv")" \
    "$(uptime | sed 's/.*load/load/')"

printf '\n%-7s %5s %4s %7s %7s %5s  %-28s %s\n' MODE CHECK EXIT SLOWER \
    FASTER ROWS LOAD "MACHINE'S SHIFT / ROWS JUDGED"
for mode in $MODES; do
	if ! start_mode "$mode"; then
		printf '%-7s %5s  skipped\n' "$mode" -
		continue
	fi
	zero=0
	worst=0
	i=1
	while [ "$i" -le "$CHECKS" ]; do
		out=$tmp/$mode.$i.txt
		run_check "$mode" "$out"
		judged_rows "$out" >"$out.judged"
		slower=$(grep -c ' slower' "$out.judged")
		faster=$(grep -c ' faster' "$out.judged")
		rows=$(grep -c '^[a-z]*\.[a-z0-9_]* ' "$out")
		n=$((slower + faster))
		[ "$n" -eq 0 ] && zero=$((zero + 1))
		[ "$n" -gt "$worst" ] && worst=$n
		printf '%-7s %5s %4s %7s %7s %5s  %-28s %s\n' "$mode" "$i" \
		    "$(cat "$out.rc")" "$slower" "$faster" "$rows" \
		    "$(cut -d' ' -f1-3 /proc/loadavg)" "$(shift_line "$out")"
		if [ "$mode" = trace ]; then
			power_line "$out.judged"
		fi
		if [ "$n" -gt 0 ]; then
			printf '%-7s %5s %4s %s\n' '' '' '' \
			    "$(awk '{printf "%s%s(%s)", (NR > 1 ? " " : ""), $1, $2}' \
			        "$out.judged")"
		fi
		i=$((i + 1))
	done
	stop_mode
	if [ -n "${KEEP:-}" ]; then
		mkdir -p "$KEEP" && cp "$tmp"/*.txt "$XDG_DATA_HOME/benchtop/base.tsv" \
		    "$KEEP/"
	fi
	printf '%-7s %5s  %s of %s checks judged nothing; at most %s tests' \
	    "$mode" all "$zero" "$CHECKS" "$worst"
	printf ' judged in one\n'
	summary "verdicts $mode" "$zero/$CHECKS clean, worst $worst" \
	    "clean>=$((CHECKS - 1)), worst<=1" "-"
done
exit 0
