import Foundation

/// The texts of `exposure --help` and `exposure COMMAND --help`.
enum Help {
    static func overview(_ commands: [any CLICommand.Type]) -> String {
        let width = commands.map { $0.name.count }.max() ?? 0
        let list = commands.map { "  \($0.name.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.summary)" }
        return
            (["usage: exposure COMMAND [ARGUMENTS] [OPTIONS]", "", "commands:"] + list
            + ["", "options for every command:"] + GlobalOptions.help.map { "  " + $0 }
            + ["", "`exposure COMMAND --help` shows a command's own options."]).joined(separator: "\n")
    }

    static func usage(_ command: any CLICommand.Type) -> String {
        var lines = ["usage: exposure \(command.name) \(command.synopsis)".trimmingTrailingSpaces(), "", command.summary]
        if !command.optionHelp.isEmpty {
            lines += ["", "options:"] + command.optionHelp.map { "  " + $0 }
        }
        lines += ["", "options for every command:"] + GlobalOptions.help.map { "  " + $0 }
        return lines.joined(separator: "\n")
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        String(reversed().drop { $0 == " " }.reversed())
    }
}
