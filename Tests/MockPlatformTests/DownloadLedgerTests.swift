import Clocks
import ExposureModels
import Testing

@testable import MockPlatform

/// Download counts and license expiry as values.
@Suite struct DownloadLedgerTests {
    static let hour: Int64 = 3_600_000

    static func at(_ ms: Int64) -> WallTime { WallTime(millisecondsSince1970: ms) }

    static func record(_ kind: DownloadRecord.Kind, at ms: Int64) -> DownloadRecord {
        DownloadRecord(accountId: "a", assetId: "x", kind: kind, deviceId: "d", time: WallTime(millisecondsSince1970: ms))
    }

    @Test func onlyDownloadsCountAgainstTheLimit() {
        let ledger = DownloadLedger(
            records: [Self.record(.download, at: 0), Self.record(.renew, at: 5), Self.record(.renew, at: 9)],
            settings: DownloadSettings(maxDownloadCount: 2, licenseLifetimeHours: 1), publicationEnd: nil)
        #expect(ledger.downloadCount == 1 && !ledger.isAtLimit)
        let full = DownloadLedger(
            records: ledger.records + [Self.record(.download, at: 10)], settings: ledger.settings, publicationEnd: nil)
        #expect(full.isAtLimit)
    }

    @Test func theLicenseRunsFromTheLastDownloadOrRenewalButNeverPastThePublication() {
        let settings = DownloadSettings(maxDownloadCount: 1, licenseLifetimeHours: 48)
        let open = DownloadLedger(
            records: [Self.record(.download, at: 0), Self.record(.renew, at: 10 * Self.hour)],
            settings: settings, publicationEnd: nil)
        #expect(open.expiry == Self.at(58 * Self.hour))
        let ending = DownloadLedger(records: open.records, settings: settings, publicationEnd: Self.at(20 * Self.hour))
        #expect(ending.expiry == Self.at(20 * Self.hour))
        #expect(ending.licenseExpiry(issued: Self.at(0)) == Self.at(20 * Self.hour))
        #expect(DownloadLedger(records: [], settings: settings, publicationEnd: nil).expiry == nil)
    }

    @Test func theAPIListsEveryRecordOldestFirst() {
        let ledger = DownloadLedger(
            records: [Self.record(.download, at: 0), Self.record(.renew, at: 1_000)],
            settings: DownloadSettings(maxDownloadCount: 3, licenseLifetimeHours: 1), publicationEnd: nil)
        let asset = ledger.asset(assetId: "x", userId: "u")
        #expect(asset.downloads.map(\.type) == ["DOWNLOAD", "RENEW"])
        #expect(asset.downloads.first?.time == "1970-01-01T00:00:00.000Z")
        #expect(asset.changed == "1970-01-01T00:00:01.000Z" && asset.downloadCount == 1)
    }
}
