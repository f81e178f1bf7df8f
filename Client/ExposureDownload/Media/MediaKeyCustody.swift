import Foundation

/// One AES-128 key of an encrypted download (`EXT-X-KEY` `METHOD=AES-128`, identity format).
public struct MediaKey: Sendable, Hashable {
    /// Its position among the download's keys: the package's playlists name it
    /// `OfflineKeyURI.make(number)`.
    public var number: Int
    /// The key server's URL of it without the query, so without the play token it was fetched with.
    public var url: URL
    /// The 16 bytes.
    public var bytes: [UInt8]

    /// A key.
    public init(number: Int, url: URL, bytes: [UInt8]) {
        self.number = number
        self.url = url
        self.bytes = bytes
    }
}

/// Where a download's keys go. The downloader fetches an encrypted stream's keys (with the token
/// their URIs carry) after its playlists, and hands them to ``keep`` once the package's folder
/// and playlists are written, just before its index row; the package's playlists name them by
/// `OfflineKeyURI`, so no key is ever written beside the media. A prepare that fails before
/// then never hands them over, one that fails after takes them back with ``discard``.
public struct MediaKeyCustody: Sendable {
    /// Keeps the download's keys, every one, numbered from 0. What it throws fails the prepare,
    /// and the download leaves nothing behind.
    public var keep: @Sendable ([MediaKey]) async throws(MediaDownloadFailure) -> Void
    /// Forgets the keys ``keep`` kept: the prepare failed after handing them over.
    public var discard: @Sendable () async -> Void

    /// A custody keeping keys with `keep` and forgetting them with `discard` (by default it
    /// forgets nothing).
    public init(
        keep: @escaping @Sendable ([MediaKey]) async throws(MediaDownloadFailure) -> Void,
        discard: @escaping @Sendable () async -> Void = {}
    ) {
        self.keep = keep
        self.discard = discard
    }
}
