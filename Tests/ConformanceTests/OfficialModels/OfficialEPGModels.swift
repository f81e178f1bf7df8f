import Foundation

// Mirrors of the official iOS SDK's EPG models (iOSClientExposure 3.9, EPG/Response).

/// `ChannelEpg`: every key optional.
struct OfficialChannelEpg: Decodable {
    let channelId: String?
    let programs: [OfficialProgram]?
    let totalHitsAllChannels: Int?
}

/// `Program`: `programId`, `assetId` and `channelId` required; times are strings the SDK parses
/// with `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'` (then without milliseconds).
struct OfficialProgram: Decodable {
    let created: String?
    let changed: String?
    let programId: String
    let assetId: String
    let channelId: String
    let startTime: String?
    let endTime: String?
    let vodAvailable: Bool?
    let catchup: Bool?
    let catchupBlocked: Bool?
    let asset: OfficialAsset?
    let blackout: Bool?

    /// Start and end in ms, read as the official `Program.startDate`/`endDate` read them.
    var startMs: Int64? { Self.milliseconds(startTime) }
    var endMs: Int64? { Self.milliseconds(endTime) }

    private static func milliseconds(_ text: String?) -> Int64? {
        guard let text else { return nil }
        for format in ["yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", "yyyy-MM-dd'T'HH:mm:ss'Z'"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_GB")
            formatter.timeZone = TimeZone(abbreviation: "UTC")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return Int64((date.timeIntervalSince1970 * 1000).rounded()) }
        }
        return nil
    }
}

/// `Airing` of `…/program/{id}/airing`: every key optional.
struct OfficialAiring: Decodable {
    let id: String?
    let externalId: String?
    let catchup: Bool?
    let programs: [String]?
}
