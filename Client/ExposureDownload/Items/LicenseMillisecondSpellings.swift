import Exposure
import Foundation

// The license types' and the offline asset's members as they were spelled before their instants became `WallTime`s:
// milliseconds since 1970 under `…Ms` names. They forward to the typed forms.

extension DownloadLicense {
    /// A license running out at `expiryMs`, milliseconds since 1970.
    @available(*, deprecated, renamed: "init(expiry:)", message: "give the expiry as a WallTime")
    public init(expiryMs: Int64) { self.init(expiry: WallTime(millisecondsSince1970: expiryMs)) }

    /// ``expiry`` in milliseconds since 1970.
    @available(*, deprecated, renamed: "expiry", message: "expiry is a WallTime; .millisecondsSince1970 reads it in milliseconds")
    public var expiryMs: Int64 {
        get { expiry.millisecondsSince1970 }
        set { expiry = WallTime(millisecondsSince1970: newValue) }
    }

    /// Whether it has run out at `nowMs`, milliseconds since 1970.
    @available(*, deprecated, renamed: "isExpired(at:)", message: "give the instant as a WallTime")
    public func isExpired(atMs nowMs: Int64) -> Bool { isExpired(at: WallTime(millisecondsSince1970: nowMs)) }

    /// Whole seconds left at `nowMs` (milliseconds since 1970), 0 once expired.
    @available(*, deprecated, renamed: "remaining(at:)", message: "remaining(at:) gives the Duration left")
    public func remainingSeconds(atMs nowMs: Int64) -> Int {
        Int(clamping: remaining(at: WallTime(millisecondsSince1970: nowMs)).components.seconds)
    }
}

extension DrmLicenseInformation {
    /// License information whose expiry is given in milliseconds since 1970.
    @available(*, deprecated, renamed: "init(licenseDuration:playbackDuration:expiry:)", message: "give the expiry as a WallTime")
    public init(licenseDuration: Int, playbackDuration: Int, expiryMs: Int64?) {
        self.init(
            licenseDuration: licenseDuration, playbackDuration: playbackDuration,
            expiry: expiryMs.map { WallTime(millisecondsSince1970: $0) })
    }

    /// ``expiry`` in milliseconds since 1970.
    @available(*, deprecated, renamed: "expiry", message: "expiry is a WallTime; .millisecondsSince1970 reads it in milliseconds")
    public var expiryMs: Int64? {
        get { expiry?.millisecondsSince1970 }
        set { expiry = newValue.map { WallTime(millisecondsSince1970: $0) } }
    }
}

extension OfflineMediaAsset {
    /// ``licenseExpiry`` in milliseconds since 1970.
    @available(
        *, deprecated, renamed: "licenseExpiry", message: "licenseExpiry is a WallTime; .millisecondsSince1970 reads it in milliseconds"
    )
    public var licenseExpiryMs: Int64? { licenseExpiry?.millisecondsSince1970 }

    /// Whether the license has run out at `nowMs`, milliseconds since 1970 (true when there is none).
    @available(*, deprecated, renamed: "isExpired(at:)", message: "give the instant as a WallTime")
    public func isExpired(atMs nowMs: Int64) -> Bool { isExpired(at: WallTime(millisecondsSince1970: nowMs)) }

    /// The entitlement and local URL to play at `nowMs`, milliseconds since 1970, or why not.
    @available(*, deprecated, renamed: "playback(at:)", message: "give the instant as a WallTime")
    public func playback(atMs nowMs: Int64) throws(OfflineManagerError) -> (entitlement: PlaybackEntitlement, url: URL) {
        try playback(at: WallTime(millisecondsSince1970: nowMs))
    }
}
