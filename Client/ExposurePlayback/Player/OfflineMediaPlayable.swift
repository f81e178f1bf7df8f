import Exposure
import Foundation

/// A downloaded asset, played from its package on disk with no network: the download's
/// entitlement and the `file:` URL of the package's master playlist (the official
/// `OfflineMediaPlayable`, given to ``Player/startPlayback(offlineMediaPlayable:properties:)``).
///
/// No entitlement is asked for; playlists, segments and subtitles are read from the disk, the
/// keys of an encrypted download from ``keys``; the playback's analytics wait in the outbox
/// under `{playSessionId}_{n}` until the device is online.
public struct OfflineMediaPlayable: Playable, Equatable {
    /// The downloaded asset.
    public let assetId: String
    /// The entitlement the download was made with: its contract, analytics settings and play session.
    public let entitlement: PlaybackEntitlement
    /// The package's master playlist (a `file:` URL).
    public let url: URL
    /// The downloaded file's format, e.g. `HLS` (the seed plays `MP3` with another player).
    public let format: String
    /// Where the keys of an encrypted download are kept (the `OfflineManager` that downloaded
    /// it). Its playlists' ``OfflineKeyURI``s are asked of it, never of the network; when nil
    /// (a clear download, or a playable made as with the official SDK) of the live source
    /// holding the package in ``OfflineKeyRegistry/shared``, if any.
    public let keys: (any OfflineKeySource)?

    /// A playable for the download of `assetId` whose master playlist is at `url`; its format is the
    /// entitlement's (HLS when it names none); `keys` answers an encrypted download's keys.
    public init(assetId: String, entitlement: PlaybackEntitlement, url: URL, keys: (any OfflineKeySource)? = nil) {
        self.init(assetId: assetId, entitlement: entitlement, url: url, format: entitlement.playableFormat?.format ?? "HLS", keys: keys)
    }

    /// A playable for a download whose format the app knows.
    public init(assetId: String, entitlement: PlaybackEntitlement, url: URL, format: String, keys: (any OfflineKeySource)? = nil) {
        self.assetId = assetId
        self.entitlement = entitlement
        self.url = url
        self.format = format
        self.keys = keys
    }

    /// Equal when they play the same package with the same entitlement and the same key source.
    public static func == (lhs: OfflineMediaPlayable, rhs: OfflineMediaPlayable) -> Bool {
        lhs.assetId == rhs.assetId && lhs.entitlement == rhs.entitlement && lhs.url == rhs.url && lhs.format == rhs.format
            && lhs.keys === rhs.keys
    }

    /// Where the player asks for the package's keys: ``keys``, else the live key source holding
    /// the package (``OfflineKeyRegistry``), as a playable made the official SDK's way has none.
    var keySource: (any OfflineKeySource)? {
        keys ?? OfflineKeyRegistry.shared.source(forPackage: url, assetId: assetId)
    }

    /// The download's entitlement pointing at the package instead of the stream it came from.
    /// Ads and the EPG belong to online playback: a package has neither to follow.
    var localEntitlement: PlaybackEntitlement {
        var local = entitlement
        local.formats = [MediaFormat(format: format, mediaLocator: url.absoluteString)]
        local.ads = nil
        local.epg = nil
        return local
    }
}

extension Player {
    /// Plays a downloaded asset from disk (the official `startPlayback(offlineMediaPlayable:properties:)`):
    /// no entitlement request and no network; its analytics are recorded for
    /// `BackgroundAnalyticsManager().flushOfflineAnalytics()` or the next online playback to send.
    /// - Returns: The task running the playback; it ends with it.
    @discardableResult
    public func startPlayback(
        offlineMediaPlayable: OfflineMediaPlayable, properties: PlaybackProperties = PlaybackProperties()
    ) -> Task<Void, Never> {
        startPlayback(playable: offlineMediaPlayable, properties: properties)
    }
}
