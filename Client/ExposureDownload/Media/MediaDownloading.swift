import Foundation

/// The seam between the offline manager and the media downloader.
///
/// The manager owns the user-facing life of a download (its ``OfflineState``-style states, the
/// backend's download entitlement, licenses, listeners); the downloader owns bytes: it reads an
/// HLS master playlist, plans the files of a track selection, fetches them into a complete HLS
/// package on disk and keeps every completed file's length and SHA-256 in SQLite.
///
/// A downloader has one consumer of ``events`` (the manager). Every call on an unknown id
/// throws ``MediaDownloadFailure/unknownDownload(_:)``.
public protocol MediaDownloading: AnyObject, Sendable {
    /// The tracks the master playlist at `source` offers.
    func availableTracks(source: URL) async throws(MediaDownloadFailure) -> MediaTracks

    /// The downloads persisted by an earlier run. Downloads that were fetching when that run
    /// ended come back `.suspended` with the bytes they had; nothing is fetched until ``start(_:)``.
    func restore() async throws(MediaDownloadFailure) -> [MediaDownloadSnapshot]

    /// Plans a download: fetches the playlists of `selection`, writes the package's local
    /// playlists, persists the file list, and fetches no media yet; an encrypted stream is
    /// refused (``MediaDownloadFailure/encrypted(_:)``).
    func prepare(_ id: MediaDownloadID, source: URL, selection: MediaTrackSelection) async throws(MediaDownloadFailure)
        -> MediaDownloadSnapshot

    /// Plans a download as ``prepare(_:source:selection:)`` does; an AES-128 encrypted stream's
    /// keys are fetched before anything is written and handed to `keys`. A downloader that keeps
    /// no keys need not implement it: by default it plans as ``prepare(_:source:selection:)``.
    func prepare(_ id: MediaDownloadID, source: URL, selection: MediaTrackSelection, keys: MediaKeyCustody?)
        async throws(MediaDownloadFailure) -> MediaDownloadSnapshot

    /// Starts (or resumes) fetching the files not yet complete; returns at once, progress follows as events.
    func start(_ id: MediaDownloadID) async throws(MediaDownloadFailure)

    /// Stops fetching, keeping complete files; `.suspended` follows once nothing is in flight.
    func suspend(_ id: MediaDownloadID) async throws(MediaDownloadFailure)

    /// Stops fetching and deletes the package's files and records (cancel and delete alike).
    func remove(_ id: MediaDownloadID) async throws(MediaDownloadFailure)

    /// Re-hashes every complete file; returns the package-relative paths whose bytes no longer match.
    func verify(_ id: MediaDownloadID) async throws(MediaDownloadFailure) -> [String]

    /// Marks the files ``verify(_:)`` finds broken as incomplete and fetches only those.
    func repair(_ id: MediaDownloadID) async throws(MediaDownloadFailure)

    /// The download as it stands, or nil when there is none with that id.
    func snapshot(_ id: MediaDownloadID) async -> MediaDownloadSnapshot?

    /// What happens to downloads, in order, for one consumer.
    var events: AsyncStream<MediaDownloadEvent> { get }
}

extension MediaDownloading {
    /// A downloader that keeps no keys plans every stream as ``prepare(_:source:selection:)``
    /// does (refusing an encrypted one), whatever `keys` is.
    public func prepare(_ id: MediaDownloadID, source: URL, selection: MediaTrackSelection, keys: MediaKeyCustody?)
        async throws(MediaDownloadFailure) -> MediaDownloadSnapshot
    {
        try await prepare(id, source: source, selection: selection)
    }
}

/// Names one download; opaque to the downloader, which names its folders itself.
public struct MediaDownloadID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The name.
    public let rawValue: String
    /// A download called `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The name.
    public var description: String { rawValue }
}

/// The renditions and media a master playlist offers.
public struct MediaTracks: Sendable, Hashable, Codable {
    /// One video rendition (a variant stream).
    public struct Video: Sendable, Hashable, Codable {
        /// `BANDWIDTH`, bits per second.
        public var bitrate: Int
        /// `RESOLUTION`, e.g. `1280x720`, when the playlist says it.
        public var resolution: String?
        /// `CODECS`, when the playlist says it.
        public var codecs: String?
        /// A video rendition.
        public init(bitrate: Int, resolution: String? = nil, codecs: String? = nil) {
            self.bitrate = bitrate
            self.resolution = resolution
            self.codecs = codecs
        }
    }

    /// One audio or subtitle rendition (an `EXT-X-MEDIA`).
    public struct Media: Sendable, Hashable, Codable {
        /// `LANGUAGE`.
        public var language: String
        /// `NAME`.
        public var name: String
        /// A rendition.
        public init(language: String, name: String) {
            self.language = language
            self.name = name
        }
    }

    /// Video renditions, lowest bitrate first.
    public var videos: [Video]
    /// Audio renditions.
    public var audios: [Media]
    /// Subtitle renditions.
    public var subtitles: [Media]

    /// A set of tracks.
    public init(videos: [Video], audios: [Media], subtitles: [Media]) {
        self.videos = videos
        self.audios = audios
        self.subtitles = subtitles
    }
}

/// What to download of a master playlist.
public struct MediaTrackSelection: Sendable, Hashable, Codable {
    /// The exact `BANDWIDTH` of the one video rendition; nil takes the highest.
    public var videoBitrate: Int?
    /// Audio languages; nil takes every audio rendition.
    public var audioLanguages: [String]?
    /// Subtitle languages; nil takes every subtitle rendition.
    public var subtitleLanguages: [String]?

    /// A selection; the defaults take the highest video and every audio and subtitle rendition.
    public init(videoBitrate: Int? = nil, audioLanguages: [String]? = nil, subtitleLanguages: [String]? = nil) {
        self.videoBitrate = videoBitrate
        self.audioLanguages = audioLanguages
        self.subtitleLanguages = subtitleLanguages
    }
}

/// Where a download is in the downloader's own terms.
public enum MediaDownloadPhase: String, Sendable, Hashable, Codable {
    /// Planned or suspended: files are known, nothing is in flight.
    case suspended
    /// Files are being fetched.
    case fetching
    /// Every file is complete and hashed.
    case complete
}

/// How far a download has come. `completedBytes` never goes backwards while a download lives.
public struct MediaDownloadProgress: Sendable, Hashable, Codable {
    /// Bytes of complete files plus bytes received of files in flight.
    public var completedBytes: Int64
    /// The sum of the package's file sizes, once known (after their heads or bodies).
    public var expectedBytes: Int64?
    /// Files complete (length matched, SHA-256 recorded).
    public var completedFiles: Int
    /// Files in the package.
    public var totalFiles: Int

    /// A progress value.
    public init(completedBytes: Int64, expectedBytes: Int64?, completedFiles: Int, totalFiles: Int) {
        self.completedBytes = completedBytes
        self.expectedBytes = expectedBytes
        self.completedFiles = completedFiles
        self.totalFiles = totalFiles
    }

    /// Complete files over all files, 0 … 1 (1 for a package of no files).
    public var fraction: Double { totalFiles == 0 ? 1 : Double(completedFiles) / Double(totalFiles) }
}

/// One download as the downloader knows it.
public struct MediaDownloadSnapshot: Sendable, Hashable {
    /// Its id.
    public var id: MediaDownloadID
    /// Where it is.
    public var phase: MediaDownloadPhase
    /// How far it has come.
    public var progress: MediaDownloadProgress
    /// The package's local master playlist (a `file:` URL); playable once `phase == .complete`.
    public var masterPlaylist: URL
    /// Bytes the package occupies on disk now.
    public var usedBytes: Int64

    /// A snapshot.
    public init(id: MediaDownloadID, phase: MediaDownloadPhase, progress: MediaDownloadProgress, masterPlaylist: URL, usedBytes: Int64) {
        self.id = id
        self.phase = phase
        self.progress = progress
        self.masterPlaylist = masterPlaylist
        self.usedBytes = usedBytes
    }
}

/// What the downloader tells its consumer.
public enum MediaDownloadEvent: Sendable, Hashable {
    /// Bytes moved or a file completed.
    case progressed(MediaDownloadID, MediaDownloadProgress)
    /// Fetching stopped after ``MediaDownloading/suspend(_:)``; complete files are kept.
    case suspended(MediaDownloadID, MediaDownloadProgress)
    /// Every file is complete and hashed.
    case finished(MediaDownloadID)
    /// Fetching stopped for good on this error (retries exhausted, disk full, …); the download is suspended.
    case failed(MediaDownloadID, MediaDownloadFailure)
}

/// Why the downloader could not do what it was asked.
public enum MediaDownloadFailure: Error, Sendable, Hashable {
    /// No download has that id.
    case unknownDownload(MediaDownloadID)
    /// A download with that id exists already (``MediaDownloading/prepare(_:source:selection:)``).
    case alreadyExists(MediaDownloadID)
    /// Bytes could not be exchanged (after the retries).
    case network(String)
    /// The server answered a status that retrying does not fix (403, 404, …).
    case httpStatus(Int, url: URL)
    /// A playlist could not be read or offers nothing the selection asks for.
    case invalidSource(String)
    /// The key server refused a key of the encrypted stream (403 `NOT_ENTITLED`, `INVALID_TOKEN`,
    /// `LICENSE_EXPIRED` …): its status, its error body's message, and the key's URL without the token.
    case keyRefused(status: Int, message: String, url: URL)
    /// The stream at this URL is encrypted and the download was given no ``MediaKeyCustody`` for its keys.
    case encrypted(URL)
    /// The disk is full (or below what the download needs).
    case insufficientSpace
    /// Files or the database could not be written or read.
    case storage(String)
}
