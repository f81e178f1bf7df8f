/// How an SSAI title is laid out: ads and content clips back to back. The entitlement's
/// `ads.clips` and the stitched playlist are both read from this, so they agree to the millisecond.
struct SSAITimeline: Equatable {
    /// One clip of the stitched stream.
    struct Clip: Equatable {
        enum Kind: Equatable {
            /// An ad creative, by id.
            case ad(String)
            /// Content from `contentStartMs`, `durationMs` long.
            case content(contentStartMs: Int64)
        }

        let kind: Kind
        let durationMs: Int64
    }

    let clips: [Clip]

    /// The layout of `settings` over content of `contentDurationMs`, breaks snapped down to
    /// segment boundaries so every clip starts a segment.
    init(settings: SSAISettings, contentDurationMs: Int64, segmentDurationMs: Int64, media: MediaManifest) {
        func ads(_ ids: [String]) -> [Clip] {
            ids.compactMap { id in media.ad(id).map { Clip(kind: .ad(id), durationMs: $0.durationMs) } }
        }
        var clips = ads(settings.preroll)
        var contentPosition: Int64 = 0
        for midroll in settings.midrolls.sorted(by: { $0.contentOffsetMs < $1.contentOffsetMs }) {
            let breakAt = midroll.contentOffsetMs / segmentDurationMs * segmentDurationMs
            guard breakAt > contentPosition, breakAt < contentDurationMs else { continue }
            clips.append(Clip(kind: .content(contentStartMs: contentPosition), durationMs: breakAt - contentPosition))
            clips += ads(midroll.ads)
            contentPosition = breakAt
        }
        clips.append(Clip(kind: .content(contentStartMs: contentPosition), durationMs: contentDurationMs - contentPosition))
        self.clips = clips
    }

    /// The whole stitched duration, ms.
    var totalDurationMs: Int64 { clips.reduce(0) { $0 + $1.durationMs } }
}
