import Foundation
import Synchronization

/// Serves files from one folder (a fixtures directory's media folder, the dashboard), read once and kept in memory (the
/// bundled set is ~9 MB) for as long as that catalog is in use. Only paths made of plain names
/// are served: `..`, `.`, empty segments and absolute paths are refused, however they were
/// encoded in the URL. Symbolic links the fixtures hold are followed (to regular files only).
final class MediaFileStore: Sendable {
    private let root: URL
    private let cache = Mutex<[String: Data]>([:])

    init(root: URL) { self.root = root.standardizedFileURL }

    /// The file at `relativePath` (already percent-decoded), or nil when absent or not allowed.
    func file(at relativePath: String) -> Data? {
        // Only safe paths are ever cached, so a hit needs no second check.
        if let hit = cache.withLock({ $0[relativePath] }) { return hit }
        guard Self.isSafe(relativePath) else { return nil }
        let url = root.appendingPathComponent(relativePath, isDirectory: false).standardizedFileURL
        guard url.path.hasPrefix(root.path + "/"), let data = Self.regularFileContents(atPath: url.path) else { return nil }
        cache.withLock { $0[relativePath] = data }
        return data
    }

    /// The bytes of the file at `path`, or nil unless it is a regular file that could be read.
    ///
    /// Symbolic links are followed: fixture authors use them to share media between fixture
    /// sets (a request path can hold no `..`, so only they can point out of the folder). What
    /// is opened must be a regular file, not a FIFO or a device that would never end: it is
    /// opened without blocking (a FIFO with no writer would block the open itself) and looked
    /// at through the open descriptor, so one `open`, `fstat` and the reads are all it costs.
    static func regularFileContents(atPath path: String) -> Data? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        var data = Data(count: Int(status.st_size))
        let filled = data.withUnsafeMutableBytes { buffer -> Int? in
            var filled = 0
            while filled < buffer.count {
                let got = read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
                if got > 0 {
                    filled += got
                } else if got == 0 {
                    break
                } else if errno != EINTR {
                    return nil
                }
            }
            return filled
        }
        guard let filled else { return nil }
        // A file that shrank while it was read is served as far as it went.
        return filled == data.count ? data : data.prefix(filled)
    }

    static func isSafe(_ path: String) -> Bool {
        let bytes = path.utf8
        guard !bytes.contains(0), !bytes.contains(UInt8(ascii: "\\")) else { return false }
        return bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).allSatisfy { segment in
            !segment.isEmpty && !segment.elementsEqual(".".utf8) && !segment.elementsEqual("..".utf8)
                && segment.first != UInt8(ascii: "%")
        }
    }

    static func contentType(of path: String) -> String {
        let bytes = path.utf8
        let suffix = bytes.lastIndex(of: UInt8(ascii: ".")).map { Substring(bytes[bytes.index(after: $0)...]) } ?? ""
        return switch suffix.lowercased() {
        case "ts": "video/mp2t"
        case "aac": "audio/aac"
        case "mp3": "audio/mpeg"
        case "vtt": "text/vtt; charset=utf-8"
        case "jpg", "jpeg": "image/jpeg"
        case "m3u8": "application/vnd.apple.mpegurl"
        case "json": "application/json"
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        default: "application/octet-stream"
        }
    }
}
