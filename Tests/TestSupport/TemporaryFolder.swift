import Foundation

/// A fresh folder path under the system's temporary directory, removed with everything in it
/// when the last reference goes: for state that outlives one scope of a test (a harness, a
/// restarted manager on the same folder). Nothing is created until someone writes there.
public final class TemporaryFolder: Sendable {
    /// The folder.
    public let url: URL

    /// A new path `{prefix}-{UUID}`.
    public init(_ prefix: String) {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
