import Exposure
import ExposureDownload
import Foundation
import HLS
import Synchronization

/// A `MediaDownloading` whose files complete when the test says (or all at once with `.automatic`),
/// keeping its downloads in a JSON file so a second downloader on the same folder restores them
/// as a restarted process would.
final class ScriptedDownloader: MediaDownloading {
    enum Pace: Sendable { case automatic, manual }

    struct Download: Codable, Sendable {
        var phase: MediaDownloadPhase
        var completedFiles: Int
        var source: URL
        var selection: MediaTrackSelection
    }

    static let filesPerDownload = 4
    static let bytesPerFile: Int64 = 1_000

    private let folder: URL
    private let pace: Pace
    private let downloads: Mutex<[String: Download]>
    private let sink: AsyncStream<MediaDownloadEvent>.Continuation
    let events: AsyncStream<MediaDownloadEvent>
    private let startSink: AsyncStream<String>.Continuation
    /// The id of each download `start` was called for, as it is called.
    let starts: AsyncStream<String>
    /// Whether removals wait for ``releaseRemovals()``, and the removals waiting.
    private let removalGate = Mutex<(held: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    init(folder: URL, pace: Pace = .automatic) {
        self.folder = folder
        self.pace = pace
        let stored =
            (try? Data(contentsOf: folder.appendingPathComponent("scripted.json")))
            .flatMap { try? JSONDecoder().decode([String: Download].self, from: $0) } ?? [:]
        downloads = Mutex(stored)
        (events, sink) = AsyncStream.makeStream(of: MediaDownloadEvent.self)
        (starts, startSink) = AsyncStream.makeStream(of: String.self)
    }

    /// What `prepare` was asked for, by id.
    func download(_ id: String) -> Download? { downloads.withLock { $0[id] } }

    /// The master playlist's variants, read from the source as the real downloader reads them
    /// (the manager selects by their `BANDWIDTH`).
    func availableTracks(source: URL) async throws(MediaDownloadFailure) -> MediaTracks {
        do {
            let response = try await AutomaticTransport.shared.send(TransportRequest(method: .get, url: source))
            let master = try HLSParser.parseMaster(response.body)
            return MediaTracks(
                videos: master.variants.map { MediaTracks.Video(bitrate: $0.bandwidth) }.sorted { $0.bitrate < $1.bitrate },
                audios: [], subtitles: [])
        } catch {
            throw .invalidSource("\(error)")
        }
    }

    func restore() async throws(MediaDownloadFailure) -> [MediaDownloadSnapshot] {
        let ids = change { downloads in
            for id in downloads.keys where downloads[id]?.phase == .fetching { downloads[id]?.phase = .suspended }
            return Array(downloads.keys)
        }
        return ids.compactMap(snapshotNow)
    }

    /// Scripted packages are clear: like a downloader written before encrypted downloads, it
    /// implements only the keyless `prepare` (the protocol's default hands it every call).
    func prepare(_ id: MediaDownloadID, source: URL, selection: MediaTrackSelection) async throws(MediaDownloadFailure)
        -> MediaDownloadSnapshot
    {
        guard download(id.rawValue) == nil else { throw .alreadyExists(id) }
        let package = folder.appendingPathComponent(id.rawValue)
        do {
            try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
            try Data("#EXTM3U\n".utf8).write(to: package.appendingPathComponent("master.m3u8"))
        } catch {
            throw .storage("\(error)")
        }
        change { $0[id.rawValue] = Download(phase: .suspended, completedFiles: 0, source: source, selection: selection) }
        guard let snapshot = snapshotNow(id.rawValue) else { throw .unknownDownload(id) }
        return snapshot
    }

    func start(_ id: MediaDownloadID) async throws(MediaDownloadFailure) {
        try requireKnown(id)
        change { $0[id.rawValue]?.phase = .fetching }
        startSink.yield(id.rawValue)
        if pace == .automatic {
            while download(id.rawValue)?.phase == .fetching { completeFile(id) }
        }
    }

    /// Completes one more file of a fetching download, announcing progress (and the finish after the last).
    func completeFile(_ id: MediaDownloadID) {
        let finished = change { downloads -> Bool? in
            guard var download = downloads[id.rawValue], download.phase == .fetching else { return nil }
            download.completedFiles += 1
            if download.completedFiles == Self.filesPerDownload { download.phase = .complete }
            downloads[id.rawValue] = download
            return download.phase == .complete
        }
        guard let finished, let snapshot = snapshotNow(id.rawValue) else { return }
        sink.yield(.progressed(id, snapshot.progress))
        if finished { sink.yield(.finished(id)) }
    }

    /// Stops a download with a failure, as the real downloader does after its retries.
    func fail(_ id: MediaDownloadID, _ failure: MediaDownloadFailure) {
        change { $0[id.rawValue]?.phase = .suspended }
        sink.yield(.failed(id, failure))
    }

    func suspend(_ id: MediaDownloadID) async throws(MediaDownloadFailure) {
        try requireKnown(id)
        change { downloads in if downloads[id.rawValue]?.phase == .fetching { downloads[id.rawValue]?.phase = .suspended } }
        if let snapshot = snapshotNow(id.rawValue) { sink.yield(.suspended(id, snapshot.progress)) }
    }

    /// Makes removals wait until ``releaseRemovals()``, so a test can look at what comes before one.
    func holdRemovals() { removalGate.withLock { $0.held = true } }

    /// Lets held removals (and later ones) go.
    func releaseRemovals() {
        let waiting = removalGate.withLock { gate in
            gate.held = false
            defer { gate.waiting = [] }
            return gate.waiting
        }
        for removal in waiting { removal.resume() }
    }

    func remove(_ id: MediaDownloadID) async throws(MediaDownloadFailure) {
        await withCheckedContinuation { removal in
            let goes = removalGate.withLock { gate in
                if gate.held { gate.waiting.append(removal) }
                return !gate.held
            }
            if goes { removal.resume() }
        }
        try requireKnown(id)
        change { $0[id.rawValue] = nil }
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(id.rawValue))
    }

    func verify(_ id: MediaDownloadID) async throws(MediaDownloadFailure) -> [String] {
        try requireKnown(id)
        return []
    }

    func repair(_ id: MediaDownloadID) async throws(MediaDownloadFailure) { try requireKnown(id) }

    func snapshot(_ id: MediaDownloadID) async -> MediaDownloadSnapshot? { snapshotNow(id.rawValue) }

    private func snapshotNow(_ id: String) -> MediaDownloadSnapshot? {
        guard let download = download(id) else { return nil }
        let bytes = Int64(download.completedFiles) * Self.bytesPerFile
        return MediaDownloadSnapshot(
            id: MediaDownloadID(rawValue: id), phase: download.phase,
            progress: MediaDownloadProgress(
                completedBytes: bytes, expectedBytes: Int64(Self.filesPerDownload) * Self.bytesPerFile,
                completedFiles: download.completedFiles, totalFiles: Self.filesPerDownload),
            masterPlaylist: folder.appendingPathComponent(id).appendingPathComponent("master.m3u8"), usedBytes: bytes)
    }

    private func requireKnown(_ id: MediaDownloadID) throws(MediaDownloadFailure) {
        guard download(id.rawValue) != nil else { throw .unknownDownload(id) }
    }

    /// Changes the downloads and writes them to the folder, as the real downloader persists before it announces.
    @discardableResult
    private func change<Value>(_ body: (inout [String: Download]) -> Value) -> Value {
        downloads.withLock { downloads in
            let value = body(&downloads)
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? JSONEncoder().encode(downloads).write(to: folder.appendingPathComponent("scripted.json"))
            return value
        }
    }
}
