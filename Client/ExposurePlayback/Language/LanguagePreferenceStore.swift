import Foundation
import Synchronization

/// The user's last audio and subtitle language choices, kept in a small JSON file so that
/// `.userPreference` finds them in the next session.
public final class LanguagePreferenceStore: Sendable {
    /// The stored choices.
    public struct Choices: Codable, Sendable, Equatable {
        /// The audio language (ISO 639-1).
        public var audio: String?
        /// The subtitle language; nil for none chosen.
        public var text: String?
        /// Choices.
        public init(audio: String? = nil, text: String? = nil) {
            self.audio = audio
            self.text = text
        }
    }

    /// The file the choices live in.
    public let fileURL: URL
    private let lock = Mutex(())

    /// A store in `fileURL` (created on the first save).
    public init(fileURL: URL) { self.fileURL = fileURL }

    /// The store in the user's caches folder.
    public static var standard: LanguagePreferenceStore {
        let folder =
            FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return LanguagePreferenceStore(fileURL: folder.appendingPathComponent("ExposurePlayback/language-preferences.json"))
    }

    /// The stored choices; empty when nothing was saved or the file is unreadable.
    public func load() -> Choices {
        lock.withLock { _ in
            guard let data = try? Data(contentsOf: fileURL) else { return Choices() }
            return (try? JSONDecoder().decode(Choices.self, from: data)) ?? Choices()
        }
    }

    /// Saves `choices`, replacing the file atomically.
    public func save(_ choices: Choices) throws {
        try lock.withLock { _ in
            try FileManager.default.createDirectory(at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try JSONEncoder().encode(choices).write(to: fileURL, options: .atomic)
        }
    }
}
