import Clocks
import Foundation

/// The mock's stable stream URL scheme, shared by the entitlement (which hands URLs out) and
/// the stream routes (which serve them).
enum StreamURLs {
    /// A VOD title in a material profile (`default`, `TRAILER`, …).
    static func vod(base: String, assetId: String, material: String) -> String {
        "\(base)/streams/vod/\(assetId)/\(material)/master.m3u8"
    }

    /// A VOD title with server-side ads stitched for one play session.
    static func ssai(base: String, assetId: String, playSessionId: String) -> String {
        "\(base)/streams/ssai/\(assetId)/\(playSessionId)/master.m3u8"
    }

    /// A live channel (sliding window, DVR where enabled).
    static func live(base: String, channelId: String) -> String {
        "\(base)/streams/live/\(channelId)/master.m3u8"
    }

    /// A past program of a channel, bounded.
    static func catchup(base: String, channelId: String, programId: String) -> String {
        "\(base)/streams/catchup/\(channelId)/\(programId)/master.m3u8"
    }

    /// One occurrence of a live event (an EVENT playlist that grows, then ends).
    static func event(base: String, assetId: String, start: WallTime) -> String {
        "\(base)/streams/event/\(assetId)/\(start.secondsSince1970)/master.m3u8"
    }

    /// How far from 0 a segment URL's media sequence number may be: 2⁴⁰ segments are tens of
    /// thousands of years of a fixture's segments either side of 1970, and placing one further
    /// would overflow the timelines' arithmetic.
    static let sequenceLimit = 1 << 40

    /// The media sequence number a segment URL's `seq` names; nil when it is missing, not a whole
    /// number, or past ``sequenceLimit`` (a URL no playlist of the mock lists).
    static func sequence(_ text: String?) -> Int? {
        guard let text, let sequence = Int(text), sequence.magnitude <= sequenceLimit else { return nil }
        return sequence
    }

    /// The query of a segment URL of `assetId`'s stream but the segment's media sequence number,
    /// which ends it: the stream's asset and the number, so stream faults can target a segment
    /// while its URL stays the same for every client of the same window (and so stays
    /// cacheable). A playlist encodes the id once for its thousands of segments.
    static func segmentQueryPrefix(assetId: String) -> String {
        "asset=\(assetId.addingPercentEncoding(withAllowedCharacters: unreserved) ?? assetId)&seq="
    }

    /// RFC 3986's unreserved characters: the rest of an id is percent-encoded in a query value.
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// The sprite track of an asset at one thumbnail width.
    static func sprites(base: String, assetId: String, width: Int) -> String {
        "\(base)/sprites/\(assetId)/\(width)/thumbnails.vtt"
    }

    /// An ad tracking beacon of a play session.
    static func adBeacon(base: String, playSessionId: String, clipIndex: Int, event: String) -> String {
        "\(base)/ads/beacon/\(playSessionId)/\(clipIndex)/\(event)"
    }
}
