# bash completion of lnr-rewrite, installed by `cmake --install` into
# share/bash-completion/completions/. Options are read from the tool's own
# --help-list (so they are never out of date), files otherwise; after '--',
# nothing is completed but files.
_lnr_rewrite() {
  local cur prev words cword
  _init_completion -s 2> /dev/null || {
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD - 1]}
    words=("${COMP_WORDS[@]}")
    cword=$COMP_CWORD
  }
  local i
  for ((i = 1; i < cword; i++)); do
    [[ ${words[i]} == -- ]] && { _filedir 2> /dev/null || COMPREPLY=($(compgen -f -- "$cur")); return; }
  done
  case $prev in
    -p | --export-fixes | --emit-graph-dir | --sarif-root | --assume-filename)
      _filedir 2> /dev/null || COMPREPLY=($(compgen -f -- "$cur"))
      return ;;
  esac
  if [[ $cur == -* ]]; then
    local opts
    opts=$("${words[0]}" --help-list 2> /dev/null |
      sed -n 's/^ *\(--*[a-zA-Z][-a-zA-Z0-9]*\).*/\1/p')
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
    return
  fi
  _filedir '@(c|h|cc|cpp|cxx|hpp)' 2> /dev/null ||
    COMPREPLY=($(compgen -f -- "$cur"))
}
complete -F _lnr_rewrite lnr-rewrite
