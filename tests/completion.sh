#!/bin/sh
# completion.sh: contrib/benchtop.bash, sourced in a bare bash (no rc
# files, so no bash-completion library even where it is installed),
# completes what the benchtop being completed would take: its own data's
# machines for --ref, --story, --check and --machine, the part after the
# comma of A,B, the saved profiles, test ids, flags, files; and it calls
# nothing that bash itself does not have.
set -u

# shellcheck source=testlib.sh
. "$(dirname "$0")/testlib.sh"
test_begin completion
needs bash
case $BENCHTOP in /*) ;; *) BENCHTOP=$(pwd)/$BENCHTOP ;; esac
script=${top_srcdir:-$here/..}/contrib/benchtop.bash

# A saved profile, a data directory with one machine more, and files.
mkdir -p "$work/xdg/benchtop" "$work/data" "$work/files/sub"
: >"$work/xdg/benchtop/mybox.tsv"
cp "${BENCHTOP_DATA:-$here/../data}"/*.tsv "$work/data/"
printf 'zz-test-9000\ta machine of this test\tx\tp6\t9000\t1\t-\t-\tnone\tsame\n' \
    >>"$work/data/machines.tsv"
: >"$work/files/page.html"
: >"$work/files/notes.txt"
: >"$work/files/old.tsv"

# complete WORD...: COMPREPLY, a line each, for the command line WORD...
# (the last word is the one completed), as bash would call the function;
# what bash says on stderr goes to $work/complete.err. The build tree's
# own data, not $BENCHTOP_DATA: what ./src/benchtop reads by itself.
complete() {
	(cd "$work/files" && env -u BENCHTOP_DATA XDG_DATA_HOME="$work/xdg" \
	    bash --norc --noprofile -c '
	. "$0" || exit 1
	COMP_WORDS=("$@")
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	COMP_LINE="$*"
	COMP_POINT=${#COMP_LINE}
	_benchtop "$1" "${COMP_WORDS[COMP_CWORD]}" \
	    "${COMP_WORDS[COMP_CWORD - 1]}"
	printf "%s\n" "${COMPREPLY[@]}"' "$script" "$@") 2>"$work/complete.err"
}

# offers DESCRIPTION WANTED UNWANTED WORD...: the completion of WORD...
# holds every word of WANTED and none of UNWANTED, and bash said nothing
# on stderr (a missing function would say "command not found").
offers() {
	desc=$1 want=$2 unwant=$3
	shift 3
	complete "$@" >"$work/reply"
	for w in $want; do
		grep -qx -- "$w" "$work/reply" ||
		    { fail "$desc: no '$w' in: $(tr '\n' ' ' <"$work/reply")"; return; }
	done
	for w in $unwant; do
		! grep -qx -- "$w" "$work/reply" ||
		    { fail "$desc: '$w' offered"; return; }
	done
	if [ -s "$work/complete.err" ]; then
		fail "$desc: $(head -c 300 "$work/complete.err")"
	else
		ok
	fi
}

# --ref: the classes, this data's machines, the saved profiles, .tsv files.
offers "--ref, empty" "p6 netburst zen p3-850m p4-2000 doug-750-2.4.19 mybox old.tsv sub" \
    "notes.txt page.html" "$BENCHTOP" --ref ""
offers "--ref p4" "p4-2000 p4-2530-up" "p6 p3-850m" "$BENCHTOP" --ref p4
# Every reference the binary lists, and nothing else of that kind.
env -u BENCHTOP_DATA XDG_DATA_HOME="$work/xdg" "$BENCHTOP" --list-refs |
    cut -f2 | sort >"$work/refs"
complete "$BENCHTOP" --ref "" | grep -v -x -e old.tsv -e sub | sort >"$work/got"
check "--ref offers exactly --list-refs' names" cmp -s "$work/refs" "$work/got"
# A,B: the part after the comma, the part before it kept; --ref=A,B too.
offers "--ref p6,net" "p6,netburst" "netburst" "$BENCHTOP" --ref p6,net
offers "--ref=p6,p3" "p6,p3-850m p6,p3-1300-up" "" "$BENCHTOP" --ref = p6,p3
# --story: classes and machines on both sides; a profile is not a story's.
offers "--story" "p6 k7 p3-850m" "mybox old.tsv" "$BENCHTOP" --story ""
offers "--story p6," "p6,netburst p6,p4-2000" "p6,mybox" "$BENCHTOP" --story p6,
offers "--story k7,p3-1" "k7,p3-1300-up k7,p3-1300-smp" "" \
    "$BENCHTOP" --story k7,p3-1
# --check: a machine or a profile, not a class; --machine: a machine.
offers "--check" "p3-850m mybox old.tsv" "p6" "$BENCHTOP" --check ""
offers "--machine p4" "p4-2000" "p6 mybox" "$BENCHTOP" --machine p4
# The data the binary is told to read: --data DIR's machines.
offers "--data DIR --ref" "zz-test-9000" "" "$BENCHTOP" --data "$work/data" \
    --ref zz
offers "--data=DIR --story p6," "p6,zz-test-9000" "" "$BENCHTOP" --data = \
    "$work/data" --story p6,zz
offers "without --data" "" "zz-test-9000" "$BENCHTOP" --ref zz
# Test ids after a comma, flags, files.
offers "--only a,b" "byte.syscall,lmbench.null_call" "" \
    "$BENCHTOP" --only byte.syscall,lmbench.null_c
offers "flags" "--list-refs --story --ref" "" "$BENCHTOP" --
offers "--html" "page.html sub" "notes.txt" "$BENCHTOP" --html ""
offers "--report" "byte lmbench ctxbench" "" "$BENCHTOP" --report ""

# Nothing of the bash-completion library, whether or not it is installed.
if grep -n -E '_init_completion|_filedir|_get_comp_words_by_ref|_split_longopt|__ltrim_colon' \
    "$script" >"$work/lib"; then
	fail "calls bash-completion's functions: $(head -c 300 "$work/lib")"
else
	ok
fi

finish completion
