import Exposure
import Foundation

/// A downloaded (or downloading) asset as iOSClientExposureDownload's `OfflineMediaAsset` shows
/// it: ready for `OfflineMediaPlayable(assetId:entitlement:url:)` once Downloaded.
public struct OfflineMediaAsset: Sendable, Equatable {
    /// The asset.
    public let assetId: String
    /// The account that downloaded it (from its session token).
    public let accountId: String?
    /// The user that downloaded it.
    public let userId: String?
    /// The download entitlement, once fetched.
    public let entitlement: PlaybackEntitlement?
    /// The package's local master playlist, once planned.
    public let urlAsset: OfflineURLAsset?
    /// The downloaded format (`HLS`, `MP3`).
    public let format: String?
    /// Where the download is.
    public let downloadState: OfflineState
    /// When its license runs out; nil when it has none.
    public let licenseExpiry: WallTime?
    /// Bytes fetched so far; never decreases while the download lives.
    public let completedBytes: Int64
    /// The size `downloadinfo` gave for the selected tracks, once known.
    public let estimatedBytes: Int64?
    /// How far the download has come, 0 … 100.
    public let percent: Double
    /// Bytes the package occupies on disk.
    public let usedBytes: Int64

    init(_ record: OfflineItemRecord) {
        assetId = record.item.assetId
        accountId = record.item.sessionToken.accountId
        userId = record.item.sessionToken.userId
        entitlement = record.entitlement
        urlAsset = record.masterPlaylist.map(OfflineURLAsset.init(url:))
        format = record.entitlement?.playableFormat?.format ?? record.entitlement?.formats?.first?.format
        downloadState = record.state
        licenseExpiry = record.license?.expiry
        completedBytes = record.completedBytes
        estimatedBytes = record.estimatedBytes
        percent = record.percent
        usedBytes = record.usedBytes
    }

    /// Whether the license has run out at `now` (true when there is none).
    public func isExpired(at now: WallTime) -> Bool {
        licenseExpiry.map { now >= $0 } ?? true
    }

    /// The entitlement and local URL to play, or why not: `notDownloaded` or `licenseExpired`.
    public func playback(at now: WallTime) throws(OfflineManagerError) -> (entitlement: PlaybackEntitlement, url: URL) {
        guard downloadState == .downloaded, let entitlement, let url = urlAsset?.url else { throw .notDownloaded(assetId) }
        guard !isExpired(at: now) else { throw .licenseExpired }
        return (entitlement, url)
    }
}

/// The local package of an ``OfflineMediaAsset`` (the official SDK hands out an `AVURLAsset`).
public struct OfflineURLAsset: Sendable, Hashable {
    /// The package's local master playlist (a `file:` URL).
    public let url: URL
}
