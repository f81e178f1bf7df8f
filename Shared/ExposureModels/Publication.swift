import Foundation

/// A window during which an asset is available, where, and through which products.
public struct Publication: Codable, Sendable, Equatable {
    /// The publication id.
    public var publicationId: String?
    /// When it was published.
    public var publicationDate: Date?
    /// Available from.
    public var fromDate: Date?
    /// Available until.
    public var toDate: Date?
    /// ISO 3166 country codes where it is available; empty or absent means everywhere.
    public var countries: [String]?
    /// Products giving access.
    public var products: [String]?
    /// Availability keys.
    public var availabilityKeys: [String]?

    /// A publication.
    public init(
        publicationId: String? = nil, publicationDate: Date? = nil, fromDate: Date? = nil, toDate: Date? = nil,
        countries: [String]? = nil, products: [String]? = nil, availabilityKeys: [String]? = nil
    ) {
        self.publicationId = publicationId
        self.publicationDate = publicationDate
        self.fromDate = fromDate
        self.toDate = toDate
        self.countries = countries
        self.products = products
        self.availabilityKeys = availabilityKeys
    }

    /// Whether the publication window contains `date`.
    public func isActive(at date: Date) -> Bool {
        (fromDate.map { $0 <= date } ?? true) && (toDate.map { date < $0 } ?? true)
    }
}

/// A media file (material) of an asset.
public struct Media: Codable, Sendable, Equatable {
    /// The media id.
    public var mediaId: String?
    /// A name, e.g. `default` or `TRAILER`.
    public var name: String?
    /// The material profile, e.g. `TRAILER`.
    public var materialProfile: String?
    /// The media's format, e.g. `HLS`.
    public var format: String?
    /// The DRM, e.g. `UNENCRYPTED`.
    public var drm: String?
    /// Its duration in milliseconds.
    public var durationMillis: Int64?

    /// A media file.
    public init(
        mediaId: String? = nil, name: String? = nil, materialProfile: String? = nil, format: String? = nil,
        drm: String? = nil, durationMillis: Int64? = nil
    ) {
        self.mediaId = mediaId
        self.name = name
        self.materialProfile = materialProfile
        self.format = format
        self.drm = drm
        self.durationMillis = durationMillis
    }
}

/// A marker point on an asset's timeline: an ad break, an intro or credits.
public struct AdMarker: Codable, Sendable, Equatable {
    /// `AD`, `INTRO`, `CREDITS`, `POINT`, …
    public var type: String?
    /// Where it starts, ms from the asset's beginning.
    public var offset: Int64?
    /// Where it ends, ms from the asset's beginning.
    public var endOffset: Int64?
    /// A title for the marker.
    public var title: String?

    /// A marker point.
    public init(type: String? = nil, offset: Int64? = nil, endOffset: Int64? = nil, title: String? = nil) {
        self.type = type
        self.offset = offset
        self.endOffset = endOffset
        self.title = title
    }

    /// ``offset`` as a position in the asset.
    public var start: Duration? { offset.map { .milliseconds($0) } }

    /// ``endOffset`` as a position in the asset.
    public var end: Duration? { endOffset.map { .milliseconds($0) } }
}
