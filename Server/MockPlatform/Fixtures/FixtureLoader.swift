import ExposureModels
import Foundation

/// Reads a fixtures directory into a `Catalog`, reporting every problem instead of the first.
public enum FixtureLoader {
    /// The fixtures that ship with the mock, where ``BundledFixtures`` finds them; `Fixtures/` in
    /// the working directory when it finds none (loading it then reports the missing files).
    public static var bundledDirectory: URL {
        BundledFixtures.directory ?? BundledFixtures.candidates.last ?? URL(fileURLWithPath: "Fixtures")
    }

    /// Loads and checks `directory`; throws `FixtureProblems` listing everything wrong.
    public static func load(from directory: URL) throws(FixtureProblems) -> Catalog {
        var problems: [FixtureProblem] = []
        let settings = decodeObject(PlatformSettings.self, "catalog/platform.json", in: directory, problems: &problems)
        let users = decodeArray(FixtureUser.self, "catalog/users.json", in: directory, problems: &problems)
        let assets = decodeArray(
            CatalogAsset.self, "catalog/assets.json", in: directory, problems: &problems,
            understood: FixtureKeyCheck.understood)
        let ads = decodeArray(AdCreative.self, "catalog/ads.json", in: directory, problems: &problems)
        // Written by the media scripts, which record more than the platform reads: no key check.
        let media = decodeObject(MediaManifest.self, "media/media.json", in: directory, problems: &problems, checkKeys: false)
        guard let settings, let users, let assets, let ads, let media else { throw FixtureProblems(problems: problems) }
        let catalog = Catalog(settings: settings, users: users, assets: assets, ads: ads, media: media)
        problems += FixtureValidator.problems(in: catalog)
        guard problems.isEmpty else { throw FixtureProblems(problems: problems) }
        return catalog
    }

    /// A file holding one object; any ignored key is a problem too, unless `checkKeys` is false.
    private static func decodeObject<Value: Codable>(
        _ type: Value.Type, _ file: String, in directory: URL, problems: inout [FixtureProblem], checkKeys: Bool = true
    ) -> Value? {
        guard let data = read(file, in: directory, problems: &problems) else { return nil }
        do {
            let value = try ExposureJSON.decode(type, from: data)
            if checkKeys {
                guard let json = tree(of: data, file: file, problems: &problems) else { return nil }
                problems += FixtureKeyCheck.problems(value, sent: json, file: file)
            }
            return value
        } catch {
            problems.append(problem(from: error, file: file))
            return nil
        }
    }

    /// A file holding an array, decoded element by element so that every broken element is
    /// reported, not only the first; ignored keys are problems too.
    private static func decodeArray<Element: Decodable>(
        _ type: Element.Type, _ file: String, in directory: URL, problems: inout [FixtureProblem],
        understood: (Element) -> JSONValue?
    ) -> [Element]? {
        guard let data = read(file, in: directory, problems: &problems), let json = tree(of: data, file: file, problems: &problems) else {
            return nil
        }
        guard case .array(let sentElements) = json else {
            problems.append(FixtureProblem(file: file, message: "The file must hold a JSON array."))
            return nil
        }
        let results: [ElementResult<Element>]
        do {
            results = try ExposureJSON.decode([ElementResult<Element>].self, from: data)
        } catch {
            problems.append(problem(from: error, file: file))
            return nil
        }
        var elements: [Element] = []
        for (index, result) in results.enumerated() {
            switch result.value {
            case .success(let element):
                elements.append(element)
                if let understood = understood(element) {
                    problems += FixtureKeyCheck.problems(understood: understood, sent: sentElements[index], file: file, path: "$[\(index)]")
                }
            case .failure(let error):
                problems.append(problem(from: error, file: file))
            }
        }
        return elements.count == results.count ? elements : nil
    }

    private static func decodeArray<Element: Codable>(
        _ type: Element.Type, _ file: String, in directory: URL, problems: inout [FixtureProblem]
    ) -> [Element]? {
        decodeArray(type, file, in: directory, problems: &problems) { element in
            try? JSONValue(encoding: element)
        }
    }

    /// The file's bytes; nil (with a problem) when missing.
    private static func read(_ file: String, in directory: URL, problems: inout [FixtureProblem]) -> Data? {
        let url = directory.appendingPathComponent(file)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            problems.append(FixtureProblem(file: file, message: "The file is missing or unreadable."))
            return nil
        }
        return data
    }

    /// The JSON tree of a file's bytes, to check its keys; nil (with a problem) when not JSON.
    private static func tree(of data: Data, file: String, problems: inout [FixtureProblem]) -> JSONValue? {
        do {
            return try JSONValue(parsing: data)
        } catch {
            problems.append(problem(from: error, file: file))
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

    private static func problem(from error: any Error, file: String) -> FixtureProblem {
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
