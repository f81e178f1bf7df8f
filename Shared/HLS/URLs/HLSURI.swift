import Foundation

/// Resolving the URIs written in playlists and sprite files against the file's own URL.
public enum HLSURI {
    /// Resolves `reference` against the URL of the file it was written in: an absolute URL
    /// stays as it is, `/path` keeps the file's scheme and host, anything else is relative to
    /// the file's folder (RFC 3986 §5.2, so `../` works too). Nil when `reference` is not a URL.
    public static func resolve(_ reference: String, against base: URL) -> URL? {
        URL(string: reference, relativeTo: base)?.absoluteURL
    }

    /// Resolves `reference` against a base given as text; nil when either is not a URL.
    public static func resolve(_ reference: String, against base: String) -> URL? {
        guard let baseURL = URL(string: base) else { return nil }
        return resolve(reference, against: baseURL)
    }
}
