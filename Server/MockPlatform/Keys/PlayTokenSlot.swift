import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the requester's play token goes in an encrypted stream's playlists: key URIs, and
/// the master playlist's rendition URIs (so a player that follows them keeps the token).
/// Playlists are cached with the placeholder and filled in as they are served.
enum PlayTokenSlot {
    /// Text no id or URL of the mock contains (braces are never in a served URL).
    static let placeholder = "{playToken}"
    private static let placeholderBytes = Array(placeholder.utf8)

    /// `body` with every placeholder replaced by `token` (percent-encoded; empty when the
    /// request carried none, which the key server then refuses); `body` itself when it has none.
    ///
    /// Every reload of an encrypted live stream goes through here, so the scan is `memchr` to
    /// each `{` and `memcmp` there, and the filled body is built in one buffer of its final size.
    static func fill(_ body: Data, token: String?) -> Data {
        body.withUnsafeBytes { (source: UnsafeRawBufferPointer) -> Data in
            let offsets = placeholderOffsets(in: source)
            guard !offsets.isEmpty, let base = source.baseAddress else { return body }
            let value = Array((token ?? "").addingPercentEncoding(withAllowedCharacters: StreamURLs.unreserved)?.utf8 ?? "".utf8)
            var filled = Data(capacity: source.count + offsets.count * (value.count - placeholderBytes.count))
            var from = 0
            for offset in offsets {
                filled.append(base.assumingMemoryBound(to: UInt8.self) + from, count: offset - from)
                filled.append(contentsOf: value)
                from = offset + placeholderBytes.count
            }
            filled.append(base.assumingMemoryBound(to: UInt8.self) + from, count: source.count - from)
            return filled
        }
    }

    /// Where the placeholder starts in `bytes`, in order.
    private static func placeholderOffsets(in bytes: UnsafeRawBufferPointer) -> [Int] {
        guard let base = bytes.baseAddress else { return [] }
        let needle = placeholderBytes
        var offsets: [Int] = []
        var start = 0
        while start + needle.count <= bytes.count,
            let hit = memchr(base + start, Int32(needle[0]), bytes.count - needle.count + 1 - start)
        {
            let offset = base.distance(to: UnsafeRawPointer(hit))
            if memcmp(base + offset, needle, needle.count) == 0 {
                offsets.append(offset)
                start = offset + needle.count
            } else {
                start = offset + 1
            }
        }
        return offsets
    }

    /// The URI with the placeholder as its `token` query.
    static func appended(to uri: String) -> String { uri + "?token=" + placeholder }
}
