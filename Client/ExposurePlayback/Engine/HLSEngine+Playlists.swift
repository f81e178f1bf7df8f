import Clocks
import Foundation
import HLS

/// What arrives: the master playlist, media playlists (first load, reloads, variant switches)
/// and segments.
extension HLSEngine {
    mutating func receive(_ fetch: EngineFetch, body: Data, elapsed: Duration, events: inout [EngineEvent]) {
        switch fetch.kind {
        case .master:
            receiveMaster(body, events: &events)
        case .mediaPlaylist(let variant):
            receiveMedia(body, variant: variant, events: &events)
        case .segment(let sequence, _):
            segmentFailures[SegmentSlot(type: nil, sequence: sequence)] = nil
            skipsInARow = 0
            let index = timeline.index(ofSequence: sequence)
            guard var selector else { return }
            selector.record(bytes: body.count, elapsed: elapsed, duration: index.map { timeline.segments[$0].duration } ?? .zero)
            if let index {
                guard let clear = decrypted(body, of: timeline.segments[index], events: &events) else { return }
                id3Cues.add(TimedMetadataDemuxer.tags(in: clear), segmentStart: timeline.segments[index].start)
            }
            if sequence == nextSequence, let index {
                variantBufferEnd = timeline.segments[index].end
                nextSequence = sequence + 1
            }
            let choice = selector.decide(current: variantIndex, at: now)
            self.selector = selector
            if choice != variantIndex { wantedVariant = choice }
        case .renditionPlaylist(let type):
            receiveRenditionPlaylist(body, type: type, url: fetch.url, events: &events)
        case .renditionSegment(let sequence, let type):
            segmentFailures[SegmentSlot(type: type, sequence: sequence)] = nil
            skipsInARow = 0
            receiveRenditionSegment(body, sequence: sequence, type: type, events: &events)
        case .key:
            receiveKey(body, from: fetch.url, events: &events)
        }
    }

    private mutating func receiveMaster(_ body: Data, events: inout [EngineEvent]) {
        let parsed: MasterPlaylist
        do { parsed = try HLSParser.parseMaster(body) } catch {
            return fail("master playlist: \(error)", events: &events)
        }
        master = parsed
        renditions = parsed.renditions
        let sorted = parsed.variants.sorted { $0.bandwidth < $1.bandwidth }
        let video = sorted.filter { $0.resolution != nil }
        let audio = sorted.filter { $0.resolution == nil }
        let playable = configuration.audioOnly ? (audio.isEmpty ? sorted : audio) : (video.isEmpty ? sorted : video)
        guard !playable.isEmpty else { return fail("master playlist has no variants", events: &events) }
        let selector = BitrateSelector(variants: playable, capBitsPerSecond: configuration.maxBitrate)
        self.selector = selector
        variantPlaylistURLs = selector.variants.map { HLSURI.resolve($0.uri, against: configuration.masterURL) }
        wantedVariant = selector.choice()
        updateTracks()
    }

    /// A variant's playlist, full or a delta update. An update that cannot be merged (a gap)
    /// changes nothing and makes the full playlist due at once.
    private mutating func receiveMedia(_ body: Data, variant: Int, events: inout [EngineEvent]) {
        if isStandbyLoad(of: variant) { return receiveStandby(body, variant: variant) }
        let parsed: MediaPlaylist
        do { parsed = try HLSParser.parseMedia(body) } catch {
            return fail("media playlist: \(error)", events: &events)
        }
        guard !parsed.segments.isEmpty else { return fail("media playlist has no segments", events: &events) }
        guard let url = variantPlaylistURL(variant) else { return fail("variant \(variant) has no usable URI", events: &events) }
        playlistFailures = 0
        let reloading = variantIndex == variant && !timeline.isEmpty
        let previousLast = reloading ? timeline.segments.last?.sequence : nil
        let previousNext = nextSequence
        let previousVariant = variantIndex
        // The window a switch leaves behind, for its standby copy. Held only on a switch: a second
        // reference to the window would make every reload's merge copy all of it (a 2-h DVR
        // window is 3,600 segments) where it should touch only the segments that changed.
        let leftBehind = variant != variantIndex ? timeline : nil
        var jumped = false
        do {
            if !parsed.isDeltaUpdate {
                fullPlaylistBytes = body.count
                jumped = try timeline.apply(parsed, from: url, at: now) == .jumped
            } else if variant != variantIndex {
                // A switch answered from the standby copy; without one the full playlist is due.
                guard let switched = switchedStandby(parsed, variant: variant, url: url) else {
                    nextReload = now
                    return
                }
                timeline = switched
            } else if !(try timeline.merge(deltaUpdate: parsed, from: url, at: now)) {
                nextReload = now
                return
            }
        } catch {
            return fail("media playlist: \(error)", events: &events)
        }
        metadata.load(timeline.dateRanges)
        if wantedVariant == variant { wantedVariant = nil }
        if variantIndex != variant {
            variantIndex = variant
            // The window left behind is a fresh copy of its variant, kept if it is on standby.
            if let previousVariant, let leftBehind, !leftBehind.isEmpty { standby[previousVariant] = leftBehind }
            // Another variant may name other rendition groups.
            updateTracks()
            if let bandwidth = selector?.variants[variant].bandwidth, bandwidth != reported.bitrate {
                reported.bitrate = bandwidth
                events.append(.bitrateChanged(bitrate: bandwidth))
            }
        }
        nextReload = timeline.endList ? nil : now + timeline.targetDuration
        if jumped, lifecycle.isStartPlaced {
            continueAfterJump(from: previousNext, events: &events)
        } else {
            checkGrowth(previousLast: previousLast, events: &events)
        }
        if lifecycle.isOver { return }
        if !lifecycle.isStartPlaced {
            resolveStart(events: &events)
        } else if playhead < timeline.start {
            // The DVR window slid past a paused playhead: continue from the oldest segment.
            place(at: timeline.start)
        }
        if DurationReport(duration: duration) != reported.duration {
            reported.duration = DurationReport(duration: duration)
            events.append(.durationChanged(duration: duration))
        }
    }

    private mutating func resolveStart(events: inout [EngineEvent]) {
        lifecycle = lifecycle.placingStart
        let range = seekableRange
        let fallback = isLive ? range.upperBound : range.lowerBound
        var position = fallback
        switch configuration.start {
        case .defaultPosition:
            break
        case .position(let requested):
            if range.contains(requested) {
                position = requested
            } else {
                events.append(.invalidStartTime(.position(requested, seekable: range)))
            }
        case .time(let requested):
            if let times = seekableTimeRange, times.contains(requested), let found = timeline.position(atTime: requested) {
                position = found
            } else {
                events.append(.invalidStartTime(.time(requested, seekable: seekableTimeRange, positions: range)))
            }
        }
        place(at: position)
        events.append(.prepared)
    }
}
