/// Why a playlist or WebVTT file could not be read, with the 1-based line it concerns.
public struct HLSParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line number (after a byte-order mark, if any).
    public var line: Int
    /// One sentence saying what is wrong.
    public var message: String
    /// The ``HLSRule`` id when the text breaks one of the house rules the model cannot
    /// represent (e.g. a DATERANGE without `ID`); nil for plain syntax errors.
    public var ruleID: String?

    /// Creates an error.
    public init(line: Int, message: String, ruleID: String? = nil) {
        self.line = line
        self.message = message
        self.ruleID = ruleID
    }

    /// `line N: message`.
    public var description: String { "line \(line): \(message)" }
}
