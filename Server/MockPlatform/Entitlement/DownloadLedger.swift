import Clocks
import ExposureModels

/// One account's downloads of one asset, and what follows from them: how many count against the
/// limit, and until when the license lasts. A value over the stored records, tested as one.
struct DownloadLedger {
    let records: [DownloadRecord]
    let settings: DownloadSettings
    /// When the entitling publication ends; nil when it never does.
    let publicationEnd: WallTime?

    /// Completed downloads (renewals do not count).
    var downloadCount: Int { records.count { $0.kind == .download } }

    /// Whether another download would pass `maxDownloadCount`.
    var isAtLimit: Bool { downloadCount >= settings.maxDownloadCount }

    /// The license lifetime.
    var lifetime: Duration { .seconds(Int64(settings.licenseLifetimeHours) * 3_600) }

    /// When a license issued at `issued` expires: its lifetime later, never after the
    /// publication ends (the official client takes `min(publicationEnd, playTokenExpiration)`).
    func licenseExpiry(issued: WallTime) -> WallTime {
        let end = issued + lifetime
        return publicationEnd.map { min(end, $0) } ?? end
    }

    /// When the current license expires: from the last download or renewal; nil without any.
    var expiry: WallTime? { records.map(\.time).max().map(licenseExpiry(issued:)) }

    /// The Downloads API's view of the records.
    func asset(assetId: String, userId: String?) -> DownloadedAsset {
        DownloadedAsset(
            assetId: assetId, downloadCount: downloadCount,
            downloads: records.map {
                DownloadEvent(
                    time: ISO8601.string(from: $0.time), type: $0.kind.rawValue,
                    deviceId: $0.deviceId, userId: userId)
            },
            changed: records.map(\.time).max().map(ISO8601.string(from:)))
    }
}
