import Foundation

/// Where each value of a JSON document starts, by JSON path (`$[3].mock.channel`), found by one
/// strict pass over the bytes (RFC 8259: no trailing comma, no comment, no single quote).
///
/// Foundation's parser accepts a trailing comma silently and reports a broken document without a
/// line; fixture authors need both the error and the line of every problem, so the loader reads
/// each file through this pass first.
struct JSONSourceMap {
    /// The line (from 1) of every value, by JSON path.
    private(set) var lines: [String: Int] = [:]

    /// A document that is not strict JSON: where, and what was found there.
    struct SyntaxError: Error, Equatable {
        /// The line, from 1.
        let line: Int
        /// The column, from 1, in bytes.
        let column: Int
        /// A sentence naming what was expected and what was found.
        let message: String
    }

    /// Maps `data`; throws ``SyntaxError`` at the first place that is not strict JSON.
    init(mapping data: Data) throws(SyntaxError) {
        var scanner = Scanner(bytes: [UInt8](data))
        scanner.skipWhitespace()
        try scanner.value(at: "$", into: &lines)
        scanner.skipWhitespace()
        if scanner.index < scanner.bytes.count {
            throw scanner.error("Expected the end of the document")
        }
    }

    /// The line of `path`, or of the nearest enclosing value the document has (a missing key is
    /// reported on its object).
    func line(of path: String) -> Int? {
        var path = path
        while true {
            if let line = lines[path] { return line }
            guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { return nil }
            path = String(path[..<cut])
        }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var lineStart = 0
        /// Objects and arrays open around the current value.
        var depth = 0
        /// Deeper nesting is refused rather than recursed into (Foundation's own parser stops at 512).
        static let maximumDepth = 512

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\n"):
                    line += 1
                    lineStart = index + 1
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
                default: return
                }
                index += 1
            }
        }

        mutating func value(at path: String, into lines: inout [String: Int]) throws(SyntaxError) {
            guard index < bytes.count else { throw error("Expected a value") }
            lines[path] = line
            switch bytes[index] {
            case UInt8(ascii: "{"): try object(at: path, into: &lines)
            case UInt8(ascii: "["): try array(at: path, into: &lines)
            case UInt8(ascii: "\""): _ = try string()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            default: throw error("Expected a value")
            }
        }

        private mutating func object(at path: String, into lines: inout [String: Int]) throws(SyntaxError) {
            try enter()
            defer { depth -= 1 }
            index += 1
            skipWhitespace()
            if peek(UInt8(ascii: "}")) { return }
            while true {
                guard peek(UInt8(ascii: "\""), consuming: false) else { throw error("Expected a key") }
                let key = try string()
                skipWhitespace()
                guard peek(UInt8(ascii: ":")) else { throw error("Expected ':' after the key") }
                skipWhitespace()
                try value(at: "\(path).\(key)", into: &lines)
                skipWhitespace()
                if peek(UInt8(ascii: "}")) { return }
                guard peek(UInt8(ascii: ",")) else { throw error("Expected ',' or '}'") }
                skipWhitespace()
                if peek(UInt8(ascii: "}"), consuming: false) { throw error("Expected a key after ',' (a trailing comma)") }
            }
        }

        private mutating func array(at path: String, into lines: inout [String: Int]) throws(SyntaxError) {
            try enter()
            defer { depth -= 1 }
            index += 1
            skipWhitespace()
            if peek(UInt8(ascii: "]")) { return }
            var count = 0
            while true {
                try value(at: "\(path)[\(count)]", into: &lines)
                count += 1
                skipWhitespace()
                if peek(UInt8(ascii: "]")) { return }
                guard peek(UInt8(ascii: ",")) else { throw error("Expected ',' or ']'") }
                skipWhitespace()
                if peek(UInt8(ascii: "]"), consuming: false) { throw error("Expected a value after ',' (a trailing comma)") }
            }
        }

        private mutating func enter() throws(SyntaxError) {
            guard depth < Self.maximumDepth else { throw error("Nested deeper than \(Self.maximumDepth) levels") }
            depth += 1
        }

        /// A string's text; escapes are checked, and kept as written (keys with escapes are rare
        /// in fixtures and only name paths).
        private mutating func string() throws(SyntaxError) -> String {
            index += 1
            let start = index
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    let text = String(decoding: bytes[start..<index], as: UTF8.self)
                    index += 1
                    return text
                case UInt8(ascii: "\\"):
                    index += 1
                    guard index < bytes.count else { break }
                    switch bytes[index] {
                    case UInt8(ascii: "u"):
                        let digits = bytes[(index + 1)..<min(index + 5, bytes.count)]
                        guard digits.count == 4, digits.allSatisfy({ $0.isHexDigit }) else {
                            throw error("Expected four hex digits after \\u")
                        }
                        index += 5
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                        UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        index += 1
                    default: throw error("Expected an escape such as \\n or \\\"")
                    }
                case 0..<0x20: throw error("Expected '\"' to end the string (control characters must be escaped)")
                default: index += 1
                }
            }
            throw error("Expected '\"' to end the string")
        }

        private mutating func number() throws(SyntaxError) {
            let start = index
            _ = peek(UInt8(ascii: "-"))
            if peek(UInt8(ascii: "0")) {
                if index < bytes.count, bytes[index].isDigit { throw error("Expected no leading zero in a number", from: start) }
            } else {
                guard digits() > 0 else { throw error("Expected a digit", from: start) }
            }
            if peek(UInt8(ascii: ".")), digits() == 0 { throw error("Expected a digit after '.'", from: start) }
            if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
                _ = peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-"))
                if digits() == 0 { throw error("Expected a digit in the exponent", from: start) }
            }
        }

        private mutating func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index].isDigit { index += 1 }
            return index - start
        }

        private mutating func literal(_ word: StaticString) throws(SyntaxError) {
            let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            guard bytes.count - index >= expected.count, bytes[index..<(index + expected.count)].elementsEqual(expected) else {
                throw error("Expected a value")
            }
            index += expected.count
        }

        /// Whether the next byte is `byte`; consumed when it is, unless `consuming` is false.
        private mutating func peek(_ byte: UInt8, consuming: Bool = true) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            if consuming { index += 1 }
            return true
        }

        /// The error at the current place (or at `start` on this line), quoting what is there.
        func error(_ expectation: String, from start: Int? = nil) -> SyntaxError {
            let place = start ?? index
            let column = place - lineStart + 1
            guard place < bytes.count else {
                return SyntaxError(line: line, column: column, message: "\(expectation), found the end of the file.")
            }
            let lineEnd = bytes[place...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let text = String(decoding: bytes[place..<min(lineEnd, place + 20)], as: UTF8.self)
                .trimmingCharacters(in: .whitespaces)
            return SyntaxError(line: line, column: column, message: "\(expectation), found `\(text)`.")
        }
    }
}

extension UInt8 {
    fileprivate var isDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }
    fileprivate var isHexDigit: Bool {
        isDigit || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
