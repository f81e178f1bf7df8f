import Clocks
import Foundation

extension PlaybackEntitlement {
    /// When a download made with this entitlement may no longer be played, ms since 1970: the
    /// earlier of the publication's end and the play token's expiry, as iOSClientExposureDownload
    /// computes it; 0 (long expired) when the entitlement names neither.
    ///
    /// The one statement of the rule: the download manager's license and the Player's refusal to
    /// start an expired offline playback both read it.
    public var offlineLicenseExpiryMs: Int64 {
        let publicationEndMs = publicationEnd.flatMap(ISO8601.milliseconds(from:))
        let tokenMs = playTokenExpiration > 0 ? playTokenExpiration * 1000 : nil
        return [publicationEndMs, tokenMs].compactMap { $0 }.min() ?? 0
    }
}
