import Foundation

/// Answers the keys of a downloaded, AES-128 encrypted package from where the download stored
/// them, with no network (the official SDK's persistent content keys).
///
/// A download of an encrypted stream rewrites its playlists' `EXT-X-KEY` URIs to
/// ``OfflineKeyURI``s; the player asks the ``OfflineMediaPlayable``'s source for each of them
/// instead of a key server. The `OfflineManager` of ExposureDownload is one; a playable made
/// without a source finds the one holding its package in ``OfflineKeyRegistry/shared``.
public protocol OfflineKeySource: AnyObject, Sendable {
    /// The 16-byte key `uri` (an ``OfflineKeyURI``) names in the download of `assetId`, or why it
    /// is refused, as a key server words it: 403 `LICENSE_EXPIRED` once the download's license
    /// has run out, 403 `NOT_ENTITLED` for a download (or key) it does not have.
    func offlineKey(_ uri: URL, assetId: String) async -> Result<[UInt8], ExposureErrorMessage>

    /// The key ``offlineKey(_:assetId:)`` answers, with how long the download's license has
    /// left: the player ends the playback with `licenseExpired` when that runs out, rather than
    /// playing on to the end. A source that does not implement it hands keys without an end
    /// (the default asks ``offlineKey(_:assetId:)``, so a source whose `offlineKey` forwards
    /// here must implement this one).
    func offlineKeyLease(_ uri: URL, assetId: String) async -> Result<OfflineKeyLease, ExposureErrorMessage>

    /// Whether `url` is the master playlist of this source's download of `assetId`: how a
    /// playable made without a key source finds this one in ``OfflineKeyRegistry``. A source
    /// that does not implement it is never found there.
    func holdsPackage(_ url: URL, assetId: String) -> Bool
}

extension OfflineKeySource {
    /// The key with no end: the license is checked when each key is asked for, not during playback.
    public func offlineKeyLease(_ uri: URL, assetId: String) async -> Result<OfflineKeyLease, ExposureErrorMessage> {
        await offlineKey(uri, assetId: assetId).map { OfflineKeyLease(key: $0, timeLeft: nil) }
    }

    /// Holds no package it could be found by.
    public func holdsPackage(_ url: URL, assetId: String) -> Bool { false }
}
