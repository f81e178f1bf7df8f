import Cryptography
import Exposure
import ExposureDownload
import ExposurePlayback
import Foundation
import MockPlatformTesting
import Synchronization
import TestSupport
import Testing

/// A mock on 127.0.0.1 port 0, a folder of its own, a free-running virtual clock (so backoff
/// waits take no time) and downloaders wired to them.
final class MediaDownloadHarness: Sendable {
    let platform: MockPlatform
    private let temporaryFolder = TemporaryFolder("media-downloader")
    var folder: URL { temporaryFolder.url }
    let clock = VirtualClock(start: WallTime(millisecondsSince1970: 1_800_000_000_000))

    init() async throws {
        platform = try await MockPlatform.start()
    }

    deinit { platform.stop() }

    /// The VOD master playlist of `assetId`.
    func source(_ assetId: String = "behind-the-scenes") -> URL {
        URL(string: "\(platform.baseURL)/streams/vod/\(assetId)/default/master.m3u8")!
    }

    func downloader(_ transport: any HTTPTransport, connections: Int = 4, sizesBeforeFetching: Bool = true) throws -> MediaDownloader {
        try MediaDownloader(
            folder: folder, transport: transport, clock: clock, connections: connections, sizesBeforeFetching: sizesBeforeFetching)
    }

    /// The index's record of `id`, read from the file as a later process would.
    func indexed(_ id: MediaDownloadID) throws -> IndexedDownload? {
        try DownloadIndex(url: folder.appendingPathComponent(MediaDownloader.indexFileName)).all().first { $0.id == id }
    }

    /// The bytes the mock serves for a `/media/…` URL: the fixture file itself.
    static func sourceBytes(of url: URL) throws -> Data {
        try Data(contentsOf: FixtureLoader.bundledDirectory.appendingPathComponent(String(url.path.dropFirst(1))))
    }

    /// Every planned file of `id` is on disk with the source's bytes, and recorded with their length and SHA-256.
    func expectPackageEqualsSource(_ id: MediaDownloadID, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let record = try #require(try indexed(id), sourceLocation: sourceLocation)
        let package = folder.appendingPathComponent(record.folder)
        for file in record.files {
            let source = try Self.sourceBytes(of: file.planned.url)
            let local = try Data(contentsOf: package.appendingPathComponent(file.planned.path))
            #expect(local == source, "\(file.planned.path) differs from \(file.planned.url.path)", sourceLocation: sourceLocation)
            #expect(
                file.completion == .init(length: Int64(source.count), sha256: SHA256.hex(of: source)),
                "\(file.planned.path) is not recorded with its length and digest", sourceLocation: sourceLocation)
        }
        #expect(try partialFiles(of: id).isEmpty, "files left under their temporary names", sourceLocation: sourceLocation)
    }

    /// The names of the files in `id`'s package still under their temporary names.
    func partialFiles(of id: MediaDownloadID) throws -> [String] {
        let record = try #require(try indexed(id))
        return try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(record.folder).path)
            .filter { $0.hasSuffix(PackageFiles.partialSuffix) }
    }
}

/// Reads events until one matches `last` (included).
func events(of downloader: MediaDownloader, until last: (MediaDownloadEvent) -> Bool) async -> [MediaDownloadEvent] {
    var seen: [MediaDownloadEvent] = []
    for await event in downloader.events {
        seen.append(event)
        if last(event) { break }
    }
    return seen
}

extension MediaDownloadEvent {
    var isFinished: Bool { if case .finished = self { true } else { false } }
    var isFailed: Bool { if case .failed = self { true } else { false } }
    var isSuspended: Bool { if case .suspended = self { true } else { false } }
    var isEnd: Bool { isFinished || isFailed }
    var progress: MediaDownloadProgress? {
        switch self {
        case .progressed(_, let progress), .suspended(_, let progress): progress
        default: nil
        }
    }
}

/// Passes requests to the real transport and counts them; after `passing` media GETs it can hold
/// the rest until their task is cancelled, as a network that stopped answering would.
final class GatedTransport: HTTPTransport {
    private struct State {
        var limit: Int?
        var passed = 0
        var requests: [(method: HTTPMethod, path: String)] = []
    }

    private let upstream: any HTTPTransport
    private let state: Mutex<State>

    init(upstream: any HTTPTransport = AutomaticTransport.shared, passing limit: Int? = nil) {
        self.upstream = upstream
        state = Mutex(State(limit: limit))
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let isMedia = request.method == .get && request.url.path.hasPrefix("/media/")
        let hold = state.withLock { state -> Bool in
            state.requests.append((request.method, request.url.path))
            guard isMedia else { return false }
            if let limit = state.limit, state.passed >= limit { return true }
            state.passed += 1
            return false
        }
        if hold {
            let (stalled, keepOpen) = AsyncStream<Never>.makeStream()
            for await _ in stalled {}
            withExtendedLifetime(keepOpen) {}
            throw CancellationError()
        }
        return try await upstream.send(request)
    }

    /// Lets every later request through.
    func open() { state.withLock { $0.limit = nil } }

    /// GETs of media files so far (held ones included).
    var mediaGets: [String] { state.withLock { $0.requests.filter { $0.method == .get && $0.path.hasPrefix("/media/") }.map(\.path) } }

    /// Requests with `method` so far.
    func count(_ method: HTTPMethod) -> Int { state.withLock { $0.requests.filter { $0.method == method }.count } }
}
