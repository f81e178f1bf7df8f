/// An HTTP request method. Unknown methods are kept verbatim so a router can answer 405.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method token as sent on the wire, upper-cased.
    public let rawValue: String

    /// Wraps a method token; the token is upper-cased.
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }

    public static let get = HTTPMethod(rawValue: "GET")
    public static let head = HTTPMethod(rawValue: "HEAD")
    public static let post = HTTPMethod(rawValue: "POST")
    public static let put = HTTPMethod(rawValue: "PUT")
    public static let delete = HTTPMethod(rawValue: "DELETE")
    public static let options = HTTPMethod(rawValue: "OPTIONS")
    public static let patch = HTTPMethod(rawValue: "PATCH")

    public var description: String { rawValue }
}
