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

    /// `GET …/entitlement/{assetId}/downloadinfo`: sizes and tracks before anything is fetched.
    public func info(assetId: String) -> DownloadCall<DownloadInfo> {
        call(.get, [assetId, "downloadinfo"])
    }

    /// `GET …/entitlement/{assetId}/download?deviceMake&deviceModel`: a new download's entitlement;
    /// 403 `DOWNLOAD_LIMIT_REACHED` at the limit.
    public func entitlement(assetId: String, device: DeviceInfo) -> DownloadCall<PlaybackEntitlement> {
        var query = QueryItems()
        query.set("deviceMake", device.manufacturer)
        query.set("deviceModel", device.model)
        return call(.get, [assetId, "download"], query: query)
    }

    /// `GET …/entitlement/{assetId}/download` with no query: validates an existing download (renewal).
    public func validate(assetId: String) -> DownloadCall<PlaybackEntitlement> {
        call(.get, [assetId, "download"])
    }

    /// `POST …/entitlement/{assetId}/downloadcompleted`: counts the download.
    public func completed(assetId: String) -> DownloadCall<DownloadedAsset> {
        call(.post, [assetId, "downloadcompleted"])
    }

    /// `POST …/entitlement/{assetId}/downloadrenewed`: records a renewal (not counted).
    public func renewed(assetId: String) -> DownloadCall<DownloadedAsset> {
        call(.post, [assetId, "downloadrenewed"])
    }

    /// `GET …/entitlement/{assetId}/downloadverified`: 403 `LICENSE_EXPIRED` once the license ran out.
    public func verified(assetId: String) -> DownloadCall<DownloadVerified> {
        call(.get, [assetId, "downloadverified"])
    }

    /// `GET …/entitlement/downloads`: every asset the account has downloaded.
    public func list() -> DownloadCall<AllDownloads> {
        DownloadCall(environment: environment, transport: transport,
                     endpoint: Endpoint(.get, .v2, path: ["entitlement", "downloads"], sessionToken: sessionToken))
    }

    /// `DELETE …/entitlement/{assetId}/downloads`: releases the account's count for the asset.
    public func delete(assetId: String) -> DownloadCall<IgnoredBody> {
        call(.delete, [assetId, "downloads"])
    }

    private func call<Response>(_ method: HTTPMethod, _ path: [String], query: QueryItems = QueryItems()) -> DownloadCall<Response> {
        DownloadCall(environment: environment, transport: transport,
                     endpoint: Endpoint(method, .v2, path: ["entitlement"] + path, query: query, sessionToken: sessionToken))
    }
}
