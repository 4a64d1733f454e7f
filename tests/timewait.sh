#!/bin/sh
# timewait.sh: a run of the connection-heavy loopback tests leaves no
# socket waiting in TIME_WAIT behind. lmbench.lat_connect makes some
# 25,000 connections a second, lmbench.lat_tcp one per run; after 2 s of
# each, the count of TIME_WAIT sockets is within 500 of what it was,
# as root and without CAP_SYS_ADMIN. And the rows see the stack they run
# on: a counting nftables rule on this namespace's loopback input path
# (where nft is installed) counts lat_tcp's and lat_udp's packets.
#
# The count is taken in a network namespace of this script's own where
# one can be made, so that connections elsewhere on the machine (make -j
# check, other users) neither hide a leftover nor fake one.
set -u

if [ -z "${BT_NET_PRIVATE:-}" ]; then
	for how in "--net" "-r --net"; do
		# shellcheck disable=SC2086
		if unshare $how true 2>/dev/null; then
			BT_NET_PRIVATE=1 exec unshare $how sh "$0" "$@"
		fi
	done
	echo "note: no private network namespace: TIME_WAIT counted machine-wide"
fi

# shellcheck source=testlib.sh
. "$(dirname "$0")/testlib.sh"
test_begin tw
needs "$PYTHON"
# A new namespace's loopback is down; benchtop's fallback needs it up.
[ -n "${BT_NET_PRIVATE:-}" ] && ip link set lo up 2>/dev/null

# run LABEL [WRAPPER...]: both tests for 2 s each, then the checks
run() {
	label=$1
	shift
	before=$(timewait)
	"$@" "$BENCHTOP" --batch -t 2 --json --dir "$work" \
	    --only lmbench.lat_connect,lmbench.lat_tcp >"$work/r.json" \
	    2>"$work/err"
	rc=$?
	after=$(timewait)
	echo "note: $label: TIME_WAIT $before before, $after after"
	check "$label: both tests ran (rc $rc): $(head -c 300 "$work/err")" \
	    "$PYTHON" -c '
import json, sys
t = {x["id"]: x for x in json.load(open(sys.argv[1]))["tests"]}
ok = [t[i]["status"] == "ok" for i in ("lmbench.lat_connect", "lmbench.lat_tcp")]
sys.exit(0 if all(ok) else 1)' "$work/r.json"
	check "$label: TIME_WAIT within 500 of before ($before -> $after)" \
	    test "$after" -le $((before + 500))
}

run "as started"

# The packets of the network rows pass this namespace's input hook. Only
# in a namespace of this script's own: the host's rules are not touched.
if [ -n "${BT_NET_PRIVATE:-}" ] && command -v nft >/dev/null 2>&1 &&
    nft add table inet bt_timewait 2>/dev/null; then
	nft add chain inet bt_timewait input \
	    '{ type filter hook input priority 0; policy accept; }'
	for proto in tcp udp; do
		nft add rule inet bt_timewait input iifname lo \
		    meta l4proto $proto counter
	done
	# Nothing else talks in this namespace: hundreds of packets are the
	# rows' own (thousands on a quiet machine, fewer under load).
	"$BENCHTOP" --batch -t 0.5 --dir "$work" \
	    --only lmbench.lat_tcp,lmbench.lat_udp >/dev/null 2>&1
	counts=$(nft list chain inet bt_timewait input |
	    sed -n 's/.*l4proto \([a-z]*\) counter packets \([0-9]*\).*/\1=\2/p' |
	    tr '\n' ' ')
	nft delete table inet bt_timewait
	check "the loopback input hook counted the rows' packets ($counts)" \
	    sh -c "echo '$counts' | grep -Eq 'tcp=[0-9]{3}' &&
	    echo '$counts' | grep -Eq 'udp=[0-9]{3}'"
else
	echo "note: no nft or no private namespace: the hook is not checked"
fi
# Without CAP_SYS_ADMIN no namespace can be made (benchtop is threaded,
# so no user namespace either): the fallback's own close is tested.
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1 &&
    setpriv --bounding-set=-sys_admin true 2>/dev/null; then
	run "without CAP_SYS_ADMIN" setpriv --bounding-set=-sys_admin \
	    --inh-caps=-sys_admin
else
	echo "note: not root or no setpriv: the fallback is not tried"
fi

finish timewait
