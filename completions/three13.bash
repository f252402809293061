
_three13() {
    local IFS=$'\n'
    if compopt +o nospace 2> /dev/null; then
        local space=false
    else
        local space=true
    fi
    local out
    out=$( \
        _CLAP_IFS="$IFS" \
        _CLAP_COMPLETE_INDEX="$COMP_CWORD" \
        _THREE13_COMP_LINE="$COMP_LINE" \
        _THREE13_COMP_WORD="$2" \
        COMPLETE="bash" \
        three13 -- "${COMP_WORDS[@]}" 2> /dev/null \
    ) || return
    COMPREPLY=()
    read -r -d '' -a COMPREPLY <<< "$out" || true
    if [[ $space == false && ${#COMPREPLY[@]} == 1 && ${COMPREPLY[0]} =~ [=/:]$ ]]; then
        compopt -o nospace
    fi
}
if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -o nospace -o bashdefault -o nosort -F _three13 three13
else
    complete -o nospace -o bashdefault -F _three13 three13
fi
