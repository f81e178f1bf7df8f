import Exposure
import ExposureDownload
import ExposurePlayback
import Foundation
import MockPlatformTesting
import Synchronization
import TestSupport

/// A real mock on 127.0.0.1, a logged-in user, and an OfflineManager on a fresh folder with a
/// scripted downloader, a clock that moves only when the test moves it, and monitors the test
/// switches. `start` returns once the manager restored its (empty) folder.
struct DownloadHarness {
    let platform: MockPlatform
    /// Removed when the last harness on it (this one, and the ones `restarted` made) is released.
    let temporaryFolder: TemporaryFolder
    var folder: URL { temporaryFolder.url }
    let clock: ManualClock
    let network: TestNetwork
    let storage: TestStorage
    let downloader: ScriptedDownloader
    let manager: OfflineManager
    let token: SessionToken

    static func start(
        user: String = "premium", platform existing: MockPlatform? = nil, pace: ScriptedDownloader.Pace = .automatic,
        storage: TestStorage = TestStorage()
    ) async throws -> DownloadHarness {
        let platform: MockPlatform
        if let existing {
            platform = existing
        } else {
            platform = try await MockPlatform.start()
            // Licenses are granted on the platform's clock: frozen, they are exact hours on the manager's.
            platform.freezeClock()
        }
        let token = try await Authenticate(environment: platform.environment).login(username: user, password: "sandbox").request()
            .sessionToken
        let folder = TemporaryFolder("offline")
        // Whole seconds, as play token expiries are.
        let startMs = Int64(platform.now.timeIntervalSince1970) * 1000
        let harness = make(
            platform: platform, folder: folder, clock: ManualClock(at: WallTime(millisecondsSince1970: startMs)), token: token, pace: pace,
            storage: storage)
        await harness.manager.waitForRestoredDownloads()
        return harness
    }

    /// A second manager (and downloader) on the same folder, as after a restart of the app
    /// `laterMs` later, with a new clock.
    func restarted(laterMs: Int64 = 60_000, pace: ScriptedDownloader.Pace = .automatic) async -> DownloadHarness {
        await manager.shutdown()
        let startMs = clock.nowMs + laterMs
        return Self.make(
            platform: platform, folder: temporaryFolder, clock: ManualClock(at: WallTime(millisecondsSince1970: startMs)),
            token: token, pace: pace, storage: storage)
    }

    private static func make(
        platform: MockPlatform, folder: TemporaryFolder, clock: ManualClock, token: SessionToken, pace: ScriptedDownloader.Pace,
        storage: TestStorage
    ) -> DownloadHarness {
        let network = TestNetwork()
        let downloader = ScriptedDownloader(folder: folder.url.appendingPathComponent("media"), pace: pace)
        let dependencies = OfflineManagerDependencies(
            dataFolder: folder.url, transport: AutomaticTransport.shared, clock: clock, network: network, storage: storage,
            makeDownloader: { _, _, _ in downloader })
        return DownloadHarness(
            platform: platform, temporaryFolder: folder, clock: clock, network: network, storage: storage,
            downloader: downloader, manager: OfflineManager(dependencies: dependencies), token: token)
    }

    func item(_ assetId: String) -> SourceItem {
        SourceItem(assetId: assetId, environment: platform.environment, sessionToken: token)
    }

    /// The mock's download records of this user's account.
    var serverRecords: [DownloadRecord] { platform.downloads(accountId: token.accountId) }
}

/// Reads events until one matches; returns every event read, the match last.
func events(
    _ iterator: inout AsyncStream<OfflineManagerEvent>.Iterator, until match: (OfflineManagerEvent) -> Bool
) async -> [OfflineManagerEvent] {
    var seen: [OfflineManagerEvent] = []
    while let event = await iterator.next() {
        seen.append(event)
        if match(event) { break }
    }
    return seen
}

/// Reads report outcomes until one matches.
func outcome(
    _ iterator: inout AsyncStream<DownloadReportOutcome>.Iterator, until match: (DownloadReportOutcome) -> Bool
) async -> DownloadReportOutcome? {
    while let outcome = await iterator.next() {
        if match(outcome) { return outcome }
    }
    return nil
}

/// A listener that writes down what it hears.
final class RecordingListener: OfflineManagerListener {
    private let heard = Mutex<[String]>([])
    var calls: [String] { heard.withLock { $0 } }
    private func note(_ call: String) { heard.withLock { $0.append(call) } }

    func offlineManager(_ offlineManager: OfflineManager, didProgressTo progress: Double) { note("progress \(Int(progress))") }
    func offlineManagerDidSuspendDownload(_ offlineManager: OfflineManager) { note("suspend") }
    func offlineManager(_ offlineManager: OfflineManager, didResumeDownloadWithProgress progress: Double) {
        note("resume \(Int(progress))")
    }
    func offlineManagerDidFinishDownload(_ offlineManager: OfflineManager) { note("finish") }
    func offlineManagerDidCancelDownload(_ offlineManager: OfflineManager) { note("cancel") }
    func offlineManagerDidRenewOfflineLicense(_ offlineManager: OfflineManager) { note("renew") }
    func offlineManager(_ offlineManager: OfflineManager, didFetchAvailableTracks tracks: OfflineTrackSelection) { note("tracks") }
    func offlineManager(_ offlineManager: OfflineManager, didFailWithError error: OfflineManagerError) { note("fail \(error)") }
    func offlineManagerDidExpireOfflineLicense(_ offlineManager: OfflineManager) { note("expire") }
}

extension DownloadHarness {
    /// A harness whose manager is fetching `assetId` with the manual downloader: no file completes
    /// until the test completes it.
    static func fetching(_ assetId: String = "arctic-journey") async throws -> (DownloadHarness, SourceItem) {
        let harness = try await start(pace: .manual)
        let item = harness.item(assetId)
        try await harness.manager.startDownload(item)
        return (harness, item)
    }

    /// The report the manager owes the backend about `item`.
    func report(_ kind: DownloadReport.Kind, _ item: SourceItem) -> DownloadReport {
        DownloadReport(kind: kind, assetId: item.assetId, environment: item.environment, sessionToken: item.sessionToken)
    }
}
