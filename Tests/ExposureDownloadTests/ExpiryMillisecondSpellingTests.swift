import Clocks
import Exposure
import ExposureDownload
import Foundation
import Testing

/// The license and monitor spellings from before their times became `WallTime`s and `Duration`s
/// (`expiryMs`, `isExpired(atMs:)`, `remainingSeconds(atMs:)`, `offlineLicenseExpiryMs`,
/// `intervalMs`, a report outcome's `nextAttemptMs`) still compile and make and read the same values.
@Suite struct ExpiryMillisecondSpellingTests {
    @available(*, deprecated, message: "calls the deprecated millisecond spellings on purpose")
    @Test func theLicenseSpellingsReadAndWriteTheWallTimes() {
        var license = DownloadLicense(expiryMs: 10_000)
        #expect(license == DownloadLicense(expiry: WallTime(millisecondsSince1970: 10_000)))
        #expect(license.expiryMs == 10_000)
        #expect(license.isExpired(atMs: 10_000) && !license.isExpired(atMs: 9_999))
        #expect(license.remainingSeconds(atMs: 4_000) == 6 && license.remainingSeconds(atMs: 8_001) == 1)
        #expect(license.remainingSeconds(atMs: 11_000) == 0)
        license.expiryMs = 20_000
        #expect(license.expiry == WallTime(millisecondsSince1970: 20_000))

        var information = DrmLicenseInformation(licenseDuration: 1, playbackDuration: 1, expiryMs: 5)
        #expect(information == DrmLicenseInformation(licenseDuration: 1, playbackDuration: 1, expiry: WallTime(millisecondsSince1970: 5)))
        #expect(information.expiryMs == 5)
        information.expiryMs = nil
        #expect(information.expiry == nil)

        let entitlement = PlaybackEntitlement(playSessionId: "p", playTokenExpiration: 1_800_000_100, productId: "x")
        #expect(entitlement.offlineLicenseExpiryMs == 1_800_000_100_000)
        #expect(entitlement.offlineLicenseExpiry == WallTime(millisecondsSince1970: 1_800_000_100_000))
    }

    @available(*, deprecated, message: "calls the deprecated millisecond spellings on purpose")
    @Test func theLicenseKeepsItsJSON() throws {
        let json = try JSONEncoder().encode(DownloadLicense(expiry: WallTime(millisecondsSince1970: 1_800_000_000_123)))
        #expect(String(decoding: json, as: UTF8.self) == #"{"expiryMs":1800000000123}"#)
        #expect(try JSONDecoder().decode(DownloadLicense.self, from: json).expiryMs == 1_800_000_000_123)
    }

    @available(*, deprecated, message: "calls the deprecated millisecond spellings on purpose")
    @Test func theMonitorTakesItsIntervalInMilliseconds() {
        let folder = FileManager.default.temporaryDirectory
        let monitor = FileSystemStorageMonitor(
            folder: folder, clock: VirtualClock(start: WallTime(millisecondsSince1970: 0)), intervalMs: 5_000)
        #expect(monitor.availableBytes > 0)
    }

    @available(*, deprecated, message: "calls the deprecated millisecond spellings on purpose")
    @Test func aRetryingOutcomeTakesItsNextAttemptInMilliseconds() {
        let report = DownloadReport(
            kind: .completed, assetId: "a", environment: Environment(baseUrl: "http://127.0.0.1:1", customer: "C", businessUnit: "B"),
            sessionToken: SessionToken(value: "t"))
        #expect(
            DownloadReportOutcome.retrying(report, attempts: 2, nextAttemptMs: 3_000)
                == .retrying(report, attempts: 2, nextAttempt: WallTime(millisecondsSince1970: 3_000)))
    }
}
