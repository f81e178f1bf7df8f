import Clocks

/// How an SSAI title is laid out: ads and content clips back to back. The entitlement's
/// `ads.clips` and the stitched playlist are both read from this, so they agree to the millisecond.
struct SSAITimeline: Equatable {
    /// One clip of the stitched stream.
    struct Clip: Equatable {
        enum Kind: Equatable {
            /// An ad creative, by id.
            case ad(String)
            /// Content from `contentStart` on, as long as the clip.
            case content(contentStart: Duration)
        }

        let kind: Kind
        let duration: Duration
    }

    let clips: [Clip]

    /// The layout of `settings` over content of `contentDuration`, breaks snapped down to
    /// segment boundaries so every clip starts a segment.
    init(settings: SSAISettings, contentDuration: Duration, segmentDuration: Duration, media: MediaManifest) {
        func ads(_ ids: [String]) -> [Clip] {
            ids.compactMap { id in media.ad(id).map { Clip(kind: .ad(id), duration: $0.duration) } }
        }
        var clips = ads(settings.preroll)
        var contentPosition = Duration.zero
        for midroll in settings.midrolls.sorted(by: { $0.contentOffset < $1.contentOffset }) {
            let breakAt = segmentDuration * midroll.contentOffset.floorDivided(by: segmentDuration)
            guard breakAt > contentPosition, breakAt < contentDuration else { continue }
            clips.append(Clip(kind: .content(contentStart: contentPosition), duration: breakAt - contentPosition))
            clips += ads(midroll.ads)
            contentPosition = breakAt
        }
        clips.append(Clip(kind: .content(contentStart: contentPosition), duration: contentDuration - contentPosition))
        self.clips = clips
    }

    /// The whole stitched duration.
    var totalDuration: Duration { clips.reduce(.zero) { $0 + $1.duration } }
}
