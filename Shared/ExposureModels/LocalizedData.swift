/// Text and images of an asset in one locale.
public struct LocalizedData: Codable, Sendable, Equatable {
    /// The locale, e.g. `en` or `sv`.
    public var locale: String
    /// The title.
    public var title: String?
    /// A sort title.
    public var sortingTitle: String?
    /// The description.
    public var description: String?
    /// A one-line description.
    public var tinyDescription: String?
    /// A short description.
    public var shortDescription: String?
    /// A long description.
    public var longDescription: String?
    /// Images for this locale.
    public var images: [Image]?

    /// Localized data.
    public init(
        locale: String, title: String? = nil, sortingTitle: String? = nil, description: String? = nil,
        tinyDescription: String? = nil, shortDescription: String? = nil, longDescription: String? = nil,
        images: [Image]? = nil
    ) {
        self.locale = locale
        self.title = title
        self.sortingTitle = sortingTitle
        self.description = description
        self.tinyDescription = tinyDescription
        self.shortDescription = shortDescription
        self.longDescription = longDescription
        self.images = images
    }

    /// An image of an asset.
    public struct Image: Codable, Sendable, Equatable {
        /// Where the image is.
        public var url: String?
        /// Width in pixels.
        public var width: Int?
        /// Height in pixels.
        public var height: Int?
        /// `LANDSCAPE`, `PORTRAIT`, `SQUARE`, …
        public var orientation: String?
        /// The image's role, e.g. `cover`, `banner`, `logo`.
        public var type: String?

        /// An image.
        public init(url: String? = nil, width: Int? = nil, height: Int? = nil, orientation: String? = nil, type: String? = nil) {
            self.url = url
            self.width = width
            self.height = height
            self.orientation = orientation
            self.type = type
        }
    }
}
