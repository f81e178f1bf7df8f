import Foundation

/// Checks a whole stream as a player meets it: the multivariant playlist, every media
/// playlist it names, the media playlists against each other (and the master's
/// `EXT-X-SESSION-KEY` tags against their keys), and — for playlists that can
/// still change (no `EXT-X-ENDLIST`) — one reload after a wait. A playlist that offers
/// Playlist Delta Updates (`CAN-SKIP-UNTIL`) is also fetched with `_HLS_skip=YES` right after
/// its reload, and with `_HLS_skip=v2` too when it offers `CAN-SKIP-DATERANGES`: each update
/// must pass on its own, merge into the first load, and — merged — equal the full reload.
///
/// The library does no I/O: the caller passes how to fetch a URL and how to wait, so the same
/// walk runs over URLSession with real waits (`exposure validate`) or in a test that moves a
/// virtual clock instead of sleeping.
public struct StreamValidator: Sendable {
    /// Fetches `url` and returns the HTTP status and body.
    public typealias Fetch = @Sendable (URL) async throws -> (status: Int, body: [UInt8])
    /// Waits (or advances a virtual clock by) the given duration before the reload.
    public typealias Wait = @Sendable (Duration) async throws -> Void

    /// When to reload playlists that have no `EXT-X-ENDLIST`.
    public enum Reload: Sendable, Hashable {
        /// Never: check single loads only.
        case never
        /// After the target duration of the first media playlist (how players pace reloads).
        case afterTargetDuration
        /// After this long.
        case after(Duration)
    }

    private let fetch: Fetch
    private let wait: Wait
    private let reload: Reload

    /// A validator fetching with `fetch`, waiting with `wait` before reloads.
    public init(reload: Reload = .afterTargetDuration, fetch: @escaping Fetch, wait: @escaping Wait) {
        self.fetch = fetch
        self.wait = wait
        self.reload = reload
    }

    /// Walks the stream at `masterURL` and returns everything found.
    public func validate(masterURL: URL) async -> StreamValidationReport {
        var report = StreamValidationReport(masterURL: masterURL.absoluteString)
        guard let masterBytes = await load(masterURL, into: &report) else { return report }
        let master: MasterPlaylist
        do {
            let parsed = try HLSParser.parseMasterWithSourceMap(masterBytes)
            master = parsed.playlist
            report.add(HLSValidator.validate(master: parsed.playlist, sourceMap: parsed.sourceMap), in: masterURL)
        } catch {
            report.add([Self.violation(for: error)], in: masterURL)
            return report
        }
        report.checked.append(
            .init(url: masterURL.absoluteString, role: "master", kind: nil, segments: nil, reloaded: false, deltaUpdate: false))

        let uris = Self.mediaURIs(of: master).compactMap { uri in HLSURI.resolve(uri, against: masterURL) }
        var loaded: [(url: URL, playlist: MediaPlaylist, kind: HLSValidator.MediaPlaylistKind)] = []
        for url in uris {
            guard let (playlist, kind) = await loadMedia(url, into: &report) else { continue }
            loaded.append((url, playlist, kind))
        }
        addVariantFindings(loaded.map { ($0.url, $0.playlist) }, into: &report)
        report.add(
            HLSValidator.validateSessionKeys(master: master, masterURL: masterURL, media: loaded.map { ($0.url, $0.playlist) }),
            in: masterURL)

        let changing = loaded.filter { !$0.playlist.endList }
        guard !changing.isEmpty, let delay = reloadDelay(loaded.first?.playlist) else { return report }
        do {
            try await wait(delay)
        } catch {
            report.fetchFailures.append(.init(url: masterURL.absoluteString, detail: "waiting for the reload failed: \(error)"))
            return report
        }
        var reloaded: [(URL, MediaPlaylist)] = []
        for entry in changing {
            guard let (next, _) = await loadMedia(entry.url, into: &report, reload: true) else { continue }
            report.add(HLSValidator.validateReload(previous: entry.playlist, next: next, kind: entry.kind), in: entry.url, reload: true)
            reloaded.append((entry.url, next))
            guard Self.copyIsRecent(after: delay, for: entry.playlist) else { continue }
            for request in DeltaUpdateRequest.offered(by: entry.playlist.serverControl) {
                await checkDeltaUpdate(request, of: entry.url, previous: entry.playlist, full: next, kind: entry.kind, into: &report)
            }
        }
        addVariantFindings(reloaded, into: &report, reload: true)
        return report
    }

    /// Variant and rendition URIs in document order, each once.
    public static func mediaURIs(of master: MasterPlaylist) -> [String] {
        var seen: Set<String> = []
        var uris: [String] = []
        for entry in master.entries {
            let uri: String? =
                switch entry {
                case .variant(let variant): variant.uri
                case .rendition(let rendition): rendition.type == .closedCaptions ? nil : rendition.uri
                case .tag: nil
                }
            if let uri, seen.insert(uri).inserted { uris.append(uri) }
        }
        return uris
    }

    /// What a media playlist says it is: VOD, EVENT, or a live window.
    public static func kind(of playlist: MediaPlaylist) -> HLSValidator.MediaPlaylistKind {
        switch playlist.playlistType {
        case .vod: .vod
        case .event: .event
        case nil: playlist.endList ? .vod : .live
        }
    }

    private static func violation(for error: HLSParseError) -> HLSViolation {
        let rule = error.ruleID.flatMap { id in HLSRule.all.first { $0.id == id } } ?? .syntax
        return HLSViolation(rule: rule, detail: error.message, location: .init(line: error.line))
    }

    private func reloadDelay(_ first: MediaPlaylist?) -> Duration? {
        switch reload {
        case .never: nil
        case .after(let duration): duration
        case .afterTargetDuration: .seconds(first?.targetDuration ?? 6)
        }
    }

    /// Whether a client that loaded `playlist` `waited` ago may ask for a delta update of it:
    /// its copy is no older than half the Skip Boundary (RFC 8216bis §6.3.7). Older, the update
    /// may skip segments or DATERANGE tags the copy never had.
    private static func copyIsRecent(after waited: Duration, for playlist: MediaPlaylist) -> Bool {
        guard let skipBoundary = playlist.serverControl?.canSkipUntil else { return false }
        return waited <= .milliseconds(skipBoundary.milliseconds / 2)
    }

    /// Fetches the `request` delta update of the playlist at `url` and checks it against the first load
    /// (`previous`) and the full reload just fetched (`full`). When a segment boundary passed
    /// between the two fetches, the later of the merged update and the full reload is checked
    /// as a reload of the earlier instead of for equality.
    private func checkDeltaUpdate(
        _ request: DeltaUpdateRequest, of url: URL, previous: MediaPlaylist, full: MediaPlaylist, kind: HLSValidator.MediaPlaylistKind,
        into report: inout StreamValidationReport
    ) async {
        let deltaURL = request.url(for: url)
        guard let (delta, _) = await loadMedia(deltaURL, into: &report, reload: true, deltaUpdate: true) else { return }
        report.add(HLSValidator.validateReload(previous: previous, next: delta, kind: kind), in: deltaURL, reload: true)
        guard let merged = previous.applying(deltaUpdate: delta) else { return }
        let mergedEnd = merged.mediaSequence(ofSegmentAt: merged.segments.count)
        let fullEnd = full.mediaSequence(ofSegmentAt: full.segments.count)
        let violations =
            if mergedEnd == fullEnd {
                HLSValidator.validateDeltaUpdate(delta, previous: previous, full: full)
            } else if mergedEnd < fullEnd {
                HLSValidator.validateReload(previous: merged, next: full, kind: kind)
            } else {
                HLSValidator.validateReload(previous: full, next: merged, kind: kind)
            }
        report.add(violations, in: deltaURL, reload: true)
    }

    private func load(_ url: URL, into report: inout StreamValidationReport) async -> [UInt8]? {
        do {
            let (status, body) = try await fetch(url)
            guard (200..<300).contains(status) else {
                report.fetchFailures.append(.init(url: url.absoluteString, detail: "HTTP \(status)"))
                return nil
            }
            return body
        } catch {
            report.fetchFailures.append(.init(url: url.absoluteString, detail: "\(error)"))
            return nil
        }
    }

    private func loadMedia(
        _ url: URL, into report: inout StreamValidationReport, reload: Bool = false, deltaUpdate: Bool = false
    ) async -> (MediaPlaylist, HLSValidator.MediaPlaylistKind)? {
        guard let bytes = await load(url, into: &report) else { return nil }
        do {
            let (playlist, sourceMap) = try HLSParser.parseMediaWithSourceMap(bytes)
            let kind = Self.kind(of: playlist)
            report.add(HLSValidator.validate(media: playlist, kind: kind, sourceMap: sourceMap), in: url, reload: reload)
            report.checked.append(
                .init(
                    url: url.absoluteString, role: "media", kind: "\(kind)", segments: playlist.segments.count, reloaded: reload,
                    deltaUpdate: deltaUpdate))
            return (playlist, kind)
        } catch {
            report.add([Self.violation(for: error)], in: url, reload: reload)
            return nil
        }
    }

    private func addVariantFindings(_ playlists: [(URL, MediaPlaylist)], into report: inout StreamValidationReport, reload: Bool = false) {
        for violation in HLSValidator.validateVariants(playlists.map(\.1)) {
            let index = violation.location.playlistIndex ?? 0
            report.add([violation], in: playlists[min(index, playlists.count - 1)].0, reload: reload)
        }
    }
}

/// What ``StreamValidator`` found in one stream.
public struct StreamValidationReport: Sendable, Hashable, Codable {
    /// One broken rule in one playlist.
    public struct Finding: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The playlist's URL.
        public var url: String
        /// Whether it was found on the reload (or comparing the reload with the first load).
        public var onReload: Bool
        /// The rule's id.
        public var rule: String
        /// The rule as a sentence.
        public var sentence: String
        /// What exactly was found.
        public var detail: String
        /// 1-based line, when known.
        public var line: Int?
        /// Media sequence number, when the violation concerns a segment.
        public var mediaSequence: Int?
        /// Where in the playlist, as text (`line 12, segment 1043`).
        public var location: String

        /// `[rule] URL (location): sentence — detail`.
        public var description: String {
            "[\(rule)] \(url)\(onReload ? " (reload)" : "") at \(location): \(sentence) — \(detail)"
        }
    }

    /// A playlist that could not be fetched.
    public struct FetchFailure: Sendable, Hashable, Codable {
        /// The URL.
        public var url: String
        /// Why (HTTP status or transport error).
        public var detail: String
    }

    /// One playlist that was checked.
    public struct Checked: Sendable, Hashable, Codable {
        /// The URL.
        public var url: String
        /// `master` or `media`.
        public var role: String
        /// For media playlists: `vod`, `event` or `live`.
        public var kind: String?
        /// For media playlists: how many segments it listed.
        public var segments: Int?
        /// Whether this was the reload.
        public var reloaded: Bool
        /// Whether this was a Playlist Delta Update (`_HLS_skip=YES` or `v2`).
        public var deltaUpdate: Bool
    }

    /// The stream's multivariant playlist.
    public var masterURL: String
    /// Every violation, in the order found.
    public var findings: [Finding] = []
    /// Playlists that could not be fetched.
    public var fetchFailures: [FetchFailure] = []
    /// Every playlist load that was checked.
    public var checked: [Checked] = []

    /// Whether nothing was wrong.
    public var isClean: Bool { findings.isEmpty && fetchFailures.isEmpty }

    mutating func add(_ violations: [HLSViolation], in url: URL, reload: Bool = false) {
        findings += violations.map { violation in
            Finding(
                url: url.absoluteString, onReload: reload, rule: violation.rule.id, sentence: violation.rule.sentence,
                detail: violation.detail, line: violation.location.line, mediaSequence: violation.location.mediaSequence,
                location: violation.location.description)
        }
    }
}
