#!/bin/sh
# layers.sh: the layering rule of doc/architecture.md, read from the tree
# as built. Each file of src/ belongs to the layer its name's prefix says,
# bottom to top: base- machine- bench- ref- measure- monitor- report-
# export- ui- app-, then main.c (proc- is benchtop-proc, a program of its
# own). From the objects' symbols (nm: what each defines, what it uses)
# no file may call one of a higher layer, and no two files may call each
# other, nor any longer round of files; from the #include lines, no file
# may include a header of a higher layer, and no two headers each other.
# Every file's name starts with a layer's prefix, called or not.
#
# And the naming rule: every symbol an object exports starts with its
# file's module, the file's name without its layer's prefix or with it,
# '-' as '_' (base-stats.c: stats_ or base_stats_; a file of no '-',
# ui.c: ui_), so that a name says where it is defined. LAYERS_PREFIX=0
# leaves it out (tests/layers-fixture.sh shows that it is what fails).
#
# And the header rule: a header X.h declares as functions only what X.c
# defines (nm of X.o), so that "includes X.h" means "calls X.c" and the
# include check sees the call graph. A private header of no .c of its
# own, X-priv.h, may declare what its family (X.c, X-*.c) defines; any
# other header of no .c declares no function. mixed_headers are left out
# while they are being split.
# Every breach is one line; the exit status says whether there was one.
set -u
# shellcheck source=testlib.sh
. "$(dirname "$0")/testlib.sh"
test_begin layers

# Where the objects are (the build tree) and the sources (the source tree).
objdir=${LAYERS_OBJDIR:-src}
srcdir=${LAYERS_SRCDIR:-${top_srcdir:-.}/src}

needs nm
# A glob that matched nothing stays itself: no object is there.
set -- "$objdir"/*.o
if [ ! -f "$1" ]; then
	echo "layers.sh: no objects in $objdir (build first)"
	exit 99
fi

# Headers that still declare the functions of several files.
mixed_headers=

# The layers, bottom first: a prefix's place is its number.
layers='base machine bench ref measure monitor report export ui app main'

# Every object of benchtop (benchtop-proc's are benchtop_proc-*): "D file
# symbol" for what it defines, "U file symbol" for what it uses. One nm
# for all (-A names the object on each line): a process per object is
# slow on a loaded machine.
objects=
for o in "$objdir"/*.o; do
	case $o in */benchtop_proc-*) ;; *) objects="$objects $o" ;; esac
done
# Names that begin with two underscores are the implementation's (the
# sanitizers add __odr_asan.* and __asan_*): not the project's exports.
# shellcheck disable=SC2086 # one word per object
{
	nm -A -g --defined-only $objects | awk '{ print "D", $1, $NF }'
	nm -A -u $objects | awk '{ print "U", $1, $NF }'
} | awk '$3 !~ /^__/' | sed 's|^\([DU]\) [^ ]*/\([^/ ]*\)\.o:[^ ]* |\1 \2 |' >"$work/symbols"

# "caller callee" for every call (or use of data) between two files.
awk '$1 == "D" { def[$3] = $2 }
    $1 == "U" && ($3 in def) && def[$3] != $2 { print $2, def[$3] }' \
    "$work/symbols" "$work/symbols" | sort -u >"$work/calls"

# "includer included" for every #include "x.h" of src/ (config.h is
# autoconf's), by file name: x.c including x.h is no circle.
awk 'FNR == 1 { f = FILENAME; sub(/.*\//, "", f) }
    /^#include "/ { h = $2; gsub(/"/, "", h); if (h != "config.h") print f, h }' \
    "$srcdir"/*.c "$srcdir"/*.h | sort -u >"$work/includes"

# judge KIND: each "from to" line on stdin against the rule; one line per
# breach. proc- files may use only base- and proc-; proc-proto.h is the
# process tests' protocol, at the tests' layer.
judge() {
	awk -v kind="$1" -v layers="$layers" '
	function layer(f,   p) {
		p = f
		sub(/\.[ch]$/, "", p)
		sub(/-.*/, "", p)
		if (p == "proc")
			return -1
		if (p in rank)
			return rank[p]
		return 0 # known_prefix names it
	}
	BEGIN { n = split(layers, l, " "); for (i = 1; i <= n; i++) rank[l[i]] = i }
	{
		edge[$1, $2] = 1
		from[NR] = $1
		to[NR] = $2
	}
	END {
		for (k = 1; k <= NR; k++) {
			a = from[k]; b = to[k]; la = layer(a); lb = layer(b)
			if (edge[b, a] && a < b)
				printf "%s: %s and %s %s each other\n", kind, a, b,
				    kind == "calls" ? "call" : "include"
			if (la == 0 || lb == 0)
				continue # no layer to hold it to
			if (la == -1 && lb != -1 && lb != rank["base"])
				printf "%s: %s (benchtop-proc) %s %s\n", kind, a, kind, b
			else if (lb == -1)
				lb = la == -1 ? -1 : rank["bench"]
			if (la != -1 && lb > la)
				printf "%s: %s %s %s, a layer above its own\n", kind, a, kind, b
		}
	}'
}

# known_prefix: each file name on stdin (objects without .o, sources
# with .c or .h) whose prefix names no layer, which judge holds to none.
known_prefix() {
	awk -v layers="$layers" '
	BEGIN { n = split(layers, l, " "); for (i = 1; i <= n; i++) rank[l[i]] = i }
	{
		p = $1
		sub(/\.[ch]$/, "", p)
		sub(/-.*/, "", p)
		if (p != "proc" && !(p in rank))
			print "layers.sh: " $1 ": no layer has its prefix"
	}'
}

# exports_named: each "D file symbol" line whose symbol does not start
# with its file's module (the LAYERS_PREFIX rule above).
exports_named() {
	awk '$1 == "D" {
		whole = $2
		gsub(/-/, "_", whole)
		rest = ""
		if (index($2, "-")) {
			rest = $2
			sub(/^[^-]*-/, "", rest)
			gsub(/-/, "_", rest)
		}
		s = $3
		if (s == whole || index(s, whole "_") == 1)
			next
		if (rest != "" && (s == rest || index(s, rest "_") == 1))
			next
		if (rest != "")
			printf "prefix: %s exports %s, not %s_ nor %s_\n", $2, s,
			    rest, whole
		else
			printf "prefix: %s exports %s, not %s_\n", $2, s, whole
	}'
}

# declared HEADER...: "header function" for each function a header
# declares. Comments, preprocessor lines and what is in braces (struct
# members, inline bodies) go; the rest is cut at ';', and a statement is a
# declaration named by its first identifier before a '(', unless it is a
# typedef or static (an inline function is defined where it is declared).
declared() {
	awk 'FNR == 1 { flush(); h = FILENAME; sub(/.*\//, "", h); text = "" }
	{ text = text "\n" $0 }
	END { flush() }
	function flush(   t, n, i, c, line, cont, depth, out, k, s, name) {
		if (h == "")
			return
		t = text
		gsub("/[*]([^*]|[*]+[^*/])*[*]+/", " ", t)
		n = split(t, lines, "\n")
		t = ""
		cont = 0
		for (i = 1; i <= n; i++) {
			line = lines[i]
			if (cont || line ~ /^[ \t]*#/) {
				cont = line ~ /\\$/
				continue
			}
			sub("//.*", "", line)
			t = t " " line
		}
		out = ""
		depth = 0
		for (i = 1; i <= length(t); i++) {
			c = substr(t, i, 1)
			if (c == "{") {
				if (depth == 0 && out ~ /\)[ \t]*$/)
					out = out ";" # a body: its head is a statement
				depth++
			} else if (c == "}")
				depth--
			else if (depth == 0)
				out = out c
		}
		k = split(out, parts, ";")
		for (i = 1; i <= k; i++) {
			s = parts[i]
			gsub(/__attribute__[ \t]*\(\(([^()]|\([^()]*\))*\)\)/, " ", s)
			if (s ~ /(^|[^A-Za-z0-9_])(typedef|static)([^A-Za-z0-9_]|$)/)
				continue
			if (!match(s, /[A-Za-z_][A-Za-z0-9_]*[ \t]*\(/))
				continue
			name = substr(s, RSTART, RLENGTH)
			sub(/[ \t]*\($/, "", name)
			print h, name
		}
		h = ""
	}' "$@"
}

# headers_own: each "header function" line (after the "D file symbol"
# lines and the "C file" lines of the sources) that the header rule above
# does not allow.
headers_own() {
	awk -v mixed=" $mixed_headers " '
	$1 == "D" { def[$2, $3] = 1; next }
	$1 == "C" { src[$2] = 1; next }
	{
		h = $1; f = $2; m = h
		sub(/\.h$/, "", m)
		if (index(mixed, " " h " "))
			next
		if (m in src) {
			if (!((m, f) in def))
				printf "headers: %s declares %s, which %s.c does not define\n", h, f, m
			next
		}
		fam = m
		if (sub(/-priv$/, "", fam)) {
			for (k in def) {
				split(k, kf, SUBSEP)
				if (kf[2] == f && (kf[1] == fam || index(kf[1], fam "-") == 1))
					next
			}
			printf "headers: %s declares %s, which no %s file defines\n", h, f, fam
			next
		}
		printf "headers: %s declares %s, but there is no %s.c\n", h, f, m
	}'
}

# A rule that could not be read holds nothing: that fails too.
judge calls <"$work/calls" >"$work/breaches" || fail "judge calls: awk failed"
judge includes <"$work/includes" >>"$work/breaches" ||
    fail "judge includes: awk failed"
{
	awk '{ print $2 }' "$work/symbols"
	for f in "$srcdir"/*.c "$srcdir"/*.h; do
		[ -f "$f" ] && basename "$f"
	done
} | sort -u | known_prefix >>"$work/breaches" || fail "known_prefix: awk failed"
if [ "${LAYERS_PREFIX:-1}" != 0 ]; then
	exports_named <"$work/symbols" >>"$work/breaches" ||
	    fail "exports_named: awk failed"
fi
set -- "$srcdir"/*.h
if [ -f "$1" ]; then
	{
		grep '^D ' "$work/symbols"
		for f in "$srcdir"/*.c; do
			[ -f "$f" ] && echo "C $(basename "$f" .c)"
		done
		declared "$srcdir"/*.h
	} | headers_own >>"$work/breaches" || fail "headers_own: awk failed"
fi
# A round of three or more files: tsort finds it where the pairs do not.
for kind in calls includes; do
	tsort "$work/$kind" 2>&1 >/dev/null | grep -v 'input contains a loop' |
	    sed "s/^tsort: /$kind: in a round: /"
done >>"$work/breaches"

rule="calls and includes go down the layers, no circles, every file in one, each header its file's"
[ "${LAYERS_PREFIX:-1}" != 0 ] && rule="$rule, every export named by its module"
if [ -s "$work/breaches" ]; then
	sort -u "$work/breaches"
	fail "$rule"
else
	ok
fi
finish layers.sh
