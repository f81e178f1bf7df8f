import Foundation

/// Answers the keys of a downloaded, AES-128 encrypted package from where the download stored
/// them, with no network (the official SDK's persistent content keys).
///
/// A download of an encrypted stream rewrites its playlists' `EXT-X-KEY` URIs to
/// ``OfflineKeyURI``s; the player asks the ``OfflineMediaPlayable``'s source for each of them
/// instead of a key server. The `OfflineManager` of ExposureDownload is one.
public protocol OfflineKeySource: AnyObject, Sendable {
    /// The 16-byte key `uri` (an ``OfflineKeyURI``) names in the download of `assetId`, or why it
    /// is refused, as a key server words it: 403 `LICENSE_EXPIRED` once the download's license
    /// has run out, 403 `NOT_ENTITLED` for a download (or key) it does not have.
    func offlineKey(_ uri: URL, assetId: String) async -> Result<[UInt8], ExposureErrorMessage>
}
