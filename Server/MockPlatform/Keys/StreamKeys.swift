import Clocks
import HLS

/// The keys of one encrypted stream as its playlists announce them: which key each segment
/// has, and the `EXT-X-KEY` tag naming it. The tags' URIs carry ``PlayTokenSlot/placeholder``
/// where the requester's play token goes, so a playlist is laid out and cached once for every
/// client and filled in per request.
struct StreamKeys: Sendable {
    /// The asset or channel the stream is of.
    let assetId: String
    /// The channel's schedule (keys rotate), or nil (one key).
    let schedule: ChannelSchedule?

    /// The keys of `assetId`'s stream, or nil when the asset is clear (or unknown).
    init?(assetId: String, loaded: LoadedCatalog) {
        guard loaded.catalog.assetsById[assetId]?.mock.encryption == .aes128 else { return nil }
        self.assetId = assetId
        schedule = loaded.schedules[assetId]
    }

    /// The key of the segment that starts at `segmentStart`.
    func keyID(segmentStart: WallTime) -> ContentKeyID {
        KeyPeriods.keyID(assetId: assetId, schedule: schedule, segmentStart: segmentStart)
    }

    /// The key tag of `id`: AES-128, the IV left to the media sequence number (RFC 8216 §5.2).
    func key(_ id: ContentKeyID) -> SegmentKey {
        SegmentKey(method: .aes128, uri: PlayTokenSlot.appended(to: "/keys/\(id.text)"))
    }
}
