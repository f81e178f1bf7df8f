import ExposureModels
import Foundation

/// Reads a fixtures directory into a `Catalog`, reporting every problem instead of the first.
public enum FixtureLoader {
    /// The fixtures that ship with the mock: `Fixtures/` at the repository root.
    public static var bundledDirectory: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures")
    }

    /// Loads and checks `directory`; throws `FixtureProblems` listing everything wrong.
    public static func load(from directory: URL) throws(FixtureProblems) -> Catalog {
        var problems: [FixtureProblem] = []
        let settings = decode(PlatformSettings.self, "catalog/platform.json", in: directory, problems: &problems)
        let users = decode([FixtureUser].self, "catalog/users.json", in: directory, problems: &problems)
        let assets = decode([CatalogAsset].self, "catalog/assets.json", in: directory, problems: &problems)
        let ads = decode([AdCreative].self, "catalog/ads.json", in: directory, problems: &problems)
        let media = decode(MediaManifest.self, "media/media.json", in: directory, problems: &problems)
        guard let settings, let users, let assets, let ads, let media else { throw FixtureProblems(problems: problems) }
        let catalog = Catalog(settings: settings, users: users, assets: assets, ads: ads, media: media)
        problems += FixtureValidator.problems(in: catalog)
        guard problems.isEmpty else { throw FixtureProblems(problems: problems) }
        return catalog
    }

    private static func decode<Value: Decodable>(
        _ type: Value.Type, _ file: String, in directory: URL, problems: inout [FixtureProblem]
    ) -> Value? {
        let url = directory.appendingPathComponent(file)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            problems.append(FixtureProblem(file: file, message: "The file is missing or unreadable."))
            return nil
        }
        do {
            return try ExposureJSON.decode(type, from: data)
        } catch let error as DecodingError {
            problems.append(problem(from: error, file: file))
        } catch {
            problems.append(FixtureProblem(file: file, message: "Not valid JSON: \(error)."))
        }
        return nil
    }

    private static func problem(from error: DecodingError, file: String) -> FixtureProblem {
        switch error {
        case .keyNotFound(let key, let context):
            FixtureProblem(file: file, path: jsonPath(context.codingPath), message: "The required key \"\(key.stringValue)\" is missing.")
        case .typeMismatch(let type, let context):
            FixtureProblem(file: file, path: jsonPath(context.codingPath), message: "Expected \(describe(type)). \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            FixtureProblem(file: file, path: jsonPath(context.codingPath), message: "Expected \(describe(type)), found null.")
        case .dataCorrupted(let context):
            FixtureProblem(file: file, path: jsonPath(context.codingPath), message: sentence(context))
        @unknown default:
            FixtureProblem(file: file, message: "\(error)")
        }
    }

    private static func sentence(_ context: DecodingError.Context) -> String {
        if let underlying = context.underlyingError as NSError?,
           let detail = underlying.userInfo[NSDebugDescriptionErrorKey] as? String {
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
