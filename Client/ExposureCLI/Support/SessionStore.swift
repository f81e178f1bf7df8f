import Exposure
import Foundation

/// What `login` leaves for later commands.
struct SavedSession: Codable, Sendable {
    /// The backend the token belongs to.
    var environment: Environment
    /// The token.
    var sessionToken: SessionToken
    /// Who logged in, for `whoami`.
    var username: String?
    /// When the session expires, as the server said.
    var expiration: Date?
}

/// Keeps the session in `$XDG_CONFIG_HOME/exposure/session.json` (else `~/.config/…`), readable
/// only by the user because it holds a bearer token.
struct SessionStore: Sendable {
    /// The session file.
    let fileURL: URL

    init(variables: [String: String]) throws {
        let configHome: String
        if let xdg = variables["XDG_CONFIG_HOME"], !xdg.isEmpty {
            configHome = xdg
        } else if let home = variables["HOME"], !home.isEmpty {
            configHome = home + "/.config"
        } else {
            throw CLIError("neither XDG_CONFIG_HOME nor HOME is set; cannot find where to keep the session")
        }
        fileURL = URL(fileURLWithPath: configHome).appendingPathComponent("exposure/session.json")
    }

    func load() throws -> SavedSession? {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return nil }
        do {
            return try ExposureJSON.decode(SavedSession.self, from: Data(contentsOf: fileURL))
        } catch {
            throw CLIError("cannot read the session in \(fileURL.path) (\(error)); delete it and log in again")
        }
    }

    func save(_ session: SavedSession) throws {
        let manager = FileManager.default
        let directory = fileURL.deletingLastPathComponent()
        try manager.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let data = try ExposureJSON.encode(session)
        // Create empty with 0600 first so the token is never readable by others, even briefly.
        guard manager.createFile(atPath: fileURL.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw CLIError("cannot write \(fileURL.path)")
        }
        try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: fileURL.path)
        try data.write(to: fileURL)
    }

    func delete() throws {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return }
        try FileManager.default.removeItem(at: fileURL)
    }
}
