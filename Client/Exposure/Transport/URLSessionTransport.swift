import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An ``HTTPTransport`` over `URLSession`: ``AutomaticTransport``, the SDK's default, on Apple
/// platforms.
///
/// Uses an ephemeral session (no cookies or cache shared with the app) that ignores proxy
/// settings: on Linux FoundationNetworking's libcurl would otherwise send even `127.0.0.1`
/// through `http_proxy`. Requests carry the SDK's `User-Agent` unless they name their own.
public final class URLSessionTransport: HTTPTransport {
    /// A transport with a 30-second timeout, shared by everything not given one.
    public static let shared = URLSessionTransport()

    private let session: URLSession

    /// A transport whose requests time out after `timeout` seconds.
    ///
    /// Rounded up to whole seconds, at least 1: URLSession on Linux fails at once below a second.
    public init(timeout: TimeInterval = 30) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.connectionProxyDictionary = [:]
        configuration.httpAdditionalHeaders = ["User-Agent": ProductVersion.userAgent]
        let seconds = max(1, timeout.rounded(.up))
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        session = URLSession(configuration: configuration)
    }

    /// Sends the request with `data(for:)` (`bytes(for:)` does not exist on Linux).
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.httpBody = request.body
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        let (body, response) = try await session.data(for: urlRequest)
        guard let http = response as? HTTPURLResponse else {
            throw ExposureError.invalidResponse(reason: "not an HTTP response: \(type(of: response))")
        }
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            headers.add(String(describing: name), String(describing: value))
        }
        return TransportResponse(status: http.statusCode, headers: headers, body: body)
    }

    deinit { session.finishTasksAndInvalidate() }
}
