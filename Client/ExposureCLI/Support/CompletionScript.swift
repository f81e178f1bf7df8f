import Foundation

/// The completion scripts `exposure completion` prints, made from the command table: command
/// names with their summaries, each command's words (such as `download`'s actions) and options,
/// and the options every command takes.
struct CompletionScript {
    let commands: [any CLICommand.Type]

    /// The script for `shell`.
    func text(for shell: CompletionCommand.Shell) -> String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    /// What may follow `command`: its words, then its options and the global ones as `--name`.
    private func completions(of command: any CLICommand.Type) -> [String] {
        command.words + options(of: command).map { "--" + $0 }
    }

    private func options(of command: any CLICommand.Type) -> [String] {
        (command.valueOptions.union(command.flagOptions).union(GlobalOptions.valueOptions).union(GlobalOptions.flagOptions)).sorted()
    }

    private var bash: String {
        // `map { $0.name }`, not `map(\.name)`: that key path on `any CLICommand.Type` crashes Swift 6.3.1 (SILGen, signal 11).
        let cases = commands.map { "        \($0.name)) words=\"\(completions(of: $0).joined(separator: " "))\" ;;" }
        return """
            # bash completion for exposure: source <(exposure completion bash)
            _exposure() {
                local current=${COMP_WORDS[COMP_CWORD]} words
                if [ "$COMP_CWORD" -eq 1 ]; then
                    COMPREPLY=($(compgen -W "\(commands.map { $0.name }.joined(separator: " ")) --help" -- "$current"))
                    return
                fi
                case ${COMP_WORDS[1]} in
            \(cases.joined(separator: "\n"))
                    *) words="" ;;
                esac
                COMPREPLY=($(compgen -W "$words" -- "$current"))
            }
            complete -F _exposure exposure
            """
    }

    private var zsh: String {
        let described = commands.map { "        '\($0.name):\(Self.quoted($0.summary))'" }
        let cases = commands.map { "        \($0.name)) compadd -- \(completions(of: $0).joined(separator: " ")) ;;" }
        return """
            #compdef exposure
            # zsh completion for exposure: exposure completion zsh > "${fpath[1]}/_exposure"
            _exposure() {
                local -a commands
                commands=(
            \(described.joined(separator: "\n"))
                )
                if (( CURRENT == 2 )); then
                    _describe 'command' commands
                    return
                fi
                case $words[2] in
            \(cases.joined(separator: "\n"))
                esac
            }
            # Sourced: register; autoloaded from $fpath: complete now.
            if [[ $funcstack[1] == _exposure ]]; then
                _exposure "$@"
            else
                compdef _exposure exposure
            fi
            """
    }

    private var fish: String {
        var lines = [
            "# fish completion for exposure: exposure completion fish > ~/.config/fish/completions/exposure.fish", "complete -c exposure -f"
        ]
        for command in commands {
            lines.append("complete -c exposure -n __fish_use_subcommand -a \(command.name) -d '\(Self.quoted(command.summary))'")
            let when = "-n '__fish_seen_subcommand_from \(command.name)'"
            if !command.words.isEmpty {
                lines.append("complete -c exposure \(when) -a '\(command.words.joined(separator: " "))'")
            }
            for option in options(of: command) {
                let takesValue = command.valueOptions.contains(option) || GlobalOptions.valueOptions.contains(option)
                lines.append("complete -c exposure \(when) -l \(option)\(takesValue ? " -r" : "")")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `text` inside single quotes: a quote closes, is escaped and reopens.
    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "'", with: "'\\''")
    }
}
