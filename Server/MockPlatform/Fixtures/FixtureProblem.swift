/// Something wrong in a fixtures directory: which file, where in it, and what.
public struct FixtureProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, relative to the fixtures directory.
    public var file: String
    /// Where in the file, as a JSON path such as `$[3].mock.channel.schedule[0]`.
    public var path: String
    /// A plain sentence saying what is wrong.
    public var message: String

    /// A problem report.
    public init(file: String, path: String = "$", message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    public var description: String { "\(file) \(path): \(message)" }
}

/// Every problem found in a fixtures directory; the mock refuses to start with any.
public struct FixtureProblems: Error, Sendable, CustomStringConvertible {
    /// The problems, in file order.
    public var problems: [FixtureProblem]

    public var description: String {
        (["Fixtures are broken (\(problems.count) problem\(problems.count == 1 ? "" : "s")):"]
            + problems.map { "  - \($0)" }).joined(separator: "\n")
    }
}
