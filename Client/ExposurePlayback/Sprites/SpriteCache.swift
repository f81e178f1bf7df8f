import Clocks
import Foundation
import HLS
import Synchronization

/// One thumbnail for a moment of an asset: the whole sheet image plus the frame's rectangle.
///
/// The sheet is handed over as served (JPEG); cropping needs an image decoder, which the app
/// has (`CGImage.cropping(to:)` on Apple platforms) and this package deliberately does not.
public struct SpriteImage: Sendable, Equatable {
    /// The sheet's bytes.
    public var sheet: Data
    /// Where the sheet came from.
    public var sheetURL: URL
    /// The frame inside the sheet (`#xywh`); nil when the image is the whole frame.
    public var region: SpriteRegion?
    /// When the thumbnail's cue starts, into the asset.
    public var start: Duration
    /// When it ends, into the asset.
    public var end: Duration
}

/// How the app would like sheets kept; the mock serves one quality, so it is recorded only.
public enum JPEGQuality: Sendable, Equatable {
    /// Smallest of all (the official SDK's scale).
    case lowest
    /// Smallest.
    case low
    /// Balanced.
    case medium
    /// Best (the default).
    case high
    /// Best of all (the official SDK's scale).
    case highest
}

/// Activated sprite tracks per asset: the parsed VTT and every sheet it names, fetched once.
final class SpriteCache: Sendable {
    struct Track: Sendable {
        var cues: SpriteTrack
        var vttURL: URL
        var sheets: [URL: Data]
    }

    private let tracks = Mutex<[String: Track]>([:])

    func store(_ track: Track, for assetId: String) {
        tracks.withLock { $0[assetId] = track }
    }

    /// Every thumbnail of an activated asset, in time order.
    func images(assetId: String) -> [SpriteImage] {
        guard let track = tracks.withLock({ $0[assetId] }) else { return [] }
        return track.cues.cues.compactMap { image(at: .milliseconds($0.startMilliseconds), assetId: assetId) }
    }

    /// The thumbnail of an activated asset whose cue covers `offset` into the asset (the cues
    /// are kept in whole milliseconds); nil when none does.
    func image(at offset: Duration, assetId: String) -> SpriteImage? {
        tracks.withLock { tracks in
            guard let track = tracks[assetId], let cue = track.cues.cue(at: offset.wholeMilliseconds),
                let url = cue.imageURL(relativeTo: track.vttURL), let sheet = track.sheets[url]
            else { return nil }
            return SpriteImage(
                sheet: sheet, sheetURL: url, region: cue.region, start: .milliseconds(cue.startMilliseconds),
                end: .milliseconds(cue.endMilliseconds))
        }
    }
}
