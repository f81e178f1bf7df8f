import Foundation

/// How wide tables may be and whether they may use colour on this standard output: colour only
/// on a terminal, and not when `NO_COLOR` is set (https://no-color.org) or `TERM` is `dumb`;
/// the width is `COLUMNS` when the shell exports it, else 80.
struct TerminalStyle: Sendable {
    /// Columns a table line may take.
    let width: Int
    /// Whether escape sequences (bold headers, the on-air marker's colour) may be written.
    let colour: Bool

    /// The style for this process's standard output under `variables`.
    init(variables: [String: String], terminal: Bool = isatty(STDOUT_FILENO) == 1) {
        width = variables["COLUMNS"].flatMap(Int.init).map { max($0, 40) } ?? 80
        colour = terminal && (variables["NO_COLOR"] ?? "").isEmpty && variables["TERM"] != "dumb"
    }

    /// `text` in bold, when colour is allowed.
    func bold(_ text: String) -> String { colour ? "\u{1B}[1m\(text)\u{1B}[0m" : text }

    /// `text` in green, when colour is allowed.
    func highlighted(_ text: String) -> String { colour ? "\u{1B}[32m\(text)\u{1B}[0m" : text }
}
