import Clocks

/// One completed or renewed offline download of an asset by an account, as the Downloads API
/// counts them against `maxDownloadCount`.
///
/// Its JSON (`GET /_mock/downloads`) keeps the wire's `timeMs`, milliseconds since 1970.
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
    /// When (platform clock).
    public var time: WallTime {
        get { wireTime.instant }
        set { wireTime = WireWallTime(newValue) }
    }

    private var wireTime: WireWallTime

    /// Renewals an account keeps of one asset, the latest: renewing does not count against
    /// `maxDownloadCount`, so without a bound a client renewing in a loop would grow its records
    /// without end (downloads are bounded by the limit itself). The license's expiry follows the
    /// latest record, which is always kept.
    public static let renewalsKept = 10

    /// A record.
    public init(accountId: String, assetId: String, kind: Kind, deviceId: String?, time: WallTime) {
        self.accountId = accountId
        self.assetId = assetId
        self.kind = kind
        self.deviceId = deviceId
        wireTime = WireWallTime(time)
    }

    /// The wire's names.
    private enum CodingKeys: String, CodingKey {
        case accountId, assetId, kind, deviceId
        case wireTime = "timeMs"
    }
}
