import CommandLineArguments

/// A command line split into positional arguments, `--name value` options and `--flag`s, as
/// ``ArgumentScanner`` reads it.
///
/// Accepts `--name value` and `--name=value`; `--` ends options so values such as passwords
/// may start with a dash.
struct ParsedArguments: Sendable {
    private var positional: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    static func parse(_ arguments: [String], valueOptions: Set<String>, flagOptions: Set<String>) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        var scanner = ArgumentScanner(
            arguments, valueOptions: valueOptions, flags: flagOptions, aliases: ["-h": "help"], takesPositionals: true)
        do throws(ArgumentScanner.Failure) {
            while let argument = try scanner.next() {
                switch argument {
                case .flag(let name): parsed.flags.insert(name)
                case .option(let name, let value): parsed.values[name] = value
                case .positional(let argument): parsed.positional.append(argument)
                }
            }
        } catch {
            switch error {
            case .valueMissing(let name): throw UsageError("--\(name) needs a value")
            case .unknown(_, let name), .valueGiven(let name): throw UsageError("unknown option --\(name)")
            }
        }
        return parsed
    }

    /// Whether a flag was given.
    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// An option's value, if given.
    func value(_ name: String) -> String? { values[name] }

    /// An option's value as a positive integer up to `maximum`, if given.
    func positiveInt(_ name: String, atMost maximum: Int = Int(Int32.max)) throws -> Int? {
        guard let text = values[name] else { return nil }
        guard let number = Int(text), (1...maximum).contains(number) else {
            throw UsageError("--\(name) must be an integer from 1 to \(maximum), got '\(text)'")
        }
        return number
    }

    /// The one optional positional argument `name`; nil when none was given.
    func optionalPositional(_ name: String) throws -> String? {
        guard positional.count <= 1 else { throw UsageError("expected at most \(name), got \(positional.count) arguments") }
        return positional.first
    }

    /// Exactly `names.count` positional arguments, named in the error when some are missing.
    func positionals(_ names: String...) throws -> [String] {
        guard positional.count == names.count else {
            let expected = names.isEmpty ? "no arguments" : names.joined(separator: " ")
            throw UsageError("expected \(expected), got \(positional.count) argument(s)")
        }
        return positional
    }

    /// Between `count.lowerBound` and `count.upperBound` positional arguments, `usage` in the error otherwise.
    func positionals(_ usage: String, count: ClosedRange<Int>) throws -> [String] {
        guard count.contains(positional.count) else { throw UsageError("expected \(usage), got \(positional.count) argument(s)") }
        return positional
    }
}
