/// A thumbnail sprite track.
public struct Sprite: Codable, Sendable, Equatable {
    /// Thumbnail width in pixels.
    public var width: Int?
    /// The WebVTT file listing the thumbnails.
    public var vtt: String?

    /// A sprite track.
    public init(width: Int? = nil, vtt: String? = nil) {
        self.width = width
        self.vtt = vtt
    }
}

/// Analytics settings of a playback.
public struct AnalyticsSettings: Codable, Sendable, Equatable {
    /// The bucket, echoed in events.
    public var bucket: Int?
    /// How often a player reports when nothing else happens, seconds (Exposure sends 60).
    public var postInterval: Int?
    /// A tag, echoed in events.
    public var tag: String?
    /// The sampling percentage: 0 never, 100 always.
    public var percentage: Int?
    /// Where to send events, when not the Exposure base URL.
    public var baseUrl: String?

    /// Analytics settings.
    public init(bucket: Int? = nil, postInterval: Int? = nil, tag: String? = nil, percentage: Int? = nil, baseUrl: String? = nil) {
        self.bucket = bucket
        self.postInterval = postInterval
        self.tag = tag
        self.percentage = percentage
        self.baseUrl = baseUrl
    }
}

/// The CDN that serves a stream.
public struct CDNInfo: Codable, Sendable, Equatable {
    /// The CDN host.
    public var host: String?
    /// The CDN profile.
    public var profile: String?
    /// The CDN vendor.
    public var provider: String?

    /// CDN information.
    public init(host: String? = nil, profile: String? = nil, provider: String? = nil) {
        self.host = host
        self.profile = profile
        self.provider = provider
    }
}

/// Whether a player follows the EPG during playback.
public struct EPGSettings: Codable, Sendable, Equatable {
    /// Clients run program-boundary logic only when true.
    public var enabled: Bool?
    /// Whether to re-check entitlement at each program boundary.
    public var entitlementCheck: Bool?

    /// EPG settings.
    public init(enabled: Bool? = nil, entitlementCheck: Bool? = nil) {
        self.enabled = enabled
        self.entitlementCheck = entitlementCheck
    }
}

/// The answer of `GET …/entitlement/{assetId}/entitle?time=…`: may the user watch at that time?
public struct EntitlementValidation: Codable, Sendable, Equatable {
    /// `SUCCESS`, `NOT_ENTITLED`, `GEO_BLOCKED`, `DOWNLOAD_BLOCKED`, … Anything but SUCCESS stops playback.
    public var status: String
    /// The account.
    public var accountId: String?
    /// The product.
    public var productId: String?
    /// The publication.
    public var publicationId: String?
    /// The stream at that time.
    public var streamInfo: StreamInfo?

    /// A validation.
    public init(
        status: String, accountId: String? = nil, productId: String? = nil, publicationId: String? = nil, streamInfo: StreamInfo? = nil
    ) {
        self.status = status
        self.accountId = accountId
        self.productId = productId
        self.publicationId = publicationId
        self.streamInfo = streamInfo
    }

    /// Whether the status is `SUCCESS`.
    public var isSuccess: Bool { status == "SUCCESS" }
}
