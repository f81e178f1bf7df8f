import Clocks
import Foundation
import HLS

/// Alternate audio and subtitle renditions: which to play, what of theirs to fetch next, and
/// what arrives for them.
extension HLSEngine {
    /// The languages playing, as the engine resolved them (audio nil: muxed into the variant).
    package var playingLanguages: (audio: String?, text: String?) {
        (tracks.first { $0.type == .audio }?.language, tracks.first { $0.type == .subtitles }?.language)
    }

    /// Brings ``tracks`` in line with the selection and the variant's groups. A track whose
    /// language and playlist stay keeps its buffer; a new one starts at the playhead's segment.
    mutating func updateTracks() {
        guard let master, let selector else { return }
        let variant = selector.variants[wantedVariant ?? variantIndex ?? 0]
        // An audio-only variant is the audio itself; renditions ride along only with video.
        guard variant.resolution != nil else { return replaceTracks(with: []) }
        var wanted: [RenditionTrack] = []
        if let language = selection.audio ?? RenditionTrack.defaultLanguage(of: .audio, group: variant.audioGroup, in: master),
            let track = RenditionTrack(
                type: .audio, language: language, group: variant.audioGroup, master: master, masterURL: configuration.masterURL)
        {
            wanted.append(track)
        }
        if let language = selection.text,
            let track = RenditionTrack(
                type: .subtitles, language: language, group: variant.subtitlesGroup, master: master, masterURL: configuration.masterURL)
        {
            wanted.append(track)
        }
        replaceTracks(with: wanted)
    }

    private mutating func replaceTracks(with wanted: [RenditionTrack]) {
        var result: [RenditionTrack] = []
        for var track in wanted {
            if let kept = tracks.first(where: { $0.type == track.type && $0.playlistURL == track.playlistURL }) {
                result.append(kept)
                continue
            }
            fetches.abandon { kind in
                switch kind {
                case .renditionPlaylist(track.type), .renditionSegment(_, track.type): true
                default: false
                }
            }
            if lifecycle.isStartPlaced, let index = timeline.index(containing: playhead) {
                track.restart(atSequence: timeline.segments[index].sequence, position: timeline.segments[index].start)
            }
            result.append(track)
        }
        tracks = result
    }

    /// A rendition playlist to load for the first time or reload (as a delta update when its
    /// window allows), if one is due.
    mutating func renditionPlaylistStep(now: WallTime) -> EngineStep? {
        guard let index = tracks.firstIndex(where: { !$0.loaded || ($0.nextReload.map { now >= $0 } ?? false) }) else { return nil }
        let track = tracks[index]
        return issue(.renditionPlaylist(type: track.type), url: track.timeline.reloadURL(of: track.playlistURL, at: now))
    }

    /// The segment to fetch next: from whichever of the variant and the renditions has the
    /// shortest buffer under the target, so they fill side by side.
    mutating func segmentStep() -> EngineStep? {
        var best: (end: Duration, kind: EngineFetch.Kind, url: URL)?
        func consider(_ end: Duration, _ kind: EngineFetch.Kind, _ segment: TimelineSegment, in window: SegmentTimeline) {
            guard end - playhead < configuration.bufferTarget, best.map({ end < $0.end }) ?? true,
                let (kind, url) = fetch(of: segment, in: window, as: kind)
            else { return }
            best = (end, kind, url)
        }
        if let sequence = nextSequence, let index = timeline.index(ofSequence: sequence) {
            consider(variantBufferEnd, .segment(sequence: sequence, variant: variantIndex ?? 0), timeline.segments[index], in: timeline)
        }
        for track in tracks {
            // Only what the variant's window also lists: that is where the segment plays.
            guard let sequence = track.nextSequence, timeline.index(ofSequence: sequence) != nil,
                let index = track.timeline.index(ofSequence: sequence)
            else { continue }
            consider(
                track.bufferEnd, .renditionSegment(sequence: sequence, type: track.type), track.timeline.segments[index],
                in: track.timeline)
        }
        guard let best else { return nil }
        return issue(best.kind, url: best.url)
    }

    /// The earliest rendition playlist reload.
    var nextRenditionReload: WallTime? { tracks.compactMap(\.nextReload).min() }

    /// A rendition's playlist, full or a delta update; an update that cannot be merged makes
    /// the full playlist due at once.
    mutating func receiveRenditionPlaylist(_ body: Data, type: Rendition.MediaType, url: URL, events: inout [EngineEvent]) {
        guard let index = tracks.firstIndex(where: { $0.type == type && $0.isPlaylistRequest(url) }) else { return }
        let parsed: MediaPlaylist
        do { parsed = try HLSParser.parseMedia(body) } catch {
            return fail("\(type.rawValue.lowercased()) playlist: \(error)", events: &events)
        }
        playlistFailures = 0
        do {
            if !parsed.isDeltaUpdate {
                try tracks[index].timeline.apply(parsed, from: tracks[index].playlistURL, at: now)
            } else if !(try tracks[index].timeline.merge(deltaUpdate: parsed, from: tracks[index].playlistURL, at: now)) {
                tracks[index].nextReload = now
                return
            }
        } catch {
            return fail("\(type.rawValue.lowercased()) playlist: \(error)", events: &events)
        }
        tracks[index].loaded = true
        tracks[index].nextReload = parsed.endList ? nil : now + tracks[index].timeline.targetDuration
        if tracks[index].nextSequence == nil, lifecycle.isStartPlaced,
            let segment = timeline.index(containing: playhead).map({ timeline.segments[$0] })
        {
            tracks[index].restart(atSequence: segment.sequence, position: segment.start)
        }
    }

    /// A rendition's segment `body` arrived: decrypted (nothing reads its samples here) and buffered.
    mutating func receiveRenditionSegment(_ body: Data, sequence: Int, type: Rendition.MediaType, events: inout [EngineEvent]) {
        guard let index = tracks.firstIndex(where: { $0.type == type }), tracks[index].nextSequence == sequence,
            let position = timeline.index(ofSequence: sequence)
        else { return }
        if let own = tracks[index].timeline.index(ofSequence: sequence) {
            let window = tracks[index].timeline
            guard decrypted(body, of: window.segments[own], events: &events) != nil else { return }
        }
        tracks[index].bufferEnd = timeline.segments[position].end
        tracks[index].nextSequence = sequence + 1
    }
}
