# bash completion for benchtop: flags, test ids (from benchtop --list)
# and reference machine ids (from the installed data) and saved profiles;
# for --ref also the CPU classes, and A,B pairs.

_benchtop_tests()
{
	benchtop --list --csv 2>/dev/null | awk -F, 'NR > 1 { print $1 }'
}

_benchtop_refs()
{
	local data=${BENCHTOP_DATA:-@PKGDATADIR@}
	local prof=${XDG_DATA_HOME:-$HOME/.local/share}/benchtop
	awk -F'\t' '!/^#/ && $1 != "id" && NF > 8 { print $1 }' \
	    "$data/machines.tsv" 2>/dev/null
	ls "$prof" 2>/dev/null | sed -n 's/\.tsv$//p'
}

_benchtop()
{
	local cur prev words cword
	_init_completion -s || return

	case $prev in
	--only|--skip)
		local prefix=${cur%,*}
		[[ $prefix == "$cur" ]] && prefix= || prefix+=,
		COMPREPLY=($(compgen -P "$prefix" -W "$(_benchtop_tests)" \
		    -- "${cur##*,}"))
		compopt -o nospace
		return ;;
	--ref)
		local first=${cur%,*}
		[[ $first == "$cur" ]] && first= || first+=,
		COMPREPLY=($(compgen -P "$first" \
		    -W "p5 p6 netburst k7 k8 core zen $(_benchtop_refs)" \
		    -- "${cur##*,}"))
		[[ -n $first ]] || _filedir tsv
		return ;;
	--check|--machine)
		COMPREPLY=($(compgen -W "$(_benchtop_refs)" -- "$cur"))
		[[ $prev == --machine ]] || _filedir tsv
		return ;;
	--report)
		COMPREPLY=($(compgen -W "byte lmbench ctxbench" -- "$cur"))
		return ;;
	--placement)
		COMPREPLY=($(compgen -W "same spread" -- "$cur"))
		return ;;
	--dir|--data)
		_filedir -d
		return ;;
	--log|--openmetrics-file|--identify)
		_filedir
		return ;;
	--html)
		_filedir html
		return ;;
	-t|--time|--sample-ms|-j|--jobs|--cpu|-d|--delay|--slice-ms| \
	--mem-size|--tolerance|--watch|--save|--listen)
		return ;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$(benchtop --help 2>/dev/null |
		    grep -o -- '--[a-z-]*' | sort -u) -b -t -l -j -d -h -V" \
		    -- "$cur"))
	fi
}
complete -F _benchtop benchtop
