import Foundation

/// A downloaded package's key as its ``OfflineKeySource`` hands it to the player, with how long
/// the download's license has left.
///
/// The time left is counted on the key source's clock (the license's authority: the
/// `OfflineManager`'s) when it answers; the player counts it down on its own clock from the
/// moment it receives the key and ends the playback with `licenseExpired` when it runs out.
/// On a device both clocks are the system's and the deadline is the license's expiry itself.
public struct OfflineKeyLease: Sendable, Equatable {
    /// The 16-byte AES-128 key.
    public var key: [UInt8]
    /// How long the license had left when the source answered; nil when it never runs out.
    public var timeLeft: Duration?

    /// The key `key`, held for `timeLeft` more (nil: for good).
    public init(key: [UInt8], timeLeft: Duration?) {
        self.key = key
        self.timeLeft = timeLeft
    }
}
