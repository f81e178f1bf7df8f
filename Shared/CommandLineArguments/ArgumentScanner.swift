/// Reads a command line one argument at a time: `--name value` and `--name=value` options,
/// `--flag`s, short aliases such as `-h`, positional arguments, and `--` ending the options.
///
/// The one argument parser of both executables (`exposure` and `exposure-mock`): it knows which
/// names take a value and which do not, and reports what it found or what was wrong as values;
/// each executable words its own usage errors and decides what a flag means. Scanning is lazy,
/// so a caller may stop at `--help` or `--version` before a later argument is judged.
public struct ArgumentScanner: Sendable {
    /// What the scanner read next.
    public enum Argument: Equatable, Sendable {
        /// A name that takes no value, without its dashes (`help` for `--help` or `-h`).
        case flag(String)
        /// A name and its value, from `--name value` or `--name=value`; only the first `=` splits.
        case option(String, value: String)
        /// An argument that is not an option.
        case positional(String)
    }

    /// What was wrong with the next argument.
    public enum Failure: Error, Equatable, Sendable {
        /// An option no one declared, or a positional argument where none are taken.
        /// `argument` is as written, `name` without dashes and without an `=value`.
        case unknown(argument: String, name: String)
        /// A flag written with `=value`.
        case valueGiven(flag: String)
        /// An option that takes a value came last, with none after it.
        case valueMissing(option: String)
    }

    private var remaining: ArraySlice<String>
    private let valueOptions: Set<String>
    private let flags: Set<String>
    private let aliases: [String: String]
    private let takesPositionals: Bool
    private var optionsEnded = false

    /// A scanner over `arguments` (without the program name). `valueOptions` and `flags` are
    /// names without dashes; `aliases` maps short forms as written (`-h`) to a flag's name.
    /// With `takesPositionals`, other arguments are positional and `--` makes every later one
    /// positional; without it, they are ``Failure/unknown(argument:name:)``.
    public init(
        _ arguments: [String], valueOptions: Set<String>, flags: Set<String>, aliases: [String: String] = [:],
        takesPositionals: Bool
    ) {
        remaining = arguments[...]
        self.valueOptions = valueOptions
        self.flags = flags
        self.aliases = aliases
        self.takesPositionals = takesPositionals
    }

    /// The next argument, or nil at the end.
    public mutating func next() throws(Failure) -> Argument? {
        guard let argument = remaining.popFirst() else { return nil }
        if optionsEnded { return .positional(argument) }
        if let flag = aliases[argument] { return .flag(flag) }
        if argument == "--", takesPositionals {
            optionsEnded = true
            return try next()
        }
        guard argument.hasPrefix("--") else {
            guard takesPositionals else { throw .unknown(argument: argument, name: argument) }
            return .positional(argument)
        }
        let option = argument.dropFirst(2)
        let name = String(option.prefix { $0 != "=" })
        let inlineValue = option.contains("=") ? String(option.drop { $0 != "=" }.dropFirst()) : nil
        if flags.contains(name), inlineValue == nil { return .flag(name) }
        if valueOptions.contains(name) {
            guard let value = inlineValue ?? remaining.popFirst() else { throw .valueMissing(option: name) }
            return .option(name, value: value)
        }
        if flags.contains(name) { throw .valueGiven(flag: name) }
        throw .unknown(argument: argument, name: name)
    }
}
