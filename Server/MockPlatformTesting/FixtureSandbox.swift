import ExposureModels
import Foundation

/// A throwaway copy of a fixtures directory that a test may change — one user more, a broken
/// schedule, a missing file — without touching the original. Deleted when released.
///
/// JSON files are copied; everything else (megabytes of media segments and sprite sheets) is
/// linked — a folder holding no JSON file as a whole, so a sandbox costs a dozen new files rather
/// than hundreds. Changing a file first turns the linked folders on its way into real ones and
/// `write` replaces a link with a real file, so the original is never written through.
///
/// ```swift
/// let sandbox = try FixtureSandbox()
/// try sandbox.editJSON("catalog/users.json") { users in users[1]["concurrentStreamsLimit"] = .integer(2) }
/// let platform = try await MockPlatform.start(fixtures: sandbox.directory)
/// ```
public final class FixtureSandbox: Sendable {
    /// The copy; pass it as `fixtures:`.
    public let directory: URL

    /// Copies `source` (the bundled fixtures by default) into a new temporary directory.
    public init(copying source: URL = FixtureLoader.bundledDirectory) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("fixtures-" + UUID().uuidString)
        try Self.mirror(source, to: directory)
    }

    private static func mirror(_ source: URL, to target: URL) throws {
        let files = FileManager.default
        try files.createDirectory(at: target, withIntermediateDirectories: true)
        for name in try files.contentsOfDirectory(atPath: source.path) {
            let from = source.appendingPathComponent(name)
            let to = target.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            _ = files.fileExists(atPath: from.path, isDirectory: &isDirectory)
            if isDirectory.boolValue, holdsJSON(from) {
                try mirror(from, to: to)
            } else if isDirectory.boolValue {
                try files.createSymbolicLink(at: to, withDestinationURL: from)
            } else if name.hasSuffix(".json") {
                try files.copyItem(at: from, to: to)
            } else {
                try files.createSymbolicLink(at: to, withDestinationURL: from)
            }
        }
    }

    /// Whether a JSON file lies anywhere in `folder`.
    private static func holdsJSON(_ folder: URL) -> Bool {
        let names = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return names.contains { $0.hasSuffix(".json") }
    }

    /// Turns each linked folder on the way to `file` into a real folder mirroring the original,
    /// so that changing `file` cannot reach the original.
    private func unlinkFolders(toward file: String) throws {
        var folder = directory
        for name in file.split(separator: "/").dropLast() {
            folder.appendPathComponent(String(name))
            guard let original = try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path) else { continue }
            try FileManager.default.removeItem(at: folder)  // the link only
            try Self.mirror(URL(fileURLWithPath: original), to: folder)
        }
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// The URL of `file` (relative, e.g. `catalog/users.json`) inside the sandbox.
    public func url(of file: String) -> URL { directory.appendingPathComponent(file) }

    /// Writes `text` to `file`, creating folders as needed.
    public func write(_ file: String, _ text: String) throws {
        let url = url(of: file)
        try unlinkFolders(toward: file)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil {
            try FileManager.default.removeItem(at: url)
        }
        try Data(text.utf8).write(to: url)
    }

    /// Reads `file` as JSON, lets `edit` change it, and writes it back (keys sorted).
    public func editJSON(_ file: String, _ edit: (inout JSONValue) throws -> Void) throws {
        try unlinkFolders(toward: file)
        var json = try JSONValue(parsing: Data(contentsOf: url(of: file)))
        try edit(&json)
        let encoder = ExposureJSON.makeEncoder()
        encoder.outputFormatting.insert(.prettyPrinted)
        try encoder.encode(json).write(to: url(of: file))
    }

    /// Deletes `file` (a linked file loses only its link).
    public func remove(_ file: String) throws {
        try unlinkFolders(toward: file)
        try FileManager.default.removeItem(at: url(of: file))
    }
}
