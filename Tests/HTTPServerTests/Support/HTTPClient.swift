import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// URLSession set up the way these tests need it: no proxy (libcurl would honour `http_proxy`
/// even for 127.0.0.1), no caches, whole-second timeouts.
enum HTTPClient {
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.connectionProxyDictionary = [:]
        configuration.timeoutIntervalForRequest = 10
        configuration.timeoutIntervalForResource = 30
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = 64
        return URLSession(configuration: configuration)
    }()

    /// Sends one request to the server on 127.0.0.1 and returns status, headers and body.
    static func send(
        _ method: String = "GET", port: Int, _ target: String, body: Data? = nil, headers: [String: String] = [:]
    ) async throws -> (status: Int, headers: [AnyHashable: Any], body: Data) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(target)")!)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        return (http.statusCode, http.allHeaderFields, data)
    }
}
