import Clocks
import Foundation
import HLS

/// An alternate rendition (EXT-X-MEDIA audio or subtitles) played alongside the video variant:
/// its own media playlist, reloaded on its own cadence while live, and its own buffer.
///
/// Its segments are placed on the video's position axis by media sequence number (the same in
/// every rendition of a stream), so buffer accounting compares like with like and a segment is
/// fetched only once the video playlist knows where it plays.
package struct RenditionTrack: Sendable {
    /// Audio or subtitles.
    package let type: Rendition.MediaType
    /// The language played.
    package let language: String
    /// The rendition's media playlist.
    package let playlistURL: URL
    /// The rendition's own window (its positions are not used; the video's are).
    package var timeline = SegmentTimeline()
    /// The next segment to fetch.
    package var nextSequence: Int?
    /// Where its fetched segments end, on the video's position axis.
    package var bufferEnd: Duration = .zero
    /// When the live playlist is due for a reload, on the engine's clock.
    package var nextReload: WallTime?
    /// Whether its playlist has been loaded at least once.
    package var loaded = false

    /// The track for `language` of `type` in `group`, or nil when the master has no such
    /// rendition with a playlist of its own (audio muxed into the variant, for one).
    package init?(type: Rendition.MediaType, language: String, group: String?, master: MasterPlaylist, masterURL: URL) {
        let candidates = master.renditions.filter { $0.type == type && (group == nil || $0.groupID == group) }
        guard let rendition = candidates.first(where: { $0.language?.lowercased() == language.lowercased() }),
            let uri = rendition.uri, let url = HLSURI.resolve(uri, against: masterURL)
        else { return nil }
        self.type = type
        self.language = rendition.language ?? language
        playlistURL = url
    }

    /// The default language of `type` in `group`: DEFAULT=YES, else the first listed.
    package static func defaultLanguage(of type: Rendition.MediaType, group: String?, in master: MasterPlaylist) -> String? {
        let candidates = master.renditions.filter { $0.type == type && $0.groupID == group && $0.uri != nil }
        return (candidates.first { $0.isDefault == true } ?? candidates.first)?.language
    }

    /// Whether `url` asks for this track's playlist, in full or as a delta update.
    package func isPlaylistRequest(_ url: URL) -> Bool {
        DeltaUpdateRequest.asksForPlaylist(url, at: playlistURL)
    }

    /// Whether every segment up to ENDLIST is fetched.
    package var allFetched: Bool {
        guard loaded, timeline.endList else { return false }
        guard let nextSequence else { return true }
        return timeline.index(ofSequence: nextSequence) == nil
    }

    /// Restarts the buffer at segment `sequence`, which plays from `position`.
    package mutating func restart(atSequence sequence: Int, position: Duration) {
        nextSequence = sequence
        bufferEnd = position
    }
}
