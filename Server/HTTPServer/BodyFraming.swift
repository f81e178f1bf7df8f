import Foundation

/// How a request says its body is delimited (RFC 9112 §6.3).
enum BodyFraming: Equatable {
    /// No body.
    case none
    /// Exactly this many bytes.
    case length(Int)
    /// Chunked transfer coding.
    case chunked

    /// Headers whose framing contradicts itself, cannot be read (400) or uses a transfer
    /// coding other than chunked (501).
    struct Invalid: Error {
        let status: Int
        let message: String
    }

    /// The framing `headers` of an HTTP/1.`minorVersion` request announce.
    init(_ headers: HTTPHeaders, minorVersion: Int) throws(Invalid) {
        var codings: [String] = []
        var lengths: [String] = []
        for field in headers {
            if HTTPHeaders.sameName(field.name, "Transfer-Encoding") {
                codings.append(field.value)
            } else if HTTPHeaders.sameName(field.name, "Content-Length") {
                lengths.append(field.value)
            }
        }
        if !codings.isEmpty {
            // HTTP/1.0 has no transfer codings: such framing is faulty (RFC 9112 §6.1).
            guard minorVersion >= 1, lengths.isEmpty else { throw Invalid(status: 400, message: "Ambiguous message framing") }
            let all = codings.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() } }
            guard all == ["chunked"] else { throw Invalid(status: 501, message: "Only the chunked transfer coding is supported") }
            self = .chunked
            return
        }
        let values = Set(lengths.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) } })
        guard let value = values.first else {
            self = .none
            return
        }
        guard values.count == 1, (1...18).contains(value.utf8.count), value.utf8.allSatisfy({ (48...57).contains($0) }),
              let length = Int(value) else {
            throw Invalid(status: 400, message: "Invalid Content-Length")
        }
        self = length == 0 ? .none : .length(length)
    }
}
