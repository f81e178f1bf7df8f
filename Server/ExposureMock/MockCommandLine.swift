import CommandLineArguments

/// Reads `exposure-mock`'s command line and environment into a ``MockInvocation``.
///
/// Every ``MockOption`` is read from its flag, else from its `EXPOSURE_MOCK_*` variable (an
/// empty variable counts as unset): a flag wins, and the variable it overrides is not read.
/// A flag takes its value as `--port 8093` or `--port=8093`.
enum MockCommandLine {
    /// Parses `arguments` (without the program name) over `environment`.
    static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> MockInvocation {
        var flags: [(option: MockOption, value: String)] = []
        var checkOnly = false
        var scanner = ArgumentScanner(
            arguments, valueOptions: Set(MockOption.all.filter { !$0.isSwitch }.map(\.name)),
            flags: Set(["help", "version", "check-fixtures"] + MockOption.all.filter(\.isSwitch).map(\.name)), aliases: ["-h": "help"],
            takesPositionals: false)
        while let argument = try next(of: &scanner) {
            switch argument {
            case .flag("help"): return .help
            case .flag("version"): return .version
            case .flag("check-fixtures"): checkOnly = true
            case .flag(let name): flags += MockOption.named(name).map { [($0, "true")] } ?? []
            case .option(let name, let value): flags += MockOption.named(name).map { [($0, value)] } ?? []
            case .positional(let argument): throw UsageError("unknown argument \(argument)")
            }
        }
        var configuration = MockConfiguration()
        for option in MockOption.all where !flags.contains(where: { $0.option.flag == option.flag }) {
            if let value = environment[option.variable], !value.isEmpty {
                try option.apply(&configuration, option.isSwitch ? try switchValue(value, option.variable) : value, option.variable)
            }
        }
        for flag in flags { try flag.option.apply(&configuration, flag.value, flag.option.flag) }
        try TLSOptions.check(&configuration)
        return checkOnly ? .checkFixtures(configuration) : .serve(configuration)
    }

    /// The scanner's next argument, its failures worded for `exposure-mock`.
    private static func next(of scanner: inout ArgumentScanner) throws(UsageError) -> ArgumentScanner.Argument? {
        do throws(ArgumentScanner.Failure) {
            return try scanner.next()
        } catch {
            switch error {
            case .unknown(let argument, _):
                throw UsageError("unknown argument \(argument)")
            case .valueGiven(let name):
                guard let option = MockOption.named(name) else { throw UsageError("--\(name) takes no value") }
                throw UsageError("\(option.flag) takes no value (set \(option.variable)=0 to turn it off)")
            case .valueMissing(let name):
                let placeholder = MockOption.named(name)?.placeholder ?? "VALUE"
                throw UsageError("--\(name) needs a value (--\(name) \(placeholder) or --\(name)=\(placeholder))")
            }
        }
    }

    /// A switch's variable as `true` or `false`.
    private static func switchValue(_ value: String, _ variable: String) throws(UsageError) -> String {
        switch value.lowercased() {
        case "1", "true", "yes", "on": return "true"
        case "0", "false", "no", "off": return "false"
        default: throw UsageError("\(variable) takes 1, true, yes or on, or 0, false, no or off, not \(value)")
        }
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
