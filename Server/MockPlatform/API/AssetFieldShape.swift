import ExposureModels
import HTTPServer

/// Which fields of an asset an answer carries: `fieldSet` (`ALL`, `PARTIAL` or `NONE`), then
/// `includeFields` added and `excludeFields` taken away (comma lists of fields or dotted paths).
/// `assetId` is always kept: the official SDK's `Asset` requires it.
struct AssetFieldShape {
    enum FieldSet: String {
        case all = "ALL"
        case partial = "PARTIAL"
        case none = "NONE"
    }

    /// What `PARTIAL` keeps: identity, titles and what a list row shows.
    static let partialFields = ["assetId", "type", "originalTitle", "localized", "duration", "live", "tvShowId", "season", "episode"]

    let fieldSet: FieldSet
    private let included: FieldTree
    private let excluded: FieldTree

    init(_ context: RequestContext) throws(ExposureErrorMessage) {
        let raw = context.query["fieldSet"].flatMap { $0.isEmpty ? nil : $0 } ?? "ALL"
        guard let fieldSet = FieldSet(rawValue: raw.uppercased()) else {
            throw .invalidParameter("fieldSet", "must be ALL, PARTIAL or NONE, not \"\(raw)\"")
        }
        self.fieldSet = fieldSet
        included = try FieldTree(context.query.list("includeFields"), parameter: "includeFields")
        excluded = try FieldTree(context.query.list("excludeFields"), parameter: "excludeFields")
        if excluded.children["assetId"] != nil {
            throw .invalidParameter("excludeFields", "may not name assetId: every client requires it")
        }
    }

    /// Whether every asset goes out whole, so its cached bytes can be sent as they are.
    var keepsEverything: Bool { fieldSet == .all && excluded.children.isEmpty }

    /// The asset's JSON with only the fields asked for.
    func apply(to asset: JSONValue) -> JSONValue {
        guard case .object(let members) = asset else { return asset }
        var kept: [String: JSONValue]
        switch fieldSet {
        case .all: kept = members
        case .partial: kept = members.filter { Self.partialFields.contains($0.key) }
        case .none: kept = members.filter { $0.key == "assetId" }
        }
        if case .object(let extra) = included.project(asset) {
            kept.merge(extra) { current, _ in current }
        }
        return excluded.remove(from: .object(kept))
    }
}

/// Dotted field paths merged into a tree: `localized.title,localized.images` is
/// `localized → {title, images}`. A leaf stands for the whole value below it.
struct FieldTree {
    var children: [String: FieldTree] = [:]

    init(_ names: [String], parameter: String) throws(ExposureErrorMessage) {
        for name in names {
            insert(try AssetFieldPath(name, parameter: parameter).keys[...])
        }
    }

    private init() {}

    private mutating func insert(_ keys: ArraySlice<String>) {
        guard let first = keys.first else { return }
        if let existing = children[first], existing.children.isEmpty, keys.count > 1 { return }  // already whole
        var child = keys.count == 1 ? FieldTree() : (children[first] ?? FieldTree())
        child.insert(keys.dropFirst())
        children[first] = child
    }

    /// Only the parts of `value` the tree names (looking through arrays); nil when none.
    func project(_ value: JSONValue) -> JSONValue? {
        switch value {
        case .object(let members):
            var kept: [String: JSONValue] = [:]
            for (key, tree) in children {
                guard let member = members[key] else { continue }
                kept[key] = tree.children.isEmpty ? member : tree.project(member)
            }
            return kept.isEmpty ? nil : .object(kept)
        case .array(let elements):
            return .array(elements.compactMap(project))
        default:
            return nil
        }
    }

    /// `value` without the parts the tree names (looking through arrays).
    func remove(from value: JSONValue) -> JSONValue {
        switch value {
        case .object(var members):
            for (key, tree) in children {
                guard let member = members[key] else { continue }
                members[key] = tree.children.isEmpty ? nil : tree.remove(from: member)
            }
            return .object(members)
        case .array(let elements):
            return .array(elements.map(remove))
        default:
            return value
        }
    }
}
