import Clocks
import Foundation

/// Asking to play: the stream URL and rules for an asset, and checks at a point in time.
///
///     let entitlement = try await Entitlement(environment: env, sessionToken: token)
///         .play(assetId: "movie-1")
///         .request()
public struct Entitlement: Sendable {
    /// The backend to call.
    public let environment: Environment
    /// The user asking.
    public let sessionToken: SessionToken
    /// What carries the calls.
    public let transport: any HTTPTransport

    /// Entitlement calls for the user of `sessionToken`.
    public init(
        environment: Environment, sessionToken: SessionToken, transport: any HTTPTransport = AutomaticTransport.shared
    ) {
        self.environment = environment
        self.sessionToken = sessionToken
        self.transport = transport
    }

    /// `GET /v2/…/entitlement/{assetId}/play` with everything in the query.
    ///
    /// - Parameters:
    ///   - supportedFormats: Sent comma-joined (`hls,mp3`), as the iOS SDK does.
    ///   - supportedDrms: Sent comma-joined; omitted when empty (this SDK plays clear streams only).
    ///   - materialProfile: A material variant such as `TRAILER`; the default material when nil.
    ///   - device: Supplies `deviceMake` and `deviceModel`.
    ///   - adsOptions: Ad targeting; its `deviceMake` wins over the device's.
    ///   - customAdParams: Sent verbatim for the ad server; they win over ad targeting, but never
    ///     replace `supportedFormats`, `supportedDrms` or `materialProfile`.
    ///   - adobePrimetimeToken: Sent as the `X-Adobe-Primetime-MediaToken` header (base64, as the app got it).
    public func play(
        assetId: String, supportedFormats: [String] = ["hls", "mp3"], supportedDrms: [String] = [],
        materialProfile: String? = nil, device: DeviceInfo = .current, adsOptions: AdsOptions? = nil,
        customAdParams: [String: String] = [:], adobePrimetimeToken: String? = nil
    ) -> ExposureCall<PlaybackEntitlement> {
        var query = QueryItems()
        query.set("deviceMake", device.manufacturer)
        query.set("deviceModel", device.model)
        if let adsOptions { query.merge(adsOptions.queryItems) }
        for (key, value) in customAdParams { query.set(key, value) }
        query.set("supportedFormats", supportedFormats.isEmpty ? nil : supportedFormats.joined(separator: ","))
        query.set("supportedDrms", supportedDrms.isEmpty ? nil : supportedDrms.joined(separator: ","))
        query.set("materialProfile", materialProfile)
        return ExposureCall(
            environment: environment, transport: transport,
            endpoint: Endpoint(
                .get, .v2, path: ["entitlement", assetId, "play"], query: query, sessionToken: sessionToken,
                headers: adobePrimetimeToken.map { ["X-Adobe-Primetime-MediaToken": $0] } ?? [:]))
    }

    /// `GET /v2/…/entitlement/{assetId}/entitle?time=<ISO ms>`: may the user watch at `time`?
    ///
    /// A 200 whose ``EntitlementValidation/status`` is not `SUCCESS` means playback must stop.
    public func validate(assetId: String, time: Date) -> ExposureCall<EntitlementValidation> {
        var query = QueryItems()
        query.set("time", ISO8601.string(from: time))
        return ExposureCall(
            environment: environment, transport: transport,
            endpoint: Endpoint(.get, .v2, path: ["entitlement", assetId, "entitle"], query: query, sessionToken: sessionToken))
    }
}
