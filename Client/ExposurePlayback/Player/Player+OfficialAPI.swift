import Clocks
import Exposure
import Foundation

/// iOSClientExposurePlayback 3.x names beside the seed's, so apps written against the official
/// SDK compile against this one. Where the two disagree the seed's spelling is the main API
/// (see docs/player.md).
extension Player {
    /// ``startPlayback(playable:properties:adsOptions:adobePrimetimeToken:enableAnalytics:materialProfile:customAdParams:metadataIdentifiers:deviceMake:deviceModel:)``
    /// with the official SDK's label for the Adobe Primetime token.
    @discardableResult
    public func startPlayback(
        playable: any Playable, properties: PlaybackProperties = PlaybackProperties(), adsOptions: AdsOptions? = nil,
        adobePrimetimeMediaToken: String, enableAnalytics: Bool = true, materialProfile: String? = nil,
        customAdParams: [String: Any]? = nil, metadataIdentifiers: [String]? = nil, deviceMake: String? = nil, deviceModel: String? = nil
    ) -> Task<Void, Never> {
        startPlayback(
            playable: playable, properties: properties, adsOptions: adsOptions, adobePrimetimeToken: adobePrimetimeMediaToken,
            enableAnalytics: enableAnalytics, materialProfile: materialProfile, customAdParams: customAdParams,
            metadataIdentifiers: metadataIdentifiers, deviceMake: deviceMake, deviceModel: deviceModel)
    }

    /// Plays asset `assetId` (an ``AssetPlayable``).
    @discardableResult
    public func startPlayback(
        assetId: String, properties: PlaybackProperties = PlaybackProperties(), adobePrimetimeMediaToken: String? = nil,
        enableAnalytics: Bool = true, materialProfile: String? = nil, customAdParams: [String: Any]? = nil,
        metadataIdentifiers: [String]? = nil, deviceMake: String? = nil, deviceModel: String? = nil
    ) -> Task<Void, Never> {
        startPlayback(
            playable: AssetPlayable(assetId: assetId), properties: properties, adobePrimetimeToken: adobePrimetimeMediaToken,
            enableAnalytics: enableAnalytics, materialProfile: materialProfile, customAdParams: customAdParams,
            metadataIdentifiers: metadataIdentifiers, deviceMake: deviceMake, deviceModel: deviceModel)
    }

    /// Plays a bare HLS stream, without Exposure (see ``URLPlayable``).
    @discardableResult
    public func startPlayback(urlPlayable: URLPlayable, properties: PlaybackProperties = PlaybackProperties()) -> Task<Void, Never> {
        startPlayback(playable: urlPlayable, properties: properties)
    }

    /// Plays a channel, or one of its programs (resolved to the program's asset through the EPG).
    @discardableResult
    public func startPlayback(channelId: String, programId: String? = nil, properties: PlaybackProperties = PlaybackProperties()) -> Task<
        Void, Never
    > {
        let playable: any Playable =
            programId.map { ProgramPlayable(assetId: $0, channelId: channelId) } ?? ChannelPlayable(assetId: channelId)
        return startPlayback(playable: playable, properties: properties)
    }

    /// The server's wall-clock time, from the offset measured when playback started (or at the
    /// last ``serverTime(forceRefresh:)``); nil before any synchronisation. A date, as the seed
    /// reads it (`player.serverTime ?? Date()`); ``serverTimeMs`` is the official SDK's milliseconds.
    public var serverTime: Date? { serverWallTime?.date }

    /// The server's wall-clock time, ms since 1970; nil before any synchronisation.
    public var serverTimeMs: Int64? { serverWallTime?.millisecondsSince1970 }

    /// The server's wall-clock time, from the offset measured when playback started (or at the
    /// last ``serverWallTime(forceRefresh:)``); nil before any synchronisation.
    public var serverWallTime: WallTime? { serverTimeEstimate.now }

    /// The server's wall-clock time (ms since 1970), asking the server unless `forceRefresh` is
    /// false and an offset is cached; nil when the server cannot be reached and nothing is cached.
    public func serverTime(forceRefresh: Bool = true) async -> Int64? {
        await serverWallTime(forceRefresh: forceRefresh)?.millisecondsSince1970
    }

    /// The server's wall-clock time, asking the server unless `forceRefresh` is false and an
    /// offset is cached; nil when the server cannot be reached and nothing is cached.
    public func serverWallTime(forceRefresh: Bool = true) async -> WallTime? {
        await serverTimeEstimate.now(forceRefresh: forceRefresh)
    }

    /// The official SDK's callback form of ``serverTime(forceRefresh:)``.
    public func serverTime(forceRefresh: Bool = true, callback: @escaping @Sendable (Int64?) -> Void) {
        let estimate = serverTimeEstimate
        Task { callback(await estimate.now(forceRefresh: forceRefresh)?.millisecondsSince1970) }
    }

    /// How far the live point trails real time, ms: the entitlement's `liveDelay`, else the
    /// server time minus the end of the seekable range. Nil unless live.
    public var liveDelay: Int64? {
        guard status.isLive else { return nil }
        if let delay = entitlement?.playableFormat?.liveDelay { return delay }
        guard let end = seekableTimeRange?.upperBound, let server = serverTimeMs else { return nil }
        return server - end
    }

    /// The playhead's distance from the live point, ms, as the official SDK reports it: the
    /// playhead time minus the end of the seekable range (≤ 0 while behind). Nil unless live.
    public var timeBehindLive: Int64? {
        guard status.isLive, let end = seekableTimeRange?.upperBound, let time = playheadTime else { return nil }
        return time - end
    }

    /// The playback context, as the official SDK exposes it (`player.context.entitlement`).
    public var context: PlaybackContext { PlaybackContext(entitlement: entitlement, source: session?.source) }
}

/// What the official SDK's `ExposureContext` offers apps about the current playback.
public struct PlaybackContext: Sendable {
    /// The entitlement of the current playback.
    public let entitlement: PlaybackEntitlement?
    /// The current source.
    public let source: PlaybackSource?
}
