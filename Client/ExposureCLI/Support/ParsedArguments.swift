/// A command line split into positional arguments, `--name value` options and `--flag`s.
///
/// Accepts `--name value` and `--name=value`; `--` ends options so values such as passwords
/// may start with a dash.
struct ParsedArguments: Sendable {
    private var positional: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    static func parse(_ arguments: [String], valueOptions: Set<String>, flagOptions: Set<String>) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                parsed.positional += remaining
                break
            }
            if argument == "-h" {
                parsed.flags.insert("help")
                continue
            }
            guard argument.hasPrefix("--") else {
                parsed.positional.append(argument)
                continue
            }
            let option = argument.dropFirst(2)
            let name = String(option.prefix { $0 != "=" })
            let inlineValue = option.contains("=") ? String(option.drop { $0 != "=" }.dropFirst()) : nil
            if flagOptions.contains(name), inlineValue == nil {
                parsed.flags.insert(name)
            } else if valueOptions.contains(name) {
                guard let value = inlineValue ?? remaining.popFirst() else {
                    throw UsageError("--\(name) needs a value")
                }
                parsed.values[name] = value
            } else {
                throw UsageError("unknown option --\(name)")
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
