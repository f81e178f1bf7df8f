import Clocks
import Foundation
import HLS

/// What the engine does when the stream misbehaves: retries, failover to another variant,
/// skipped segments and gaps, stale and jumping live playlists. Each is reported as a
/// ``StreamWarning``; only what cannot be ridden out fails playback.
extension HLSEngine {
    /// A segment of the variant (`type` nil) or of an alternate rendition, by sequence number.
    struct SegmentSlot: Hashable, Sendable {
        let type: Rendition.MediaType?
        let sequence: Int
    }

    /// Playlist failures in a row that end playback.
    static let playlistAttempts = 3
    /// Segments skipped in a row that end playback: past this the stream is down, not flaky.
    static let skipsInARowLimit = 3

    mutating func recover(from fetch: EngineFetch, reason: String, events: inout [EngineEvent]) {
        let what = "\(fetch.url.lastPathComponent): \(reason)"
        switch fetch.kind {
        case .master:
            fail(what, events: &events)
        case .key:
            recoverKey(fetch, reason: reason, events: &events)
        case .segment where fetch.url.isFileURL, .renditionSegment where fetch.url.isFileURL:
            // A downloaded package is damaged: no retry or skip will bring the file back.
            fail(what, events: &events)
        case .segment(let sequence, let variant):
            let attempts = noteFailure(SegmentSlot(type: nil, sequence: sequence))
            if attempts >= configuration.segmentAttempts {
                skipVariantSegment(sequence, warning: .segmentSkipped(sequence: sequence, reason: reason), events: &events)
            } else if attempts == configuration.segmentAttempts - 1 {
                failover(from: variant, reason: reason, events: &events)
            }
        case .renditionSegment(let sequence, let type):
            let attempts = noteFailure(SegmentSlot(type: type, sequence: sequence))
            guard attempts >= configuration.segmentAttempts, let index = tracks.firstIndex(where: { $0.type == type }),
                tracks[index].nextSequence == sequence, let position = timeline.index(ofSequence: sequence)
            else { return }
            segmentFailures[SegmentSlot(type: type, sequence: sequence)] = nil
            tracks[index].bufferEnd = timeline.segments[position].end
            tracks[index].nextSequence = sequence + 1
            noteSkip(.segmentSkipped(sequence: sequence, reason: reason), events: &events)
        case .mediaPlaylist(let variant) where isStandbyLoad(of: variant):
            // Nothing plays from it: the copy is loaded in full next time.
            standby[variant] = nil
        case .mediaPlaylist(let variant):
            playlistFailures += 1
            if failover(from: variant, reason: reason, events: &events) { return }
            if playlistFailures >= Self.playlistAttempts { return fail(what, events: &events) }
            if variant == variantIndex, !timeline.endList { nextReload = now + timeline.targetDuration / 2 }
        case .renditionPlaylist(let type):
            playlistFailures += 1
            if playlistFailures >= Self.playlistAttempts { return fail(what, events: &events) }
            if let index = tracks.firstIndex(where: { $0.type == type }), tracks[index].loaded {
                tracks[index].nextReload = now + tracks[index].timeline.targetDuration / 2
            }
        }
    }

    /// Counts a failed attempt at `slot`; returns the attempts so far.
    private mutating func noteFailure(_ slot: SegmentSlot) -> Int {
        let attempts = (segmentFailures[slot] ?? 0) + 1
        segmentFailures[slot] = attempts
        return attempts
    }

    /// Moves off `variant` to the nearest other variant ABR allows, avoiding `variant` for the
    /// failover penalty; false when there is no other variant.
    @discardableResult
    mutating func failover(from variant: Int, reason: String, events: inout [EngineEvent]) -> Bool {
        guard var selector, selector.variants.count > 1 else { return false }
        selector.penalize(variant, until: now + configuration.failoverPenalty)
        let next = selector.decide(current: variant, at: now)
        self.selector = selector
        guard next != variant else { return false }
        wantedVariant = next
        events.append(
            .warning(
                .renditionFailover(
                    fromBitrate: selector.variants[variant].bandwidth, toBitrate: selector.variants[next].bandwidth, reason: reason)))
        return true
    }

    /// Passes over the variant's segment `sequence` as if it had played, with `warning`.
    private mutating func skipVariantSegment(_ sequence: Int, warning: StreamWarning, events: inout [EngineEvent]) {
        segmentFailures[SegmentSlot(type: nil, sequence: sequence)] = nil
        guard sequence == nextSequence, let index = timeline.index(ofSequence: sequence) else { return }
        variantBufferEnd = timeline.segments[index].end
        nextSequence = sequence + 1
        if case .gapSkipped = warning { return events.append(.warning(warning)) }
        noteSkip(warning, events: &events)
    }

    /// Reports a segment skipped after its retries; the ``skipsInARowLimit``-th in a row ends playback.
    private mutating func noteSkip(_ warning: StreamWarning, events: inout [EngineEvent]) {
        skipsInARow += 1
        events.append(.warning(warning))
        if skipsInARow >= Self.skipsInARowLimit {
            fail("\(skipsInARow) segments in a row could not be fetched (\(warning))", events: &events)
        }
    }

    /// `EXT-X-GAP` segments next in line are passed over without a request.
    mutating func skipGaps(events: inout [EngineEvent]) {
        while let sequence = nextSequence, let index = timeline.index(ofSequence: sequence), timeline.segments[index].gap {
            skipVariantSegment(sequence, warning: .gapSkipped(sequence: sequence), events: &events)
        }
    }

    /// After a reload of the playing live variant: whether it grew. Unchanged, it is reloaded
    /// after half the target duration (RFC 8216 §6.3.4) with a warning, and playback fails once
    /// it has not grown for ``EngineConfiguration/stalePlaylistLimit``.
    mutating func checkGrowth(previousLast: Int?, events: inout [EngineEvent]) {
        guard let previousLast, !timeline.endList, let last = timeline.segments.last?.sequence, last <= previousLast else {
            playlistAdvancedAt = now
            staleSince = nil
            return
        }
        let advancedAt = playlistAdvancedAt ?? now
        let unchanged = now - advancedAt
        if unchanged >= configuration.stalePlaylistLimit {
            return fail("the live playlist has not changed for \(unchanged.components.seconds) s", events: &events)
        }
        nextReload = now + timeline.targetDuration / 2
        if staleSince == nil {
            staleSince = now
            events.append(.warning(.playlistStale(sinceMs: advancedAt.millisecondsSince1970)))
        }
    }

    /// After a media sequence jump: carry on from the first segment at or after the buffer's end,
    /// in the variant and in every rendition.
    mutating func continueAfterJump(from oldNext: Int?, events: inout [EngineEvent]) {
        guard let segment = timeline.segments.first(where: { $0.start >= variantBufferEnd }) ?? timeline.segments.last else { return }
        events.append(.warning(.mediaSequenceJump(fromSequence: oldNext ?? segment.sequence, toSequence: segment.sequence)))
        nextSequence = segment.sequence
        segmentFailures = [:]
        for index in tracks.indices { tracks[index].restart(atSequence: segment.sequence, position: tracks[index].bufferEnd) }
    }
}
