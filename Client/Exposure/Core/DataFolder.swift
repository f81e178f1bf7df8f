import Foundation

/// Where the SDK keeps what must outlive the process — the analytics outbox and downloads — in
/// an `exposure` folder: on Linux in `$XDG_DATA_HOME`, else in `$HOME/.local/share` (the XDG base
/// directory rule, so a CI job or a second user with its own `HOME` keeps to it), and only when
/// neither is set in the account's home directory; elsewhere in the application support folder.
public enum DataFolder {
    /// The folder for this process's environment.
    public static var standard: URL { standard(variables: ProcessInfo.processInfo.environment) }

    /// The folder under the environment `variables`.
    public static func standard(variables: [String: String]) -> URL {
        #if os(Linux)
        let base =
            nonEmpty(variables["XDG_DATA_HOME"]).map { URL(fileURLWithPath: $0) }
            ?? nonEmpty(variables["HOME"]).map { URL(fileURLWithPath: $0).appendingPathComponent(".local/share") }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share")
        #else
        let base =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        #endif
        return base.appendingPathComponent("exposure")
    }

    private static func nonEmpty(_ value: String?) -> String? {
        value.flatMap { $0.isEmpty ? nil : $0 }
    }
}
