#!/bin/sh
# nftables.sh LMBENCH_BIN_DIR: the network rows see the host's stack as
# the user configured it. A chain of 500 rules on the host's loopback
# input path (a table of this script's own, always deleted on the way
# out) must slow benchtop's lmbench.lat_tcp and lmbench.lat_udp as it
# slows lmbench's own lat_tcp and lat_udp; benchtop runs as root without
# CAP_SYS_ADMIN (setpriv drops it from the bounding set: no private
# network namespace could be made even if benchtop tried), and the
# count of TIME_WAIT sockets on the host ends within 500 of where it
# began.
#
# LMBENCH_BIN_DIR holds lmbench's lat_tcp and lat_udp built without the
# portmapper (-DNO_PORTMAPPER: fixed ports 31234 and 31238 on loopback).
# Rounds alternate without and with the rules, each taking benchtop's
# two rows (one batch run) and lmbench's two programs, all pinned to one
# CPU (pick_cpu; benchtop with --placement same, as lmbench's client and
# server on that CPU). The table gives the medians, the slowdown of each
# (with / without) and benchtop's slowdown over lmbench's.
#
# Environment: BENCHTOP, ROUNDS (5), SECONDS_PER (benchtop's -t, 2),
# RULES (500), BENCH_CPU. Needs root, nft and setpriv. Prints; exits 0.
set -u

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
bench_init nftables.sh

ROUNDS=${ROUNDS:-5}
SECONDS_PER=${SECONDS_PER:-2}
RULES=${RULES:-500}
TABLE=benchtop_nftables_bench
nodrop="setpriv --bounding-set=-sys_admin --inh-caps=-sys_admin"

# The rule set is removed whatever ends the script (the EXIT trap runs
# after a signal's exit too); lmbench's servers are stopped.
bench_cleanup() {
	nft delete table inet "$TABLE" 2>/dev/null
	[ -n "${LM:-}" ] && lm_stop
	return 0
}

not_run() {
	note "$1"
	summary "nftables: rows see the host's rules" - \
	    "benchtop slows as lmbench does" "not run ($1)"
	exit 0
}

[ $# -eq 1 ] || not_run "usage: nftables.sh LMBENCH_BIN_DIR"
LM=$(cd "$1" 2>/dev/null && pwd) || not_run "no directory $1"
for p in lat_tcp lat_udp; do
	[ -x "$LM/$p" ] || not_run "no $LM/$p"
done
[ "$(id -u)" = 0 ] || not_run "needs root (nft)"
command -v nft >/dev/null 2>&1 || not_run "no nft (apt-get install nftables)"
command -v ss >/dev/null 2>&1 || not_run "no ss (iproute2)"
$nodrop true 2>/dev/null || not_run "setpriv cannot drop CAP_SYS_ADMIN"
bt_usable || not_run "benchtop does not run"
pick_cpu
pin() {
	if [ -n "$cpu" ]; then taskset -c "$cpu" "$@"; else "$@"; fi
}

# CAP_SYS_ADMIN is bit 21 of the bounding set.
capbnd=$($nodrop sh -c 'sed -n "s/^CapBnd:[[:space:]]*//p" /proc/self/status')
if [ $(((0x$capbnd >> 21) & 1)) -ne 0 ]; then
	not_run "CAP_SYS_ADMIN still in the bounding set ($capbnd)"
fi

timewait() {
	ss -tan state time-wait 2>/dev/null | tail -n +2 | wc -l
}

rules_on() {
	{
		echo "table inet $TABLE {"
		echo "  chain input {"
		echo "    type filter hook input priority 0; policy accept;"
		# Rules that never match benchtop's or lmbench's ports, each
		# one read in full for every packet on lo (the port is the
		# last thing compared).
		i=0
		while [ $i -lt "$RULES" ]; do
			echo "    iifname \"lo\" ip daddr 127.0.0.1" \
			    "meta l4proto { tcp, udp } th dport $((1001 + i))" \
			    "counter drop"
			i=$((i + 1))
		done
		echo "  }"
		echo "}"
	} >"$tmp/rules.nft"
	nft -f "$tmp/rules.nft"
}

rules_off() {
	nft delete table inet "$TABLE" 2>/dev/null
	return 0
}

lm_stop() {
	"$LM/lat_tcp" -S 127.0.0.1 >/dev/null 2>&1
	"$LM/lat_udp" -S 127.0.0.1 >/dev/null 2>&1
}

# lm PROG: lmbench's figure in microseconds, its server started and
# stopped around the run, all without CAP_SYS_ADMIN on $cpu.
lm() {
	pin $nodrop "$LM/$1" -s >/dev/null 2>&1
	sleep 0.2
	pin $nodrop "$LM/$1" 127.0.0.1 2>&1 | awk '/microseconds/ {
	    for (i = 1; i <= NF; i++) if ($i == "microseconds") print $(i - 1)
	}' | tail -n 1
	"$LM/$1" -S 127.0.0.1 >/dev/null 2>&1
	sleep 0.2
}

# bt: benchtop's lat_tcp and lat_udp (us), one batch run.
bt() {
	pin $nodrop "$BENCHTOP" --batch -t "$SECONDS_PER" --placement same \
	    --json --dir "$tmp" --only lmbench.lat_tcp,lmbench.lat_udp \
	    >"$tmp/bt.json" 2>"$tmp/bt.err" || {
		note "benchtop failed: $(head -c 200 "$tmp/bt.err")"
		echo "- -"
		return 0
	}
	json_tests "$tmp/bt.json" id status value |
	    awk '$2 == "ok" { v[$1] = $3 }
	        END { printf "%s %s\n", v["lmbench.lat_tcp"] ? v["lmbench.lat_tcp"] : "-",
	              v["lmbench.lat_udp"] ? v["lmbench.lat_udp"] : "-" }'
}

rules_off
lm_stop
machine_line
echo "nftables.sh: $ROUNDS rounds, $RULES rules in table inet $TABLE" \
    "(input hook), benchtop -t $SECONDS_PER --placement same, lmbench" \
    "from $LM; CPU ${cpu:-any}; as uid $(id -u) with bounding set" \
    "$capbnd (no CAP_SYS_ADMIN)"
tw0=$(timewait)
twmax=$tw0
echo
echo "| round | rules | benchtop lat_tcp us | lmbench lat_tcp us |" \
    "benchtop lat_udp us | lmbench lat_udp us | TIME_WAIT | load |"
echo "|---|---|---|---|---|---|---|---|"
r=1
while [ $r -le "$ROUNDS" ]; do
	# Alternate which goes first, so that a drift in load is shared.
	if [ $((r % 2)) -eq 1 ]; then order="off on"; else order="on off"; fi
	for state in $order; do
		if [ "$state" = on ]; then rules_on || not_run "nft -f failed"
		else rules_off; fi
		bt >"$tmp/bt.pair"
		read -r btcp budp <"$tmp/bt.pair"
		ltcp=$(lm lat_tcp)
		ludp=$(lm lat_udp)
		rules_off
		tw=$(timewait)
		[ "$tw" -gt "$twmax" ] && twmax=$tw
		echo "$btcp" >>"$tmp/$state.btcp"
		echo "$budp" >>"$tmp/$state.budp"
		echo "${ltcp:--}" >>"$tmp/$state.ltcp"
		echo "${ludp:--}" >>"$tmp/$state.ludp"
		echo "| $r | $state | $btcp | ${ltcp:--} | $budp | ${ludp:--} |" \
		    "$tw | $(cut -d' ' -f1 /proc/loadavg) |"
	done
	r=$((r + 1))
done
tw1=$(timewait)

for f in "$tmp"/*.btcp "$tmp"/*.budp "$tmp"/*.ltcp "$tmp"/*.ludp; do
	grep -v '^-$' "$f" >"$f.n"
done
m() { median "$tmp/$1.n" %.2f; }
ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN {
	    if (a + 0 > 0 && b + 0 > 0) printf "%.2f", a / b; else print "-" }'
}
echo
echo "| medians | benchtop lat_tcp us | lmbench lat_tcp us |" \
    "benchtop lat_udp us | lmbench lat_udp us |"
echo "|---|---|---|---|---|"
for state in off on; do
	echo "| $([ $state = on ] && echo "$RULES rules" || echo "no rules") |" \
	    "$(m $state.btcp) | $(m $state.ltcp) | $(m $state.budp) | $(m $state.ludp) |"
done
rbt=$(ratio "$(m on.btcp)" "$(m off.btcp)")
rlt=$(ratio "$(m on.ltcp)" "$(m off.ltcp)")
rbu=$(ratio "$(m on.budp)" "$(m off.budp)")
rlu=$(ratio "$(m on.ludp)" "$(m off.ludp)")
echo "| with / without | ${rbt}x | ${rlt}x | ${rbu}x | ${rlu}x |"
echo
tcp_vs=$(ratio "$(awk -v a="$rbt" 'BEGIN { print a - 1 }')" \
    "$(awk -v a="$rlt" 'BEGIN { print a - 1 }')")
udp_vs=$(ratio "$(awk -v a="$rbu" 'BEGIN { print a - 1 }')" \
    "$(awk -v a="$rlu" 'BEGIN { print a - 1 }')")
echo "added cost, benchtop's over lmbench's (1 = the same slowdown):" \
    "lat_tcp $tcp_vs, lat_udp $udp_vs"
echo "TIME_WAIT on the host: $tw0 at the start, $tw1 at the end, at most" \
    "$twmax between rounds"
echo "load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"

verdict=no
if awk -v t="$rbt" -v u="$rbu" -v tv="$tcp_vs" -v d="$((tw1 - tw0))" \
    -v dm="$((twmax - tw0))" 'BEGIN {
	exit !(t > 1.05 && u > 1.05 && tv > 0.5 && tv < 2 && d <= 500 &&
	    dm <= 500) }'; then
	verdict=yes
fi
summary "nftables: rows see the host's rules" \
    "lat_tcp ${rbt}x (lmbench ${rlt}x), lat_udp ${rbu}x (lmbench ${rlu}x), TIME_WAIT $tw0->$tw1" \
    "benchtop slows as lmbench does, TIME_WAIT within 500" "$verdict"
exit 0
