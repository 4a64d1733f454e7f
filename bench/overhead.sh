#!/bin/sh
# overhead.sh: compare benchtop's system-call tests with an independent
# minimal probe (bench/probe-syscall.c) on this machine.
#
#   bench/overhead.sh
#
# A benchmark that prints, not a test: it always exits 0, whatever the
# numbers (and says so on stderr when something could not run).
#
# Environment:
#   CC             compiler for the probe (default cc), built with -O2
#   BENCHTOP       benchtop binary (default: <repo>/src/benchtop)
#   ROUNDS         alternating rounds of probe and benchtop (default 3)
#   PROBE_SECONDS  probe seconds per repetition (default 1)
#
# Pairs compared (probe test <-> benchtop id):
#   null  <-> lmbench.null_call   one syscall(SYS_getppid) per op
#   byte  <-> byte.syscall        close(dup(0)); getpid; getuid; umask(022)
#
# Each round runs the probe (both tests) and benchtop
#   $BENCHTOP --batch -t 2 --only lmbench.null_call,byte.syscall --json
# in alternating order (odd rounds probe first, even rounds benchtop
# first) so slow drift of the machine hits both sides alike. The table
# shows the median over rounds of each side's ns/op, their ratio
# benchtop/probe, and the median over rounds of benchtop's own CV%.
# Verdict "ok" when 0.97 <= ratio <= 1.03 and CV < 2%, else "off".

set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
CC=${CC:-cc}
BENCHTOP=${BENCHTOP:-$root/src/benchtop}
ROUNDS=${ROUNDS:-3}
PROBE_SECONDS=${PROBE_SECONDS:-1}

PAIRS="null:lmbench.null_call byte:byte.syscall"
ONLY=lmbench.null_call,byte.syscall

tmp=$(mktemp -d "${TMPDIR:-/tmp}/overhead.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 141' PIPE
trap 'exit 143' TERM

note() {
	printf 'overhead.sh: %s\n' "$*" >&2
}

case $ROUNDS in
'' | *[!0-9]*) note "ROUNDS=$ROUNDS is not a count; using 3"; ROUNDS=3 ;;
esac
[ "$ROUNDS" -ge 1 ] || ROUNDS=1

# Which JSON reader: python3 preferred, else jq, else none.
if command -v python3 >/dev/null 2>&1; then
	json=python3
elif command -v jq >/dev/null 2>&1; then
	json=jq
else
	json=
	note "neither python3 nor jq found: cannot read benchtop's JSON"
fi

# json_tests FILE: one line per test, "id ns_per_op cv_pct status", with
# "-" for a missing or null field.
json_tests() {
	case $json in
	python3)
		python3 - "$1" <<'EOF'
import json, sys
try:
    with open(sys.argv[1]) as f:
        doc = json.load(f)
    if not isinstance(doc, dict):
        raise ValueError("not a JSON object")
except (OSError, ValueError) as e:
    sys.stderr.write("overhead.sh: %s: %s\n" % (sys.argv[1], e))
    sys.exit(1)
if doc.get("schema") != 1:
    sys.stderr.write("overhead.sh: JSON schema %r, expected 1\n"
                     % (doc.get("schema"),))
def field(t, k):
    v = t.get(k)
    if v is None:
        return "-"
    if isinstance(v, bool):
        return "-"
    if isinstance(v, (int, float)):
        return repr(float(v))
    return str(v).replace(" ", "_") or "-"
for t in doc.get("tests") or []:
    print(field(t, "id"), field(t, "ns_per_op"), field(t, "cv_pct"),
          field(t, "status"))
EOF
		;;
	jq)
		schema=$(jq -r '.schema' "$1") || return 1
		[ "$schema" = 1 ] ||
		    note "JSON schema $schema, expected 1"
		jq -r '(.tests // [])[] |
		    [ (.id // "-"), (.ns_per_op // "-"), (.cv_pct // "-"),
		      (.status // "-") ] | map(tostring) | join(" ")' "$1"
		;;
	*)
		return 1
		;;
	esac
}

# median FILE FORMAT: median of the numbers in FILE, one a line, printed
# with the printf FORMAT; "-" if none.
median() {
	if [ ! -s "$1" ]; then
		echo -
		return 0
	fi
	sort -g "$1" | awk -v fmt="$2" '{ v[NR] = $1 }
	    END {
		if (NR % 2) m = v[(NR + 1) / 2]
		else m = (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf fmt "\n", m
	    }'
}

# run_probe ROUND: both probe tests, appending ns/op to $tmp/probe.<test>.
run_probe() {
	for pair in $PAIRS; do
		t=${pair%%:*}
		if [ -z "$probe" ]; then
			continue
		fi
		if out=$("$probe" "$t" -s "$PROBE_SECONDS"); then
			printf '  round %s probe    %s\n' "$1" "$out"
			# "null 123.4 ns/op cv 0.8%"
			printf '%s\n' "$out" | awk -v t="$t" \
			    '$1 == t && $3 == "ns/op" { print $2 }' \
			    >>"$tmp/probe.$t"
		else
			note "probe $t failed (round $1)"
		fi
	done
	return 0
}

# run_benchtop ROUND: one benchtop run, appending ns/op and CV% of each
# test to $tmp/bt.<id>.ns and $tmp/bt.<id>.cv.
run_benchtop() {
	if [ -z "$bt" ]; then
		return 0
	fi
	j=$tmp/benchtop.$1.json
	if ! "$BENCHTOP" --batch -t 2 --only "$ONLY" --json >"$j" \
	    2>"$tmp/benchtop.$1.err"; then
		note "benchtop failed (round $1):"
		sed 's/^/  /' "$tmp/benchtop.$1.err" >&2
		return 0
	fi
	if ! json_tests "$j" >"$tmp/benchtop.$1.txt"; then
		note "cannot parse benchtop's JSON (round $1)"
		return 0
	fi
	while read -r id ns cv st; do
		printf '  round %s benchtop %s %s ns/op cv %s%% %s\n' \
		    "$1" "$id" "$ns" "$cv" "$st"
		# Only the ids asked for (they also name files here).
		case ",$ONLY," in
		*",$id,"*) ;;
		*) continue ;;
		esac
		if [ "$st" != ok ]; then
			continue
		fi
		if [ "$ns" != - ]; then
			echo "$ns" >>"$tmp/bt.$id.ns"
		fi
		if [ "$cv" != - ]; then
			echo "$cv" >>"$tmp/bt.$id.cv"
		fi
	done <"$tmp/benchtop.$1.txt"
	return 0
}

# Build the probe.
probe=$tmp/probe-syscall
if ! $CC -O2 -o "$probe" "$here/probe-syscall.c" -lm; then
	note "cannot build the probe with $CC"
	probe=
fi

bt=$BENCHTOP
if [ ! -x "$bt" ]; then
	note "no benchtop at $bt (build it, or set BENCHTOP)"
	bt=
elif [ -z "$json" ]; then
	bt=
fi

echo "overhead.sh: $ROUNDS rounds; probe ${PROBE_SECONDS}s x 5 reps per test;" \
    "benchtop -t 2"
r=1
while [ "$r" -le "$ROUNDS" ]; do
	if [ $((r % 2)) -eq 1 ]; then
		run_probe "$r"
		run_benchtop "$r"
	else
		run_benchtop "$r"
		run_probe "$r"
	fi
	r=$((r + 1))
done

echo
printf '%-18s %12s %15s %8s %12s %7s\n' test 'probe ns/op' \
    'benchtop ns/op' ratio 'benchtop CV%' verdict
for pair in $PAIRS; do
	t=${pair%%:*}
	id=${pair#*:}
	p=$(median "$tmp/probe.$t" %.1f)
	b=$(median "$tmp/bt.$id.ns" %.1f)
	c=$(median "$tmp/bt.$id.cv" %.2f)
	awk -v id="$id" -v p="$p" -v b="$b" -v c="$c" 'BEGIN {
		ratio = "-"; verdict = "off"
		if (p != "-" && b != "-" && p + 0 > 0) {
			x = b / p
			ratio = sprintf("%.3f", x)
			if (c != "-" && x >= 0.97 && x <= 1.03 && c + 0 < 2)
				verdict = "ok"
		}
		printf "%-18s %12s %15s %8s %12s %7s\n", id, p, b, ratio, c,
		    verdict
	}'
done
exit 0
