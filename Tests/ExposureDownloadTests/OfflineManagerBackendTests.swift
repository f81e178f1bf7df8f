import Exposure
import ExposureDownload
import Foundation
import MockPlatformTesting
import TestSupport
import Testing

/// What the backend refuses, and what the manager tells it: the download limit, entitlement,
/// space, and the reports that free the count.
@Suite(.onItsOwnQueue, .timeLimit(.minutes(1))) struct OfflineManagerBackendTests {
    @Test func theLimitGivesDownloadLimitReachedAndDeleteFreesItOnTheServer() async throws {
        let phone = try await DownloadHarness.start(user: "basic")
        defer { phone.platform.stop() }
        let tablet = try await DownloadHarness.start(user: "basic", platform: phone.platform)
        let item = phone.item("city-lights")
        var reports = phone.manager.reportOutcomes.makeAsyncIterator()
        var events = phone.manager.events.makeAsyncIterator()

        try await phone.manager.startDownload(item)
        _ = await ExposureDownloadTests.events(&events) { $0 == .finished(assetId: item.assetId) }
        _ = await outcome(&reports) { _ in true }
        #expect(phone.serverRecords.map(\.kind) == [.download])

        await #expect(throws: OfflineManagerError.downloadLimitReached) {
            try await tablet.manager.startDownload(tablet.item("city-lights"))
        }
        #expect(tablet.manager.offlineState(for: tablet.item("city-lights")) == .notDownloaded)

        try await phone.manager.delete(item)
        #expect(phone.manager.offlineState(for: item) == .notDownloaded)
        let released = await outcome(&reports) { _ in true }
        #expect(released == .delivered(phone.report(.deleted, item)))
        #expect(phone.serverRecords.isEmpty)
        #expect(phone.downloader.download(item.assetId) == nil)

        try await tablet.manager.startDownload(tablet.item("city-lights"))
        #expect(tablet.manager.offlineState(for: tablet.item("city-lights")) != .notDownloaded)
    }

    @Test func anAssetTheAccountMayNotWatchIsNotEntitledAndLeavesNothingBehind() async throws {
        let harness = try await DownloadHarness.start(user: "basic")
        defer { harness.platform.stop() }
        let item = harness.item("arctic-journey")
        var events = harness.manager.events.makeAsyncIterator()

        await #expect(throws: OfflineManagerError.notEntitled("NOT_ENTITLED")) { try await harness.manager.startDownload(item) }

        let seen = await ExposureDownloadTests.events(&events) { $0 == .canceled(assetId: item.assetId) }
        #expect(seen == [.failed(assetId: item.assetId, .notEntitled("NOT_ENTITLED")), .canceled(assetId: item.assetId)])
        #expect(harness.manager.offlineState(for: item) == .notDownloaded)
        #expect(harness.downloader.download(item.assetId) == nil)
    }

    @Test func aDownloadThatWouldLeaveLessThanTheThresholdIsRefusedWithInsufficientSpace() async throws {
        let harness = try await DownloadHarness.start(storage: TestStorage(TestStorage.nearlyFull))
        defer { harness.platform.stop() }
        let item = harness.item("arctic-journey")

        await #expect(throws: OfflineManagerError.insufficientSpace) { try await harness.manager.startDownload(item) }

        #expect(harness.manager.offlineState(for: item) == .notDownloaded)
        #expect(harness.downloader.download(item.assetId) == nil)
    }

    @Test func theTracksComeFromDownloadinfo() async throws {
        let harness = try await DownloadHarness.start()
        defer { harness.platform.stop() }
        let item = harness.item("arctic-journey")
        let listener = RecordingListener()
        harness.manager.add(listener: listener, for: item)

        let tracks = try await harness.manager.availableTracks(for: item)

        #expect(!tracks.available.videos.isEmpty)
        #expect(tracks.available.videos.map(\.bitrate) == tracks.available.videos.map(\.bitrate).sorted())
        #expect(Set(tracks.available.audios.map(\.language)).count == tracks.available.audios.count)
        #expect(tracks.videoBitrate == nil && tracks.audioLanguages == nil)
    }
}
