import HTTPServer

/// How a ``MockPlatform`` serves HTTPS: the certificate and key it presents, and where.
public struct HTTPSListener: Sendable {
    /// The certificate chain and key presented to clients.
    public var identity: TLSIdentity
    /// A port of its own for HTTPS beside plain HTTP on the platform's `port` (0 picks a free
    /// one); nil serves HTTPS on the platform's `port` instead of HTTP.
    public var port: Int?

    /// HTTPS with `identity`, on `port` beside HTTP, or instead of HTTP when `port` is nil.
    public init(identity: TLSIdentity, port: Int? = nil) {
        self.identity = identity
        self.port = port
    }
}
