/// Where a request goes: a host name or IP literal and a TCP port. Idle connections are pooled
/// per address.
struct ServerAddress: Hashable, Sendable, CustomStringConvertible {
    /// A name or an IP literal, IPv6 without brackets.
    let host: String
    /// 1 to 65535.
    let port: Int

    /// `host:port`, IPv6 literals in brackets: also the `Host` header for a non-default port.
    var description: String { "\(hostForHeader):\(port)" }

    /// What the `Host` header carries: the host, plus the port unless it is 80.
    var hostHeader: String { port == 80 ? hostForHeader : description }

    private var hostForHeader: String { host.contains(":") ? "[\(host)]" : host }
}
