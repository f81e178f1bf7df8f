/// Something wrong in a fixtures directory: which file, where in it, and what.
public struct FixtureProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, relative to the fixtures directory.
    public var file: String
    /// Where in the file, as a JSON path such as `$[3].mock.channel.schedule[0]`.
    public var path: String
    /// A plain sentence saying what is wrong.
    public var message: String
    /// The line (from 1) the problem is on; nil when the file could not be read.
    public var line: Int?
    /// The path as a reader finds it: the file's name for `$`, entries named by their id, as in
    /// `assets[16] "nordic-noir".publications[0]`; nil until the loader located the problem.
    public var location: String?

    /// A problem report.
    public init(file: String, path: String = "$", message: String, line: Int? = nil, location: String? = nil) {
        self.file = file
        self.path = path
        self.message = message
        self.line = line
        self.location = location
    }

    /// `catalog/assets.json:214 assets[16] "nordic-noir".publications[0]: message`.
    public var description: String { "\(file)\(line.map { ":\($0)" } ?? "") \(location ?? path): \(message)" }
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
