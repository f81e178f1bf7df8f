import ExposureModels

/// A field of an asset as `sort`, `includeFields`, `excludeFields` and `query` name it: a
/// top-level key of the asset (`originalTitle`), or a dotted path into it (`localized.title`).
/// Arrays are looked through: `localized.title` is every localized title.
struct AssetFieldPath: Hashable, CustomStringConvertible {
    let keys: [String]

    /// The top-level keys of the official SDK's `Asset` model: the fields an asset can have.
    static let assetFields: Set<String> = [
        "assetId", "type", "created", "changed", "localized", "tags", "publications", "episode", "season", "seasonId",
        "seasons", "participants", "productionYear", "popularityScores", "releaseDate", "originalTitle", "live",
        "productionCountries", "subtitles", "audioTracks", "spokenLanguages", "medias", "parentalRatings",
        "linkedEntities", "runtime", "tvShowId", "expires", "customData", "externalReferences", "rating", "markers",
        "userData", "duration", "markerPoints", "assetFeatures"
    ]

    /// `title` is short for the localized title, as Exposure's sort accepts it.
    private static let aliases = ["title": ["localized", "title"]]

    /// Parses `name`; a first key outside `assetFields` (or an empty key) is rejected with
    /// `parameter` named in the error.
    init(_ name: String, parameter: String) throws(ExposureErrorMessage) {
        let keys = Self.aliases[name] ?? name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let first = keys.first, Self.assetFields.contains(first), !keys.contains(where: \.isEmpty) else {
            throw .invalidParameter(
                parameter, "names an unknown asset field \"\(name)\" (fields: \(Self.assetFields.sorted().joined(separator: ", ")))")
        }
        self.keys = keys
    }

    var description: String { keys.joined(separator: ".") }

    /// Every value at this path in `json`, arrays flattened.
    func values(in json: JSONValue) -> [JSONValue] {
        var current = [json]
        for key in keys {
            current = current.flatMap { value -> [JSONValue] in
                switch value[key] {
                case .array(let elements)?: elements
                case let member?: [member]
                case nil: []
                }
            }
        }
        return current.flatMap { value -> [JSONValue] in
            if case .array(let elements) = value { return elements }
            return [value]
        }
    }
}
