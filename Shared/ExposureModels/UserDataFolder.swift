import Foundation

/// Where a tool of this project keeps what must outlive the process, in a folder of its own: on
/// Linux in `$XDG_DATA_HOME`, else in `$HOME/.local/share` (the XDG base directory rule, so a
/// CI job or a second user with its own `HOME` keeps to it), and only when neither is set in the
/// account's home directory; elsewhere in the application support folder. The SDK's
/// `DataFolder` (`exposure`) and the mock's development certificate authority
/// (`exposure-mock/tls`) both follow it.
public enum UserDataFolder {
    /// The folder `name` under the environment `variables`.
    public static func folder(named name: String, variables: [String: String]) -> URL {
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
        return base.appendingPathComponent(name, isDirectory: true)
    }

    private static func nonEmpty(_ value: String?) -> String? {
        value.flatMap { $0.isEmpty ? nil : $0 }
    }
}
