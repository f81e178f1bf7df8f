import Foundation
import HTTPServer

/// A request written as text, the way the request-decoding corpora hold them:
///
///     POST /v2/customer/Sandbox/businessunit/Dev/auth/login?x=1
///     Content-Type: application/json
///
///     {"username":"premium","password":"sandbox"}
///
/// A first line of method and target (path, then `?` and the raw query), header lines up to an
/// empty line, then the body. `{token}` anywhere is replaced by a logged-in session's token.
public enum FuzzedRequest {
    /// What stands for a valid session token in the text.
    public static let tokenPlaceholder = Array("{token}".utf8)

    /// The request the text describes; nil when it has no first line.
    package static func parse(_ bytes: some Collection<UInt8>) -> HTTPRequest? {
        let bytes = Array(bytes)
        let headEnd = firstOffset(of: [UInt8(ascii: "\n"), UInt8(ascii: "\n")], in: bytes)
        let head = bytes[..<(headEnd ?? bytes.endIndex)].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard let requestLine = head.first, let space = requestLine.firstIndex(of: UInt8(ascii: " ")) else { return nil }
        let target = requestLine[(space + 1)...]
        let question = target.firstIndex(of: UInt8(ascii: "?"))
        var headers = HTTPHeaders()
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let value = line[(colon + 1)...].drop { $0 == UInt8(ascii: " ") }
            headers.add(text(line[..<colon]), text(value))
        }
        return HTTPRequest(
            method: HTTPMethod(rawValue: text(requestLine[..<space])), path: text(target[..<(question ?? target.endIndex)]),
            rawQuery: question.map { text(target[($0 + 1)...]) } ?? "", headers: headers,
            body: Data(bytes[(headEnd.map { $0 + 2 } ?? bytes.endIndex)...]), remoteAddress: "127.0.0.1")
    }

    /// `bytes` with every `{token}` replaced by `token()`, asked only when there is one.
    package static func substitutingToken(in bytes: [UInt8], with token: () -> String) -> [UInt8] {
        guard var found = firstOffset(of: tokenPlaceholder, in: bytes) else { return bytes }
        let replacement = Array(token().utf8)
        var substituted: [UInt8] = []
        var copied = 0
        repeat {
            substituted += bytes[copied..<found]
            substituted += replacement
            copied = found + tokenPlaceholder.count
            found = firstOffset(of: tokenPlaceholder, in: bytes, from: copied) ?? bytes.endIndex
        } while found < bytes.endIndex
        return substituted + bytes[copied...]
    }

    /// Where `pattern` (not empty) first starts in `bytes` at or after `start`. Foundation's
    /// `firstRange(of:)` on byte arrays compares element by element through `DataProtocol`:
    /// with it, finding `{token}` and the head's end took a fifth of FuzzFaultRules' time in
    /// answering an input (perf, docs/fuzzing.md).
    static func firstOffset(of pattern: [UInt8], in bytes: [UInt8], from start: Int = 0) -> Int? {
        guard let first = pattern.first else { return nil }
        var candidate = start
        while candidate + pattern.count <= bytes.count, let found = bytes[candidate...].firstIndex(of: first) {
            guard found + pattern.count <= bytes.count else { return nil }
            if bytes[found..<found + pattern.count].elementsEqual(pattern) { return found }
            candidate = found + 1
        }
        return nil
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
}
