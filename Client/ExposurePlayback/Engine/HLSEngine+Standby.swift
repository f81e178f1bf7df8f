import Clocks
import Foundation
import HLS

/// Standby playlists: a switch down on a live stream with a long DVR window must not wait for
/// the lower variant's whole playlist, loaded over the network that just got slow (a 2-hour
/// window of 2-s segments is ~400 KB: 10 s at 313 kbit/s, longer than a live buffer lasts);
/// nor should a switch up wait for the higher one's.
///
/// A client may ask for a Playlist Delta Update only of a playlist it holds a copy of no older
/// than half the Skip Boundary (RFC 8216bis §6.2.5.1), so while playing with time to spare the
/// engine keeps copies of the variants below the playing one and of the next one up (within
/// the cap): loaded in full once, then refreshed as delta updates every quarter of the Skip
/// Boundary. A switch to one of them is then a delta update of a few segments, merged into the
/// copy and moved onto the position axis of the window it replaces.
///
/// Only where it pays: the playlist offers delta updates and loading it in full at the lowest
/// variant's bandwidth would take longer than a target duration. A standby load uses the
/// variant's ordinary `.mediaPlaylist` fetch; it is one because its variant is neither playing
/// nor wanted (an answer that arrives once it is wanted serves the switch).
extension HLSEngine {
    /// The variants kept on standby, where standby copies pay: those below the playing one, for
    /// a switch down, and the next one up within the cap, for a switch up.
    var standbyVariants: [Int] {
        guard let variantIndex, let selector, !timeline.endList, timeline.skipBoundary != nil, let bytes = fullPlaylistBytes,
            let lowest = selector.variants.first?.bandwidth,
            Duration.milliseconds(Int64(bytes) * 8 * 1000 / Int64(max(lowest, 1))) > timeline.targetDuration
        else { return [] }
        let up = variantIndex + 1
        let upAllowed = up < selector.variants.count && selector.capBitsPerSecond.map { selector.variants[up].bandwidth <= $0 } ?? true
        return Array(0..<variantIndex) + (upAllowed ? [up] : [])
    }

    /// Whether an answer for `variant`'s playlist is a standby load.
    func isStandbyLoad(of variant: Int) -> Bool {
        variantIndex != nil && variant != variantIndex && variant != wantedVariant
    }

    /// A standby copy to load or refresh, if one is due and the buffer can spare its transfer
    /// (at the throughput estimate) and still hold a target duration; drops copies of variants
    /// no longer kept.
    mutating func standbyStep(now: WallTime) -> EngineStep? {
        let kept = standbyVariants
        standby = standby.filter { kept.contains($0.key) }
        guard lifecycle == .playing, let estimate = selector?.estimate, estimate > 0 else { return nil }
        for variant in kept where standbyDue(variant).map({ $0 <= now }) ?? true {
            guard let url = variantPlaylistURL(variant) else { continue }
            let load = standby[variant]?.reloadURL(of: url, at: now) ?? url
            let transfer = Duration.milliseconds(Int64(Double(expectedBytes(delta: load != url) * 8 * 1000) / estimate))
            guard bufferEnd - playhead - transfer >= timeline.targetDuration else { return nil }
            return issue(.mediaPlaylist(variant: variant), url: load)
        }
        return nil
    }

    /// The next standby refresh after `now`, for the engine's wake-up.
    func nextStandbyRefresh(after now: WallTime) -> WallTime? {
        standbyVariants.compactMap { standbyDue($0) }.filter { $0 > now }.min()
    }

    /// A standby load's answer: applied to (or merged into) the copy; one that cannot be used
    /// (nothing plays from it, so nothing fails) drops the copy, to be loaded in full next time.
    mutating func receiveStandby(_ body: Data, variant: Int) {
        var copy = standby.removeValue(forKey: variant) ?? SegmentTimeline()
        guard let playlist = try? HLSParser.parseMedia(body), !playlist.segments.isEmpty, let url = variantPlaylistURL(variant) else {
            return
        }
        if !playlist.isDeltaUpdate {
            guard (try? copy.apply(playlist, from: url, at: now)) != nil else { return }
        } else if (try? copy.merge(deltaUpdate: playlist, from: url, at: now)) != true {
            return
        }
        standby[variant] = copy
    }

    /// A switch to `variant` answered as a delta update: its standby copy, brought up to date
    /// and placed on the playing window's axis; nil (the copy dropped) when that fails.
    mutating func switchedStandby(_ delta: MediaPlaylist, variant: Int, url: URL) -> SegmentTimeline? {
        guard var copy = standby.removeValue(forKey: variant),
            (try? copy.merge(deltaUpdate: delta, from: url, at: now)) == true,
            copy.align(to: timeline)
        else { return nil }
        return copy
    }

    /// When `variant`'s copy is due for a refresh (nil: it has none, load it now).
    private func standbyDue(_ variant: Int) -> WallTime? {
        guard let updated = standby[variant]?.updatedAt, let skip = timeline.skipBoundary else { return nil }
        return updated + skip / 4
    }

    /// The bytes a load is expected to take: the playing variant's full playlist, or the share
    /// of it a delta update lists (the Skip Boundary's share of the window).
    private func expectedBytes(delta: Bool) -> Int {
        let full = fullPlaylistBytes ?? 0
        let window = (timeline.end - timeline.start).wholeMilliseconds
        guard delta, let skip = timeline.skipBoundary?.wholeMilliseconds, window > 0 else { return full }
        return Int(Int64(full) * min(skip, window) / window)
    }
}
