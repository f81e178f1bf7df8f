import Foundation

/// Why ``KeepAliveHTTPTransport`` got no response. The description names the server and what
/// went wrong, and is what `localizedDescription` (and so ``ExposureError``) shows.
public enum KeepAliveTransportError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The URL is not `http://host[:port]/…`.
    case unsupportedURL(String)
    /// A request header that cannot go on the wire: a name that is not an HTTP token, or a value
    /// with a line break or other control character.
    case invalidHeader(name: String)
    /// The host name could not be resolved.
    case cannotResolve(host: String, reason: String)
    /// No connection could be made, e.g. refused.
    case cannotConnect(address: String, reason: String)
    /// Connecting, sending or waiting for the next response bytes took longer than the timeout.
    case timedOut(address: String, seconds: Double)
    /// The server closed or reset the connection before the response was complete.
    case connectionClosed(address: String, detail: String)
    /// What arrived is not an HTTP/1.x response.
    case malformedResponse(address: String, reason: String)
    /// A socket call failed in a way none of the cases above covers.
    case socketFailure(operation: String, reason: String)

    public var description: String {
        switch self {
        case .unsupportedURL(let url):
            return "unsupported URL \(url): only http://host[:port]/… is sent this way"
        case .invalidHeader(let name):
            return "request header \(name.debugDescription) has a name or value that cannot be sent"
        case .cannotResolve(let host, let reason):
            return "cannot resolve \(host): \(reason)"
        case .cannotConnect(let address, let reason):
            return "cannot connect to \(address): \(reason)"
        case .timedOut(let address, let seconds):
            return "\(address) timed out: nothing for \(String(format: "%g", seconds)) s"
        case .connectionClosed(let address, let detail):
            return "\(address) closed the connection \(detail)"
        case .malformedResponse(let address, let reason):
            return "malformed response from \(address): \(reason)"
        case .socketFailure(let operation, let reason):
            return "\(operation) failed: \(reason)"
        }
    }

    public var errorDescription: String? { description }
}
