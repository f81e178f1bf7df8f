import Clocks
import Foundation
import HLS

/// What the shell should do next: which fetch, or how long to wait.
extension HLSEngine {
    /// The next step; a returned fetch is marked in flight until its answer is handled.
    package mutating func nextStep() -> EngineStep {
        if isOver { return .finished }
        if fetches.inFlight != nil { return .wait(until: nil) }
        guard let now = lastTick else { return .wait(until: nil) }
        if master == nil { return issue(.master, url: configuration.masterURL) }
        if let wanted = wantedVariant ?? (timeline.isEmpty ? variantIndex : nil) {
            return playlistFetch(wanted)
        }
        if let reload = nextReload, now >= reload, let variantIndex { return playlistFetch(variantIndex) }
        if let step = renditionPlaylistStep(now: now) { return step }
        if let step = segmentStep() { return step }
        if let step = standbyStep(now: now) { return step }
        return .wait(until: wakeUp(now: now))
    }

    /// Whether playback has ended, stopped or failed: nothing more will be fetched.
    package var isOver: Bool { lifecycle.isOver }

    /// Loads variant `variant`'s playlist: as a delta update when the window (or, for a switch,
    /// the variant's standby copy) holds a recent enough copy of it, else in full. `_HLS_skip`
    /// is asked only of a variant whose own copy the engine holds (RFC 8216bis §6.2.5.1): never
    /// on the strength of another variant's window, even one at the same URI.
    private mutating func playlistFetch(_ variant: Int) -> EngineStep {
        guard let url = variantPlaylistURL(variant) else {
            var events: [EngineEvent] = []
            fail("variant \(variant) has no usable URI", events: &events)
            return .finished
        }
        let copy = variant == variantIndex ? timeline : standby[variant] ?? SegmentTimeline()
        return issue(.mediaPlaylist(variant: variant), url: copy.reloadURL(of: url, at: now))
    }

    /// The media playlist URL of variant `variant`, without delivery directives.
    func variantPlaylistURL(_ variant: Int) -> URL? {
        variantPlaylistURLs[variant]
    }

    mutating func issue(_ kind: EngineFetch.Kind, url: URL) -> EngineStep {
        .fetch(fetches.issue(kind, url: url))
    }

    /// The earliest moment something changes without new input: a live reload (variant,
    /// rendition or standby copy), the retry of a failed key, a download's license running out,
    /// the buffer dropping below target, the playhead reaching the buffer's end, a DATERANGE
    /// edge or an ID3 tag.
    private func wakeUp(now: WallTime) -> WallTime? {
        var candidates: [WallTime] = []
        if let nextReload { candidates.append(nextReload) }
        if let nextRenditionReload { candidates.append(nextRenditionReload) }
        if let refresh = nextStandbyRefresh(after: now) { candidates.append(refresh) }
        if let keyRetryAt, keyRetryAt > now { candidates.append(keyRetryAt) }
        if let licenseEndsAt { candidates.append(max(now, licenseEndsAt)) }
        if lifecycle == .playing {
            let ahead = bufferEnd - playhead
            candidates.append(now + ahead)
            if nextSequence != nil && !allFetched && ahead >= configuration.bufferTarget {
                candidates.append(now + max(.milliseconds(1), ahead - configuration.bufferTarget + .milliseconds(1)))
            }
            if let time = playheadTime {
                if let edge = metadata.nextEdge(after: time) { candidates.append(now + (edge - time)) }
            }
            if let cue = id3Cues.nextPosition, cue > playhead { candidates.append(now + (cue - playhead)) }
        }
        return candidates.min()
    }
}
