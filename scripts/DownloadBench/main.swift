// One download of an HLS title by the SDK's MediaDownloader into a folder, for
// scripts/bench-download: prints `prepared`/`restored`, `progress` lines (about every 1 % of the
// files, flushed, so the script can kill the process half-way), then what this run fetched.
// Run it again on the same folder to resume. Not a test: the numbers depend on the machine.
//   DownloadBench SOURCE_URL FOLDER [CONNECTIONS] [SIZES]
// SIZES: as-fetched (the default, as the OfflineManager downloads) or before-fetching (a HEAD per
// file at prepare, so the total is known from the start).
import BenchSupport
import Exposure
import ExposureDownload
import ExposurePlayback
import Foundation
import Synchronization

/// Counts the media GETs and their body bytes that went through.
final class CountingTransport: HTTPTransport {
    private let upstream: any HTTPTransport
    private let counts = Mutex<(requests: Int, bytes: Int)>((0, 0))

    init(_ upstream: any HTTPTransport) { self.upstream = upstream }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let response = try await upstream.send(request)
        if request.method == .get, request.url.path.hasPrefix("/media/") {
            counts.withLock { $0 = ($0.requests + 1, $0.bytes + response.body.count) }
        }
        return response
    }

    var totals: (requests: Int, bytes: Int) { counts.withLock { $0 } }
}

func seconds(since start: ContinuousClock.Instant) -> String {
    let elapsed = ContinuousClock.now - start
    return String(format: "%.3f", elapsed.inSeconds)
}

/// One line, written at once (no buffering), so the script reading it sees it as it happens.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Reads `downloader`'s events until the download finishes, saying about every `step`th file's
/// progress; exits on a failure. Off the main actor, as the OfflineManager listens: top-level
/// code is main-actor code, and waiting there for each event hopped to the main queue's thread
/// and back per file (a third of the process's thread wake-ups, measured).
nonisolated func follow(_ downloader: MediaDownloader, step: Int) async {
    for await event in downloader.events {
        switch event {
        case .progressed(_, let progress) where progress.completedFiles % step == 0:
            say("progress \(progress.completedFiles) \(progress.totalFiles) \(progress.completedBytes)")
        case .finished: return
        case .failed(_, let failure):
            say("failed \(failure)")
            exit(1)
        default: continue
        }
    }
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 2, let source = URL(string: arguments[arguments.startIndex]) else {
    FileHandle.standardError.write(Data("usage: DownloadBench SOURCE_URL FOLDER [CONNECTIONS] [as-fetched|before-fetching]\n".utf8))
    exit(2)
}
let folder = URL(fileURLWithPath: arguments[arguments.startIndex + 1])
let connections = arguments.count > 2 ? Int(arguments[arguments.startIndex + 2]) ?? 4 : 4
let sizesBeforeFetching = arguments.count > 3 && arguments[arguments.startIndex + 3] == "before-fetching"
let transport = CountingTransport(CurlTransport(timeout: 60))
let id = MediaDownloadID(rawValue: "bench")

do {
    let downloader = try MediaDownloader(
        folder: folder, transport: transport, clock: RealClock(), connections: connections, sizesBeforeFetching: sizesBeforeFetching)
    let start = ContinuousClock.now
    let total: Int
    var complete = false
    if let restored = try await downloader.restore().first(where: { $0.id == id }) {
        total = restored.progress.totalFiles
        complete = restored.phase == .complete
        say(
            "restored \(restored.phase.rawValue) files=\(restored.progress.completedFiles)/\(total) bytes=\(restored.progress.completedBytes)"
        )
    } else {
        let prepared = try await downloader.prepare(id, source: source, selection: MediaTrackSelection())
        total = prepared.progress.totalFiles
        say(
            "prepared files=\(total) expectedBytes=\(prepared.progress.expectedBytes.map(String.init) ?? "unknown") seconds=\(seconds(since: start))"
        )
    }
    let fetchStart = ContinuousClock.now
    // A download that finished before the kill announces nothing when started again.
    if !complete {
        try await downloader.start(id)
        await follow(downloader, step: max(1, total / 100))
    }
    let totals = transport.totals
    let used = await downloader.snapshot(id)?.usedBytes ?? 0
    say(
        "fetched files=\(totals.requests) bytes=\(totals.bytes) fetchSeconds=\(seconds(since: fetchStart)) totalSeconds=\(seconds(since: start)) cpuSeconds=\(String(format: "%.2f", ProcessUsage.cpuSeconds())) usedBytes=\(used)"
    )
} catch {
    say("failed \(error)")
    exit(1)
}
