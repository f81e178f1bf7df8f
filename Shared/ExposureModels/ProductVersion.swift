import CBuildStamp

/// The version of every tool and library in this package, kept here and nowhere else.
///
/// `exposure-mock --version`, `exposure --version`, `GET /_mock/health` and the SDK's
/// `User-Agent` all read it. The git commit is stamped by `scripts/install` and
/// `scripts/package-deb`; a plain `swift build` reports `unknown`.
public enum ProductVersion {
    /// The release, `MAJOR.MINOR.PATCH`.
    public static let number = "0.4.0"

    /// The short git commit the binary was built from, or `unknown`.
    public static let commit = String(cString: exposure_git_commit())

    /// What `--version` prints: `exposure-mock 0.4.0 (git abc1234)`.
    public static func line(program: String) -> String { "\(program) \(number) (git \(commit))" }

    /// The SDK's `User-Agent`: `exposure-swift/0.4.0 (git abc1234)`.
    public static var userAgent: String { "exposure-swift/\(number) (git \(commit))" }
}
