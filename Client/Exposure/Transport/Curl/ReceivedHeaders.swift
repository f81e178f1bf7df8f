#if canImport(CCurl)
/// The header fields of the final response, from the lines libcurl hands over one by one.
///
/// libcurl passes the heads of every response it reads — 1xx interim answers and redirects it
/// follows — and, for chunked bodies, the trailer: each status line starts afresh, and lines
/// after the blank line that ends a head are trailers, which are dropped. Names are kept as the
/// server spelled them the first time; repeated fields are joined with `, `.
struct ReceivedHeaders: Sendable, Hashable {
    private(set) var fields: [String: String] = [:]
    /// Each name as first spelled, by its lower-case form.
    private var spellings: [String: String] = [:]
    private var headComplete = false

    /// Takes one line as libcurl delivers it, line break included.
    mutating func take(line: Substring) {
        let trimmed = line.trimmingLineBreak
        if trimmed.hasPrefix("HTTP/") {
            self = ReceivedHeaders()
            return
        }
        if trimmed.isEmpty {
            headComplete = true
            return
        }
        guard !headComplete, let colon = trimmed.firstIndex(of: ":") else { return }
        let name = String(trimmed[..<colon].trimmingWhitespace)
        let value = String(trimmed[trimmed.index(after: colon)...].trimmingWhitespace)
        guard !name.isEmpty else { return }
        let key = name.lowercased()
        if let spelling = spellings[key] {
            fields[spelling, default: ""] += ", " + value
        } else {
            spellings[key] = name
            fields[name] = value
        }
    }
}

extension Substring {
    fileprivate var trimmingLineBreak: Substring {
        var text = self
        while let last = text.last, last == "\r\n" || last == "\n" || last == "\r" { text.removeLast() }
        return text
    }

    fileprivate var trimmingWhitespace: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
#endif
