#!/bin/sh
# alerts.sh: contrib/benchtop-alerts.yml as Prometheus reads it (promtool
# check rules) and as its unit tests say it behaves (promtool test rules
# on tests/benchtop-alerts-test.yml: a test slower for 15 minutes fires,
# one slower for 4 does not; a kind moved as a whole fires, a kind that
# did not does not). Skips (77) without promtool; CI installs it.
set -u

# shellcheck source=testlib.sh
. "$(dirname "$0")/testlib.sh"
test_begin alerts
needs promtool

rules=$here/../contrib/benchtop-alerts.yml
promtool check rules "$rules" >"$work/check" 2>&1
check "promtool check rules: $(tr '\n' ';' <"$work/check")" \
    grep -q 'SUCCESS: 2 rules found' "$work/check"
# (the test file names the rules relative to itself)
promtool test rules "$here/benchtop-alerts-test.yml" >"$work/test" 2>&1
rc=$?
check "promtool test rules ($rc): $(tr '\n' ';' <"$work/test")" \
    test $rc -eq 0
finish alerts.sh
