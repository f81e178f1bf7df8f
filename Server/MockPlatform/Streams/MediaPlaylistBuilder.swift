import HLS

/// Writes one rendition's media playlist for a span of a stream's timeline.
struct MediaPlaylistBuilder {
    let media: MediaManifest
    let timeline: any StreamTimeline
    let rendition: RenditionKey

    /// How the playlist presents itself.
    enum Kind {
        /// A sliding window: no type, no ENDLIST.
        case live
        /// Grows, then ends: EVENT, ENDLIST once `ended`.
        case event(ended: Bool)
        /// Fixed: VOD + ENDLIST.
        case vod
    }

    /// The playlist listing segments `sequences`; DATERANGEs cover the span, open ones as of `liveEdgeMs`.
    func playlist(_ sequences: ClosedRange<Int>, kind: Kind, liveEdgeMs: Int64) -> MediaPlaylist? {
        var segments: [MediaSegment] = []
        segments.reserveCapacity(sequences.count)
        var spanStart = Int64.max
        var spanEnd = Int64.min
        for sequence in sequences {
            let entry = timeline.segment(sequence)
            guard let clip = clip(entry.source.clip), let folder = rendition.rendition(of: clip),
                  entry.source.index < folder.segments.count else { return nil }
            let file = folder.segments[entry.source.index]
            segments.append(MediaSegment(
                uri: "/media/\(folder.path)/\(file.file)", duration: .milliseconds(file.durationMs),
                discontinuity: entry.discontinuity,
                programDateTime: HLSDate(millisecondsSince1970: entry.startMs)))
            spanStart = min(spanStart, entry.startMs)
            spanEnd = max(spanEnd, entry.startMs + media.segmentDurationMs)
        }
        if rendition.carriesDateRanges, !segments.isEmpty {
            attach(timeline.dateRanges(fromMs: spanStart, toMs: spanEnd, liveEdgeMs: liveEdgeMs), to: &segments, firstStartMs: spanStart)
        }
        let type: PlaylistType?
        let ended: Bool
        switch kind {
        case .live: (type, ended) = (nil, false)
        case .event(let done): (type, ended) = (.event, done)
        case .vod: (type, ended) = (.vod, true)
        }
        if type != nil, !segments.isEmpty {
            // A bounded playlist starts fresh: its first segment needs no discontinuity.
            segments[0].discontinuity = false
        }
        return MediaPlaylist(
            version: 6, targetDuration: media.targetDuration, mediaSequence: sequences.lowerBound,
            discontinuitySequence: timeline.discontinuities(before: sequences.lowerBound), playlistType: type,
            independentSegments: true, segments: segments, endList: ended)
    }

    private func clip(_ clip: SegmentSource.Clip) -> MediaManifest.Clip? {
        switch clip {
        case .reel: media.reel
        case .ad(let id): media.ad(id)
        }
    }

    /// Puts each range before the segment its start falls in (before the first when it began earlier).
    private func attach(_ ranges: [StreamDateRange], to segments: inout [MediaSegment], firstStartMs: Int64) {
        for range in ranges {
            let index = max(0, Int((range.startMs - firstStartMs) / media.segmentDurationMs))
            let target = min(index, segments.count - 1)
            segments[target].dateRanges += DateRangeTags.tags(for: range)
        }
    }
}
