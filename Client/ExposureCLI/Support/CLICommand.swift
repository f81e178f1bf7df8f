/// One `exposure` subcommand: how it is called, what it accepts, and what it does.
protocol CLICommand: Sendable {
    /// The word after `exposure`, e.g. `login`.
    static var name: String { get }
    /// Positional arguments and options after the name, e.g. `USER PASSWORD`.
    static var synopsis: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// Lines describing the command's own options, for `--help`.
    static var optionHelp: [String] { get }
    /// Options that take a value (`--page 2`), without the dashes.
    static var valueOptions: Set<String> { get }
    /// Options that take no value, without the dashes.
    static var flagOptions: Set<String> { get }
    /// Fixed words the command takes as its first argument (`download`'s actions), for completion.
    static var words: [String] { get }

    /// Reads the command's arguments; throws a `UsageError` when they do not fit.
    init(_ arguments: ParsedArguments) throws
    /// Does the work, printing results to standard output.
    func run(in context: CommandContext) async throws
}

extension CLICommand {
    static var optionHelp: [String] { [] }
    static var valueOptions: Set<String> { [] }
    static var flagOptions: Set<String> { [] }
    static var words: [String] { [] }
}

/// The command line was wrong; the command's usage is printed with the message.
struct UsageError: Error {
    /// What was wrong.
    let message: String

    init(_ message: String) { self.message = message }
}
