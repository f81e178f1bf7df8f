import Foundation

/// Any Exposure endpoint, for calls this SDK has no builder for; the answer is decoded as `Response`:
///
///     let movies = try await ExposureApi<AssetList>(
///         environment: env, endpoint: "content/asset", query: "assetType=MOVIE&sort=originalTitle"
///     ).request()
///
/// `endpoint` is the path under `/{version}/customer/{cu}/businessunit/{bu}` (v1 unless `version`
/// says otherwise); `query` is `key=value` pairs joined with `&`, values as written (they are
/// escaped when sent), a key given twice sent twice. A pair without `=` is left out, as the
/// official SDK leaves it out.
public struct ExposureApi<Response: Decodable & Sendable>: ExposureRequest {
    /// The backend to call.
    public let environment: Environment
    /// What carries the call.
    public let transport: any HTTPTransport
    /// The call itself.
    public let endpoint: Endpoint

    /// A call with its query written out, e.g. `"onlyPublished=true&assetType=MOVIE"`.
    public init(
        environment: Environment, endpoint: String, query: String? = nil, method: HTTPMethod = .get,
        sessionToken: SessionToken? = nil, headers: [String: String]? = nil, version: Environment.APIVersion = .v1,
        transport: any HTTPTransport = AutomaticTransport.shared
    ) {
        var items = QueryItems()
        var pairs: [String: [String]] = [:]
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            pairs[String(parts[0]), default: []].append(String(parts[1]))
        }
        for (key, values) in pairs { items.set(key, repeating: values) }
        self.init(
            environment: environment, path: endpoint, query: items, method: method, sessionToken: sessionToken, headers: headers,
            version: version, transport: transport)
    }

    /// A call with its query as a dictionary; each value is sent as written (`true`, `42`, …), a
    /// list as the key repeated.
    public init(
        environment: Environment, endpoint: String, parameters: [String: any Sendable], method: HTTPMethod = .get,
        sessionToken: SessionToken? = nil, headers: [String: String]? = nil, version: Environment.APIVersion = .v1,
        transport: any HTTPTransport = AutomaticTransport.shared
    ) {
        var items = QueryItems()
        for (key, value) in parameters {
            if let list = value as? [any Sendable] {
                items.set(key, repeating: list.map { "\($0)" })
            } else {
                items.set(key, "\(value)")
            }
        }
        self.init(
            environment: environment, path: endpoint, query: items, method: method, sessionToken: sessionToken, headers: headers,
            version: version, transport: transport)
    }

    private init(
        environment: Environment, path: String, query: QueryItems, method: HTTPMethod, sessionToken: SessionToken?,
        headers: [String: String]?, version: Environment.APIVersion, transport: any HTTPTransport
    ) {
        self.environment = environment
        self.transport = transport
        endpoint = Endpoint(
            method, version, path: path.split(separator: "/").map(String.init), query: query, sessionToken: sessionToken,
            headers: HTTPHeaders(headers ?? [:]))
    }
}
