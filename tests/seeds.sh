#!/bin/sh
# seeds.sh: the reference data against the source documents themselves:
# every number of the seeds' tables is in data/results.tsv
# (tests/check-seeds.py), and `--report byte --machine ID` gives back the
# seed's BYTE 3.11 INDEX VALUES tables digit for digit.
# The source documents are not part of the tree: BENCHTOP_SEEDS names the
# directory that holds them (their own file names); make check sets it
# from ./configure --with-seeds=DIR unless the environment does. Without
# it there is nothing to compare with: skip.
set -u

# shellcheck source=testlib.sh
. "$(dirname "$0")/testlib.sh"
top=${top_srcdir:-..}
docs=${BENCHTOP_SEEDS:-}
byte=$docs/000_94bfc812a405668c.txt

if [ -z "$docs" ] || [ ! -r "$byte" ]; then
	echo "SKIP: no source documents (./configure --with-seeds=DIR, or BENCHTOP_SEEDS=DIR)"
	exit 77
fi
test_begin seeds
needs "$PYTHON"

if BENCHTOP_SEEDS=$docs top_srcdir=$top "$PYTHON" "$top/tests/check-seeds.py" \
    >"$work/check.out" 2>&1; then
	ok
else
	fail "check-seeds.py"
	cat "$work/check.out"
fi

# The seed's three tables, in the order of the file.
awk '/^ +INDEX VALUES/ { n++; on = 1 } on { print > (dir "/seed." n) }
    on && /^ +AVERAGE/ { on = 0 }' dir="$work" "$byte"
n=1
for m in p3-850m p4-2000 xeon-2400x2; do
	BENCHTOP_DATA=$top/data "$BENCHTOP" --report byte --machine "$m" \
	    >"$work/ours.$n" 2>&1
	if diff -u "$work/seed.$n" "$work/ours.$n" >"$work/diff.$n"; then
		ok
	else
		fail "--report byte --machine $m differs from the seed:"
		cat "$work/diff.$n"
	fi
	n=$((n + 1))
done

finish seeds
