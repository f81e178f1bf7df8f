import Foundation

/// How a request says its body is delimited (RFC 9112 §6.3).
enum BodyFraming: Equatable {
    /// No body.
    case none
    /// Exactly this many bytes.
    case length(Int)
    /// Chunked transfer coding.
    case chunked

    /// Headers whose framing contradicts itself or cannot be read; answered 400.
    struct Invalid: Error {
        let message: String
    }

    /// The framing `headers` announce.
    init(_ headers: HTTPHeaders) throws(Invalid) {
        let codings = headers.fields.filter { HTTPHeaders.sameName($0.name, "Transfer-Encoding") }
        let lengths = headers.fields.filter { HTTPHeaders.sameName($0.name, "Content-Length") }
        if let coding = codings.last {
            let final = coding.value.split(separator: ",").last?.trimmingCharacters(in: .whitespaces).lowercased()
            guard final == "chunked", lengths.isEmpty else { throw Invalid(message: "Unsupported Transfer-Encoding") }
            self = .chunked
            return
        }
        let values = Set(lengths.flatMap { $0.value.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) } })
        guard let value = values.first else {
            self = .none
            return
        }
        guard values.count == 1, (1...18).contains(value.utf8.count), value.utf8.allSatisfy({ (48...57).contains($0) }),
              let length = Int(value) else {
            throw Invalid(message: "Invalid Content-Length")
        }
        self = length == 0 ? .none : .length(length)
    }
}
