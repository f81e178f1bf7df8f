import Exposure
import Foundation

/// The Downloads API (v2, Bearer) as iOSClientExposureDownload calls it, for one user.
///
///     let info = try await DownloadBackend(environment: env, sessionToken: token, transport: transport)
///         .info(assetId: "arctic-journey").request()
public struct DownloadBackend: Sendable {
    /// The backend to call.
    public let environment: Environment
    /// The user asking.
    public let sessionToken: SessionToken
    /// What carries the calls.
    public let transport: any HTTPTransport

    /// Download calls for the user of `sessionToken`.
    public init(environment: Environment, sessionToken: SessionToken, transport: any HTTPTransport) {
        self.environment = environment
        self.sessionToken = sessionToken
        self.transport = transport
    }

    /// `GET …/entitlement/{assetId}/downloadinfo`: sizes and tracks before anything is fetched,
    /// the request of ``GetDownloadableInfo``.
    public func info(assetId: String) -> ExposureCall<DownloadInfo> {
        let request = GetDownloadableInfo(assetId: assetId, environment: environment, sessionToken: sessionToken, transport: transport)
        return ExposureCall(environment: environment, transport: transport, endpoint: request.endpoint)
    }

    /// `GET …/entitlement/{assetId}/download?deviceMake&deviceModel`: a new download's entitlement;
    /// 403 `DOWNLOAD_LIMIT_REACHED` at the limit.
    public func entitlement(assetId: String, device: DeviceInfo) -> ExposureCall<PlaybackEntitlement> {
        var query = QueryItems()
        query.set("deviceMake", device.manufacturer)
        query.set("deviceModel", device.model)
        return call(.get, [assetId, "download"], query: query)
    }

    /// `GET …/entitlement/{assetId}/download` with no query: validates an existing download (renewal).
    public func validate(assetId: String) -> ExposureCall<PlaybackEntitlement> {
        call(.get, [assetId, "download"])
    }

    /// `POST …/entitlement/{assetId}/downloadcompleted`: counts the download. Any 2xx is the
    /// acknowledgment, whatever its body: a report sent again would count the download twice.
    public func completed(assetId: String) -> ExposureCall<Void> {
        call(.post, [assetId, "downloadcompleted"])
    }

    /// `POST …/entitlement/{assetId}/downloadrenewed`: records a renewal (not counted).
    public func renewed(assetId: String) -> ExposureCall<Void> {
        call(.post, [assetId, "downloadrenewed"])
    }

    /// `GET …/entitlement/{assetId}/downloadverified`: 403 `LICENSE_EXPIRED` once the license ran out.
    public func verified(assetId: String) -> ExposureCall<DownloadVerified> {
        call(.get, [assetId, "downloadverified"])
    }

    /// `GET …/entitlement/downloads`: every asset the account has downloaded.
    public func list() -> ExposureCall<AllDownloads> {
        ExposureCall(
            environment: environment, transport: transport,
            endpoint: Endpoint(.get, .v2, path: ["entitlement", "downloads"], sessionToken: sessionToken))
    }

    /// `DELETE …/entitlement/{assetId}/downloads`: releases the account's count for the asset.
    public func delete(assetId: String) -> ExposureCall<Void> {
        call(.delete, [assetId, "downloads"])
    }

    private func call<Response: Decodable>(_ method: HTTPMethod, _ path: [String], query: QueryItems = QueryItems()) -> ExposureCall<
        Response
    > {
        ExposureCall(environment: environment, transport: transport, endpoint: endpoint(method, path, query: query))
    }

    private func call(_ method: HTTPMethod, _ path: [String]) -> ExposureCall<Void> {
        ExposureCall(environment: environment, transport: transport, endpoint: endpoint(method, path))
    }

    private func endpoint(_ method: HTTPMethod, _ path: [String], query: QueryItems = QueryItems()) -> Endpoint {
        Endpoint(method, .v2, path: ["entitlement"] + path, query: query, sessionToken: sessionToken)
    }
}
