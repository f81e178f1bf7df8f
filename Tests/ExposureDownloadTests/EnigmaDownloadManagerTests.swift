import Exposure
import ExposureDownload
import Foundation
import MockPlatformTesting
import TestSupport
import Testing

/// The official SDK's download API over the manager, as the player SDK's offline guide uses it.
@Suite(.onItsOwnQueue, .timeLimit(.minutes(1))) struct EnigmaDownloadManagerTests {
    struct DownloadsScreen: EnigmaDownloadManager {}

    @Test func aDownloadedAssetHasItsEntitlementLocalURLAndFormatPerAccountAndUser() async throws {
        let harness = try await DownloadHarness.start()
        defer { harness.platform.stop() }
        let downloads = EnigmaDownloads(manager: harness.manager)
        var events = harness.manager.events.makeAsyncIterator()

        let item = downloads.download(assetId: "arctic-journey", using: harness.token, in: harness.platform.environment)
        item.resume()
        _ = await ExposureDownloadTests.events(&events) { $0 == .finished(assetId: item.assetId) }

        let asset = try #require(downloads.getDownloadedAsset(assetId: "arctic-journey"))
        #expect(asset.entitlement?.entitlementType == "DOWNLOAD")
        #expect(asset.format == "HLS")
        #expect(asset.downloadState == .downloaded)
        let url = try #require(asset.urlAsset?.url)
        #expect(url.isFileURL && FileManager.default.fileExists(atPath: url.path))
        #expect(try downloads.offlinePlayback(assetId: "arctic-journey").url == url)
        #expect(!downloads.isExpired(assetId: "arctic-journey"))
        #expect(downloads.getDownloadedAssets().map(\.assetId) == ["arctic-journey"])
        #expect(downloads.getDownloadedAssets(accountId: harness.token.accountId).count == 1)
        #expect(downloads.getDownloadedAssets(userId: harness.token.userId).count == 1)
        #expect(downloads.getDownloadedAssets(accountId: "someone-else").isEmpty)
        #expect(downloads.getDownloadedAssets(accountId: nil).isEmpty)
        #expect(downloads.getDownloadedAsset(assetId: "city-lights") == nil)
        #expect(throws: OfflineManagerError.notDownloaded("city-lights")) { try downloads.offlinePlayback(assetId: "city-lights") }

        try await downloads.removeDownloadedAsset(assetId: "arctic-journey")
        #expect(downloads.getDownloadedAssets().isEmpty)
    }

    @Test func aConformingTypeGetsTheSharedManager() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shared-\(UUID().uuidString)")
        OfflineManager.initializeOfflineManager(offlineConfiguration: OfflineConfiguration(dataFolder: folder))

        #expect(OfflineManager.isOfflineManagerInitialized)
        #expect(DownloadsScreen().enigmaDownloadManager.manager === OfflineManager.sharedInstance())
        #expect(OfflineManager.minimumAvailableSpaceThreshold == 500)
    }
}
