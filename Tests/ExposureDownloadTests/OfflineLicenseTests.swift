import Exposure
import ExposureDownload
import Foundation
import MockPlatformTesting
import TestSupport
import Testing

/// Offline licenses on the manager's virtual clock: remaining time, the expiry event, renewal, sync.
@Suite(.onItsOwnQueue, .timeLimit(.minutes(1))) struct OfflineLicenseTests {
    /// arctic-journey's license lasts 48 hours (Fixtures/catalog/assets.json).
    static let lifetimeSeconds = 48 * 3_600

    static func downloaded(_ harness: DownloadHarness, _ item: SourceItem) async throws {
        var events = harness.manager.events.makeAsyncIterator()
        try await harness.manager.startDownload(item)
        _ = await ExposureDownloadTests.events(&events) { $0 == .finished(assetId: item.assetId) }
    }

    @Test func theLicenseExpiresOnTheClockWithAnEventAndRefusesPlayback() async throws {
        let harness = try await DownloadHarness.start()
        defer { harness.platform.stop() }
        let item = harness.item("arctic-journey")
        try await Self.downloaded(harness, item)
        let listener = RecordingListener()
        harness.manager.add(listener: listener, for: item)
        var events = harness.manager.events.makeAsyncIterator()

        let license = harness.manager.offlineDrmLicenseInformation(for: item)
        #expect(license.licenseDuration == Self.lifetimeSeconds)
        let expiryMs = try #require(license.expiry?.millisecondsSince1970)
        harness.clock.advance(to: WallTime(millisecondsSince1970: expiryMs - 1_000))
        #expect(harness.manager.offlineDrmLicenseInformation(for: item).licenseDuration == 1)
        #expect(harness.manager.isPlayableOffline(sourceItem: item))

        harness.clock.advance(to: WallTime(millisecondsSince1970: expiryMs))
        let seen = await ExposureDownloadTests.events(&events) { $0 == .failed(assetId: item.assetId, .licenseExpired) }

        #expect(seen == [.licenseExpired(assetId: item.assetId), .failed(assetId: item.assetId, .licenseExpired)])
        #expect(listener.calls == ["expire", "fail offline license expired"])
        #expect(harness.manager.offlineDrmLicenseInformation(for: item).licenseDuration == 0)
        #expect(!harness.manager.isPlayableOffline(sourceItem: item))
        #expect(throws: OfflineManagerError.licenseExpired) { try harness.manager.checkPlayableOffline(item.assetId) }
        #expect(throws: OfflineManagerError.licenseExpired) {
            try EnigmaDownloads(manager: harness.manager).offlinePlayback(assetId: item.assetId)
        }
    }

    @Test func renewalValidatesWithTheBackendReportsItAndMovesTheExpiry() async throws {
        let harness = try await DownloadHarness.start()
        defer { harness.platform.stop() }
        let item = harness.item("arctic-journey")
        try await Self.downloaded(harness, item)
        let before = try #require(harness.manager.offlineDrmLicenseInformation(for: item).expiry?.millisecondsSince1970)
        var reports = harness.manager.reportOutcomes.makeAsyncIterator()
        _ = await outcome(&reports) { _ in true }
        var events = harness.manager.events.makeAsyncIterator()
        harness.platform.advanceClock(by: .seconds(3_600))

        harness.manager.renewOfflineLicense(for: item)
        #expect(harness.manager.offlineState(for: item) == .downloaded)
        _ = await ExposureDownloadTests.events(&events) { $0 == .renewedLicense(assetId: item.assetId) }
        let renewed = await outcome(&reports) { _ in true }

        let after = try #require(harness.manager.offlineDrmLicenseInformation(for: item).expiry?.millisecondsSince1970)
        #expect(after - before == 3_600_000)
        #expect(renewed == .delivered(harness.report(.renewed, item)))
        #expect(harness.serverRecords.map(\.kind) == [.download, .renew])
    }

    @Test func syncFindsALicenseThePlatformCallsExpiredAndEndsItNow() async throws {
        let harness = try await DownloadHarness.start()
        defer { harness.platform.stop() }
        let item = harness.item("arctic-journey")
        try await Self.downloaded(harness, item)
        // The platform knows of the download once its `downloadcompleted` report arrived.
        var reports = harness.manager.reportOutcomes.makeAsyncIterator()
        _ = await outcome(&reports) { _ in true }
        try await harness.manager.syncLicense(item)
        #expect(harness.manager.isPlayableOffline(sourceItem: item))
        var events = harness.manager.events.makeAsyncIterator()
        harness.platform.advanceClock(by: .seconds(Int64(Self.lifetimeSeconds + 60)))
        // The old session expired meanwhile; the item passed with a new one carries it.
        let token = try await Authenticate(environment: harness.platform.environment)
            .login(username: "premium", password: "sandbox").request().sessionToken

        try await harness.manager.syncLicense(SourceItem(assetId: item.assetId, environment: item.environment, sessionToken: token))

        _ = await ExposureDownloadTests.events(&events) { $0 == .licenseExpired(assetId: item.assetId) }
        #expect(!harness.manager.isPlayableOffline(sourceItem: item))
    }

    @Test func aNotDownloadedItemHasNoLicense() async throws {
        let harness = try await DownloadHarness.start()
        defer { harness.platform.stop() }
        let item = harness.item("arctic-journey")
        #expect(
            harness.manager.offlineDrmLicenseInformation(for: item)
                == DrmLicenseInformation(licenseDuration: 0, playbackDuration: 0, expiry: nil))
        #expect(harness.manager.createOfflineSourceItem(for: item, restrictedToAssetCache: true) == nil)
        await #expect(throws: OfflineManagerError.notDownloaded(item.assetId)) { try await harness.manager.syncLicense(item) }
    }
}
