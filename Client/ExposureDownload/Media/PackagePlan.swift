import Foundation

/// One file a download fetches: where it goes in the package and where it comes from.
package struct PlannedFile: Sendable, Hashable {
    /// Path inside the package folder, e.g. `video/00042.ts`.
    package var path: String
    /// The remote file.
    package var url: URL
    /// Its size when known before fetching (a HEAD's `Content-Length`).
    package var expectedLength: Int64?
}

/// A playlist of the package, written at prepare time.
package struct PlannedPlaylist: Sendable, Hashable {
    /// Path inside the package folder.
    package var path: String
    /// Its bytes.
    package var bytes: [UInt8]
}

/// Everything a download consists of: the local playlists and the files they point at.
package struct PackagePlan: Sendable, Hashable {
    /// The package's own master playlist, at the package's root.
    package static let masterPath = "master.m3u8"

    /// The master playlist and the media playlists, master first.
    package var playlists: [PlannedPlaylist]
    /// The media files in fetch order: init segments first, then the tracks' segments
    /// interleaved by index, so the part already fetched plays from the start.
    package var files: [PlannedFile]
    /// Where the AES-128 keys the playlists name are fetched (the play token in their query),
    /// key number N at position N; empty for a clear stream.
    package var keys: [URL] = []
    /// The keys fetched from ``keys``, for the download's custody once its package is written.
    package var contentKeys: [MediaKey] = []
}
