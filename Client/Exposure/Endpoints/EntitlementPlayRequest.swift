import Foundation

/// A play or download entitlement asked for the official SDK's way:
///
///     Entitlement(environment: env, sessionToken: token)
///         .program(programId: "news-24_202612011200", channelId: "news-24")
///         .use(drm: "UNENCRYPTED")
///         .request()
///         .validate()
///         .response { … }
///
/// Every form is sent as Exposure v2 asks for it, the way the official SDK's Player does: a VOD
/// asset or a channel (channels are assets) by `GET /v2/…/entitlement/{assetId}/play`, a
/// program by the same call on the program's asset, which the EPG names first
/// (`GET /v2/…/epg/{channelId}/program/{programId}`), and a download by
/// `GET /v2/…/entitlement/{assetId}/download`. (iOSClientExposure's `vod`, `live` and
/// `program` still post the v1 forms Exposure deprecates.)
public struct EntitlementPlayRequest: ExposureRequest {
    /// The response.
    public typealias Response = PlaybackEntitlement

    /// What to play.
    public enum Target: Sendable, Hashable {
        /// A VOD asset (or any asset) to stream.
        case asset(assetId: String)
        /// A channel, from its live edge.
        case channel(channelId: String)
        /// A program of a channel (live or catch-up).
        case program(programId: String, channelId: String)
        /// An asset to download, on a device of this make and model (they pick the renditions).
        case download(assetId: String, deviceMake: String, deviceModel: String)
    }

    /// The backend to call.
    public let environment: Environment
    /// The user asking.
    public let sessionToken: SessionToken
    /// What carries the call.
    public let transport: any HTTPTransport
    /// What to play.
    public let target: Target
    /// The DRM asked for (`UNENCRYPTED`, `FAIRPLAY`, `WIDEVINE`, …); nil or `UNENCRYPTED` asks
    /// for clear streams, the only kind this SDK plays. Sent as `supportedDrms`.
    public private(set) var drm: String?
    /// The format asked for (`HLS`, `DASH`, `MP3`, …); nil accepts HLS and MP3. Sent as `supportedFormats`.
    public private(set) var format: String?

    init(environment: Environment, sessionToken: SessionToken, transport: any HTTPTransport, target: Target) {
        self.environment = environment
        self.sessionToken = sessionToken
        self.transport = transport
        self.target = target
    }

    /// Asks for streams protected by `drm` (`UNENCRYPTED` for clear ones).
    public func use(drm: String) -> Self { refined { $0.drm = drm } }

    /// Asks for streams in `format` (`HLS`, …).
    public func use(format: String) -> Self { refined { $0.format = format } }

    /// Asks for streams in `format` protected by `drm`.
    public func use(drm: String, format: String) -> Self { use(drm: drm).use(format: format) }

    /// The call for an asset known by id; a program's call names the program id until
    /// ``resolvedEndpoint()`` has found the program's asset, and is never sent so.
    public var endpoint: Endpoint { endpoint(assetId: knownAssetId) }

    /// The HTTP request for an asset, a channel or a download. A program's names the program's
    /// asset, which only the EPG knows: for one it throws `invalidRequest`, and
    /// ``resolvedTransportRequest()`` (as ``ExposureRequest/request``) asks the EPG first.
    public func transportRequest() throws(ExposureError) -> TransportRequest {
        if case .program(let programId, _) = target {
            throw .invalidRequest(reason: "program \(programId) is played as its asset: resolvedTransportRequest() asks the EPG for it")
        }
        return try endpoint.transportRequest(in: environment)
    }

    /// The call itself: for a program, after asking the EPG which asset the program is.
    public func resolvedEndpoint() async throws(ExposureError) -> Endpoint {
        guard case .program(let programId, let channelId) = target else { return endpoint }
        let program = try await FetchEpg(environment: environment, transport: transport)
            .channel(id: channelId).program(id: programId).request()
        return endpoint(assetId: program.asset?.assetId ?? program.assetId)
    }

    private var knownAssetId: String {
        switch target {
        case .asset(let assetId), .channel(let assetId), .download(let assetId, _, _), .program(let assetId, _): assetId
        }
    }

    private func endpoint(assetId: String) -> Endpoint {
        if case .download(_, let deviceMake, let deviceModel) = target {
            var query = QueryItems()
            query.set("deviceMake", deviceMake)
            query.set("deviceModel", deviceModel)
            return Endpoint(.get, .v2, path: ["entitlement", assetId, "download"], query: query, sessionToken: sessionToken)
        }
        let entitlement = Entitlement(environment: environment, sessionToken: sessionToken, transport: transport)
        let formats = format.map { [$0.lowercased()] } ?? ["hls", "mp3"]
        let drms = drm.map { $0.uppercased() == "UNENCRYPTED" ? [] : [$0.lowercased()] } ?? []
        return entitlement.play(assetId: assetId, supportedFormats: formats, supportedDrms: drms).endpoint
    }
}

/// The official SDK's names for the entitlement requests.
public typealias PlayVod = EntitlementPlayRequest
/// The official SDK's name for a channel's entitlement request.
public typealias PlayLive = EntitlementPlayRequest
/// The official SDK's name for a program's entitlement request.
public typealias PlayProgram = EntitlementPlayRequest
/// The official SDK's name for a download's entitlement request.
public typealias DownloadVod = EntitlementPlayRequest
