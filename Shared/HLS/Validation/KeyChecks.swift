import Foundation

/// The rules of `EXT-X-KEY` and `EXT-X-SESSION-KEY` (RFC 8216 §4.3.2.4, §4.3.4.5; hls-rules.md,
/// "Encryption"): each tag's attributes, the key tag a live window keeps before its first
/// segment, and the session keys of a multivariant playlist against the keys its media
/// playlists use. Key tags are kept verbatim by the parser, so they are read here with their
/// quoting, which the attribute rules need.
enum KeyChecks {
    /// The methods RFC 8216 defines.
    private static let methods: Set<String> = ["NONE", "AES-128", "SAMPLE-AES"]

    /// A key tag's attributes as written, by name.
    typealias Attributes = [String: AttributeList.Entry]

    /// What names one key: its attributes with their defaults filled in (`KEYFORMAT` identity,
    /// `KEYFORMATVERSIONS` 1), the URI resolved against its playlist's URL when known.
    struct Identity: Hashable, CustomStringConvertible {
        let method: String
        let uri: String?
        let iv: String?
        let keyFormat: String
        let keyFormatVersions: String

        init(_ attributes: Attributes, base: URL?) {
            method = attributes["METHOD"]?.value ?? ""
            let written = attributes["URI"]?.value
            uri = written.map { written in base.flatMap { HLSURI.resolve(written, against: $0)?.absoluteString } ?? written }
            iv = attributes["IV"]?.value.uppercased().replacingOccurrences(of: "0X", with: "0x")
            keyFormat = attributes["KEYFORMAT"]?.value ?? SegmentKey.identityKeyFormat
            keyFormatVersions = attributes["KEYFORMATVERSIONS"]?.value ?? "1"
        }

        var description: String {
            "METHOD=\(method), URI \(uri ?? "none"), IV \(iv ?? "none"), KEYFORMAT \(keyFormat), KEYFORMATVERSIONS \(keyFormatVersions)"
        }
    }

    // MARK: Media playlists

    /// Every key tag's attributes, and on live the key tag before the first segment.
    /// A tag is located by the segment it precedes (its `EXTINF` line, with a source map).
    static func run(
        media playlist: MediaPlaylist, kind: HLSValidator.MediaPlaylistKind, sourceMap: MediaPlaylistSourceMap?,
        into findings: inout Findings
    ) {
        let lines = sourceMap?.segmentLines ?? []
        let location = { (index: Int) -> HLSViolation.Location in
            guard index < playlist.segments.count else { return .init(line: sourceMap?.endListLine) }
            return .init(line: index < lines.count ? lines[index] : nil, mediaSequence: playlist.mediaSequence(ofSegmentAt: index))
        }
        var encrypts = false
        var firstKeyedSegment: Int?
        for (index, tags) in taggedSegments(playlist) {
            for line in tags where isTag(line, session: false) {
                guard let attributes = check(line, session: false, at: location(index), into: &findings) else { continue }
                if firstKeyedSegment == nil { firstKeyedSegment = index }
                if let method = attributes["METHOD"]?.value, method != "NONE" { encrypts = true }
            }
        }
        // A delta update's first listed segment may take its key from the skipped segments' tags,
        // which the client keeps when it merges (`applying(deltaUpdate:)`); the merge is checked.
        guard kind == .live, !playlist.isDeltaUpdate, encrypts, !playlist.segments.isEmpty, firstKeyedSegment != 0 else { return }
        let found = firstKeyedSegment.map { "the first is before segment \(playlist.mediaSequence(ofSegmentAt: $0))" } ?? "none"
        findings.add(
            .keyPosition,
            "The window's first segment has no EXT-X-KEY before it, though the playlist encrypts segments (\(found)): a player cannot tell its key.",
            location(0))
    }

    /// The tag lines before each segment (index `segments.count`: after the last), header tags
    /// counting as the first segment's.
    private static func taggedSegments(_ playlist: MediaPlaylist) -> [(Int, [String])] {
        var result = playlist.segments.enumerated().map { ($0.offset, $0.element.otherTags) }
        if result.isEmpty { result.append((0, [])) }
        result[0].1 = playlist.headerTags + result[0].1
        result.append((playlist.segments.count, playlist.trailingTags))
        return result
    }

    /// The keys a media playlist's tags name, their URIs resolved against `url`.
    private static func identities(of playlist: MediaPlaylist, url: URL?) -> [Identity] {
        taggedSegments(playlist).flatMap(\.1).filter { isTag($0, session: false) }.compactMap { line in
            (try? TagAttributes.entries(line: line)).map { Identity(byName($0.entries), base: url) }
        }
    }

    // MARK: Multivariant playlists

    /// Every session key's attributes; none may be `METHOD=NONE`.
    static func run(master playlist: MasterPlaylist, into findings: inout Findings) {
        for case .tag(let line) in playlist.entries where isTag(line, session: true) {
            _ = check(line, session: true, at: .playlist, into: &findings)
        }
    }

    /// Each session key of `master` (at `masterURL`) that is no key of the `media` playlists.
    static func matchSessionKeys(
        master: MasterPlaylist, masterURL: URL?, media: [(url: URL?, playlist: MediaPlaylist)], into findings: inout Findings
    ) {
        let used = Set(media.flatMap { identities(of: $0.playlist, url: $0.url) })
        for case .tag(let line) in master.entries where isTag(line, session: true) {
            guard let (_, entries) = try? TagAttributes.entries(line: line) else { continue }
            let attributes = byName(entries)
            guard attributes["METHOD"]?.value != "NONE" else { continue }
            let identity = Identity(attributes, base: masterURL)
            guard !used.contains(identity) else { continue }
            findings.add(
                .sessionKeyMatch,
                "The EXT-X-SESSION-KEY (\(identity)) is no key of the \(media.count) media playlist(s)"
                    + (used.isEmpty ? ", which use none." : "; they use \(used.count) other(s)."))
        }
    }

    // MARK: One tag

    private static func isTag(_ line: String, session: Bool) -> Bool {
        TagAttributes.isTag(session ? "EXT-X-SESSION-KEY" : "EXT-X-KEY", line: line)
    }

    private static func byName(_ entries: [AttributeList.Entry]) -> Attributes {
        Dictionary(entries.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Checks one key tag's attributes; its attributes by name, nil when they cannot be read.
    private static func check(
        _ line: String, session: Bool, at location: HLSViolation.Location, into findings: inout Findings
    ) -> Attributes? {
        let name = session ? "EXT-X-SESSION-KEY" : "EXT-X-KEY"
        let attributes: Attributes
        do {
            attributes = byName(try TagAttributes.entries(line: line).entries)
        } catch {
            findings.add(.syntax, error.message, location)
            return nil
        }
        guard let method = attributes["METHOD"] else {
            findings.add(.keyMethod, "An \(name) has no METHOD.", location)
            return attributes
        }
        if method.isQuoted || !methods.contains(method.value) {
            let written = method.isQuoted ? "\"\(method.value)\"" : method.value
            findings.add(.keyMethod, "An \(name) has METHOD=\(written), none of NONE, AES-128, SAMPLE-AES.", location)
        }
        if method.value == "NONE" {
            let others = attributes.keys.filter { $0 != "METHOD" }.sorted()
            if !others.isEmpty {
                findings.add(.keyURI, "An \(name) with METHOD=NONE has \(others.joined(separator: ", ")).", location)
            }
            if session { findings.add(.sessionKeyMethod, "An EXT-X-SESSION-KEY has METHOD=NONE.", location) }
            return attributes
        }
        if let uri = attributes["URI"] {
            if !uri.isQuoted || uri.value.isEmpty {
                findings.add(
                    .keyURI, "An \(name) has URI=\(uri.value.isEmpty ? "\"\"" : uri.value), not a non-empty quoted string.", location)
            }
        } else {
            findings.add(.keyURI, "An \(name) with METHOD=\(method.value) has no URI.", location)
        }
        if let iv = attributes["IV"], iv.isQuoted || !isIV(iv.value) {
            findings.add(
                .keyIV, "An \(name) has IV=\(iv.isQuoted ? "\"\(iv.value)\"" : iv.value), not 0x and 32 hexadecimal digits.", location)
        }
        if let format = attributes["KEYFORMAT"], !format.isQuoted || format.value.isEmpty {
            findings.add(.keyFormat, "An \(name) has KEYFORMAT=\(format.value), not a non-empty quoted string.", location)
        }
        if let versions = attributes["KEYFORMATVERSIONS"], !versions.isQuoted || !isVersionList(versions.value) {
            findings.add(
                .keyFormat,
                "An \(name) has KEYFORMATVERSIONS=\(versions.isQuoted ? "\"\(versions.value)\"" : versions.value), not a quoted list of positive integers separated by '/'.",
                location)
        }
        return attributes
    }

    /// `0x` or `0X` and 32 hexadecimal digits.
    private static func isIV(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 34, bytes[0] == UInt8(ascii: "0"), bytes[1] == UInt8(ascii: "x") || bytes[1] == UInt8(ascii: "X") else {
            return false
        }
        return bytes.dropFirst(2).allSatisfy { Character(Unicode.Scalar($0)).isHexDigit }
    }

    /// `1`, `1/2/5`: positive integers separated by `/`.
    private static func isVersionList(_ text: String) -> Bool {
        let versions = text.split(separator: "/", omittingEmptySubsequences: false)
        return versions.allSatisfy { version in
            !version.isEmpty && version.allSatisfy(\.isASCII) && version.allSatisfy(\.isNumber) && (Int(version) ?? 0) > 0
        }
    }
}
