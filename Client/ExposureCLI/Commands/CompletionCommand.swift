/// `exposure completion bash|zsh|fish`: a shell completion script, generated from the command
/// table, so every command, action and option completes as `--help` lists them.
struct CompletionCommand: CLICommand {
    static let name = "completion"
    static let synopsis = "bash|zsh|fish"
    static let summary = "Print a shell completion script (e.g. `source <(exposure completion bash)`)"
    static let optionHelp = [
        "bash    source <(exposure completion bash)     (or save it in ~/.local/share/bash-completion/completions/exposure)",
        "zsh     exposure completion zsh > \"${fpath[1]}/_exposure\"",
        "fish    exposure completion fish > ~/.config/fish/completions/exposure.fish"
    ]

    /// The shells a script can be written for.
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    static let words = Shell.allCases.map(\.rawValue)

    let shell: Shell

    init(_ arguments: ParsedArguments) throws {
        let word = try arguments.positionals("SHELL")[0]
        guard let shell = Shell(rawValue: word) else {
            throw UsageError("unknown shell '\(word)'; one of \(Self.words.joined(separator: ", "))")
        }
        self.shell = shell
    }

    func run(in context: CommandContext) async throws {
        let script = CompletionScript(commands: ExposureCLI.commands).text(for: shell)
        context.report(script, json: ["shell": shell.rawValue, "script": script])
    }
}
