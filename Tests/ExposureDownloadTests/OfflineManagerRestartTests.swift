import Exposure
import ExposureDownload
import Foundation
import MockPlatformTesting
import TestSupport
import Testing

/// What survives a restart: downloads that were running come back Suspended with their bytes,
/// and reports the backend did not take are sent by the next run.
@Suite(.onItsOwnQueue, .timeLimit(.minutes(1))) struct OfflineManagerRestartTests {
    @Test func aDownloadRunningWhenTheAppEndedComesBackSuspendedAndResumes() async throws {
        let (before, item) = try await DownloadHarness.fetching()
        defer { before.platform.stop() }
        var events = before.manager.events.makeAsyncIterator()
        before.downloader.completeFile(item.downloadIdForTests)
        _ = await ExposureDownloadTests.events(&events) { $0 == .progressed(assetId: item.assetId, percent: 25) }

        let after = await before.restarted()
        #expect(after.manager.offlineState(for: item) == .suspended)
        await after.manager.waitForRestoredDownloads()
        #expect(after.manager.areSuspendedDownloadsRestored)
        var resumed = after.manager.events.makeAsyncIterator()

        try await after.manager.resume(item)
        let seen = await ExposureDownloadTests.events(&resumed) { $0 == .finished(assetId: item.assetId) }

        #expect(seen.first == .resumed(assetId: item.assetId, percent: 25))
        #expect(seen.contains(.progressed(assetId: item.assetId, percent: 100)))
        #expect(after.manager.offlineState(for: item) == .downloaded)
        #expect(after.downloader.download(item.assetId)?.completedFiles == ScriptedDownloader.filesPerDownload)
    }

    @Test func aReportTheBackendRefusedIsRetriedByTheNextRun() async throws {
        let before = try await DownloadHarness.start()
        defer { before.platform.stop() }
        _ = try before.platform.inject(.status(503, path: "/downloadcompleted$", times: 1))
        let item = before.item("arctic-journey")
        var reports = before.manager.reportOutcomes.makeAsyncIterator()
        let report = before.report(.completed, item)

        try await before.manager.startDownload(item)
        let failed = await outcome(&reports) { _ in true }
        #expect(failed == .retrying(report, attempts: 1, nextAttempt: before.clock.now + .seconds(1)))
        #expect(before.serverRecords.isEmpty)

        let after = await before.restarted(laterMs: 60_000)
        var retried = after.manager.reportOutcomes.makeAsyncIterator()
        let delivered = await outcome(&retried) { _ in true }

        #expect(delivered == .delivered(report))
        #expect(after.serverRecords.map(\.kind) == [.download])
        #expect(after.manager.offlineState(for: item) == .downloaded)
    }

    @Test func aRefusedReportIsRetriedAfterItsBackoffOnTheClock() async throws {
        let harness = try await DownloadHarness.start()
        defer { harness.platform.stop() }
        _ = try harness.platform.inject(.status(503, path: "/downloadcompleted$", times: 2))
        let item = harness.item("arctic-journey")
        var reports = harness.manager.reportOutcomes.makeAsyncIterator()
        let report = harness.report(.completed, item)
        let start = harness.clock.now

        try await harness.manager.startDownload(item)
        #expect(await outcome(&reports) { _ in true } == .retrying(report, attempts: 1, nextAttempt: start + .seconds(1)))
        harness.clock.advance(by: .milliseconds(1_000))
        #expect(await outcome(&reports) { _ in true } == .retrying(report, attempts: 2, nextAttempt: start + .seconds(3)))
        harness.clock.advance(by: .milliseconds(2_000))
        #expect(await outcome(&reports) { _ in true } == .delivered(report))
        #expect(harness.serverRecords.map(\.kind) == [.download])
    }
}
