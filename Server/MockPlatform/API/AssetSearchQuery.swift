import ExposureModels

/// The subset of Exposure's search syntax (Elasticsearch's query string) the mock understands,
/// for `GET …/content/asset?query=`:
///
///     arctic                      free text: a title or description contains the word
///     "arctic journey"            a phrase: the words in this order
///     type:MOVIE                  a field (or dotted path) contains the word
///     localized.title:"city lights"
///     a AND b, a OR b, a b        AND binds tighter than OR; side by side means AND
///     (a OR b) AND c              parentheses group
///
/// Words match whole words, case-insensitively; a field holding a number or boolean matches
/// its written form. Anything else (NOT, `+`/`-`, wildcards, ranges, fuzzy, boosts, regular
/// expressions, escapes) is refused with a message naming it, never answered with an empty list.
indirect enum AssetSearchQuery: Equatable {
    /// `field:words` (field nil: free text).
    case term(field: AssetFieldPath?, words: [String])
    case and([AssetSearchQuery])
    case or([AssetSearchQuery])

    /// What free text searches.
    static let freeTextFields = [["originalTitle"], ["localized", "title"], ["localized", "description"]]

    /// Parses a query; the error says what is wrong or unsupported.
    static func parse(_ text: String) throws(ExposureErrorMessage) -> AssetSearchQuery {
        var parser = Parser(tokens: try SearchTokenizer.tokens(of: text))
        let query = try parser.orExpression()
        if let extra = parser.peek { throw syntaxError("unexpected \(extra) after a complete query") }
        return query
    }

    static func syntaxError(_ problem: String) -> ExposureErrorMessage {
        .invalidParameter(
            "query", "is outside the supported search syntax: \(problem) (supported: words, \"phrases\", field:value, AND, OR, parentheses)"
        )
    }

    /// Whether the asset's JSON satisfies the query.
    func matches(_ asset: JSONValue) -> Bool {
        switch self {
        case .and(let parts): return parts.allSatisfy { $0.matches(asset) }
        case .or(let parts): return parts.contains { $0.matches(asset) }
        case .term(let field, let words):
            let paths = field.map { [$0.keys] } ?? Self.freeTextFields
            return paths.contains { keys in
                AssetFieldPath(trusted: keys).values(in: asset).contains { Self.value($0, contains: words) }
            }
        }
    }

    private static func value(_ value: JSONValue, contains words: [String]) -> Bool {
        let text: String
        switch value {
        case .string(let string): text = string
        case .integer(let number): text = String(number)
        case .number(let number): text = String(number)
        case .bool(let flag): text = String(flag)
        default: return false
        }
        let valueWords = SearchTokenizer.words(of: text)
        guard words.count <= valueWords.count else { return false }
        return (0...(valueWords.count - words.count)).contains { start in
            Array(valueWords[start..<start + words.count]) == words
        }
    }

    /// How deep parentheses may nest: the parser recurses once per level, and a query of
    /// thousands of `(` must be refused, not overflow the connection thread's stack.
    static let maxNesting = 32

    /// Recursive descent over the tokens: or := and (OR and)*, and := unary (AND? unary)*.
    private struct Parser {
        var tokens: [SearchToken]
        var position = 0
        var depth = 0

        var peek: SearchToken? { position < tokens.count ? tokens[position] : nil }

        mutating func orExpression() throws(ExposureErrorMessage) -> AssetSearchQuery {
            var parts = [try andExpression()]
            while peek == .or {
                position += 1
                parts.append(try andExpression())
            }
            return parts.count == 1 ? parts[0] : .or(parts)
        }

        private static func words(of text: String) throws(ExposureErrorMessage) -> [String] {
            let words = SearchTokenizer.words(of: text)
            guard !words.isEmpty else { throw syntaxError("\"\(text)\" has no word to search for") }
            return words
        }

        mutating func andExpression() throws(ExposureErrorMessage) -> AssetSearchQuery {
            var parts = [try unary()]
            while let next = peek, next != .or, next != .close {
                if next == .and { position += 1 }
                parts.append(try unary())
            }
            return parts.count == 1 ? parts[0] : .and(parts)
        }

        mutating func unary() throws(ExposureErrorMessage) -> AssetSearchQuery {
            guard let token = peek else { throw syntaxError("the query ends where a search term should follow") }
            position += 1
            switch token {
            case .open:
                depth += 1
                guard depth <= maxNesting else { throw syntaxError("parentheses nest deeper than \(maxNesting) levels") }
                defer { depth -= 1 }
                let inner = try orExpression()
                guard peek == .close else { throw syntaxError("a ( is never closed") }
                position += 1
                return inner
            case .word(let text) where peek == .colon:
                position += 1
                let field = try AssetFieldPath(text, parameter: "query")
                guard case .word(let value)? = peek else {
                    throw syntaxError("\(text): must be followed by a word or a \"phrase\"")
                }
                position += 1
                return .term(field: field, words: try Self.words(of: value))
            case .word(let text):
                return .term(field: nil, words: try Self.words(of: text))
            case .and, .or, .close, .colon:
                throw syntaxError("\(token) where a search term should be")
            }
        }
    }
}

extension AssetFieldPath {
    /// A path already checked (the query's own free-text fields).
    init(trusted keys: [String]) { self.keys = keys }
}
