# bash completion for benchtop: flags, test ids (benchtop --list) and the
# names of references (benchtop --list-refs: the CPU classes, the
# reference machines, the saved profiles), asked of the benchtop being
# completed, with the command line's --data, so that ./src/benchtop in a
# build tree offers its own data's machines. Plain bash (complete -F,
# COMP_WORDS, compgen): it needs no bash-completion package. Without that
# package, source this file from ~/.bashrc.

# The benchtop on the command line (./src/benchtop, ~/bin/benchtop), when
# that path runs; else PATH's.
_benchtop_bin()
{
	local bin=${COMP_WORDS[0]}

	bin=${bin/#\~\//$HOME/}
	[[ $bin == */* && ! -x $bin ]] && bin=benchtop
	printf '%s\n' "$bin"
}

# The command line's --data DIR (or --data=DIR), once DIR is typed: the
# data directory the binary will read.
_benchtop_data_args()
{
	local i j

	for ((i = 1; i < COMP_CWORD - 1; i++)); do
		[[ ${COMP_WORDS[i]} == --data ]] || continue
		j=$((i + 1))
		[[ ${COMP_WORDS[j]} == = ]] && j=$((j + 1))
		((j < COMP_CWORD)) &&
		    printf -- '--data\n%s\n' "${COMP_WORDS[j]/#\~\//$HOME/}"
		return
	done
}

_benchtop_tests()
{
	"$(_benchtop_bin)" --list --csv 2>/dev/null |
	    awk -F, 'NR > 1 { print $1 }'
}

# The references of the given kinds (class, machine, profile), by name.
_benchtop_refs()
{
	local -a data
	mapfile -t data < <(_benchtop_data_args)
	"$(_benchtop_bin)" "${data[@]}" --list-refs 2>/dev/null |
	    awk -F'\t' -v kinds=" $* " 'index(kinds, " " $1 " ") { print $2 }'
}

# COMPREPLY = compgen ARGS..., a line a word.
_benchtop_reply()
{
	mapfile -t COMPREPLY < <(compgen "$@")
}

# COMPREPLY from the words `list` for a comma-separated value: the part
# after the last comma is completed, the part before it kept.
_benchtop_after_comma()
{
	local cur=$1 list=$2 head=''

	[[ $cur == *,* ]] && head=${cur%,*},
	_benchtop_reply -P "$head" -W "$list" -- "${cur##*,}"
}

# COMPREPLY += the files ending in .EXT and the directories (a profile
# FILE, an HTML page); file names are quoted as file names.
_benchtop_files()
{
	local cur=$1 ext=$2 f

	compopt -o filenames 2>/dev/null
	while IFS= read -r f; do
		[[ -d $f || -z $ext || $f == *."$ext" ]] && COMPREPLY+=("$f")
	done < <(compgen -f -- "$cur")
}

_benchtop()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev='' i=$((COMP_CWORD - 1))

	# bash splits --ref=p6 into "--ref" "=" "p6": the flag is before '='.
	if [[ $cur == = ]]; then
		cur=
	elif ((i > 0)) && [[ ${COMP_WORDS[i]} == = ]]; then
		((i--))
	fi
	((i > 0)) && prev=${COMP_WORDS[i]}
	COMPREPLY=()

	case $prev in
	--only|--skip)
		_benchtop_after_comma "$cur" "$(_benchtop_tests)"
		compopt -o nospace 2>/dev/null
		return ;;
	--ref|--story)
		# Two references, A,B; --ref A may also be a profile.
		local kinds=(class machine)
		[[ $prev == --ref ]] && kinds+=(profile)
		_benchtop_after_comma "$cur" "$(_benchtop_refs "${kinds[@]}")"
		[[ $prev == --ref && $cur != *,* ]] && _benchtop_files "$cur" tsv
		return ;;
	--check)
		_benchtop_reply -W "$(_benchtop_refs machine profile)" \
		    -- "$cur"
		_benchtop_files "$cur" tsv
		return ;;
	--compare)
		_benchtop_reply -W "$(_benchtop_refs profile)" -- "$cur"
		_benchtop_files "$cur" tsv
		return ;;
	--machine)
		_benchtop_reply -W "$(_benchtop_refs machine)" -- "$cur"
		return ;;
	--report)
		_benchtop_reply -W "byte lmbench ctxbench" -- "$cur"
		return ;;
	--placement)
		_benchtop_reply -W "same spread" -- "$cur"
		return ;;
	--dir|--data)
		compopt -o filenames 2>/dev/null
		_benchtop_reply -d -- "$cur"
		return ;;
	--log|--openmetrics-file|--identify)
		_benchtop_files "$cur" ""
		return ;;
	--html)
		_benchtop_files "$cur" html
		return ;;
	-t|--time|--sample-ms|-j|--jobs|--cpu|-d|--delay|--slice-ms| \
	--mem-size|--tolerance|--watch|--save|--listen)
		return ;;
	esac
	# --compare's operands are profiles too (names, files, directories).
	if [[ $cur != -* && " ${COMP_WORDS[*]} " == *" --compare "* ]]; then
		_benchtop_reply -W "$(_benchtop_refs profile)" -- "$cur"
		_benchtop_files "$cur" tsv
	fi
	if [[ $cur == -* ]]; then
		_benchtop_reply -W "$("$(_benchtop_bin)" --help 2>/dev/null |
		    grep -o -- '--[a-z-]*' | sort -u) -b -t -l -j -d -h -V" \
		    -- "$cur"
	fi
}
complete -F _benchtop benchtop
