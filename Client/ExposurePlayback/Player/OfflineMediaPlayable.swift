import Exposure
import Foundation

/// A downloaded asset, played from its package on disk with no network: the download's
/// entitlement and the `file:` URL of the package's master playlist (the official
/// `OfflineMediaPlayable`, given to ``Player/startPlayback(offlineMediaPlayable:properties:)``).
///
/// No entitlement is asked for; playlists, segments and subtitles are read from the disk; the
/// playback's analytics wait in the outbox under `{playSessionId}_{n}` until the device is online.
public struct OfflineMediaPlayable: Playable, Equatable {
    /// The downloaded asset.
    public let assetId: String
    /// The entitlement the download was made with: its contract, analytics settings and play session.
    public let entitlement: PlaybackEntitlement
    /// The package's master playlist (a `file:` URL).
    public let url: URL
    /// The downloaded file's format, e.g. `HLS` (the seed plays `MP3` with another player).
    public let format: String

    /// A playable for the download of `assetId` whose master playlist is at `url`; its format is the
    /// entitlement's (HLS when it names none).
    public init(assetId: String, entitlement: PlaybackEntitlement, url: URL) {
        self.init(assetId: assetId, entitlement: entitlement, url: url, format: entitlement.playableFormat?.format ?? "HLS")
    }

    /// A playable for a download whose format the app knows.
    public init(assetId: String, entitlement: PlaybackEntitlement, url: URL, format: String) {
        self.assetId = assetId
        self.entitlement = entitlement
        self.url = url
        self.format = format
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
