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
        "userData", "duration", "markerPoints", "assetFeatures",
    ]

    /// `title` is short for the localized title, as Exposure's sort accepts it.
    private static let aliases = ["title": ["localized", "title"]]

    /// Parses `name`; a first key outside `assetFields` (or an empty key) is rejected with
    /// `parameter` named in the error.
    init(_ name: String, parameter: String) throws(ExposureErrorMessage) {
        let keys = Self.aliases[name] ?? name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let first = keys.first, Self.assetFields.contains(first), !keys.contains(where: \.isEmpty) else {
            throw .invalidParameter(parameter, "names an unknown asset field \"\(name)\" (fields: \(Self.assetFields.sorted().joined(separator: ", ")))")
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

extension JSONValue {
    /// Orders values for `sort`: numbers by value, strings and booleans as written; values of
    /// different kinds by kind. Nil (absent) sorts after everything.
    static func sortOrder(_ lhs: JSONValue?, _ rhs: JSONValue?) -> ComparisonOrder {
        switch (lhs, rhs) {
        case (nil, nil): return .same
        case (nil, _): return .after
        case (_, nil): return .before
        case let (left?, right?):
            if let l = left.numeric, let r = right.numeric { return .of(l, r) }
            if case .string(let l) = left, case .string(let r) = right { return .of(l, r) }
            if case .bool(let l) = left, case .bool(let r) = right { return .of(l ? 1 : 0, r ? 1 : 0) }
            return .of(left.kindRank, right.kindRank)
        }
    }

    private var numeric: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }

    private var kindRank: Int {
        switch self {
        case .bool: 0
        case .integer, .number: 1
        case .string: 2
        case .array: 3
        case .object: 4
        case .null: 5
        }
    }
}

/// Which of two values comes first.
enum ComparisonOrder {
    case before, same, after

    static func of<Value: Comparable>(_ lhs: Value, _ rhs: Value) -> ComparisonOrder {
        lhs < rhs ? .before : (lhs > rhs ? .after : .same)
    }
}
