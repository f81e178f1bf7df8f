/// One completed or renewed offline download of an asset by an account, as the Downloads API
/// counts them against `maxDownloadCount`.
public struct DownloadRecord: Sendable, Equatable, Codable {
    /// What happened.
    public enum Kind: String, Sendable, Codable {
        /// The client finished downloading (`downloadcompleted`); counts against the limit.
        case download = "DOWNLOAD"
        /// The client renewed the license (`downloadrenewed`); does not count.
        case renew = "RENEW"
    }

    /// The account.
    public var accountId: String
    /// The asset.
    public var assetId: String
    /// Download or renewal.
    public var kind: Kind
    /// The device that reported it.
    public var deviceId: String?
    /// When, ms since 1970 (platform clock).
    public var timeMs: Int64

    /// Renewals an account keeps of one asset, the latest: renewing does not count against
    /// `maxDownloadCount`, so without a bound a client renewing in a loop would grow its records
    /// without end (downloads are bounded by the limit itself). The license's expiry follows the
    /// latest record, which is always kept.
    public static let renewalsKept = 10

    /// A record.
    public init(accountId: String, assetId: String, kind: Kind, deviceId: String?, timeMs: Int64) {
        self.accountId = accountId
        self.assetId = assetId
        self.kind = kind
        self.deviceId = deviceId
        self.timeMs = timeMs
    }
}
