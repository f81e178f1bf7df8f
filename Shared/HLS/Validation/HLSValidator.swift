import Foundation

/// Checks playlists against the rules of `hls-rules.md` that can be seen in playlist text.
///
/// Every function returns all violations found (empty when the playlist is fine), each
/// naming its ``HLSRule`` and where it was found. Pass the source map from
/// ``HLSParser/parseMediaWithSourceMap(_:)`` to get line numbers and the ordering rules
/// that only text can show; playlists built in code are checked without it.
///
/// Rules about delivery and timing (content types, cache lifetimes, how long removed
/// segments stay downloadable, reload intervals, key frames, SCTE-35 splice times) need
/// more than playlist text and are not checked here.
public enum HLSValidator {
    /// What a media playlist is meant to be, which decides the rules that apply.
    public enum MediaPlaylistKind: Sendable, Hashable {
        /// A sliding live window.
        case live
        /// A growing event playlist.
        case event
        /// A fixed video-on-demand playlist.
        case vod
    }

    /// Checks a media playlist on its own.
    public static func validate(
        media playlist: MediaPlaylist, kind: MediaPlaylistKind, sourceMap: MediaPlaylistSourceMap? = nil
    ) -> [HLSViolation] {
        var findings = Findings()
        MediaChecks(playlist: playlist, kind: kind, sourceMap: sourceMap).run(into: &findings)
        DateRangeChecks(playlist: playlist, sourceMap: sourceMap).run(into: &findings)
        DeltaUpdateChecks(playlist: playlist, sourceMap: sourceMap).run(into: &findings)
        KeyChecks.run(media: playlist, kind: kind, sourceMap: sourceMap, into: &findings)
        return findings.violations
    }

    /// Parses and checks media playlist text; a parse error comes back as one violation
    /// (of the rule it breaks, or ``HLSRule/syntax``).
    public static func validate(mediaText bytes: some Collection<UInt8>, kind: MediaPlaylistKind) -> [HLSViolation] {
        do {
            let (playlist, sourceMap) = try HLSParser.parseMediaWithSourceMap(bytes)
            return validate(media: playlist, kind: kind, sourceMap: sourceMap)
        } catch {
            return [violation(for: error)]
        }
    }

    /// Parses and checks media playlist text given as a String.
    public static func validate(mediaText text: String, kind: MediaPlaylistKind) -> [HLSViolation] {
        validate(mediaText: text.utf8, kind: kind)
    }

    /// Checks a multivariant playlist.
    public static func validate(master playlist: MasterPlaylist, sourceMap: MasterPlaylistSourceMap? = nil) -> [HLSViolation] {
        var findings = Findings()
        MasterChecks(playlist: playlist, sourceMap: sourceMap).run(into: &findings)
        KeyChecks.run(master: playlist, into: &findings)
        return findings.violations
    }

    /// Checks the `EXT-X-SESSION-KEY` tags of a multivariant playlist against the keys its media
    /// playlists (loaded at the same time) use: each must be one of them. URIs are compared
    /// resolved, against `masterURL` and each media playlist's URL where given.
    public static func validateSessionKeys(
        master: MasterPlaylist, masterURL: URL? = nil, media: [(url: URL?, playlist: MediaPlaylist)]
    ) -> [HLSViolation] {
        var findings = Findings()
        KeyChecks.matchSessionKeys(master: master, masterURL: masterURL, media: media, into: &findings)
        return findings.violations
    }

    /// Parses and checks multivariant playlist text; a parse error comes back as one violation.
    public static func validate(masterText bytes: some Collection<UInt8>) -> [HLSViolation] {
        do {
            let (playlist, sourceMap) = try HLSParser.parseMasterWithSourceMap(bytes)
            return validate(master: playlist, sourceMap: sourceMap)
        } catch {
            return [violation(for: error)]
        }
    }

    /// Parses and checks multivariant playlist text given as a String.
    public static func validate(masterText text: String) -> [HLSViolation] {
        validate(masterText: text.utf8)
    }

    /// Checks how a media playlist changed between two consecutive loads. When `next` is a
    /// Playlist Delta Update it is first merged into `previous` (a full playlist), as a client
    /// would, and the merged playlist is checked.
    public static func validateReload(
        previous: MediaPlaylist, next: MediaPlaylist, kind: MediaPlaylistKind
    ) -> [HLSViolation] {
        var findings = Findings()
        guard let merged = previous.applying(deltaUpdate: next) else {
            findings.add(.skipMergeable, mergeFailure(previous: previous, delta: next))
            return findings.violations
        }
        ReloadChecks(previous: previous, next: merged, kind: kind).run(into: &findings)
        return findings.violations
    }

    /// Checks a Playlist Delta Update against the full playlist served at the same moment:
    /// merged into `previous`, it must give exactly `full`'s sequence numbers, segments and
    /// DATERANGE tags.
    public static func validateDeltaUpdate(
        _ delta: MediaPlaylist, previous: MediaPlaylist, full: MediaPlaylist
    ) -> [HLSViolation] {
        var findings = Findings()
        guard let merged = previous.applying(deltaUpdate: delta) else {
            findings.add(.skipMergeable, mergeFailure(previous: previous, delta: delta))
            return findings.violations
        }
        if let (detail, location) = DeltaUpdateChecks.difference(merged: merged, full: full) {
            findings.add(.skipMatchesFullPlaylist, detail, location)
        }
        return findings.violations
    }

    private static func mergeFailure(previous: MediaPlaylist, delta: MediaPlaylist) -> String {
        let first = delta.firstMediaSequence
        let last = first + delta.skippedSegmentCount - 1
        if previous.isDeltaUpdate { return "The previous load is itself a delta update." }
        return
            "EXT-X-SKIP replaces segments \(first)–\(last), the previous load has \(previous.firstMediaSequence)–\(previous.firstMediaSequence + previous.segments.count - 1)."
    }

    /// Checks the media playlists of one multivariant playlist (loaded at the same time)
    /// against each other: one target duration, discontinuities at the same media
    /// sequence numbers. Locations carry the index into `playlists`.
    public static func validateVariants(_ playlists: [MediaPlaylist]) -> [HLSViolation] {
        var findings = Findings()
        VariantChecks(playlists: playlists).run(into: &findings)
        return findings.violations
    }

    private static func violation(for error: HLSParseError) -> HLSViolation {
        let rule = error.ruleID.flatMap { id in HLSRule.all.first { $0.id == id } } ?? .syntax
        return HLSViolation(rule: rule, detail: error.message, location: .init(line: error.line))
    }
}

extension HLSRule {
    /// The text parses as a playlist at all (RFC 8216 syntax).
    public static let syntax = HLSRule(id: "syntax", sentence: "The playlist follows RFC 8216 syntax.")
}

/// Violations gathered by the checks.
struct Findings {
    private(set) var violations: [HLSViolation] = []

    mutating func add(_ rule: HLSRule, _ detail: String, _ location: HLSViolation.Location = .playlist) {
        violations.append(HLSViolation(rule: rule, detail: detail, location: location))
    }
}
