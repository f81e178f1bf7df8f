/// An `EXT-X-KEY` (or `EXT-X-SESSION-KEY`) tag: how the segments after it are encrypted and
/// where their key is (RFC 8216 §4.3.2.4, §4.3.4.5). Kept verbatim in
/// ``MediaSegment/otherTags``; this reads and writes the one form the mock serves and the SDK
/// plays, `METHOD=AES-128` with a URI, or `METHOD=NONE`.
public struct SegmentKey: Sendable, Hashable {
    /// The encryption method.
    public enum Method: String, Sendable, Hashable {
        /// Clear segments from here on.
        case none = "NONE"
        /// Whole segments encrypted with AES-128-CBC and PKCS#7 padding.
        case aes128 = "AES-128"
        /// Samples encrypted inside the segment (FairPlay and its kin): read, never played.
        case sampleAES = "SAMPLE-AES"
    }

    /// `METHOD`.
    public var method: Method
    /// `URI` of the key (16 bytes for AES-128), as written; nil with `METHOD=NONE`.
    public var uri: String?
    /// `IV`: 16 bytes; nil means the segment's media sequence number is its IV.
    public var iv: [UInt8]?
    /// `KEYFORMAT`; nil means `identity` (the key is the 16 bytes the URI answers).
    public var keyFormat: String?

    /// The only `KEYFORMAT` an AES-128 player can use without a key system.
    public static let identityKeyFormat = "identity"

    /// A key tag.
    public init(method: Method, uri: String? = nil, iv: [UInt8]? = nil, keyFormat: String? = nil) {
        self.method = method
        self.uri = uri
        self.iv = iv
        self.keyFormat = keyFormat
    }

    /// Reads a whole `#EXT-X-KEY:` or `#EXT-X-SESSION-KEY:` line.
    /// - Throws: ``HLSParseError`` (line 1) naming what is wrong: no or unknown METHOD, a
    ///   METHOD other than NONE without URI, NONE with a URI, an IV that is not 0x and 32 hex digits.
    public init(line: String) throws(HLSParseError) {
        let attributes = try TagAttributes(line: line)
        func fail(_ message: String) -> HLSParseError { HLSParseError(line: 1, message: "\(attributes.tag): \(message)") }
        guard let methodText = attributes.values["METHOD"] else { throw fail("METHOD is missing") }
        guard let method = Method(rawValue: methodText) else {
            throw fail("METHOD \(methodText) is none of NONE, AES-128, SAMPLE-AES")
        }
        let uri = attributes.values["URI"]
        if method == .none {
            guard uri == nil, attributes.values["IV"] == nil else { throw fail("METHOD=NONE takes no URI or IV") }
        } else if uri?.isEmpty ?? true {
            throw fail("METHOD=\(methodText) needs a URI")
        }
        var iv: [UInt8]?
        if let text = attributes.values["IV"] {
            guard let bytes = Self.ivBytes(text) else { throw fail("IV \(text) is not 0x and 32 hexadecimal digits") }
            iv = bytes
        }
        self.init(method: method, uri: uri, iv: iv, keyFormat: attributes.values["KEYFORMAT"])
    }

    /// The tag line: `#EXT-X-KEY:…`, or `#EXT-X-SESSION-KEY:…` when `session`.
    public func line(session: Bool = false) -> String {
        var attributes = ["METHOD=\(method.rawValue)"]
        if let uri { attributes.append("URI=\"\(uri)\"") }
        if let iv { attributes.append("IV=" + HexadecimalSequence.string(iv)) }
        if let keyFormat { attributes.append("KEYFORMAT=\"\(keyFormat)\"") }
        return (session ? "#EXT-X-SESSION-KEY:" : "#EXT-X-KEY:") + attributes.joined(separator: ",")
    }

    /// The IV of the segment with media sequence number `sequence` under this key: `IV` when
    /// given, else the number as a 128-bit big-endian integer (RFC 8216 §5.2).
    public func iv(forMediaSequence sequence: Int) -> [UInt8] {
        iv ?? Self.sequenceIV(sequence)
    }

    /// A media sequence number as the 16-byte big-endian IV RFC 8216 §5.2 makes of it.
    public static func sequenceIV(_ sequence: Int) -> [UInt8] {
        let value = UInt64(truncatingIfNeeded: sequence)
        return [UInt8](repeating: 0, count: 8) + (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * (7 - $0))) }
    }

    private static func ivBytes(_ text: String) -> [UInt8]? {
        guard text.hasPrefix("0x") || text.hasPrefix("0X") else { return nil }
        let digits = Array(text.utf8.dropFirst(2))
        guard digits.count == 32 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: 32, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }
}
