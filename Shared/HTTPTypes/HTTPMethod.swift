/// An HTTP request method. Unknown methods are kept verbatim so a router can answer 405.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method token as sent on the wire, upper-cased.
    public let rawValue: String

    /// Wraps a method token; the token is upper-cased.
    public init(rawValue: String) {
        // Tokens on the wire are upper-case already; only others pay for a copy.
        let isUpperCase = rawValue.utf8.allSatisfy { !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
        self.rawValue = isUpperCase ? rawValue : rawValue.uppercased()
    }

    /// `GET`.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `HEAD`: answered like `GET`, without the body.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `POST`.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `DELETE`.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `OPTIONS`.
    public static let options = HTTPMethod(rawValue: "OPTIONS")
    /// `PATCH`.
    public static let patch = HTTPMethod(rawValue: "PATCH")

    /// The method token, e.g. `GET`.
    public var description: String { rawValue }
}
