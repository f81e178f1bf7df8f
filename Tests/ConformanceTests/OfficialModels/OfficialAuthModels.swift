// Decodable mirrors of the official iOS SDK's (iOSClientExposure 3.9) authentication models:
// the same keys, the same required/optional split, the same value types. Written for these
// tests, so a key the mock leaves out that the official SDK requires fails here.

/// `Credentials`: only `sessionToken` is required.
struct OfficialCredentials: Decodable {
    let sessionToken: String
    let crmToken: String?
    let accountId: String?
    let accountStatus: String?
    /// Read as a string and parsed with `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'`.
    let expirationDateTime: String?
    let userProfile: UserProfile?

    struct UserProfile: Decodable {
        let username: String?
        let displayName: String?
        let emailAddress: String?
    }
}

/// `SessionResponse` of `GET …/auth/session`: every key required.
struct OfficialSessionResponse: Decodable {
    let crmToken: String
    let accountId: String
    let userId: String
}

/// `EmptyResponse`: an empty object (logout). An empty body does not decode as one.
struct OfficialEmptyResponse: Decodable {}

/// `ExposureResponseMessage`: `httpCode` required; `message` required except on 500.
struct OfficialErrorMessage: Decodable {
    let httpCode: Int
    let message: String

    private enum CodingKeys: String, CodingKey { case httpCode, message }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        httpCode = try container.decode(Int.self, forKey: .httpCode)
        if let message = try container.decodeIfPresent(String.self, forKey: .message) {
            self.message = message
        } else if httpCode == 500 {
            message = "INTERNAL_ERROR"
        } else {
            message = try container.decode(String.self, forKey: .message)
        }
    }
}

/// `ServerTime`.
struct OfficialServerTime: Decodable {
    let epochMillis: UInt64?
    let iso8601: String?
}

/// `AnalyticsInitializationResponse` of `eventsink/init`.
struct OfficialEventSinkInit: Decodable {
    let receivedTime: Int64?
    let repliedTime: Int64?
    let settings: OfficialAnalyticsConfig?
}

/// `AnalyticsConfigResponse` of `eventsink/send` (and `settings` above).
struct OfficialAnalyticsConfig: Decodable {
    let secondsUntilNextReport: Int64?
    let includeApplicationMetrics: Bool?
    let includeNetworkMetrics: Bool?
    let includeGpsMetrics: Bool?
    let includeDeviceMetrics: Bool?
    let timestampNow: Int64?
}
