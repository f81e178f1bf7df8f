import Clocks
import ExposureModels
import Foundation
import Synchronization

/// Reads a fixtures directory into a `Catalog`, reporting every problem instead of the first.
public enum FixtureLoader {
    /// The fixtures that ship with the mock, where ``BundledFixtures`` finds them; `Fixtures/` in
    /// the working directory when it finds none (loading it then reports the missing files).
    public static var bundledDirectory: URL {
        BundledFixtures.dataFolder.appendingPathComponent("Fixtures", isDirectory: true)
    }

    /// The files a fixtures directory holds, by their paths in it.
    package static let files = [
        FixtureValidator.platformFile, FixtureValidator.usersFile, FixtureValidator.assetsFile, FixtureValidator.adsFile,
        FixtureValidator.mediaFile
    ]

    /// Loads and checks `directory`; throws `FixtureProblems` listing everything wrong, each
    /// problem with its line. Every file is read and every entry decoded even when others are
    /// broken, and the cross-checks run on whatever decoded, so one round names every problem.
    /// `now` is the platform's time, at which a fault rule's stream target is checked.
    package static func load(from directory: URL, at now: WallTime) throws(FixtureProblems) -> Catalog {
        try load(at: now) { file in FileManager.default.contents(atPath: directory.appendingPathComponent(file, isDirectory: false).path) }
    }

    /// Loads and checks the fixture files `contents` gives by their paths in a fixtures directory
    /// (`catalog/assets.json`; nil: missing), as ``load(from:)`` does with a directory's files.
    package static func load(at now: WallTime, contents: (String) -> Data?) throws(FixtureProblems) -> Catalog {
        let read = Dictionary(uniqueKeysWithValues: files.map { ($0, contents($0)) })
        if let loaded = recentlyLoaded.withLock({ $0.first { $0.files == read } }) { return loaded.catalog }
        let catalog = try FixtureFiles(contents: { read[$0] ?? nil }).catalog(at: now)
        // A fault rule's stream target is checked at `now` (FixtureValidator+Faults):
        // a catalog with one is checked again at each load.
        let checkedAtLoadTime = catalog.settings.faults?.contains { $0.stream != nil } ?? false
        if !checkedAtLoadTime {
            recentlyLoaded.withLock { recent in
                recent.insert((read, catalog), at: 0)
                if recent.count > recentCatalogs { recent.removeLast() }
            }
        }
        return catalog
    }

    /// The last few catalogs loaded, newest first, with the files each was made of: a mock
    /// started again on the same files (every test starts its own, tests on the bundled set
    /// and on their own sandboxes side by side) takes one instead of parsing and checking them
    /// again. Only a catalog is kept, so files with problems are read again and every problem
    /// reported; nor is one whose checks depend on the time it is loaded at.
    private static let recentlyLoaded = Mutex<[(files: [String: Data?], catalog: Catalog)]>([])

    /// How many catalogs ``recentlyLoaded`` keeps.
    private static let recentCatalogs = 8

    /// The problem `error`, thrown decoding `file`, stands for.
    static func problem(from error: any Error, file: String) -> FixtureProblem {
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
