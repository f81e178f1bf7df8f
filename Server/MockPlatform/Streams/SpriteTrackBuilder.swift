import Clocks
import HLS

/// A title's thumbnail track: one cue per interval over its whole duration, each pointing into
/// the reel's sprite sheets (titles loop the reel, so thumbnails loop with it).
///
/// Image URLs are absolute (`base` is scheme, host and port as the client reached the mock): the
/// official WebVTT parser rebuilds a host-relative URL from scheme and host only, losing the port.
enum SpriteTrackBuilder {
    /// The track of a title playing `duration`, the reel (`reelDuration` long) looping under it.
    static func track(duration: Duration, sprites: MediaManifest.SpriteSet, reelDuration: Duration, base: String) -> SpriteTrack {
        var cues: [SpriteCue] = []
        var start = Duration.zero
        while start < duration {
            let end = min(start + sprites.interval, duration)
            let positionInReel = start - reelDuration * start.floorDivided(by: reelDuration)
            let index = Int(positionInReel.floorDivided(by: sprites.interval)) % max(1, sprites.count)
            if let sheet = sprites.sheets.first(where: { index >= $0.firstIndex && index < $0.firstIndex + $0.count }) {
                let tile = index - sheet.firstIndex
                cues.append(
                    SpriteCue(
                        startMilliseconds: start.wholeMilliseconds, endMilliseconds: end.wholeMilliseconds,
                        image: "\(base)/media/\(sheet.file)",
                        region: SpriteRegion(
                            x: tile % sprites.columns * sprites.width, y: tile / sprites.columns * sprites.height,
                            width: sprites.width, height: sprites.height)))
            }
            start = end
        }
        return SpriteTrack(cues: cues)
    }
}
