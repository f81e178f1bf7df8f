import Exposure

/// Where the server-side ads of an entitlement play: its clips laid back to back on the
/// stream's position axis, the breaks they form, and the tracking milestones of each ad.
package struct AdTimeline: Sendable {
    /// One tracking moment of an ad clip: the beacons to fire when the playhead reaches it.
    package struct Milestone: Sendable {
        /// VAST name (`impression`, `start`, `firstQuartile`, …), for logs and tests.
        let name: String
        let positionMs: Int64
        let urls: [String]
    }

    /// One ad clip and its place in its break.
    package struct AdSlot: Sendable {
        let clip: AdClip
        let startMs: Int64
        let endMs: Int64
        /// Which break it is in (index into ``breaks``).
        let breakIndex: Int
        /// Its index within the break, from 0.
        let indexInBreak: Int
        let milestones: [Milestone]
    }

    /// The ads, in playback order.
    package let ads: [AdSlot]
    /// Consecutive ads merged: the seed's `AD` markers.
    package let breaks: [AdMarker]
    /// Content duration, ads duration, ms.
    package let vodDurationMs: Int64
    package let adDurationMs: Int64

    /// The timeline of `entitlement`'s ads; nil unless SSAI is active (stitched by NOWTILUS,
    /// not live, with clips), since only then do the clips describe the stream.
    package init?(_ entitlement: PlaybackEntitlement) {
        guard let info = entitlement.streamInfo, info.live != true, info.ssai == true,
            let ads = entitlement.ads, ads.stitcher == "NOWTILUS", let clips = ads.clips, !clips.isEmpty
        else { return nil }
        var slots: [AdSlot] = []
        var breaks: [AdMarker] = []
        var position: Int64 = 0
        var vod: Int64 = 0
        var previousWasAd = false
        for clip in clips {
            let duration = clip.duration ?? 0
            defer { position += duration }
            guard clip.isAd else {
                vod += duration
                previousWasAd = false
                continue
            }
            if previousWasAd, let last = breaks.indices.last {
                breaks[last].endOffset = position + duration
            } else {
                breaks.append(AdMarker(type: "AD", offset: position, endOffset: position + duration))
            }
            previousWasAd = true
            let indexInBreak = slots.last.map { $0.breakIndex == breaks.count - 1 ? $0.indexInBreak + 1 : 0 } ?? 0
            slots.append(
                AdSlot(
                    clip: clip, startMs: position, endMs: position + duration, breakIndex: breaks.count - 1, indexInBreak: indexInBreak,
                    milestones: Self.milestones(of: clip, startMs: position, durationMs: duration)))
        }
        self.ads = slots
        self.breaks = breaks
        vodDurationMs = vod
        adDurationMs = position - vod
    }

    /// How many ads break `index` holds.
    package func adCount(inBreak index: Int) -> Int { ads.count { $0.breakIndex == index } }

    /// The break covering `positionMs` (its end excluded).
    package func breakIndex(at positionMs: Int64) -> Int? {
        breaks.firstIndex { ($0.offset ?? 0) <= positionMs && positionMs < ($0.endOffset ?? 0) }
    }

    private static func milestones(of clip: AdClip, startMs: Int64, durationMs: Int64) -> [Milestone] {
        let events = clip.trackingEvents
        func at(_ fraction: Int64, _ name: String, _ urls: [String]?) -> Milestone {
            Milestone(name: name, positionMs: startMs + durationMs * fraction / 4, urls: urls ?? [])
        }
        return [
            at(0, "impression", clip.impressionUrlTemplates), at(0, "load", events?.load), at(0, "start", events?.start),
            at(1, "firstQuartile", events?.firstQuartile), at(2, "midpoint", events?.midpoint),
            at(3, "thirdQuartile", events?.thirdQuartile), at(4, "complete", events?.complete)
        ]
    }
}
