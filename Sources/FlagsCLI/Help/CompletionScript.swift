#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// The completion scripts `flags completion bash|zsh|fish` prints. Each is a thin shim: at every
/// Tab it runs the same `flags` (the first word of the line, so a build's own path works too)
/// as `flags __complete WORD... CURRENT` and offers what that prints (`Completer`), so commands,
/// options and the app's flag ids, presets and slugs are never out of date.
///
/// ```swift
/// CompletionScript.Shell.bash.script   // "_flags_complete() { ..."
/// ```
enum CompletionScript {
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish

        var script: String {
            switch self {
            case .bash: CompletionScript.bash
            case .zsh: CompletionScript.zsh
            case .fish: CompletionScript.fish
            }
        }

        /// How to load it, as the script's first comment and help say.
        var installation: String {
            switch self {
            case .bash: "source <(flags completion bash)   # in ~/.bashrc"
            case .zsh: "source <(flags completion zsh)   # in ~/.zshrc, after compinit"
            case .fish: "flags completion fish > ~/.config/fish/completions/flags.fish"
            }
        }
    }

    // bash splits words at = and : as well (COMP_WORDBREAKS), so the script reads the words
    // from the line itself and hands bash back only the part after its own word start.
    private static let bash = """
        # bash completion for flags. Load it with: \(Shell.bash.installation)
        _flags_complete() {
            local line="${COMP_LINE:0:COMP_POINT}" cur=""
            local -a words candidates
            read -ra words <<< "$line"
            if [[ "$line" != *[[:space:]] ]]; then
                cur="${words[${#words[@]}-1]}"
                unset 'words[${#words[@]}-1]'
            fi
            local IFS=$'\\n'
            candidates=($("${words[0]}" __complete "${words[@]:1}" "$cur" 2>/dev/null))
            # bash shows no descriptions: keep the words.
            candidates=("${candidates[@]%%$'\\t'*}")
            local typed="${COMP_WORDS[COMP_CWORD]}"
            if [[ "${candidates[0]}" == "\(Completer.filesDirective)" ]]; then
                local mark=""
                [[ "$typed" == [=:] ]] && { mark="$typed"; typed=""; }
                compopt -o filenames 2>/dev/null
                COMPREPLY=($(compgen -f -- "$typed"))
                COMPREPLY=("${COMPREPLY[@]/#/$mark}")
            else
                local head="${cur%"$typed"}"
                COMPREPLY=("${candidates[@]#"$head"}")
            fi
        }
        complete -F _flags_complete flags
        """

    private static let zsh = """
        #compdef flags
        # zsh completion for flags. Load it with: \(Shell.zsh.installation)
        # or save it as _flags in a folder of $fpath.
        _flags() {
            local -a lines candidates descriptions
            local line
            lines=("${(@f)$("${words[1]}" __complete "${(@)words[2,CURRENT-1]}" "${words[CURRENT]}" 2>/dev/null)}")
            lines=(${lines:#})
            if [[ "${lines[1]}" == "\(Completer.filesDirective)" ]]; then
                _files
                return
            fi
            local width=0 word
            for line in "${lines[@]}"; do
                word="${line%%$'\\t'*}"
                candidates+=("$word")
                (( ${#word} > width )) && width=${#word}
            done
            for line in "${lines[@]}"; do
                word="${line%%$'\\t'*}"
                if [[ "$line" == *$'\\t'* ]]; then
                    descriptions+=("${(r:width:)word} -- ${line#*$'\\t'}")
                else
                    descriptions+=("$word")
                fi
            done
            compadd -Q -l -d descriptions -- "${candidates[@]}"
        }
        if [[ "${funcstack[1]}" == "_flags" ]]; then
            _flags "$@"
        else
            compdef _flags flags
        fi
        """

    private static let fish = """
        # fish completion for flags. Install it with: \(Shell.fish.installation)
        function __flags_complete
            set -l words (commandline -opc)
            set -l current (commandline -ct)
            set -l candidates ($words[1] __complete $words[2..-1] "$current" 2>/dev/null)
            if test "$candidates[1]" = "\(Completer.filesDirective)"
                __fish_complete_path "$current"
            else
                printf '%s\\n' $candidates
            end
        end
        complete -c flags -f -a '(__flags_complete)'
        """
}
#endif
