import ExposureModels

/// Finds keys a fixture author wrote that the mock would silently ignore — a typo such as
/// `"concurentStreamsLimit"` or a field the models do not have.
///
/// The element is decoded, re-encoded, and the two JSON trees compared: whatever was sent but
/// did not come back was not understood. Nothing lists the known keys by hand, so a field added
/// to a model is known here at once.
enum FixtureKeyCheck {
    /// The JSON paths (below `path`) of keys in `sent` that `understood` lacks; null values are
    /// skipped, since an absent optional and a null one mean the same.
    static func unknownKeys(sent: JSONValue, understood: JSONValue, path: String) -> [String] {
        switch (sent, understood) {
        case (.object(let sentMembers), .object(let understoodMembers)):
            return sentMembers.keys.sorted().flatMap { key -> [String] in
                let value = sentMembers[key]!
                guard value != .null else { return [] }
                guard let counterpart = understoodMembers[key] else { return ["\(path).\(key)"] }
                return unknownKeys(sent: value, understood: counterpart, path: "\(path).\(key)")
            }
        case (.array(let sentElements), .array(let understoodElements)):
            return zip(sentElements, understoodElements).enumerated().flatMap { index, pair in
                unknownKeys(sent: pair.0, understood: pair.1, path: "\(path)[\(index)]")
            }
        default:
            return []
        }
    }

    /// The problems for every ignored key of `value` as decoded from `sent` in `file`.
    static func problems<Value: Encodable>(_ value: Value, sent: JSONValue, file: String, path: String = "$") -> [FixtureProblem] {
        guard let understood = try? JSONValue(encoding: value) else { return [] }
        return problems(understood: understood, sent: sent, file: file, path: path)
    }

    /// The problems for every key of `sent` missing from `understood`.
    static func problems(understood: JSONValue, sent: JSONValue, file: String, path: String = "$") -> [FixtureProblem] {
        unknownKeys(sent: sent, understood: understood, path: path).map { keyPath in
            let key = keyPath.split(separator: ".").last.map(String.init) ?? keyPath
            return FixtureProblem(
                file: file, path: keyPath,
                message: "The key \"\(key)\" means nothing to the mock and would be ignored; check its spelling.")
        }
    }

    /// A catalog entry as the mock understood it: the asset's keys plus `mock`.
    static func understood(_ entry: CatalogAsset) -> JSONValue? {
        guard var asset = try? JSONValue(encoding: entry.asset),
            let mock = try? JSONValue(encoding: entry.mock)
        else { return nil }
        asset["mock"] = mock
        return asset
    }
}
