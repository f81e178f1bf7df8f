import ExposureAnalytics
import ExposureDownload
import ExposurePlayback
import Foundation
import MockPlatform
import Testing

/// The seed's offline samples on an asset downloaded from the mock through the manager they reach.
extension SeedSampleTests {
    static let downloadedAssetId = "behind-the-scenes"

    /// The samples' `enigmaDownloadManager` is the process's shared ``OfflineManager``, which
    /// keeps real time (its dependencies are the app's defaults), so the mock starts at the real
    /// time too: the license it grants is then valid on the manager's clock.
    @Test func aDownloadedAssetIsFoundAndPlaysToCompletedFromDisk() async throws {
        let mock = try SeedMock(startMs: Int64(Date().timeIntervalSince1970) * 1000)
        let outbox = try AnalyticsOutbox.inMemory()
        let app = try await mock.app(outbox: outbox)
        let assetId = Self.downloadedAssetId
        // A no-op when another test made the shared manager first (on a temporary folder of its own).
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("seed-offline-\(UUID().uuidString)")
        OfflineManager.initializeOfflineManager(offlineConfiguration: OfflineConfiguration(dataFolder: folder))
        await OfflineManager.sharedInstance().waitForRestoredDownloads()

        var events = OfflineManager.sharedInstance().events.makeAsyncIterator()
        app.enigmaDownloadManager.download(assetId: assetId, using: app.sessionToken, in: app.environment).resume()
        while let event = await events.next() {
            if event == .finished(assetId: assetId) { break }
            if case .failed(assetId: assetId, let error) = event {
                Issue.record("the download failed: \(error)")
                return
            }
        }

        let (downloadedAsset, allDownloadedAssets) = app.downloadedAssetSamples(assetId: assetId)
        #expect(downloadedAsset?.downloadState == .downloaded && downloadedAsset?.format == "HLS")
        #expect(downloadedAsset?.urlAsset?.url.isFileURL == true)
        #expect(allDownloadedAssets.contains { $0.assetId == assetId })
        #expect(!app.enigmaDownloadManager.isExpired(assetId: assetId))

        app.eventListenerSamples()
        let requestsBefore = mock.platform.control.journal.totalRecorded
        let playback = try #require(app.offlineMediaPlayableSample(assetId: assetId), "the sample started no playback")
        await playback.value
        #expect(
            app.received.filter { !$0.hasPrefix("bitrate") } == ["created", "prepared", "started", "completed"],
            "no entitlement was asked for: \(app.received)")
        #expect(app.player.playheadPosition >= 88_000, "played to the end: \(app.player.playheadPosition)")
        // The manager may still report `downloadcompleted`; the playback itself asked the mock for nothing.
        let asked = mock.platform.control.journal.entries().filter { $0.id > requestsBefore && !$0.path.contains("/download") }
        #expect(asked.isEmpty, "\(asked.map(\.path))")
        #expect(try outbox.pendingEventCount() > 0, "the offline playback's analytics wait in the outbox")

        try await app.enigmaDownloadManager.removeDownloadedAsset(assetId: assetId)
        #expect(app.enigmaDownloadManager.getDownloadedAsset(assetId: assetId) == nil)
    }
}
