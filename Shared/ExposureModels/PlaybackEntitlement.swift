/// The answer of `GET …/entitlement/{assetId}/play` (Exposure's `PlayBackEntitlementV2`).
public struct PlaybackEntitlement: Codable, Sendable, Equatable {
    /// The play session; analytics use it as `SessionId`. Required.
    public var playSessionId: String
    /// When the play token expires, epoch **seconds**. Required.
    public var playTokenExpiration: Int64
    /// The product that grants access. Required.
    public var productId: String
    /// The asset entitled.
    public var assetId: String?
    /// The account.
    public var accountId: String?
    /// Whether the stream has no video.
    public var audioOnly: Bool?
    /// The request's id.
    public var requestId: String?
    /// E.g. `TVOD`, `SVOD`, `AVOD`.
    public var entitlementType: String?
    /// The publication that applies.
    public var publicationId: String?
    /// When that publication ends (ISO-8601).
    public var publicationEnd: String?
    /// The play token.
    public var playToken: String?
    /// The duration, ms.
    public var durationInMs: Int64?
    /// Stream locations per format.
    public var formats: [MediaFormat]?
    /// What kind of stream this is.
    public var streamInfo: StreamInfo?
    /// Where the user stopped last time.
    public var bookmarks: Bookmarks?
    /// What the user may do during playback.
    public var contractRestrictions: ContractRestrictions?
    /// Server-side inserted ads.
    public var ads: Ads?
    /// Thumbnail sprite tracks.
    public var sprites: [Sprite]?
    /// Analytics settings.
    public var analytics: AnalyticsSettings?
    /// The CDN serving the stream.
    public var cdn: CDNInfo?
    /// Whether the player should follow the EPG and check entitlement at program boundaries.
    public var epg: EPGSettings?

    /// An entitlement.
    public init(
        playSessionId: String, playTokenExpiration: Int64, productId: String, assetId: String? = nil,
        accountId: String? = nil, audioOnly: Bool? = nil, requestId: String? = nil, entitlementType: String? = nil,
        publicationId: String? = nil, publicationEnd: String? = nil, playToken: String? = nil,
        durationInMs: Int64? = nil, formats: [MediaFormat]? = nil, streamInfo: StreamInfo? = nil,
        bookmarks: Bookmarks? = nil, contractRestrictions: ContractRestrictions? = nil, ads: Ads? = nil,
        sprites: [Sprite]? = nil, analytics: AnalyticsSettings? = nil, cdn: CDNInfo? = nil, epg: EPGSettings? = nil
    ) {
        self.playSessionId = playSessionId
        self.playTokenExpiration = playTokenExpiration
        self.productId = productId
        self.assetId = assetId
        self.accountId = accountId
        self.audioOnly = audioOnly
        self.requestId = requestId
        self.entitlementType = entitlementType
        self.publicationId = publicationId
        self.publicationEnd = publicationEnd
        self.playToken = playToken
        self.durationInMs = durationInMs
        self.formats = formats
        self.streamInfo = streamInfo
        self.bookmarks = bookmarks
        self.contractRestrictions = contractRestrictions
        self.ads = ads
        self.sprites = sprites
        self.analytics = analytics
        self.cdn = cdn
        self.epg = epg
    }

    /// The first HLS or MP3 format, the one clients play.
    public var playableFormat: MediaFormat? {
        formats?.first { ["HLS", "MP3"].contains($0.format.uppercased()) }
    }
}

/// Where a stream is, in one format.
public struct MediaFormat: Codable, Sendable, Equatable {
    /// `HLS`, `MP3`, `DASH`, …
    public var format: String
    /// The stream's URL.
    public var mediaLocator: String
    /// DRM details per key system, when protected.
    public var drm: [String: DRMInfo]?
    /// How far behind the live edge to start, ms.
    public var liveDelay: Int64?

    /// A format.
    public init(format: String, mediaLocator: String, drm: [String: DRMInfo]? = nil, liveDelay: Int64? = nil) {
        self.format = format
        self.mediaLocator = mediaLocator
        self.drm = drm
        self.liveDelay = liveDelay
    }
}

/// Where to get licenses for one DRM key system.
public struct DRMInfo: Codable, Sendable, Equatable {
    /// The license server.
    public var licenseServerUrl: String?
    /// The certificate (FairPlay).
    public var certificateUrl: String?

    /// DRM details.
    public init(licenseServerUrl: String? = nil, certificateUrl: String? = nil) {
        self.licenseServerUrl = licenseServerUrl
        self.certificateUrl = certificateUrl
    }
}
