import Foundation

/// Where the fixtures that ship with the mock are, found at run time (no source path is compiled
/// in, so a copied or installed binary finds them as well as a build in the repository):
///
/// 1. `Fixtures/` next to the executable (a folder unpacked anywhere);
/// 2. `PREFIX/share/exposure-mock/Fixtures` for an executable in `PREFIX/bin` (`scripts/install`,
///    the Debian package);
/// 3. `Fixtures/` in the working directory (`swift run` and `swift test` in the repository).
///
/// The folder holding `Fixtures/` is the mock's data folder: the repository root, or
/// `PREFIX/share/exposure-mock`. It holds what the mock serves besides the catalog — the web
/// dashboard (`Dashboard/`), the OpenAPI document and the fixture schemas (`docs/`) — whichever
/// fixtures folder it serves.
public enum BundledFixtures {
    /// The folders looked in, in order, for an executable at `executable` run in `workingDirectory`.
    package static func candidates(executable: URL, workingDirectory: URL) -> [URL] {
        let binary = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        return [
            binary.appendingPathComponent("Fixtures"),
            binary.deletingLastPathComponent().appendingPathComponent("share/exposure-mock/Fixtures"),
            workingDirectory.appendingPathComponent("Fixtures")
        ].map(\.standardizedFileURL)
    }

    /// The first candidate holding `catalog/platform.json`; nil when none does.
    package static func find(executable: URL, workingDirectory: URL) -> URL? {
        candidates(executable: executable, workingDirectory: workingDirectory).first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("catalog/platform.json").path)
        }
    }

    /// The candidates for this process, worked out once: its executable and working directory
    /// stay where they are, and every platform a test starts asks for them (resolving the
    /// executable's links is a system call per component of its path).
    package static let candidates: [URL] = candidates(executable: executable, workingDirectory: workingDirectory)

    /// The bundled fixtures of this process, looked for once; nil when no candidate holds them.
    package static let directory: URL? = find(executable: executable, workingDirectory: workingDirectory)

    /// The data folder of this process: the one holding the bundled fixtures, else the working
    /// directory (where a missing file is then reported).
    public static var dataFolder: URL { (directory ?? candidates.last ?? URL(fileURLWithPath: "Fixtures")).deletingLastPathComponent() }

    private static var executable: URL {
        Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0], relativeTo: workingDirectory)
    }

    private static var workingDirectory: URL { URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true) }
}
