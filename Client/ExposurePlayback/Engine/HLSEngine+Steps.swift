import Foundation
import HLS

/// What the shell should do next: which fetch, or how long to wait.
extension HLSEngine {
    /// The next step; a returned fetch is marked in flight until its answer is handled.
    public mutating func nextStep() -> EngineStep {
        if [.ended, .stopped, .failed].contains(phase) { return .finished }
        if inFlight != nil { return .wait(untilMs: nil) }
        guard let now = lastTickMs else { return .wait(untilMs: nil) }
        if master == nil { return issue(.master, url: configuration.masterURL) }
        if let wanted = wantedVariant ?? (timeline.isEmpty ? variantIndex : nil) {
            return playlistFetch(wanted)
        }
        if let reload = nextReloadMs, now >= reload, let variantIndex { return playlistFetch(variantIndex) }
        if bufferEndMs - playheadMs < configuration.bufferTargetMs, let sequence = nextSequence,
           let index = timeline.index(ofSequence: sequence), let url = timeline.url(of: timeline.segments[index]) {
            return issue(.segment(sequence: sequence, variant: variantIndex ?? 0), url: url)
        }
        return .wait(untilMs: wakeUp(now: now))
    }

    private mutating func playlistFetch(_ variant: Int) -> EngineStep {
        guard let selector, let url = HLSURI.resolve(selector.variants[variant].uri, against: configuration.masterURL) else {
            var events: [EngineEvent] = []
            fail("variant \(variant) has no usable URI", events: &events)
            return .finished
        }
        return issue(.mediaPlaylist(variant: variant), url: url)
    }

    private mutating func issue(_ kind: EngineFetch.Kind, url: URL) -> EngineStep {
        fetchCounter += 1
        let fetch = EngineFetch(id: fetchCounter, kind: kind, url: url)
        inFlight = fetch
        return .fetch(fetch)
    }

    /// The earliest moment something changes without new input: a live reload, the buffer
    /// dropping below target, the playhead reaching the buffer's end or a DATERANGE edge.
    private func wakeUp(now: Int64) -> Int64? {
        var candidates: [Int64] = []
        if let nextReloadMs { candidates.append(nextReloadMs) }
        if phase == .playing {
            let ahead = bufferEndMs - playheadMs
            candidates.append(now + ahead)
            if nextSequence != nil && !allFetched && ahead >= configuration.bufferTargetMs { candidates.append(now + max(1, ahead - configuration.bufferTargetMs + 1)) }
            if let time = playheadTimeMs {
                let edges = metadataCatalog.flatMap { [$0.startMs, $0.endMs ?? $0.startMs] }.filter { $0 > time }
                if let edge = edges.min() { candidates.append(now + edge - time) }
            }
        }
        return candidates.min()
    }
}
