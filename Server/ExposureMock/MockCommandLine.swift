/// Reads `exposure-mock`'s command line and environment into a ``MockInvocation``.
///
/// Every ``MockOption`` is read from its flag, else from its `EXPOSURE_MOCK_*` variable (an
/// empty variable counts as unset): a flag wins, and the variable it overrides is not read.
/// A flag takes its value as `--port 8093` or `--port=8093`.
enum MockCommandLine {
    /// Parses `arguments` (without the program name) over `environment`.
    static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> MockInvocation {
        var flags: [(option: MockOption, value: String, name: String)] = []
        var checkOnly = false
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (name, inlineValue) = split(argument)
            switch name {
            case "--help", "-h", "--version", "--check-fixtures":
                guard inlineValue == nil else { throw UsageError("\(name) takes no value") }
                if name == "--version" { return .version }
                if name == "--check-fixtures" {
                    checkOnly = true
                } else {
                    return .help
                }
            default:
                guard let option = MockOption.all.first(where: { $0.flag == name }) else {
                    throw UsageError("unknown argument \(argument)")
                }
                if option.isSwitch {
                    guard inlineValue == nil else { throw UsageError("\(name) takes no value (set \(option.variable)=0 to turn it off)") }
                    flags.append((option, "true", name))
                    continue
                }
                guard let value = inlineValue ?? remaining.popFirst() else {
                    throw UsageError("\(name) needs a value (\(name) \(option.placeholder) or \(name)=\(option.placeholder))")
                }
                flags.append((option, value, name))
            }
        }
        var configuration = MockConfiguration()
        for option in MockOption.all where !flags.contains(where: { $0.option.flag == option.flag }) {
            if let value = environment[option.variable], !value.isEmpty {
                try option.apply(&configuration, option.isSwitch ? try switchValue(value, option.variable) : value, option.variable)
            }
        }
        for flag in flags { try flag.option.apply(&configuration, flag.value, flag.name) }
        try TLSOptions.check(&configuration)
        return checkOnly ? .checkFixtures(configuration) : .serve(configuration)
    }

    /// A switch's variable as `true` or `false`.
    private static func switchValue(_ value: String, _ variable: String) throws(UsageError) -> String {
        switch value.lowercased() {
        case "1", "true", "yes", "on": return "true"
        case "0", "false", "no", "off": return "false"
        default: throw UsageError("\(variable) takes 1, true, yes or on, or 0, false, no or off, not \(value)")
        }
    }

    /// `--name=value` as its two halves; any other argument as itself with no value.
    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// What `--help` prints.
    static var help: String {
        var lines = [
            "Usage: exposure-mock [OPTIONS]", "       exposure-mock --check-fixtures [--fixtures DIR]",
            "       exposure-mock --help | --version", "",
            "Serves the mock Exposure platform until Ctrl-C (SIGINT) or SIGTERM.", "",
            "Options, each also read from the environment variable below it (a flag wins over its",
            "variable; an empty variable counts as unset). Write `--port 8093` or `--port=8093`:", ""
        ]
        for option in MockOption.all {
            lines.append(option.isSwitch ? "  \(option.flag)" : "  \(option.flag) \(option.placeholder)")
            lines.append("  \(option.variable)=\(option.placeholder)")
            lines += option.help.split(separator: "\n").map { "      " + $0 }
        }
        lines += [
            "  --check-fixtures", "      validate the fixtures, print every problem, and exit",
            "  --help, -h", "      this help, on standard output", "  --version", "      the version, one line", "",
            "Exit status: 0 stopped by a signal, or help, version or fixtures checked; 2 a bad flag,",
            "variable or value; 65 invalid fixtures; 69 cannot listen; 73 cannot open the state file",
            "or make the development certificate authority.",
            "The log goes to standard error, the start banner to standard output (docs/logging.md)."
        ]
        return lines.joined(separator: "\n")
    }
}
