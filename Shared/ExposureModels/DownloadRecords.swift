/// One completed download or license renewal of an asset, as the Downloads API lists them.
public struct DownloadEvent: Codable, Sendable, Equatable {
    /// When, ISO-8601 with milliseconds.
    public var time: String?
    /// `DOWNLOAD` or `RENEW`.
    public var type: String?
    /// The device that reported it.
    public var deviceId: String?
    /// The user who did.
    public var userId: String?

    /// An event.
    public init(time: String?, type: String?, deviceId: String?, userId: String?) {
        self.time = time
        self.type = type
        self.deviceId = deviceId
        self.userId = userId
    }
}

/// The answer of `POST …/downloadcompleted` and `…/downloadrenewed`, and one asset of
/// `GET …/entitlement/downloads`: an account's downloads of one asset.
public struct DownloadedAsset: Codable, Sendable, Equatable {
    /// The asset.
    public var assetId: String
    /// Completed downloads (renewals do not count).
    public var downloadCount: Int
    /// Every download and renewal, oldest first.
    public var downloads: [DownloadEvent]
    /// When the last one happened, ISO-8601.
    public var changed: String?

    /// An asset's downloads.
    public init(assetId: String, downloadCount: Int, downloads: [DownloadEvent], changed: String?) {
        self.assetId = assetId
        self.downloadCount = downloadCount
        self.downloads = downloads
        self.changed = changed
    }
}

/// `GET /v2/…/entitlement/downloads`: every asset the account has downloaded.
public struct AllDownloads: Codable, Sendable, Equatable {
    /// The account.
    public var accountId: String
    /// Its assets, by asset id.
    public var assets: [DownloadedAsset]

    /// The account's downloads.
    public init(accountId: String, assets: [DownloadedAsset]) {
        self.accountId = accountId
        self.assets = assets
    }
}

/// `GET /v2/…/entitlement/{assetId}/downloadverified`: the download may still be played.
public struct DownloadVerified: Codable, Sendable, Equatable {
    /// The asset.
    public var assetId: String
    /// The account.
    public var accountId: String
    /// The product that entitles it.
    public var productId: String
    /// The publication that entitles it.
    public var publicationId: String
    /// When the publication ends, ISO-8601.
    public var publicationEnd: String

    /// A verification.
    public init(assetId: String, accountId: String, productId: String, publicationId: String, publicationEnd: String) {
        self.assetId = assetId
        self.accountId = accountId
        self.productId = productId
        self.publicationId = publicationId
        self.publicationEnd = publicationEnd
    }
}

/// `GET /v2/…/entitlement/availabilitykey`: the keys of the publications the account may play.
public struct AvailabilityKeys: Codable, Sendable, Equatable {
    /// The keys.
    public var availabilityKeys: [String]

    /// Keys.
    public init(availabilityKeys: [String]) { self.availabilityKeys = availabilityKeys }
}
