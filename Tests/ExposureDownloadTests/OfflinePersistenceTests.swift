import Exposure
import ExposureDownload
import Foundation
import MockPlatformTesting
import Synchronization
import TestSupport
import Testing

/// Every state a listener hears of is already on disk, and the track selection asked for is the one
/// planned (the video in the master playlist's terms).
@Suite(.onItsOwnQueue, .timeLimit(.minutes(1))) struct OfflinePersistenceTests {
    /// Reads the item's state from its own connection to `offline.sqlite` whenever it hears of a change.
    final class DiskReadingListener: OfflineManagerListener {
        let store: OfflineStore
        let assetId: String
        private let read = Mutex<[String]>([])
        var states: [String] { read.withLock { $0 } }

        init(folder: URL, assetId: String) {
            store = OfflineStore(
                database: OfflineDatabaseHandle { () throws(OfflineManagerError) in try OfflineDatabase.open(folder: folder) })
            self.assetId = assetId
        }

        private func note(_ event: String) {
            let state = (try? store.all())?.first { $0.item.assetId == assetId }?.state.rawValue ?? "none"
            read.withLock { $0.append("\(event): \(state)") }
        }

        func offlineManagerDidSuspendDownload(_ offlineManager: OfflineManager) { note("suspend") }
        func offlineManager(_ offlineManager: OfflineManager, didResumeDownloadWithProgress progress: Double) { note("resume") }
        func offlineManagerDidFinishDownload(_ offlineManager: OfflineManager) { note("finish") }
        func offlineManagerDidCancelDownload(_ offlineManager: OfflineManager) { note("cancel") }
    }

    @Test func everyAnnouncedStateIsOnDiskFirst() async throws {
        let (harness, item) = try await DownloadHarness.fetching()
        defer { harness.platform.stop() }
        let manager = harness.manager
        let listener = DiskReadingListener(folder: harness.folder, assetId: item.assetId)
        manager.add(listener: listener, for: item)
        var events = manager.events.makeAsyncIterator()

        manager.suspendDownload(for: item)
        _ = await ExposureDownloadTests.events(&events) { $0 == .suspended(assetId: item.assetId) }
        manager.resumeDownload(for: item)
        _ = await ExposureDownloadTests.events(&events) { $0 == .resumed(assetId: item.assetId, percent: 0) }
        _ = try await manager.availableTracks(for: item)
        for _ in 0..<ScriptedDownloader.filesPerDownload { harness.downloader.completeFile(item.downloadIdForTests) }
        _ = await ExposureDownloadTests.events(&events) { $0 == .finished(assetId: item.assetId) }
        manager.deleteOfflineData(for: item)
        try await manager.startDownload(item)
        manager.cancelDownload(for: item)
        _ = await ExposureDownloadTests.events(&events) { $0 == .canceled(assetId: item.assetId) }

        #expect(listener.states == ["suspend: suspended", "resume: downloading", "finish: downloaded", "cancel: none"])
    }

    @Test func storedDownloadsAreTheManagersViewReadWithoutAManager() async throws {
        let (harness, item) = try await DownloadHarness.fetching()
        defer { harness.platform.stop() }
        // Listening before the calls: a stream made after one may start after its event went out.
        var events = harness.manager.events.makeAsyncIterator()
        harness.downloader.completeFile(item.downloadIdForTests)
        // The manager has taken the file in (its bytes are in the record the suspension saves).
        _ = await ExposureDownloadTests.events(&events) { if case .progressed(item.assetId, _) = $0 { true } else { false } }
        harness.manager.suspendDownload(for: item)
        _ = await ExposureDownloadTests.events(&events) { $0 == .suspended(assetId: item.assetId) }
        let summary = { (assets: [OfflineMediaAsset]) in assets.map { "\($0.assetId) \($0.downloadState.rawValue) \($0.completedBytes)" } }
        let stored = try StoredDownloads.assets(in: harness.folder)
        #expect(summary(stored) == summary(EnigmaDownloads(manager: harness.manager).getDownloadedAssets()))
        #expect(stored.first?.downloadState == .suspended)

        let nowhere = harness.folder.appendingPathComponent("never-used")
        #expect(try StoredDownloads.assets(in: nowhere).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: nowhere.path), "reading creates nothing")
    }

    @Test func theSelectedTracksAreTheOnesThePlanAsksFor() async throws {
        let harness = try await DownloadHarness.start(pace: .manual)
        defer { harness.platform.stop() }
        let item = harness.item("arctic-journey")
        var tracks = try await harness.manager.availableTracks(for: item)
        let language = try #require(tracks.available.audios.last?.language)
        tracks.audioLanguages = [language]
        tracks.subtitleLanguages = []

        harness.manager.download(sourceItem: item, tracks: tracks, downloadConfiguration: DownloadConfiguration(minimumBitrate: .max))
        _ = try await harness.manager.availableTracks(for: item)

        let planned = try #require(harness.downloader.download(item.assetId))
        let master = try await harness.downloader.availableTracks(source: planned.source)
        #expect(
            planned.selection
                == MediaTrackSelection(
                    videoBitrate: master.videos.map(\.bitrate).max(),
                    audioLanguages: [language], subtitleLanguages: []))
    }
}
