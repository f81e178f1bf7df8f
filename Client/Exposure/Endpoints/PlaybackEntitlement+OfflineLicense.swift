import Clocks
import Foundation

extension PlaybackEntitlement {
    /// When a download made with this entitlement may no longer be played: the earlier of the
    /// publication's end and the play token's expiry, as iOSClientExposureDownload computes it;
    /// 1970 (long expired) when the entitlement names neither.
    ///
    /// The one statement of the rule: the download manager's license and the Player's refusal to
    /// start an expired offline playback both read it.
    public var offlineLicenseExpiry: WallTime {
        let publicationEnds = publicationEnd.flatMap(ISO8601.milliseconds(from:)).map(WallTime.init(millisecondsSince1970:))
        let tokenExpires = playTokenExpiration > 0 ? WallTime(secondsSince1970: playTokenExpiration) : nil
        return [publicationEnds, tokenExpires].compactMap { $0 }.min() ?? .epoch
    }

    /// ``offlineLicenseExpiry`` in milliseconds since 1970.
    @available(
        *, deprecated, renamed: "offlineLicenseExpiry",
        message: "offlineLicenseExpiry is a WallTime; .millisecondsSince1970 reads it in milliseconds"
    )
    public var offlineLicenseExpiryMs: Int64 { offlineLicenseExpiry.millisecondsSince1970 }
}
