import Foundation

/// A catalog item: a movie, an episode, a channel, a live event, a podcast episode, …
public struct Asset: Codable, Sendable, Equatable, Identifiable {
    /// The asset id; the only required key.
    public var assetId: String
    /// `MOVIE`, `TV_SHOW`, `EPISODE`, `CLIP`, `TV_CHANNEL`, `AD`, `LIVE_EVENT`, `PODCAST_EPISODE`, …
    public var type: String?
    /// The original (untranslated) title.
    public var originalTitle: String?
    /// Titles, descriptions and images per locale.
    public var localized: [LocalizedData]?
    /// When and where the asset is published, and with which products.
    public var publications: [Publication]?
    /// The media files (materials) of the asset.
    public var medias: [Media]?
    /// The running time in milliseconds.
    public var duration: Int64?
    /// Whether the asset is live (channels, live events).
    public var live: Bool?
    /// Tags, e.g. genres.
    public var tags: [AssetTag]?
    /// The show an episode belongs to.
    public var tvShowId: String?
    /// The season number of an episode.
    public var season: String?
    /// The episode number.
    public var episode: String?
    /// Marker points: intro/credits and ad markers.
    public var markerPoints: [AdMarker]?
    /// The caller's own data (play history), present only with `includeUserData=true` and a token.
    public var userData: UserData?
    /// When the asset was created.
    public var created: Date?
    /// When the asset was last changed.
    public var changed: Date?

    public var id: String { assetId }

    /// An asset with the given fields.
    public init(
        assetId: String, type: String? = nil, originalTitle: String? = nil, localized: [LocalizedData]? = nil,
        publications: [Publication]? = nil, medias: [Media]? = nil, duration: Int64? = nil, live: Bool? = nil,
        tags: [AssetTag]? = nil, tvShowId: String? = nil, season: String? = nil, episode: String? = nil,
        markerPoints: [AdMarker]? = nil, userData: UserData? = nil, created: Date? = nil, changed: Date? = nil
    ) {
        self.assetId = assetId
        self.type = type
        self.originalTitle = originalTitle
        self.localized = localized
        self.publications = publications
        self.medias = medias
        self.duration = duration
        self.live = live
        self.tags = tags
        self.tvShowId = tvShowId
        self.season = season
        self.episode = episode
        self.markerPoints = markerPoints
        self.userData = userData
        self.created = created
        self.changed = changed
    }

    /// The title in `locale`, else the first localized title, else the original title.
    public func title(locale: String? = nil) -> String? {
        let match = localized?.first { $0.locale == locale } ?? localized?.first
        return match?.title ?? originalTitle
    }
}

/// A tag attached to an asset (genre, keyword…).
public struct AssetTag: Codable, Sendable, Equatable {
    /// The tag's type, e.g. `genre`.
    public var type: String?
    /// The tag values, each with localized titles.
    public var tagValues: [TagValue]?

    /// A tag.
    public init(type: String? = nil, tagValues: [TagValue]? = nil) {
        self.type = type
        self.tagValues = tagValues
    }

    /// One value of a tag.
    public struct TagValue: Codable, Sendable, Equatable {
        /// The value's id.
        public var tagId: String
        /// Titles per locale.
        public var localized: [LocalizedData]?

        /// A tag value.
        public init(tagId: String, localized: [LocalizedData]? = nil) {
            self.tagId = tagId
            self.localized = localized
        }
    }
}
