import Clocks
import ExposureModels
import Foundation
import HTTPServer

/// One API request with the platform state it runs against, and the checks every handler needs.
///
/// A class: handlers and the closures they hand on pass one reference around instead of copying
/// a request's worth of strings and buffers (each copy retained every one of them).
final class RequestContext: Sendable {
    let request: HTTPRequest
    let parameters: PathParameters
    let platform: PlatformContext
    /// One catalog snapshot for the whole request.
    let loaded: LoadedCatalog
    /// The platform time the request is answered at.
    let now: WallTime
    /// The query, parsed once: handlers read it several times (formats, material, ad parameters).
    let query: QueryParameters

    init(request: HTTPRequest, parameters: PathParameters, platform: PlatformContext, loaded: LoadedCatalog, now: WallTime) {
        self.request = request
        self.parameters = parameters
        self.platform = platform
        self.loaded = loaded
        self.now = now
        query = request.query
    }

    var catalog: Catalog { loaded.catalog }

    /// The mock's own origin as the client reached it, for URLs in answers: the scheme of the
    /// connection (HTTPS or not) and the `Host` the client sent.
    var baseURL: String { "\(request.scheme)://\(request.headers["Host"] ?? "127.0.0.1")" }

    /// The catalog's assets as this origin receives them (image URLs absolute against ``baseURL``).
    var servedAssets: ServedAssets { loaded.servedAssets.assets(for: baseURL) }

    /// The country the client is in: `X-Mock-Country` when sent, else the fixtures' setting.
    var clientCountry: String { request.headers["X-Mock-Country"]?.uppercased() ?? catalog.settings.clientCountry }

    /// The path parameter `name` (registered routes guarantee it exists).
    func path(_ name: String) -> String { parameters[name] ?? "" }

    /// The session of the Bearer token; 401 when missing, unknown, logged out or expired.
    func requireSession() throws(ExposureErrorMessage) -> Session {
        guard let token = bearerToken else { throw .noSessionToken }
        guard let session = platform.state.session(token: token), session.isValid(at: now) else {
            throw .invalidSessionToken
        }
        return session
    }

    /// The session when a token is sent (and valid); nil when none is sent.
    func optionalSession() throws(ExposureErrorMessage) -> Session? {
        bearerToken == nil ? nil : try requireSession()
    }

    private var bearerToken: String? { BearerToken.token(in: request.headers["Authorization"]) }

    /// The JSON body decoded as `type`; 400 INVALID_JSON with the reason otherwise.
    func body<Value: Decodable>(_ type: Value.Type) throws(ExposureErrorMessage) -> Value {
        guard !request.body.isEmpty else { throw .invalidJSON("The request needs a JSON body.") }
        do {
            return try ExposureJSON.decode(type, from: request.body)
        } catch let error as DecodingError {
            throw .invalidJSON(Self.describe(error))
        } catch {
            throw .invalidJSON("The body is not valid JSON.")
        }
    }

    /// An integer query parameter within `range`, `fallback` when absent; 400 when malformed.
    func intQuery(_ name: String, default fallback: Int, in range: ClosedRange<Int>) throws(ExposureErrorMessage) -> Int {
        guard let text = query[name], !text.isEmpty else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw .invalidParameter(name, "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// A 64-bit integer query parameter, nil when absent; 400 when malformed.
    func int64Query(_ name: String) throws(ExposureErrorMessage) -> Int64? {
        guard let text = query[name], !text.isEmpty else { return nil }
        guard let value = Int64(text) else { throw .invalidParameter(name, "must be a whole number") }
        return value
    }

    /// A boolean query parameter (`true`/`false`), `fallback` when absent; 400 when malformed.
    func boolQuery(_ name: String, default fallback: Bool) throws(ExposureErrorMessage) -> Bool {
        guard let text = query[name], !text.isEmpty else { return fallback }
        switch text.lowercased() {
        case "true": return true
        case "false": return false
        default: throw .invalidParameter(name, "must be true or false")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): "The required key \"\(key.stringValue)\" is missing."
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            "Wrong type at \(FixtureLoader.jsonPath(context.codingPath)): \(context.debugDescription)"
        case .dataCorrupted: "The body is not valid JSON."
        @unknown default: "The body could not be read."
        }
    }
}

extension ExposureErrorMessage {
    /// 400: a query or path value is malformed.
    static func invalidParameter(_ name: String, _ rule: String) -> ExposureErrorMessage {
        ExposureErrorMessage(httpCode: 400, message: "INVALID_PARAMETER", extendedMessage: "\(name) \(rule).")
    }
}
