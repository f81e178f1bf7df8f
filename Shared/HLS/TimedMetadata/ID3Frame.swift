import Foundation

/// One frame of an ID3v2.4 tag as HLS timed metadata carries it: `PRIV` (an owner and private
/// bytes) or `TXXX` (a description and a text value). Other frames are read as `other` and kept
/// by id, so a tag from elsewhere still reads.
public enum ID3Frame: Sendable, Hashable {
    /// `PRIV`: private data under an owner identifier (a reverse-DNS name or URL).
    case priv(owner: String, data: Data)
    /// `TXXX`: user-defined text, a description and its value.
    case txxx(description: String, value: String)
    /// Any other frame: its four-character id and body.
    case other(id: String, body: Data)

    /// The four-character frame id: `PRIV`, `TXXX`, …
    public var id: String {
        switch self {
        case .priv: "PRIV"
        case .txxx: "TXXX"
        case .other(let id, _): id
        }
    }

    /// Who the frame speaks for: a `PRIV` frame's owner, a `TXXX` frame's description.
    public var owner: String? {
        switch self {
        case .priv(let owner, _): owner
        case .txxx(let description, _): description
        case .other: nil
        }
    }

    /// The frame's value as text: a `TXXX` value, a `PRIV` frame's data read as UTF-8.
    public var value: String? {
        switch self {
        case .priv(_, let data): String(data: data, encoding: .utf8)
        case .txxx(_, let value): value
        case .other: nil
        }
    }
}

/// An ID3v2.4 tag: the header and its frames (no extended header, footer or unsynchronisation).
public enum ID3Tag {
    /// The tag's bytes: `ID3`, version 4.0, no flags, the syncsafe size, then each frame.
    public static func bytes(_ frames: [ID3Frame]) -> Data {
        var body = Data()
        for frame in frames {
            let content: Data
            switch frame {
            case .priv(let owner, let data): content = Data(owner.utf8) + [0] + data
            // Text encoding 3: UTF-8, the description ended by one NUL.
            case .txxx(let description, let value): content = Data([3]) + Data(description.utf8) + [0] + Data(value.utf8)
            case .other(_, let body): content = body
            }
            body += Data(frame.id.utf8.prefix(4)) + syncsafe(content.count) + [0, 0] + content
        }
        return Data("ID3".utf8) + [4, 0, 0] + syncsafe(body.count) + body
    }

    /// The frames of a tag at the start of `bytes`; nil when it is no ID3v2.3/2.4 tag or is cut short.
    public static func frames(in bytes: Data) -> [ID3Frame]? {
        let tag = [UInt8](bytes)
        guard tag.count >= 10, tag[0] == 0x49, tag[1] == 0x44, tag[2] == 0x33, tag[3] == 3 || tag[3] == 4,
            let size = readSyncsafe(tag, at: 6), 10 + size <= tag.count
        else { return nil }
        let version = tag[3]
        var frames: [ID3Frame] = []
        var offset = 10
        let end = 10 + size
        while offset + 10 <= end, tag[offset] != 0 {
            let id = String(decoding: tag[offset..<offset + 4], as: UTF8.self)
            // ID3v2.3 frame sizes are plain 32-bit numbers; v2.4's are syncsafe.
            let plain = tag[offset + 4..<offset + 8].reduce(0) { $0 << 8 | Int($1) }
            guard let length = version == 4 ? readSyncsafe(tag, at: offset + 4) : plain, offset + 10 + length <= end else {
                return nil
            }
            let content = Array(tag[offset + 10..<offset + 10 + length])
            frames.append(frame(id: id, content: content))
            offset += 10 + length
        }
        return frames
    }

    private static func frame(id: String, content: [UInt8]) -> ID3Frame {
        switch id {
        case "PRIV":
            guard let nul = content.firstIndex(of: 0) else { break }
            return .priv(owner: String(decoding: content[..<nul], as: UTF8.self), data: Data(content[(nul + 1)...]))
        case "TXXX":
            guard let encoding = content.first, encoding == 0 || encoding == 3, let nul = content.dropFirst().firstIndex(of: 0) else {
                break
            }
            // Encodings 0 (ISO-8859-1) and 3 (UTF-8); the value may end with a NUL of its own.
            let read = { (bytes: ArraySlice<UInt8>) in
                encoding == 3 ? String(decoding: bytes, as: UTF8.self) : String(bytes.map { Character(Unicode.Scalar($0)) })
            }
            var value = content[(nul + 1)...]
            if value.last == 0 { value = value.dropLast() }
            return .txxx(description: read(content[1..<nul]), value: read(value))
        default:
            break
        }
        return .other(id: id, body: Data(content))
    }

    /// `value` in four bytes of seven bits each.
    private static func syncsafe(_ value: Int) -> Data {
        Data([UInt8(value >> 21 & 0x7F), UInt8(value >> 14 & 0x7F), UInt8(value >> 7 & 0x7F), UInt8(value & 0x7F)])
    }

    private static func readSyncsafe(_ bytes: [UInt8], at offset: Int) -> Int? {
        guard offset + 4 <= bytes.count, bytes[offset..<offset + 4].allSatisfy({ $0 < 0x80 }) else { return nil }
        return bytes[offset..<offset + 4].reduce(0) { $0 << 7 | Int($1) }
    }
}
