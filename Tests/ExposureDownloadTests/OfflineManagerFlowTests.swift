import Exposure
import ExposureDownload
import Foundation
import MockPlatformTesting
import TestSupport
import Testing

/// A download's whole way against the real mock, with the scripted downloader: calls, states,
/// listeners and the event stream.
@Suite(.onItsOwnQueue, .timeLimit(.minutes(1))) struct OfflineManagerFlowTests {
    @Test func aDownloadFetchesInfoAndEntitlementThenFinishesDownloadedAndReported() async throws {
        let harness = try await DownloadHarness.start()
        defer { harness.platform.stop() }
        let manager = harness.manager
        let item = harness.item("arctic-journey")
        var events = manager.events.makeAsyncIterator()
        var reports = manager.reportOutcomes.makeAsyncIterator()

        try await manager.startDownload(item, configuration: DownloadConfiguration(minimumBitrate: 1))
        let seen = await ExposureDownloadTests.events(&events) { $0 == .finished(assetId: item.assetId) }

        #expect(
            seen == [25, 50, 75, 100].map { .progressed(assetId: item.assetId, percent: Double($0)) } + [.finished(assetId: item.assetId)])
        #expect(manager.offlineState(for: item) == .downloaded)
        let prepared = try #require(harness.downloader.download(item.assetId))
        let master = try await harness.downloader.availableTracks(source: prepared.source)
        #expect(prepared.selection.videoBitrate == master.videos.map(\.bitrate).min())
        #expect(prepared.source.absoluteString.hasPrefix(harness.platform.environment.baseUrl))
        let delivered = await outcome(&reports) { _ in true }
        #expect(delivered == .delivered(harness.report(.completed, item)))
        #expect(harness.serverRecords.map(\.kind) == [.download])
        #expect(manager.isPlayableOffline(sourceItem: item))
        #expect(manager.usedStorage(for: item) == 4 * Int(ScriptedDownloader.bytesPerFile))
        #expect(manager.usedStorage() == manager.usedStorage(for: item))
        let offline = try #require(manager.createOfflineSourceItem(for: item, restrictedToAssetCache: true))
        #expect(FileManager.default.fileExists(atPath: offline.url.path))
        #expect(offline.entitlement.entitlementType == "DOWNLOAD")
    }

    @Test func everyListenerOfAnItemHearsItsCallbacksInOrderAndTheStreamTheSame() async throws {
        let harness = try await DownloadHarness.start(pace: .manual)
        defer { harness.platform.stop() }
        let manager = harness.manager
        let item = harness.item("arctic-journey")
        let (first, second, bystander) = (RecordingListener(), RecordingListener(), RecordingListener())
        manager.add(listener: first, for: item)
        manager.add(listener: second, for: item)
        manager.add(listener: bystander, for: harness.item("city-lights"))
        var events = manager.events.makeAsyncIterator()

        manager.download(sourceItem: item)
        #expect(manager.offlineState(for: item) == .downloading)
        // Queued behind the download's own work, so once it answers the downloader is fetching.
        _ = try await manager.availableTracks(for: item)
        harness.downloader.completeFile(item.downloadIdForTests)
        _ = await ExposureDownloadTests.events(&events) { $0 == .progressed(assetId: item.assetId, percent: 25) }
        manager.suspendDownload(for: item)
        #expect(manager.offlineState(for: item) == .suspended)
        manager.resumeDownload(for: item)
        #expect(manager.offlineState(for: item) == .downloading)
        _ = await ExposureDownloadTests.events(&events) { $0 == .resumed(assetId: item.assetId, percent: 25) }
        manager.remove(listener: second, for: item)
        _ = try await manager.availableTracks(for: item)
        for _ in 0..<3 { harness.downloader.completeFile(item.downloadIdForTests) }
        _ = await ExposureDownloadTests.events(&events) { $0 == .finished(assetId: item.assetId) }

        let untilResume = ["tracks", "progress 25", "suspend", "resume 25"]
        #expect(first.calls == untilResume + ["tracks", "progress 50", "progress 75", "progress 100", "finish"])
        #expect(second.calls == untilResume)
        #expect(bystander.calls.isEmpty)
    }

    @Test func aCallTheTableDoesNotAllowIsAnErrorForListenersAndForTheAsyncLayer() async throws {
        let harness = try await DownloadHarness.start()
        defer { harness.platform.stop() }
        let manager = harness.manager
        let item = harness.item("arctic-journey")
        var events = manager.events.makeAsyncIterator()

        manager.suspendDownload(for: item)
        let refused = await ExposureDownloadTests.events(&events) { _ in true }
        #expect(refused == [.failed(assetId: item.assetId, .invalidTransition(from: .notDownloaded, call: .suspendDownload))])
        await #expect(throws: OfflineManagerError.invalidTransition(from: .notDownloaded, call: .deleteOfflineData)) {
            try await manager.delete(item)
        }
        try await manager.startDownload(item)
        _ = await ExposureDownloadTests.events(&events) { $0 == .finished(assetId: item.assetId) }
        await #expect(throws: OfflineManagerError.invalidTransition(from: .downloaded, call: .download)) {
            try await manager.startDownload(item)
        }
        await #expect(throws: OfflineManagerError.invalidTransition(from: .downloaded, call: .cancelDownload)) {
            try await manager.cancel(item)
        }
        #expect(manager.offlineState(for: item) == .downloaded)
    }

    @Test func cancelGoesThroughCancelingAndDeletesThePartialData() async throws {
        let (harness, item) = try await DownloadHarness.fetching()
        defer { harness.platform.stop() }
        let manager = harness.manager
        var events = manager.events.makeAsyncIterator()
        harness.downloader.completeFile(item.downloadIdForTests)
        // The files go only when the test has seen Canceling: the removal would otherwise race the look.
        harness.downloader.holdRemovals()

        manager.cancelDownload(for: item)
        #expect(manager.offlineState(for: item) == .canceling)
        harness.downloader.releaseRemovals()
        _ = await ExposureDownloadTests.events(&events) { $0 == .canceled(assetId: item.assetId) }

        #expect(manager.offlineState(for: item) == .notDownloaded)
        #expect(harness.downloader.download(item.assetId) == nil)
        #expect(!FileManager.default.fileExists(atPath: harness.folder.appendingPathComponent("media/\(item.assetId)").path))
        #expect(harness.serverRecords.isEmpty)
    }

    @Test func aDownloaderFailureSuspendsTheDownloadWithItsReason() async throws {
        let (harness, item) = try await DownloadHarness.fetching()
        defer { harness.platform.stop() }
        let manager = harness.manager
        var events = manager.events.makeAsyncIterator()

        harness.downloader.fail(item.downloadIdForTests, .network("connection reset"))
        let seen = await ExposureDownloadTests.events(&events) { $0 == .suspended(assetId: item.assetId) }

        #expect(seen == [.failed(assetId: item.assetId, .network("connection reset")), .suspended(assetId: item.assetId)])
        #expect(manager.offlineState(for: item) == .suspended)
        try await manager.resume(item)
        #expect(manager.offlineState(for: item) == .downloading)
    }

    @Test func aFailedLicenseSyncLeavesARunningDownloadRunning() async throws {
        let (harness, item) = try await DownloadHarness.fetching()
        defer { harness.platform.stop() }
        let manager = harness.manager
        var events = manager.events.makeAsyncIterator()

        manager.syncOfflineDrmLicenseInformation(for: item)
        let seen = await ExposureDownloadTests.events(&events) { if case .failed = $0 { true } else { false } }

        #expect(seen == [.failed(assetId: item.assetId, .notDownloaded(item.assetId))])
        _ = try await manager.availableTracks(for: item)
        #expect(manager.offlineState(for: item) == .downloading, "a license refresh never suspends the download")
    }
}

extension SourceItem {
    var downloadIdForTests: MediaDownloadID { MediaDownloadID(rawValue: assetId) }
}
