import ExposureModels
import Foundation

/// Where the SDK keeps what must outlive the process — the analytics outbox and downloads — in
/// an `exposure` folder placed by the ``UserDataFolder`` rule: `$XDG_DATA_HOME/exposure`, else
/// `$HOME/.local/share/exposure` on Linux; the application support folder elsewhere.
public enum DataFolder {
    /// The folder for this process's environment.
    public static var standard: URL { standard(variables: ProcessInfo.processInfo.environment) }

    /// The folder under the environment `variables`.
    public static func standard(variables: [String: String]) -> URL {
        UserDataFolder.folder(named: "exposure", variables: variables)
    }
}
