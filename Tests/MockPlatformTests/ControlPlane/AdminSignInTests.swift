import ExposureModels
import Foundation
import MockPlatformTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The dashboard's sign-in on a mock with `--admin-token`, over a real socket as a browser does
/// it: `POST /_mock/session` trades the token for an HttpOnly cookie, which then opens the admin
/// API — `GET /_mock/events` included, which an `EventSource` cannot send a token to — until
/// `DELETE /_mock/session` or a restart.
@Suite(.timeLimit(.minutes(1))) struct AdminSignInTests {
    /// Requests with the cookies the test names and no others (no cookie store).
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.connectionProxyDictionary = [:]
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.timeoutIntervalForRequest = 20
        return URLSession(configuration: configuration)
    }()

    static func request(_ base: String, _ method: String, _ path: String, cookie: String? = nil, json: String? = nil) -> URLRequest {
        var request = URLRequest(url: URL(string: base + path)!)
        request.httpMethod = method
        request.httpShouldHandleCookies = false
        if let cookie { request.setValue(cookie, forHTTPHeaderField: "Cookie") }
        if let json {
            request.httpBody = Data(json.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }

    static func send(_ base: String, _ method: String, _ path: String, cookie: String? = nil, json: String? = nil) async throws -> (
        status: Int, setCookie: String?, body: Data
    ) {
        let (body, response) = try await session.data(for: request(base, method, path, cookie: cookie, json: json))
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, http.value(forHTTPHeaderField: "Set-Cookie"), body)
    }

    /// A response body as it arrives, chunk by chunk.
    final class BodyChunks: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        // @unchecked: only the continuation is shared, and it is Sendable.
        let chunks: AsyncStream<Data>
        private let continuation: AsyncStream<Data>.Continuation

        override init() {
            (chunks, continuation) = AsyncStream<Data>.makeStream()
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) { continuation.yield(data) }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            continuation.finish()
        }
    }

    @Test func theTokenBuysACookieThatOpensTheEventStreamUntilSignOut() async throws {
        let platform = try await MockPlatform.start(adminToken: "s3cret")
        defer { platform.stop() }
        let base = platform.baseURL

        let refused = try await Self.send(base, "POST", "/_mock/session", json: #"{"token":"guess"}"#)
        #expect(refused.status == 401 && refused.setCookie == nil)

        let signedIn = try await Self.send(base, "POST", "/_mock/session", json: #"{"token":"s3cret"}"#)
        #expect(signedIn.status == 204)
        let setCookie = try #require(signedIn.setCookie)
        #expect(setCookie.hasPrefix("exposure-mock-admin-\(platform.port)="))
        #expect(setCookie.hasSuffix("; Path=/_mock; HttpOnly; SameSite=Strict"))
        let cookie = try #require(setCookie.split(separator: ";").first.map(String.init))
        #expect(!cookie.contains("s3cret"), "the cookie is a session id, not the token")

        let state = try await Self.send(base, "GET", "/_mock/session", cookie: cookie)
        #expect(try ExposureJSON.decode(AdminSessionState.self, from: state.body).signedIn)
        #expect(try await Self.send(base, "GET", "/_mock/clock").status == 401, "without the cookie: still 401")

        // The activity page's stream, with the cookie and nothing else: a request answered after it
        // opened arrives as an event.
        let reader = BodyChunks()
        let streaming = URLSession(configuration: Self.session.configuration, delegate: reader, delegateQueue: nil)
        defer { streaming.invalidateAndCancel() }
        streaming.dataTask(with: Self.request(base, "GET", "/_mock/events", cookie: cookie)).resume()
        var received = ""
        for await chunk in reader.chunks {
            received += String(decoding: chunk, as: UTF8.self)
            if received.contains("retry: 1000") && !received.contains("event: request") {
                _ = try await Self.send(base, "GET", "/v1/customer/Sandbox/businessunit/Dev/time")
            }
            if received.contains("/businessunit/Dev/time") { break }
        }
        #expect(received.hasPrefix("retry: 1000\n\n") && received.contains("event: request"), "\(received)")

        let signedOut = try await Self.send(base, "DELETE", "/_mock/session", cookie: cookie)
        #expect(signedOut.status == 204)
        #expect(signedOut.setCookie?.contains("Max-Age=0") == true)
        #expect(try await Self.send(base, "GET", "/_mock/events", cookie: cookie).status == 401, "the cookie is dead once signed out")
    }

    @Test func aRestartedMockRefusesTheCookiesOfTheLastOne() async throws {
        let first = try await MockPlatform.start(adminToken: "s3cret")
        let signedIn = try await Self.send(first.baseURL, "POST", "/_mock/session", json: #"{"token":"s3cret"}"#)
        first.stop()
        let cookie = try #require(signedIn.setCookie?.split(separator: ";").first.map(String.init))
        let second = try await MockPlatform.start(adminToken: "s3cret")
        defer { second.stop() }
        #expect(try await Self.send(second.baseURL, "GET", "/_mock/clock", cookie: cookie).status == 401)
    }
}
