import Clocks
import ExposureModels
import Foundation

/// The files of a fixtures directory, each read on its own — strict JSON and its line map,
/// decoding entry by entry, ignored keys — and then checked together into a ``Catalog``.
///
/// A value: one file can be read again while the others keep what they were read as, so a
/// change to one file (or a fuzzer's input standing in for it) is checked against the rest
/// without reading the rest again.
package struct FixtureFiles {
    private var settings: PlatformSettings?
    private var users: [FixtureUser] = []
    private var assets: [CatalogAsset] = []
    private var ads: [AdCreative] = []
    private var media: MediaManifest?
    private var readings: [String: FileReading] = [:]

    /// Reads each of ``FixtureLoader/files`` from `contents` (by its path in a fixtures
    /// directory; nil: missing).
    package init(contents: (String) -> Data?) {
        for file in FixtureLoader.files { read(file, contents(file)) }
    }

    /// Reads `file` (one of ``FixtureLoader/files``) from `data` (nil: missing), replacing what
    /// it was read as before.
    package mutating func read(_ file: String, _ data: Data?) {
        var reading = FileReading(file: file, data: data)
        switch file {
        case FixtureValidator.platformFile: settings = reading.object(PlatformSettings.self)
        case FixtureValidator.usersFile: users = reading.array(FixtureUser.self)
        case FixtureValidator.assetsFile: assets = reading.array(CatalogAsset.self, understood: FixtureKeyCheck.understood)
        case FixtureValidator.adsFile: ads = reading.array(AdCreative.self)
        // Written by the media scripts, which record more than the platform reads: no key check.
        case FixtureValidator.mediaFile: media = reading.object(MediaManifest.self, checkKeys: false)
        default: preconditionFailure("\(file) is not a fixture file")
        }
        readings[file] = reading
    }

    /// The catalog the files make; throws `FixtureProblems` listing every problem of every file
    /// and every cross-file problem among what decoded, each with its line. A fault rule's
    /// stream target is checked at `now`, the platform's time.
    package func catalog(at now: WallTime) throws(FixtureProblems) -> Catalog {
        let catalog = Catalog(
            settings: settings ?? PlatformSettings(), users: users, assets: assets, ads: ads, media: media ?? MediaManifest.empty)
        var undecoded = FixtureValidator.Undecoded()
        for (file, reading) in readings {
            if reading.undecoded { undecoded.files.insert(file) }
            undecoded.ids.formUnion(reading.undecodedIds)
        }
        let problems =
            FixtureLoader.files.flatMap { readings[$0]?.problems ?? [] }
            + inFileOrder(FixtureValidator.problems(in: catalog, undecoded: undecoded, at: now))
        guard problems.isEmpty else { throw FixtureProblems(problems: located(problems)) }
        return catalog
    }

    /// `problems` found on the decoded entries, their paths turned to the entries' places in
    /// the file (they differ after an entry that did not decode).
    private func inFileOrder(_ problems: [FixtureProblem]) -> [FixtureProblem] {
        problems.map { problem in
            guard let indices = readings[problem.file]?.decodedIndices, let (index, rest) = FixtureLocation.entry(of: problem.path),
                indices.indices.contains(index)
            else { return problem }
            var moved = problem
            moved.path = "$[\(indices[index])]" + rest
            return moved
        }
    }

    /// `problems` with their lines and readable locations.
    private func located(_ problems: [FixtureProblem]) -> [FixtureProblem] {
        problems.map { problem in
            guard problem.line == nil, let source = readings[problem.file]?.source else { return problem }
            var located = problem
            located.line = source.map.line(of: problem.path)
            located.location = FixtureLocation.readable(problem.path, file: problem.file, tree: source.tree)
            return located
        }
    }
}

/// One fixture file read: its problems, its JSON tree and line map, and what of it did not decode.
private struct FileReading {
    let file: String
    let data: Data?
    var problems: [FixtureProblem] = []
    /// Whether the file as a whole did not decode.
    var undecoded = false
    /// The ids of its entries that did not decode.
    var undecodedIds: Set<String> = []
    var source: (map: JSONSourceMap, tree: JSONValue)?
    /// For an array file with entries that did not decode, the file index of each decoded one.
    var decodedIndices: [Int]?

    init(file: String, data: Data?) {
        self.file = file
        self.data = data
    }

    /// A file holding one object; any ignored key other than `$schema` is a problem too,
    /// unless `checkKeys` is false.
    mutating func object<Value: Codable>(_ type: Value.Type, checkKeys: Bool = true) -> Value? {
        guard let (data, json) = read() else { return nil }
        do {
            let value = try ExposureJSON.decode(type, from: data)
            if checkKeys {
                var sent = json
                sent["$schema"] = nil  // names the file's JSON Schema for editors; nothing to the mock
                problems += FixtureKeyCheck.problems(value, sent: sent, file: file)
            }
            return value
        } catch {
            problems.append(FixtureLoader.problem(from: error, file: file))
            undecoded = true
            return nil
        }
    }

    /// A file holding an array, decoded element by element: the elements that decode, every
    /// broken one reported (its id remembered) and ignored keys reported too.
    mutating func array<Element: Decodable>(_ type: Element.Type, understood: (Element) -> JSONValue?) -> [Element] {
        guard let (data, json) = read() else { return [] }
        guard case .array(let sentElements) = json else {
            problems.append(FixtureProblem(file: file, message: "The file must hold a JSON array."))
            undecoded = true
            return []
        }
        let results: [ElementResult<Element>]
        do {
            results = try ExposureJSON.decode([ElementResult<Element>].self, from: data)
        } catch {
            problems.append(FixtureLoader.problem(from: error, file: file))
            undecoded = true
            return []
        }
        var elements: [Element] = []
        var indices: [Int] = []
        defer { if indices.count < results.count { decodedIndices = indices } }
        for (index, result) in results.enumerated() {
            switch result.value {
            case .success(let element):
                elements.append(element)
                indices.append(index)
                if let understood = understood(element) {
                    problems += FixtureKeyCheck.problems(understood: understood, sent: sentElements[index], file: file, path: "$[\(index)]")
                }
            case .failure(let error):
                problems.append(FixtureLoader.problem(from: error, file: file))
                if let id = FixtureLocation.id(of: json, at: index) { undecodedIds.insert(id) }
            }
        }
        return elements
    }

    mutating func array<Element: Codable>(_ type: Element.Type) -> [Element] {
        array(type) { element in try? JSONValue(encoding: element) }
    }

    /// The file's bytes and JSON tree, its lines mapped; nil (with a problem) when it is
    /// missing or not strict JSON.
    private mutating func read() -> (Data, JSONValue)? {
        guard let data else {
            problems.append(FixtureProblem(file: file, message: "The file is missing or unreadable."))
            undecoded = true
            return nil
        }
        do {
            let map = try JSONSourceMap(mapping: data)
            let tree = try JSONValue(parsing: data)
            source = (map, tree)
            return (data, tree)
        } catch let error as JSONSourceMap.SyntaxError {
            problems.append(
                FixtureProblem(
                    file: file, message: "Not valid JSON at column \(error.column): \(error.message)", line: error.line,
                    location: FixtureLocation.readable("$", file: file, tree: nil)))
        } catch {
            problems.append(FixtureLoader.problem(from: error, file: file))
        }
        undecoded = true
        return nil
    }
}

/// One array element: decoded, or the reason it could not be (its coding path included).
private struct ElementResult<Element: Decodable>: Decodable {
    let value: Result<Element, any Error>

    init(from decoder: any Decoder) throws {
        do {
            value = .success(try Element(from: decoder))
        } catch {
            value = .failure(error)
        }
    }
}
