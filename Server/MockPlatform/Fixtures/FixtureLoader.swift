import ExposureModels
import Foundation

/// Reads a fixtures directory into a `Catalog`, reporting every problem instead of the first.
public enum FixtureLoader {
    /// The fixtures that ship with the mock, where ``BundledFixtures`` finds them; `Fixtures/` in
    /// the working directory when it finds none (loading it then reports the missing files).
    public static var bundledDirectory: URL {
        BundledFixtures.dataFolder.appendingPathComponent("Fixtures")
    }

    /// The files a fixtures directory holds, by their paths in it.
    package static let files = [
        FixtureValidator.platformFile, FixtureValidator.usersFile, FixtureValidator.assetsFile, FixtureValidator.adsFile,
        FixtureValidator.mediaFile
    ]

    /// Loads and checks `directory`; throws `FixtureProblems` listing everything wrong, each
    /// problem with its line. Every file is read and every entry decoded even when others are
    /// broken, and the cross-checks run on whatever decoded, so one round names every problem.
    package static func load(from directory: URL) throws(FixtureProblems) -> Catalog {
        try load { file in FileManager.default.contents(atPath: directory.appendingPathComponent(file).path) }
    }

    /// Loads and checks the fixture files `contents` gives by their paths in a fixtures directory
    /// (`catalog/assets.json`; nil: missing), as ``load(from:)`` does with a directory's files.
    package static func load(contents: @escaping (String) -> Data?) throws(FixtureProblems) -> Catalog {
        var reading = Reading(contents: contents)
        let settings = reading.object(PlatformSettings.self, FixtureValidator.platformFile)
        let users = reading.array(FixtureUser.self, FixtureValidator.usersFile)
        let assets = reading.array(CatalogAsset.self, FixtureValidator.assetsFile, understood: FixtureKeyCheck.understood)
        let ads = reading.array(AdCreative.self, FixtureValidator.adsFile)
        // Written by the media scripts, which record more than the platform reads: no key check.
        let media = reading.object(MediaManifest.self, FixtureValidator.mediaFile, checkKeys: false)
        let catalog = Catalog(
            settings: settings ?? PlatformSettings(), users: users, assets: assets, ads: ads, media: media ?? MediaManifest.empty)
        reading.problems += reading.inFileOrder(FixtureValidator.problems(in: catalog, undecoded: reading.undecoded))
        guard reading.problems.isEmpty else { throw FixtureProblems(problems: reading.located(reading.problems)) }
        return catalog
    }

    /// The files read so far: their problems, their JSON trees and line maps, and what of them
    /// did not decode.
    private struct Reading {
        let contents: (String) -> Data?
        var problems: [FixtureProblem] = []
        var undecoded = FixtureValidator.Undecoded()
        private var sources: [String: (map: JSONSourceMap, tree: JSONValue)] = [:]
        /// For an array file with entries that did not decode, the file index of each decoded one.
        private var decodedIndices: [String: [Int]] = [:]

        init(contents: @escaping (String) -> Data?) { self.contents = contents }

        /// A file holding one object; any ignored key other than `$schema` is a problem too,
        /// unless `checkKeys` is false.
        mutating func object<Value: Codable>(_ type: Value.Type, _ file: String, checkKeys: Bool = true) -> Value? {
            guard let (data, json) = source(file) else { return nil }
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
                undecoded.files.insert(file)
                return nil
            }
        }

        /// A file holding an array, decoded element by element: the elements that decode, every
        /// broken one reported (its id remembered) and ignored keys reported too.
        mutating func array<Element: Decodable>(
            _ type: Element.Type, _ file: String, understood: (Element) -> JSONValue?
        ) -> [Element] {
            guard let (data, json) = source(file) else { return [] }
            guard case .array(let sentElements) = json else {
                problems.append(FixtureProblem(file: file, message: "The file must hold a JSON array."))
                undecoded.files.insert(file)
                return []
            }
            let results: [ElementResult<Element>]
            do {
                results = try ExposureJSON.decode([ElementResult<Element>].self, from: data)
            } catch {
                problems.append(FixtureLoader.problem(from: error, file: file))
                undecoded.files.insert(file)
                return []
            }
            var elements: [Element] = []
            var indices: [Int] = []
            defer { if indices.count < results.count { decodedIndices[file] = indices } }
            for (index, result) in results.enumerated() {
                switch result.value {
                case .success(let element):
                    elements.append(element)
                    indices.append(index)
                    if let understood = understood(element) {
                        problems += FixtureKeyCheck.problems(
                            understood: understood, sent: sentElements[index], file: file, path: "$[\(index)]")
                    }
                case .failure(let error):
                    problems.append(FixtureLoader.problem(from: error, file: file))
                    if let id = FixtureLocation.id(of: json, at: index) { undecoded.ids.insert(id) }
                }
            }
            return elements
        }

        mutating func array<Element: Codable>(_ type: Element.Type, _ file: String) -> [Element] {
            array(type, file) { element in try? JSONValue(encoding: element) }
        }

        /// The file's bytes and JSON tree, its lines mapped; nil (with a problem) when it is
        /// missing or not strict JSON.
        private mutating func source(_ file: String) -> (Data, JSONValue)? {
            guard let data = contents(file) else {
                problems.append(FixtureProblem(file: file, message: "The file is missing or unreadable."))
                undecoded.files.insert(file)
                return nil
            }
            do {
                let map = try JSONSourceMap(mapping: data)
                let tree = try JSONValue(parsing: data)
                sources[file] = (map, tree)
                return (data, tree)
            } catch let error as JSONSourceMap.SyntaxError {
                problems.append(
                    FixtureProblem(
                        file: file, message: "Not valid JSON at column \(error.column): \(error.message)", line: error.line,
                        location: FixtureLocation.readable("$", file: file, tree: nil)))
            } catch {
                problems.append(FixtureLoader.problem(from: error, file: file))
            }
            undecoded.files.insert(file)
            return nil
        }

        /// `problems` found on the decoded entries, their paths turned to the entries' places in
        /// the file (they differ after an entry that did not decode).
        func inFileOrder(_ problems: [FixtureProblem]) -> [FixtureProblem] {
            problems.map { problem in
                guard let indices = decodedIndices[problem.file], let (index, rest) = FixtureLocation.entry(of: problem.path),
                    indices.indices.contains(index)
                else { return problem }
                var moved = problem
                moved.path = "$[\(indices[index])]" + rest
                return moved
            }
        }

        /// `problems` with their lines and readable locations.
        func located(_ problems: [FixtureProblem]) -> [FixtureProblem] {
            problems.map { problem in
                guard problem.line == nil, let source = sources[problem.file] else { return problem }
                var located = problem
                located.line = source.map.line(of: problem.path)
                located.location = FixtureLocation.readable(problem.path, file: problem.file, tree: source.tree)
                return located
            }
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

    fileprivate static func problem(from error: any Error, file: String) -> FixtureProblem {
        guard let error = error as? DecodingError else {
            return FixtureProblem(file: file, message: "Not valid JSON: \(error).")
        }
        return problem(from: error, file: file)
    }

    private static func problem(from error: DecodingError, file: String) -> FixtureProblem {
        switch error {
        case .keyNotFound(let key, let context):
            FixtureProblem(file: file, path: jsonPath(context.codingPath), message: "The required key \"\(key.stringValue)\" is missing.")
        case .typeMismatch(let type, let context):
            FixtureProblem(
                file: file, path: jsonPath(context.codingPath), message: "Expected \(describe(type)). \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            FixtureProblem(file: file, path: jsonPath(context.codingPath), message: "Expected \(describe(type)), found null.")
        case .dataCorrupted(let context):
            FixtureProblem(file: file, path: jsonPath(context.codingPath), message: sentence(context).endingWithPeriod)
        @unknown default:
            FixtureProblem(file: file, message: "\(error)")
        }
    }

    private static func sentence(_ context: DecodingError.Context) -> String {
        if let underlying = context.underlyingError as NSError?,
            let detail = underlying.userInfo[NSDebugDescriptionErrorKey] as? String
        {
            return "Not valid JSON: \(detail)"
        }
        return context.debugDescription
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type: "a whole number"
        case is Double.Type: "a number"
        default: "a \(type)"
        }
    }

    /// Renders a coding path as `$[3].mock.channel`.
    static func jsonPath(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce("$") { path, key in
            if let index = key.intValue { return "\(path)[\(index)]" }
            return "\(path).\(key.stringValue)"
        }
    }
}

extension String {
    /// Decoder messages end in a quote or a word; fixture problems are sentences.
    fileprivate var endingWithPeriod: String { hasSuffix(".") ? self : self + "." }
}
