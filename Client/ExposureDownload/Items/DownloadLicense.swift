import Clocks
import Exposure

/// The offline license of a download: until when it may be played.
///
/// As iOSClientExposureDownload computes it: the earlier of the publication's end and the play
/// token's expiry (epoch seconds); a download whose entitlement names neither is treated as expired.
public struct DownloadLicense: Sendable, Hashable, Codable {
    /// When the license runs out (`expiryMs` in its JSON: milliseconds since 1970).
    public var expiry: WallTime {
        get { wireExpiry.instant }
        set { wireExpiry = WireWallTime(newValue) }
    }
    /// ``expiry`` as its JSON carries it.
    private var wireExpiry: WireWallTime

    /// A license running out at `expiry`.
    public init(expiry: WallTime) { wireExpiry = WireWallTime(expiry) }

    /// The license a download entitlement grants (``PlaybackEntitlement/offlineLicenseExpiry``).
    public init(entitlement: PlaybackEntitlement) {
        self.init(expiry: entitlement.offlineLicenseExpiry)
    }

    /// Whether it has run out at `now`.
    public func isExpired(at now: WallTime) -> Bool { now >= expiry }

    /// The time left at `now`, zero once expired.
    public func remaining(at now: WallTime) -> Duration { max(.zero, expiry - now) }

    /// The JSON's name: `expiryMs`.
    private enum CodingKeys: String, CodingKey {
        case wireExpiry = "expiryMs"
    }
}

/// The seed's `DrmLicenseInformation`: what is left of an item's offline license, read without network.
public struct DrmLicenseInformation: Sendable, Hashable {
    /// Seconds until the license runs out (0 once it has, or when there is none).
    public var licenseDuration: Int
    /// Seconds the item may still be played; the same as ``licenseDuration`` (Exposure has no separate playback window).
    public var playbackDuration: Int
    /// When the license runs out; nil when the item has no license (not downloaded).
    public var expiry: WallTime?

    /// License information.
    public init(licenseDuration: Int, playbackDuration: Int, expiry: WallTime?) {
        self.licenseDuration = licenseDuration
        self.playbackDuration = playbackDuration
        self.expiry = expiry
    }
}
