import Exposure
import ExposureDownload
import Foundation
import MockPlatformTesting
import TestSupport
import Testing

/// The Wi-Fi rule and the free-space threshold suspend active downloads and resume them.
@Suite(.onItsOwnQueue, .timeLimit(.minutes(1))) struct OfflineManagerPolicyTests {
    @Test func withTheWiFiRuleACellularNetworkSuspendsAndWiFiResumes() async throws {
        let (harness, item) = try await DownloadHarness.fetching()
        defer { harness.platform.stop() }
        let manager = harness.manager
        manager.restrictMediaDownloadsToWiFi = true
        var events = manager.events.makeAsyncIterator()

        harness.network.set(.cellular)
        _ = await ExposureDownloadTests.events(&events) { $0 == .suspended(assetId: item.assetId) }
        #expect(manager.offlineState(for: item) == .suspended)

        harness.network.set(.wifi)
        _ = await ExposureDownloadTests.events(&events) { $0 == .resumed(assetId: item.assetId, percent: 0) }
        #expect(manager.offlineState(for: item) == .downloading)
        _ = try await manager.availableTracks(for: item)
        for _ in 0..<ScriptedDownloader.filesPerDownload { harness.downloader.completeFile(item.downloadIdForTests) }
        _ = await ExposureDownloadTests.events(&events) { $0 == .finished(assetId: item.assetId) }
    }

    @Test func turningTheRuleOnWhileOnCellularSuspendsAndOffResumes() async throws {
        let harness = try await DownloadHarness.start(pace: .manual)
        defer { harness.platform.stop() }
        let manager = harness.manager
        let item = harness.item("arctic-journey")
        var events = manager.events.makeAsyncIterator()
        harness.network.set(.cellular)
        try await manager.startDownload(item)

        manager.restrictMediaDownloadsToWiFi = true
        #expect(manager.offlineState(for: item) == .suspended)
        manager.restrictMediaDownloadsToWiFi = false
        #expect(manager.offlineState(for: item) == .downloading)
        let seen = await ExposureDownloadTests.events(&events) { $0 == .resumed(assetId: item.assetId, percent: 0) }
        #expect(seen.suffix(2) == [.suspended(assetId: item.assetId), .resumed(assetId: item.assetId, percent: 0)])
    }

    @Test func lowSpaceSuspendsWithInsufficientSpaceAndResumesWhenSpaceReturns() async throws {
        let (harness, item) = try await DownloadHarness.fetching()
        defer { harness.platform.stop() }
        let manager = harness.manager
        var events = manager.events.makeAsyncIterator()
        harness.downloader.completeFile(item.downloadIdForTests)

        harness.storage.set(TestStorage.nearlyFull)
        let suspended = await ExposureDownloadTests.events(&events) { $0 == .suspended(assetId: item.assetId) }
        #expect(suspended.suffix(2) == [.failed(assetId: item.assetId, .insufficientSpace), .suspended(assetId: item.assetId)])

        harness.storage.set(TestStorage.plenty)
        _ = await ExposureDownloadTests.events(&events) { $0 == .resumed(assetId: item.assetId, percent: 25) }
        #expect(manager.offlineState(for: item) == .downloading)
    }

    @Test func aDownloadTheAppSuspendedStaysSuspendedWhenTheRuleClears() async throws {
        let (harness, item) = try await DownloadHarness.fetching()
        defer { harness.platform.stop() }
        let manager = harness.manager
        try await manager.suspend(item)

        manager.restrictMediaDownloadsToWiFi = true
        harness.network.set(.cellular)
        manager.restrictMediaDownloadsToWiFi = false

        #expect(manager.offlineState(for: item) == .suspended)
    }
}
