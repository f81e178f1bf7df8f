import ExposureModels

/// One token of a search query.
enum SearchToken: Equatable, CustomStringConvertible {
    /// A bare word or the text of a `"quoted phrase"`.
    case word(String)
    case and, or, open, close, colon

    var description: String {
        switch self {
        case .word(let text): "\"\(text)\""
        case .and: "AND"
        case .or: "OR"
        case .open: "("
        case .close: ")"
        case .colon: ":"
        }
    }
}

/// Splits a search query into tokens, refusing the parts of Elasticsearch's syntax the mock
/// does not support by name.
enum SearchTokenizer {
    /// Characters that start syntax the mock does not support, with what it is called.
    private static let unsupported: [Character: String] = [
        "*": "wildcards (*)", "?": "wildcards (?)", "~": "fuzzy and proximity searches (~)", "^": "boosts (^)",
        "[": "ranges ([ TO ])", "]": "ranges ([ TO ])", "{": "ranges ({ TO })", "}": "ranges ({ TO })",
        "/": "regular expressions (/…/)", "\\": "escapes (\\)", "!": "NOT (!)", "&": "&& (use AND)", "|": "|| (use OR)",
        ">": "comparisons (>, <, =)", "<": "comparisons (>, <, =)", "=": "comparisons (>, <, =)"
    ]

    static func tokens(of text: String) throws(ExposureErrorMessage) -> [SearchToken] {
        var tokens: [SearchToken] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character.isWhitespace {
                index = text.index(after: index)
            } else if let single = [Character("("): SearchToken.open, ")": .close, ":": .colon][character] {
                tokens.append(single)
                index = text.index(after: index)
            } else if character == "\"" {
                guard let end = text[text.index(after: index)...].firstIndex(of: "\"") else {
                    throw AssetSearchQuery.syntaxError("a \" is never closed")
                }
                tokens.append(.word(String(text[text.index(after: index)..<end])))
                index = text.index(after: end)
            } else if let name = unsupported[character] {
                throw AssetSearchQuery.syntaxError("\(name) is not supported")
            } else if (character == "+" || character == "-") && (tokens.last.map { $0 != .colon } ?? true) {
                throw AssetSearchQuery.syntaxError("the \(character) operator is not supported (use AND, OR)")
            } else {
                let end = text[index...].firstIndex { $0.isWhitespace || "():\"".contains($0) || unsupported[$0] != nil } ?? text.endIndex
                let word = String(text[index..<end])
                switch word {
                case "AND": tokens.append(.and)
                case "OR": tokens.append(.or)
                case "NOT": throw AssetSearchQuery.syntaxError("NOT is not supported")
                default: tokens.append(.word(word))
                }
                index = end
            }
        }
        return tokens
    }

    /// The words of a text for matching: lower-cased runs of letters, digits, `_` and `-`.
    static func words(of text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }.map(String.init)
    }
}
