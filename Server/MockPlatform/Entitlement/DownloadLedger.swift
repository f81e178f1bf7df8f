import Clocks
import ExposureModels

/// One account's downloads of one asset, and what follows from them: how many count against the
/// limit, and until when the license lasts. A value over the stored records, tested as one.
struct DownloadLedger {
    let records: [DownloadRecord]
    let settings: DownloadSettings
    /// When the entitling publication ends, ms since 1970; nil when it never does.
    let publicationEndMs: Int64?

    /// Completed downloads (renewals do not count).
    var downloadCount: Int { records.count { $0.kind == .download } }

    /// Whether another download would pass `maxDownloadCount`.
    var isAtLimit: Bool { downloadCount >= settings.maxDownloadCount }

    /// The license lifetime, ms.
    var lifetimeMs: Int64 { Int64(settings.licenseLifetimeHours) * 3_600_000 }

    /// When a license issued at `issuedMs` expires: its lifetime later, never after the
    /// publication ends (the official client takes `min(publicationEnd, playTokenExpiration)`).
    func licenseExpiryMs(issuedMs: Int64) -> Int64 {
        min(issuedMs + lifetimeMs, publicationEndMs ?? .max)
    }

    /// When the current license expires: from the last download or renewal; nil without any.
    var expiryMs: Int64? { records.map(\.timeMs).max().map(licenseExpiryMs(issuedMs:)) }

    /// The Downloads API's view of the records.
    func asset(assetId: String, userId: String?) -> DownloadedAsset {
        DownloadedAsset(
            assetId: assetId, downloadCount: downloadCount,
            downloads: records.map {
                DownloadEvent(
                    time: ISO8601.string(fromMilliseconds: $0.timeMs), type: $0.kind.rawValue,
                    deviceId: $0.deviceId, userId: userId)
            },
            changed: records.map(\.timeMs).max().map(ISO8601.string(fromMilliseconds:)))
    }
}
