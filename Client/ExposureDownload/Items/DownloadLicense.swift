import Exposure

/// The offline license of a download: until when it may be played.
///
/// As iOSClientExposureDownload computes it: the earlier of the publication's end and the play
/// token's expiry (epoch seconds); a download whose entitlement names neither is treated as expired.
public struct DownloadLicense: Sendable, Hashable, Codable {
    /// When the license runs out, ms since 1970.
    public var expiryMs: Int64

    /// A license running out at `expiryMs`.
    public init(expiryMs: Int64) { self.expiryMs = expiryMs }

    /// The license a download entitlement grants (``PlaybackEntitlement/offlineLicenseExpiryMs``).
    public init(entitlement: PlaybackEntitlement) {
        expiryMs = entitlement.offlineLicenseExpiryMs
    }

    /// Whether it has run out at `nowMs`.
    public func isExpired(atMs nowMs: Int64) -> Bool { nowMs >= expiryMs }

    /// Seconds left at `nowMs`, 0 once expired.
    public func remainingSeconds(atMs nowMs: Int64) -> Int { Int(max(0, expiryMs - nowMs) / 1000) }
}

/// The seed's `DrmLicenseInformation`: what is left of an item's offline license, read without network.
public struct DrmLicenseInformation: Sendable, Hashable {
    /// Seconds until the license runs out (0 once it has, or when there is none).
    public var licenseDuration: Int
    /// Seconds the item may still be played; the same as ``licenseDuration`` (Exposure has no separate playback window).
    public var playbackDuration: Int
    /// When the license runs out, ms since 1970; nil when the item has no license (not downloaded).
    public var expiryMs: Int64?

    /// License information.
    public init(licenseDuration: Int, playbackDuration: Int, expiryMs: Int64?) {
        self.licenseDuration = licenseDuration
        self.playbackDuration = playbackDuration
        self.expiryMs = expiryMs
    }
}
