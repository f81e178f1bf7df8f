import Clocks
import Exposure
import Foundation

/// The SDK's ``MediaDownloading``: HLS packages fetched over a few parallel requests into a
/// folder, every completed file's length and SHA-256 kept in a SQLite index beside them.
///
/// - Each download is a folder under `folder` holding a complete HLS package: its own
///   `master.m3u8` and one media playlist per track, pointing at the local files with relative URIs.
/// - At most `connections` requests are in flight over all downloads. Lost connections, 5xx,
///   408/429 and truncated bodies are retried with an exponential backoff on `clock`; the count
///   starts over whenever the download completes a file. 403, 404 and other 4xx fail at once.
/// - A file counts once it is written under a temporary name, its length matches
///   `Content-Length`, it is renamed into place and its length and digest are committed; only
///   then is its ``MediaDownloadEvent/progressed(_:_:)`` sent.
/// - An AES-128 encrypted stream is downloaded as served (its segments encrypted); its keys
///   go to the prepare's ``MediaKeyCustody``, never into the folder.
/// - A downloader released (or a process killed) mid-download leaves it fetching in the index;
///   the next downloader on the folder restores it `.suspended` with its complete files.
public final class MediaDownloader: MediaDownloading {
    /// What happens to downloads, in order.
    public let events: AsyncStream<MediaDownloadEvent>
    private let coordinator: DownloadCoordinator
    private let preparation: PackagePreparation

    /// The index file's name inside the downloader's folder.
    package static let indexFileName = "downloads.sqlite"

    /// A downloader keeping its packages and index in `folder` (created if needed), fetching
    /// through `transport` with at most `connections` requests at once and waiting out retries on `clock`.
    ///
    /// With `sizesBeforeFetching`, `prepare` asks every distinct file's size with a HEAD request,
    /// so progress has its ``MediaDownloadProgress/expectedBytes`` from the start, at the cost of
    /// a request per file before the first byte; without, sizes are learned as the bodies arrive
    /// and `expectedBytes` is known once every file is (the ``OfflineManager``'s way: it has the
    /// backend's size estimate instead).
    /// - Throws: ``MediaDownloadFailure/storage(_:)`` when the folder or index cannot be opened.
    public init(
        folder: URL, transport: any HTTPTransport, clock: any WallClock, connections: Int = 4, sizesBeforeFetching: Bool = true
    ) throws(MediaDownloadFailure) {
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw .storage("cannot create \(folder.path): \(error.localizedDescription)")
        }
        let index = try DownloadIndex(url: folder.appendingPathComponent(Self.indexFileName))
        let restored = try index.restore()
        let (stream, continuation) = AsyncStream.makeStream(of: MediaDownloadEvent.self)
        events = stream
        preparation = PackagePreparation(
            fetcher: FileFetcher(transport: transport), connections: max(1, connections), sizesBeforeFetching: sizesBeforeFetching)
        coordinator = DownloadCoordinator(
            root: folder, index: index, preparation: preparation, clock: clock, connections: connections,
            events: continuation, restored: restored)
    }

    deinit {
        let coordinator = coordinator
        Task { await coordinator.shutDown() }
    }

    public func availableTracks(source: URL) async throws(MediaDownloadFailure) -> MediaTracks {
        MediaTracks(master: try await preparation.master(at: source))
    }

    public func restore() async throws(MediaDownloadFailure) -> [MediaDownloadSnapshot] { await coordinator.snapshots() }

    public func prepare(_ id: MediaDownloadID, source: URL, selection: MediaTrackSelection) async throws(MediaDownloadFailure)
        -> MediaDownloadSnapshot
    {
        try await coordinator.prepare(id, source: source, selection: selection, keys: nil)
    }

    public func prepare(_ id: MediaDownloadID, source: URL, selection: MediaTrackSelection, keys: MediaKeyCustody?)
        async throws(MediaDownloadFailure) -> MediaDownloadSnapshot
    {
        try await coordinator.prepare(id, source: source, selection: selection, keys: keys)
    }

    public func start(_ id: MediaDownloadID) async throws(MediaDownloadFailure) { try await coordinator.start(id) }

    public func suspend(_ id: MediaDownloadID) async throws(MediaDownloadFailure) { try await coordinator.suspend(id) }

    public func remove(_ id: MediaDownloadID) async throws(MediaDownloadFailure) { try await coordinator.remove(id) }

    public func verify(_ id: MediaDownloadID) async throws(MediaDownloadFailure) -> [String] {
        try await coordinator.paths(try await coordinator.brokenFiles(id), of: id)
    }

    public func repair(_ id: MediaDownloadID) async throws(MediaDownloadFailure) { try await coordinator.repair(id) }

    public func snapshot(_ id: MediaDownloadID) async -> MediaDownloadSnapshot? { await coordinator.snapshot(id) }
}
