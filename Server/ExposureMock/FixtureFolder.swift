import Foundation
import MockPlatform

/// The fixtures folder a run serves: the configured one, else the bundled one.
enum FixtureFolder {
    /// `configured` when set (``MockOption`` checked it exists), else the bundled fixtures;
    /// throws a message naming every folder looked in and how to pass one when there are none.
    static func resolve(_ configured: URL?) throws(UsageError) -> URL {
        if let configured { return configured }
        if let bundled = BundledFixtures.directory { return bundled }
        let looked = BundledFixtures.candidates.map(\.path).joined(separator: ", ")
        throw UsageError("no fixtures found (looked in \(looked)); pass --fixtures DIR or set EXPOSURE_MOCK_FIXTURES=DIR")
    }
}
