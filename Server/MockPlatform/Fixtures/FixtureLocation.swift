import ExposureModels

/// A problem's JSON path as a reader finds it: `$[16].publications[0]` of `catalog/assets.json`
/// reads `assets[16] "nordic-noir".publications[0]` — the file's name for `$`, and each entry of
/// the file named by its id, so nobody has to count entries.
enum FixtureLocation {
    /// The keys that name an entry of a fixture file, in the order looked for.
    static let idKeys = ["assetId", "username", "id"]

    /// `path` of `file` made readable, with ids taken from the file's JSON tree when given.
    static func readable(_ path: String, file: String, tree: JSONValue?) -> String {
        let name = file.split(separator: "/").last.map { $0.hasSuffix(".json") ? String($0.dropLast(5)) : String($0) } ?? file
        guard let (index, rest) = entry(of: path) else { return name + (path.hasPrefix("$") ? path.dropFirst() : Substring(path)) }
        let label = id(of: tree, at: index).map { " \"\($0)\"" } ?? ""
        return "\(name)[\(index)]\(label)\(rest)"
    }

    /// The entry a path of an array file starts in, and the path below it: `$[16].duration` is
    /// entry 16 and `.duration`; nil for a path not in an entry.
    static func entry(of path: String) -> (index: Int, rest: Substring)? {
        guard path.hasPrefix("$["), let close = path.firstIndex(of: "]"),
            let index = Int(path[path.index(path.startIndex, offsetBy: 2)..<close])
        else { return nil }
        return (index, path[path.index(after: close)...])
    }

    /// An entry's id: the first of ``idKeys`` it holds as a string.
    static func id(of tree: JSONValue?, at index: Int) -> String? {
        guard case .array(let entries) = tree, entries.indices.contains(index) else { return nil }
        for key in idKeys {
            if case .string(let id) = entries[index][key] { return id }
        }
        return nil
    }
}
