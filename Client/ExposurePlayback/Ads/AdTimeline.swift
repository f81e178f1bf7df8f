import Clocks
import Exposure

/// Where the server-side ads of an entitlement play: its clips laid back to back on the
/// stream's position axis, the breaks they form, and the tracking milestones of each ad.
package struct AdTimeline: Sendable {
    /// One tracking moment of an ad clip: the beacons to fire when the playhead reaches it.
    package struct Milestone: Sendable {
        /// VAST name (`impression`, `start`, `firstQuartile`, …), for logs and tests.
        let name: String
        let position: Duration
        let urls: [String]
    }

    /// One ad clip and its place in its break.
    package struct AdSlot: Sendable {
        let clip: AdClip
        let start: Duration
        let end: Duration
        /// Which break it is in (index into ``breaks``).
        let breakIndex: Int
        /// Its index within the break, from 0.
        let indexInBreak: Int
        let milestones: [Milestone]
    }

    /// The ads, in playback order.
    package let ads: [AdSlot]
    /// Consecutive ads merged: the seed's `AD` markers (in ms, as the app sees them).
    package let breaks: [AdMarker]
    /// How long the content plays, ads left out.
    package let vodDuration: Duration
    /// How long the ads play.
    package let adDuration: Duration

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
        // The clips' durations are whole milliseconds on the wire; the breaks are AdMarkers in ms.
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
                    clip: clip, start: .milliseconds(position), end: .milliseconds(position + duration), breakIndex: breaks.count - 1,
                    indexInBreak: indexInBreak,
                    milestones: Self.milestones(of: clip, start: .milliseconds(position), duration: .milliseconds(duration))))
        }
        self.ads = slots
        self.breaks = breaks
        vodDuration = .milliseconds(vod)
        adDuration = .milliseconds(position - vod)
    }

    /// How many ads break `index` holds.
    package func adCount(inBreak index: Int) -> Int { ads.count { $0.breakIndex == index } }

    /// The break covering `position` (its end excluded).
    package func breakIndex(at position: Duration) -> Int? {
        breaks.firstIndex { ($0.start ?? .zero) <= position && position < ($0.end ?? .zero) }
    }

    /// The clip's milestones: at its start, its quartiles (each rounded down to the millisecond)
    /// and its end.
    private static func milestones(of clip: AdClip, start: Duration, duration: Duration) -> [Milestone] {
        let events = clip.trackingEvents
        func at(_ fraction: Int, _ name: String, _ urls: [String]?) -> Milestone {
            Milestone(name: name, position: start + (duration * fraction / 4).roundedDownToMilliseconds, urls: urls ?? [])
        }
        return [
            at(0, "impression", clip.impressionUrlTemplates), at(0, "load", events?.load), at(0, "start", events?.start),
            at(1, "firstQuartile", events?.firstQuartile), at(2, "midpoint", events?.midpoint),
            at(3, "thirdQuartile", events?.thirdQuartile), at(4, "complete", events?.complete)
        ]
    }
}
