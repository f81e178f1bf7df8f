/// The body of every non-2xx Exposure answer: `{"httpCode": 403, "message": "NOT_ENTITLED"}`.
public struct ExposureErrorMessage: Codable, Sendable, Equatable, Error {
    /// The HTTP status, repeated in the body. The only required key.
    public var httpCode: Int
    /// A stable machine-readable reason such as `NOT_ENTITLED`.
    public var message: String
    /// A human-readable detail, when the server has one.
    public var extendedMessage: String?

    /// An error body.
    public init(httpCode: Int, message: String, extendedMessage: String? = nil) {
        self.httpCode = httpCode
        self.message = message
        self.extendedMessage = extendedMessage
    }

    private enum CodingKeys: String, CodingKey { case httpCode, message, extendedMessage }

    /// Decodes leniently: a missing message on a 5xx reads as `INTERNAL_ERROR`, as clients do.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        httpCode = try container.decode(Int.self, forKey: .httpCode)
        let fallback = httpCode >= 500 ? "INTERNAL_ERROR" : "UNKNOWN_ERROR"
        message = try container.decodeIfPresent(String.self, forKey: .message) ?? fallback
        extendedMessage = try container.decodeIfPresent(String.self, forKey: .extendedMessage)
    }
}

extension ExposureErrorMessage {
    /// 400: the request body is not valid JSON or not the expected shape.
    public static func invalidJSON(_ detail: String? = nil) -> Self {
        .init(httpCode: 400, message: "INVALID_JSON", extendedMessage: detail)
    }
    /// 401: no `Authorization: Bearer` header.
    public static let noSessionToken = Self(httpCode: 401, message: "NO_SESSION_TOKEN")
    /// 401: the token is unknown, logged out or expired.
    public static let invalidSessionToken = Self(httpCode: 401, message: "INVALID_SESSION_TOKEN")
    /// 401: wrong username or password.
    public static let incorrectCredentials = Self(httpCode: 401, message: "INCORRECT_CREDENTIALS")
    /// 403: the account has no product giving access to the asset.
    public static let notEntitled = Self(httpCode: 403, message: "NOT_ENTITLED")
    /// 403: the asset is not published in the caller's country.
    public static let geoBlocked = Self(httpCode: 403, message: "GEO_BLOCKED")
    /// 403: generic refusal (e.g. anonymous sessions where a login is needed).
    public static let forbidden = Self(httpCode: 403, message: "FORBIDDEN")
    /// 403: the asset has no material in any format the client supports.
    public static let notAvailableInFormat = Self(httpCode: 403, message: "NOT_AVAILABLE_IN_FORMAT")
    /// 404: the customer/business unit pair does not exist.
    public static let unknownBusinessUnit = Self(httpCode: 404, message: "UNKNOWN_BUSINESS_UNIT")
    /// 404: no asset with that id.
    public static let unknownAsset = Self(httpCode: 404, message: "UNKNOWN_ASSET")
    /// 500: the server failed.
    public static func internalError(_ detail: String? = nil) -> Self {
        .init(httpCode: 500, message: "INTERNAL_ERROR", extendedMessage: detail)
    }
}
